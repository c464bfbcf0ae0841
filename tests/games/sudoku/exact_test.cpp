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

namespace {
/// Counts the solutions of a 9x9 board up to `limit` with the fast path, checking every
/// reported solution with the independent checker.
int fast_count(const Board& p, int limit) {
  const auto r = solve_exact(p, limit);
  if (r.solutions > 0) {
    EXPECT_TRUE(is_valid_solution(p, r.solution)) << to_line(p);
  }
  return r.solutions;
}
}  // namespace

TEST(SudokuExact, ExactlyTwoSolutionsFromAnUnavoidableRectangle) {
  // A solved grid with the four cells of a rectangle a b / b a (two rows, two columns, two
  // boxes) emptied has exactly two solutions: the rectangle and its swap. Uniqueness checking
  // must find the second and stop there.
  const auto p0 = load("data/sudoku/top95.txt").at(0).board;
  const Board grid = solve_exact(p0).solution;
  int found = 0;
  for (int r1 = 0; r1 < 9; ++r1) {
    for (int r2 = r1 / 3 * 3; r2 < r1 / 3 * 3 + 3; ++r2) {  // same band: two boxes
      for (int c1 = 0; c1 < 9; ++c1) {
        for (int c2 = c1 + 1; c2 < 9; ++c2) {
          if (r2 <= r1 || c1 / 3 == c2 / 3) continue;
          if (grid.at(r1, c1) != grid.at(r2, c2) || grid.at(r1, c2) != grid.at(r2, c1)) continue;
          Board p = grid;
          p.at(r1, c1) = p.at(r1, c2) = p.at(r2, c1) = p.at(r2, c2) = 0;
          EXPECT_EQ(fast_count(p, 10), 2) << to_line(p);
          EXPECT_EQ(solve_exact_generic(p, 10).solutions, 2);
          ++found;
        }
      }
    }
  }
  EXPECT_GT(found, 0);
}

TEST(SudokuExact, FastPathCountsLikeTheGenericSolver) {
  // Hard puzzles with givens removed (many solutions) or a wrong digit added (none, found only
  // by search): the fast path counts like the generic solver, up to several limits.
  for (const char* file : {"data/sudoku/hardest.txt", "data/sudoku/top95.txt"}) {
    int k = 0;
    for (const auto& e : load(file)) {
      if (++k > 12) break;
      const Board& p = e.board;
      const Board solution = solve_exact(p).solution;
      // Remove the first given, then also the last.
      Board fewer = p;
      int removed = 0;
      for (int i = 0; i < 81 && removed < 1; ++i) {
        if (fewer.cells[static_cast<std::size_t>(i)])
          fewer.cells[static_cast<std::size_t>(i)] = 0, ++removed;
      }
      for (int i = 80; i >= 0 && removed < 2; --i) {
        if (fewer.cells[static_cast<std::size_t>(i)])
          fewer.cells[static_cast<std::size_t>(i)] = 0, ++removed;
      }
      for (int limit : {1, 2, 3, 7}) {
        EXPECT_EQ(fast_count(fewer, limit), solve_exact_generic(fewer, limit).solutions)
            << file << ":" << e.line << " limit " << limit;
      }
      // A wrong digit in the first empty cell that does not clash with a given.
      Board wrong = p;
      for (int i = 0; i < 81; ++i) {
        if (wrong.cells[static_cast<std::size_t>(i)]) continue;
        for (int v = 1; v <= 9; ++v) {
          if (v == solution.cells[static_cast<std::size_t>(i)]) continue;
          wrong.cells[static_cast<std::size_t>(i)] = static_cast<std::uint8_t>(v);
          if (find_contradiction(wrong).empty()) break;
          wrong.cells[static_cast<std::size_t>(i)] = 0;
        }
        if (wrong.cells[static_cast<std::size_t>(i)]) break;
      }
      ASSERT_NE(wrong, p);
      EXPECT_EQ(fast_count(wrong, 2), 0) << file << ":" << e.line;
      EXPECT_EQ(solve_exact_generic(wrong, 2).solutions, 0) << file << ":" << e.line;
    }
  }
}

TEST(SudokuExact, Raw9x9EntryPointRejectsClashingGivens) {
  // solve9 takes raw cells, unchecked by the parser: clashing givens (row, column across
  // bands, box) and out-of-range values mean no solution.
  auto count = [](const std::vector<std::pair<int, int>>& givens) {
    std::uint8_t cells[81] = {}, solution[81];
    for (auto [i, v] : givens) cells[i] = static_cast<std::uint8_t>(v);
    ExactStats stats;
    return solve9(cells, solution, 2, stats);
  };
  EXPECT_EQ(count({{0, 5}, {8, 5}}), 0);    // row 1
  EXPECT_EQ(count({{4, 7}, {76, 7}}), 0);   // column 5, bands 1 and 3
  EXPECT_EQ(count({{30, 2}, {50, 2}}), 0);  // box 5
  EXPECT_EQ(count({{40, 10}}), 0);          // not a digit
  EXPECT_EQ(count({{0, 5}, {80, 5}}), 2);   // fine: many solutions
}

TEST(SudokuExact, StatsCountBranchingWork) {
  // A hard puzzle needs branching; each failed alternative is a backtrack, and a unique
  // puzzle has exactly as many failed alternatives as guesses.
  const auto p = load("data/sudoku/hardest.txt").at(1).board;
  const auto r = solve_exact(p, 2);
  ASSERT_EQ(r.solutions, 1);
  EXPECT_GT(r.stats.guesses, 0u);
  EXPECT_EQ(r.stats.guesses, r.stats.backtracks);
}

#if defined(__x86_64__)
TEST(SudokuExact, PortableAndX86_64V3BuildsAgree) {
  // solve9 runs the x86-64-v3 build where the processor has it; both builds must count, solve
  // and branch alike. The code is integer-only and the v3 build's AVX2 steps (stack checks,
  // triad words, the branching counts) make the same deductions and choices as the portable
  // loops, so any difference is a fault in those steps, the compiler or the dispatch.
  if (!detail::solve9_v3_available()) GTEST_SKIP() << "this processor lacks x86-64-v3";
  int compared = 0;
  for (const char* file :
       {"data/sudoku/top95.txt", "data/sudoku/hardest.txt", "data/sudoku/forum_hardest_1106.txt"}) {
    for (const auto& e : load(file)) {
      std::uint8_t a[81], b[81];
      ExactStats sa, sb;
      const int na = detail::solve9_portable(e.board.cells.data(), a, 2, sa);
      const int nb = detail::solve9_x86_64_v3(e.board.cells.data(), b, 2, sb);
      ASSERT_EQ(na, 1) << file << ":" << e.line;
      ASSERT_EQ(nb, na) << file << ":" << e.line;
      EXPECT_TRUE(std::equal(a, a + 81, b)) << file << ":" << e.line;
      EXPECT_EQ(sa.guesses, sb.guesses) << file << ":" << e.line;
      EXPECT_EQ(sa.backtracks, sb.backtracks) << file << ":" << e.line;
      ++compared;
    }
  }
  EXPECT_EQ(compared, 95 + 11 + 375);  // forum_hardest_1106.txt holds 375 puzzles
}
#endif
