#pragma once
// Exact Sudoku solving: constraint propagation with backtracking, counting solutions up to a
// limit (2 is enough to tell a unique puzzle).
//
// solve_exact_generic() works on every size (candidate bitmasks per cell, naked and hidden
// singles, branching on the cell with the fewest candidates); solve9() is the fast 9x9 path
// (band bitboards, triads, branching on band configurations, see exact_fast9_solver.hpp).
// solve_exact() picks the right one.

#include <cstdint>

#include "evoplay/games/sudoku/board.hpp"

namespace evoplay::games::sudoku {

struct ExactStats {
  // Alternatives at branch points: the generic solver counts one per branch point; the 9x9 path
  // branches among k configurations of a digit and counts k - 1 (what a chain of binary guesses
  // would count), so that a unique puzzle has as many guesses as failed alternatives.
  std::uint64_t guesses = 0;
  std::uint64_t backtracks = 0;  // contradictions met after a guess
};

struct ExactResult {
  int solutions = 0;  // 0, 1, ... up to the limit (with limit 2: 2 means "2 or more")
  Board solution;     // the first solution found (empty when there is none)
  ExactStats stats;
  double seconds = 0;
};

/// Solves a board of any supported size; stops after `limit` solutions.
ExactResult solve_exact(const Board& puzzle, int limit = 2);

/// The size-generic solver (every size; a cross-check for the 9x9 path in tests).
ExactResult solve_exact_generic(const Board& puzzle, int limit = 2);

/// The fast 9x9 solver on raw cells (81 values, 0 = empty). Returns the number of solutions
/// up to `limit` and writes the first one to `solution` (81 values).
int solve9(const std::uint8_t* cells, std::uint8_t* solution, int limit, ExactStats& stats);

namespace detail {
// The two builds of solve9 (exact_fast9.cpp), for tests that compare them. The x86-64-v3 one
// exists only on x86-64 builds and may be called only when solve9_v3_available().
int solve9_portable(const std::uint8_t* cells, std::uint8_t* solution, int limit,
                    ExactStats& stats);
int solve9_x86_64_v3(const std::uint8_t* cells, std::uint8_t* solution, int limit,
                     ExactStats& stats);
bool solve9_v3_available();
}  // namespace detail

}  // namespace evoplay::games::sudoku
