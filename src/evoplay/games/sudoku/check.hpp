#pragma once
// `sudoku check` as a library call: each puzzle's solutions counted (0, 1, or 2 for "2 or
// more"), in input order.
//
// Why it exists: front ends other than the command line (Python, the web server) validate
// puzzle files the same way; the result carries its own JSON lines and text.

#include <cstddef>
#include <nlohmann/json.hpp>
#include <span>
#include <string>
#include <vector>

#include "evoplay/core/control.hpp"
#include "evoplay/games/sudoku/board.hpp"

namespace evoplay::games::sudoku {

struct CheckSettings {
  int threads = 0;  // puzzles checked at once (0 = every hardware thread)
  void validate() const;
  nlohmann::json to_json() const { return {{"threads", threads}}; }
};

struct CheckResult {
  struct Puzzle {
    int line = 0, size = 0, givens = 0;
    int solutions = 0;  // 0, 1, or 2 for 2 or more
  };
  std::vector<Puzzle> puzzles;  // in input order (those finished when cancelled)
  std::size_t unique = 0, without = 0, several = 0;
  bool cancelled = false;

  /// Puzzle i's JSON line: puzzle, line, size, givens, solutions, unique.
  nlohmann::json puzzle_json(std::size_t i) const;
  /// The whole: puzzles, unique, without_solution, several, results (and stopped: cancelled).
  nlohmann::json to_json() const;
  /// Puzzle i for people: "puzzle 1 (line 1, 9x9, 17 givens): 1 solution (unique)".
  std::string puzzle_text(std::size_t i) const;
  /// "3 puzzles: 1 unique, 1 without solution, 1 with 2 or more solutions".
  std::string summary_text() const;
};

/// Counts the solutions of every puzzle, in parallel (results do not depend on the threads).
/// The control's progress counts puzzles; a cancel returns the puzzles finished.
CheckResult check_puzzles(std::span<const PuzzleEntry> puzzles, const CheckSettings& settings,
                          const Control& control = {});

}  // namespace evoplay::games::sudoku
