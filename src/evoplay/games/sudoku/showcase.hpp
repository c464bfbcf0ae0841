#pragma once
// The Sudoku part of `evoplay demo`: the GA's two presets on one medium puzzle, drawn.
//
// Why it exists: the showcase is a capability like the others (a front end other than the
// command line can show it too): both runs, their histories, fitness plots and best boards,
// and the run's config.json and result.json, from one call.

#include <cstdint>
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

/// Solves `puzzle` (one line) with the strong and the paper preset and writes into `run`:
/// history.csv, fitness.png, board.png (strong), the same prefixed "paper-", config.json and
/// result.json (the run is then finished).
ShowcaseResult run_showcase(std::string_view puzzle, std::uint64_t seed, int threads, RunDir& run);

}  // namespace evoplay::games::sudoku
