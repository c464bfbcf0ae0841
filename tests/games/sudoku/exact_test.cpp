// Exact solvers: every puzzle of the shared sets is solved, the answer passes the independent
// checker, uniqueness is reported, and the fast 9x9 path agrees with the generic solver.
#include "evoplay/games/sudoku/exact.hpp"

#include <gtest/gtest.h>

#include "evoplay/core/text.hpp"
#include "evoplay/games/sudoku/board.hpp"
#include "support/process.hpp"

using namespace evoplay;
using namespace evoplay::games::sudoku;
using evoplay::test_support::source_path;

namespace {
std::vector<PuzzleEntry> load(const char* file) { return read_puzzles(source_path(file)); }
}  // namespace

TEST(SudokuExact, SolvesEverySharedSetUniquely) {
  for (const char* file : {"data/sudoku/top95.txt", "data/sudoku/hardest.txt",
                           "data/sudoku/4x4_minimal_50.txt", "data/sudoku/6x6_2x3_203.txt",
                           "data/sudoku/16x16_10.txt", "data/sudoku/qqwing_expert_50.txt"}) {
    for (const auto& p : load(file)) {
      const auto r = solve_exact(p.board);
      EXPECT_EQ(r.solutions, 1) << file << ":" << p.line;
      EXPECT_TRUE(is_valid_solution(p.board, r.solution)) << file << ":" << p.line;
    }
  }
}

TEST(SudokuExact, KnownAnswer) {
  // Norvig's published solution of the first top95 puzzle.
  const auto p = load("data/sudoku/top95.txt").at(0).board;
  EXPECT_EQ(to_line(solve_exact(p).solution),
            "417369825632158947958724316825437169791586432346912758289643571573291684164875293");
}

TEST(SudokuExact, FastPathAgreesWithGenericSolver) {
  for (const char* file : {"data/sudoku/top95.txt", "data/sudoku/hardest.txt"}) {
    for (const auto& p : load(file)) {
      const auto fast = solve_exact(p.board);
      const auto generic = solve_exact_generic(p.board);
      EXPECT_EQ(generic.solutions, 1);
      EXPECT_EQ(fast.solution, generic.solution) << file << ":" << p.line;
    }
  }
}

TEST(SudokuExact, CountsUpToTheLimit) {
  // Removing givens from a unique puzzle leaves several solutions; both solvers stop at 2.
  auto p = load("data/sudoku/top95.txt").at(0).board;
  p.at(0, 0) = 0;
  p.at(0, 6) = 0;
  p.at(1, 1) = 0;
  for (auto solve : {&solve_exact, &solve_exact_generic}) {
    const auto r = solve(p, 2);
    EXPECT_EQ(r.solutions, 2);
    EXPECT_TRUE(is_valid_solution(p, r.solution));
    EXPECT_EQ(solve(p, 5).solutions, 5);
    EXPECT_GT(r.stats.guesses, 0u);
  }
  // An empty board of every size has many solutions.
  for (int n : {4, 6, 9, 16}) {
    const Board empty(Geometry::of_size(n));
    const auto r = solve_exact(empty, 2);
    EXPECT_EQ(r.solutions, 2) << n;
    EXPECT_TRUE(is_valid_solution(empty, r.solution)) << n;
  }
}

TEST(SudokuExact, ReportsNoSolution) {
  // Valid givens (no repeated digit) but no solution: r1c9 can only be 9 (row 1 holds 1-8)
  // while column 9 already holds a 9 lower down.
  auto p = parse_puzzles(
               "12345678.\n.........\n.........\n.........\n.........\n.........\n.........\n"
               "........9\n.........\n",
               "t")
               .at(0)
               .board;
  for (auto solve : {&solve_exact, &solve_exact_generic}) {
    const auto r = solve(p, 2);
    EXPECT_EQ(r.solutions, 0);
    EXPECT_TRUE(r.solution.cells.empty());
  }
  // The same trap in a 4x4.
  const auto small = parse_puzzles("123.\n....\n...4\n....\n", "t").at(0).board;
  EXPECT_EQ(solve_exact(small).solutions, 0);
}

TEST(SudokuExact, Raw9x9EntryPoint) {
  const auto p = load("data/sudoku/hardest.txt").at(0).board;
  std::uint8_t solution[81] = {};
  ExactStats stats;
  EXPECT_EQ(solve9(p.cells.data(), solution, 2, stats), 1);
  Board b(p.geometry);
  b.cells.assign(solution, solution + 81);
  EXPECT_TRUE(is_valid_solution(p, b));
}
