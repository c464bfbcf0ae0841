#pragma once
// The Sudoku part of `evoplay demo`: the GA's two presets on one medium puzzle, drawn.
//
// Why it exists: the showcase is a capability like the others (a front end other than the
// command line can show it too): both runs, their histories, fitness plots and best boards,
// and the run's result.json, from one call (its settings from showcase_settings()).

#include <cstdint>
#include <nlohmann/json.hpp>
#include <string_view>

#include "evoplay/core/run_dir.hpp"
#include "evoplay/games/sudoku/ga.hpp"

namespace evoplay::games::sudoku {

/// Puzzle 29 of data/sudoku/qqwing_intermediate_50.txt (a "medium" puzzle for the GA).
inline constexpr std::string_view kShowcasePuzzle =
    "6..3......5.7.9.......5293...1..42...6......1.4......7.......2..7.....9....215.64";

struct ShowcaseResult {
  GaOutcome strong, paper;
};

/// The settings of both runs, for config.json before they start: the puzzle (one line) and each
/// preset's GA settings with `seed` and `threads`.
nlohmann::json showcase_settings(std::string_view puzzle, std::uint64_t seed, int threads);

/// Solves `puzzle` (one line) with the strong and the paper preset (showcase_settings()) and
/// writes into `run`: history.csv, fitness.png, board.png (strong), the same prefixed "paper-",
/// and result.json (the run is then finished; its config.json is the caller's).
ShowcaseResult run_showcase(std::string_view puzzle, std::uint64_t seed, int threads, RunDir& run);

}  // namespace evoplay::games::sudoku
