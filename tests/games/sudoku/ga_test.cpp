// The permutation GA: representation, fitness, every operator's invariants over many seeds, the
// local search, determinism at any thread count, and puzzles actually solved.
#include "evoplay/games/sudoku/ga.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <set>

#include "evoplay/core/error.hpp"
#include "evoplay/games/sudoku/exact.hpp"
#include "evoplay/games/sudoku/experiment.hpp"
#include "evoplay/games/sudoku/operators.hpp"
#include "evoplay/games/sudoku/problem.hpp"
#include "support/history.hpp"
#include "support/process.hpp"

using namespace evoplay;
using namespace evoplay::games::sudoku;
using evoplay::test_support::source_path;

namespace {

Board puzzle_of(const char* file, std::size_t index) {
  return read_puzzles(source_path(file)).at(index).board;
}

/// Every row a permutation of 1..n, every given in place.
::testing::AssertionResult valid_genome(const SudokuProblem& p, const Genome& g) {
  const int n = p.n();
  if (g.size() != static_cast<std::size_t>(n * n))
    return ::testing::AssertionFailure() << "size " << g.size();
  for (int r = 0; r < n; ++r) {
    std::set<int> seen;
    for (int c = 0; c < n; ++c) {
      const int v = g[static_cast<std::size_t>(r * n + c)];
      if (v < 1 || v > n)
        return ::testing::AssertionFailure() << "r" << r + 1 << "c" << c + 1 << " = " << v;
      const int given = p.puzzle().at(r, c);
      if (given && given != v)
        return ::testing::AssertionFailure() << "given moved at r" << r + 1 << "c" << c + 1;
      seen.insert(v);
    }
    if (static_cast<int>(seen.size()) != n)
      return ::testing::AssertionFailure() << "row " << r + 1 << " repeats";
  }
  return ::testing::AssertionSuccess();
}

const char* const kSets[] = {"data/sudoku/4x4_minimal_50.txt", "data/sudoku/6x6_2x3_203.txt",
                             "data/sudoku/qqwing_expert_50.txt", "data/sudoku/16x16_10.txt"};

}  // namespace

TEST(SudokuGa, FitnessCountsMissingDigits) {
  // Every row 1 2 3 4 in a 4x4: each column misses 3 digits (12), each box misses 2 (8).
  const SudokuProblem p(Board(Geometry::of_size(4)));
  const Genome rows = {1, 2, 3, 4, 1, 2, 3, 4, 1, 2, 3, 4, 1, 2, 3, 4};
  EXPECT_EQ(p.evaluate(rows), 20);
  EXPECT_EQ(p.direction(), evo::Direction::minimize);
}

TEST(SudokuGa, FitnessIsZeroExactlyOnSolutions) {
  for (const char* file : kSets) {
    const auto puzzle = puzzle_of(file, 0);
    const SudokuProblem p(puzzle);
    const auto solution = solve_exact(puzzle).solution;
    ASSERT_TRUE(is_valid_solution(puzzle, solution));
    const Genome g = p.from_board(solution);
    EXPECT_EQ(p.evaluate(g), 0) << file;
    EXPECT_TRUE(p.is_solved(g, p.evaluate(g)));
    // Any swap of two free cells in a row breaks a column: fitness > 0.
    Rng rng(7);
    for (int k = 0; k < 50; ++k) {
      Genome h = g;
      const int r = static_cast<int>(p.rows_with_free(2)[rng.index(p.rows_with_free(2).size())]);
      const auto& cols = p.free_columns(r);
      const std::size_t i = rng.index(cols.size());
      std::size_t j = rng.index(cols.size() - 1);
      if (j >= i) ++j;
      std::swap(h[static_cast<std::size_t>(r * p.n() + cols[i])],
                h[static_cast<std::size_t>(r * p.n() + cols[j])]);
      EXPECT_GT(p.evaluate(h), 0);
      EXPECT_EQ(p.evaluate(h) == 0, is_valid_solution(puzzle, p.to_board(h)));
    }
    // Random genomes are valid and almost never solutions.
    for (std::uint64_t seed = 0; seed < 20; ++seed) {
      Rng r(seed);
      const Genome x = p.random_genome(r);
      EXPECT_TRUE(valid_genome(p, x));
      EXPECT_EQ(p.evaluate(x) == 0, is_valid_solution(puzzle, p.to_board(x)));
    }
  }
}

TEST(SudokuGa, EveryOperatorKeepsRowsPermutationsWithGivensFixed) {
  for (const char* file : kSets) {
    for (bool restricted : {false, true}) {
      const SudokuProblem p(puzzle_of(file, 1), restricted);
      for (auto name : kCrossovers) {
        const auto cross = make_crossover(name, p);
        for (std::uint64_t seed = 0; seed < 40; ++seed) {
          Rng rng(seed);
          const Genome a = p.random_genome(rng), b = p.random_genome(rng);
          const auto [c1, c2] = cross(a, b, rng);
          ASSERT_TRUE(valid_genome(p, c1)) << file << " " << name << " seed " << seed;
          ASSERT_TRUE(valid_genome(p, c2)) << file << " " << name << " seed " << seed;
        }
      }
      for (auto name : kMutations) {
        const auto mutate = make_mutation(name, p);
        for (std::uint64_t seed = 0; seed < 40; ++seed) {
          Rng rng(seed);
          Genome g = p.random_genome(rng);
          for (int k = 0; k < 5; ++k) mutate(g, rng);
          ASSERT_TRUE(valid_genome(p, g)) << file << " " << name << " seed " << seed;
        }
      }
      // The local search keeps rows valid; without noise it never makes the fitness worse.
      const LocalSearch search, descent{100, 0.5, 0.0};
      for (std::uint64_t seed = 0; seed < 10; ++seed) {
        Rng rng(seed);
        Genome g = p.random_genome(rng), h = g;
        search.improve(p, g, rng);
        ASSERT_TRUE(valid_genome(p, g));
        const double before = p.evaluate(h);
        descent.improve(p, h, rng);
        ASSERT_TRUE(valid_genome(p, h));
        EXPECT_LE(p.evaluate(h), before);
      }
    }
  }
  EXPECT_THROW(make_crossover("nope", SudokuProblem(Board(Geometry::of_size(4)))), Error);
  EXPECT_THROW(make_mutation("nope", SudokuProblem(Board(Geometry::of_size(4)))), Error);
}

TEST(SudokuGa, RowCrossoversTakeWholeRows) {
  const SudokuProblem p(puzzle_of("data/sudoku/qqwing_expert_50.txt", 0));
  Rng rng(3);
  const Genome a = p.random_genome(rng), b = p.random_genome(rng);
  auto row = [&](const Genome& g, int r) {
    return Genome(g.begin() + r * 9, g.begin() + (r + 1) * 9);
  };
  const auto [u1, u2] = make_crossover("uniform-blocks", p)(a, b, rng);
  for (int r = 0; r < 9; ++r) {
    EXPECT_EQ(row(u1, r), row(r / 3 == 1 ? b : a, r)) << r;
    EXPECT_EQ(row(u2, r), row(r / 3 == 1 ? a : b, r)) << r;
  }
  const auto [x1, x2] = make_crossover("alternating", p)(a, b, rng);
  for (int r = 0; r < 9; ++r) EXPECT_EQ(row(x1, r), row(r % 2 == 0 ? a : b, r)) << r;
  for (int k = 0; k < 30; ++k) {
    const auto [o1, o2] = make_crossover("one-point", p)(a, b, rng);
    int switches = 0;
    for (int r = 1; r < 9; ++r)
      switches += (row(o1, r) == row(a, r)) != (row(o1, r - 1) == row(a, r - 1));
    EXPECT_EQ(switches, 1);
    EXPECT_EQ(row(o1, 0), row(a, 0));
  }
}

TEST(SudokuGa, CombinedCrossoverRule) {
  // The paper's parents restricted to their free cells (positions 3, 4, 5, 7, 9).
  const std::vector<std::uint8_t> a = {1, 6, 7, 8, 9}, b = {6, 9, 1, 7, 8};
  const auto [c1, c2] = combined_row(a, b);
  // Our reading: child 1 takes a, b, a, ... ; a value it holds already is replaced by the other
  // parent's first missing value read circularly from that position.
  EXPECT_EQ(c1, (std::vector<std::uint8_t>{1, 9, 7, 8, 6}));
  EXPECT_EQ(c2, (std::vector<std::uint8_t>{6, 9, 1, 8, 7}));
  // Invariants over many random parents: permutations of the same set, first value from the
  // proposing parent.
  Rng rng(11);
  for (int k = 0; k < 200; ++k) {
    std::vector<std::uint8_t> x = {1, 2, 3, 4, 5, 6, 7, 8, 9}, y = x;
    rng.shuffle(x);
    rng.shuffle(y);
    const auto [d1, d2] = combined_row(x, y);
    auto sorted = [](std::vector<std::uint8_t> v) {
      std::sort(v.begin(), v.end());
      return v;
    };
    EXPECT_EQ(sorted(d1), sorted(x));
    EXPECT_EQ(sorted(d2), sorted(x));
    EXPECT_EQ(d1[0], x[0]);
    EXPECT_EQ(d2[0], y[0]);
  }
}

TEST(SudokuGa, RestrictedGenomesRespectCandidates) {
  const auto puzzle = puzzle_of("data/sudoku/qqwing_expert_50.txt", 3);
  const SudokuProblem p(puzzle, true);
  const auto solution = solve_exact(puzzle).solution;
  for (std::uint64_t seed = 0; seed < 30; ++seed) {
    Rng rng(seed);
    const Genome g = p.random_genome(rng);
    for (int r = 0; r < 9; ++r) EXPECT_TRUE(p.row_respects_candidates(g, r));
  }
  // The solution respects the candidates (they only exclude digits the givens rule out).
  const Genome s = p.from_board(solution);
  for (int r = 0; r < 9; ++r) EXPECT_TRUE(p.row_respects_candidates(s, r));
}

TEST(SudokuGa, PaperPresetSolvesAnEasyPuzzle) {
  // A puzzle with many givens: the top95 solution with 3 cells emptied in each row.
  const auto full =
      parse_puzzles(
          "417369825632158947958724316825437169791586432346912758289643571573291684164875293", "t")
          .at(0)
          .board;
  Board easy = full;
  for (int r = 0; r < 9; ++r) {
    for (int k = 0; k < 3; ++k) easy.at(r, (r * 2 + k * 4) % 9) = 0;
  }
  GaSettings s = GaSettings::preset_named("paper");
  s.seed = 1;
  const auto out = solve_ga(easy, s);
  EXPECT_TRUE(out.counters.solved);
  EXPECT_EQ(out.fitness(), 0);
  EXPECT_EQ(out.best, full);
  EXPECT_EQ(out.counters.stop, evo::StopReason::kSolved);
}

TEST(SudokuGa, StrongPresetSolvesIntermediatePuzzles) {
  for (std::size_t i = 0; i < 3; ++i) {
    const auto puzzle = puzzle_of("data/sudoku/qqwing_intermediate_50.txt", i);
    GaSettings s = GaSettings::preset_named("strong");
    s.seed = i + 1;
    const auto out = solve_ga(puzzle, s);
    EXPECT_TRUE(out.counters.solved) << i;
    EXPECT_TRUE(is_valid_solution(puzzle, out.best)) << i;
    EXPECT_EQ(out.best, solve_exact(puzzle).solution) << i;
  }
}

TEST(SudokuCro, StrongOperatorsThroughTheGenericReefSolveIntermediatePuzzles) {
  for (std::size_t i = 0; i < 2; ++i) {
    const auto puzzle = puzzle_of("data/sudoku/qqwing_intermediate_50.txt", i);
    GaSettings s = GaSettings::preset_named("strong");
    s.seed = i + 1;
    const auto out = solve_cro(puzzle, s);
    EXPECT_TRUE(out.counters.solved) << i;
    EXPECT_EQ(out.best, solve_exact(puzzle).solution) << i;
    EXPECT_EQ(out.counters.stop, evo::StopReason::kSolved);
    EXPECT_GE(out.history.back().extra_value("occupancy"), 0.0);
    // Same seed, two threads: the same run.
    s.threads = 2;
    const auto again = solve_cro(puzzle, s);
    EXPECT_EQ(again.counters.generations, out.counters.generations);
    EXPECT_EQ(again.counters.evaluations, out.counters.evaluations);
    EXPECT_EQ(again.local_moves, out.local_moves);
    EXPECT_EQ(test_support::rows_without_time(again.history.to_csv()),
              test_support::rows_without_time(out.history.to_csv()))
        << i;
  }
}

TEST(SudokuGa, SameSeedSameRunAtAnyThreadCount) {
  const auto puzzle = puzzle_of("data/sudoku/qqwing_expert_50.txt", 0);
  for (const char* preset : {"paper", "strong"}) {
    GaSettings s = GaSettings::preset_named(preset);
    s.generations = 40;
    s.seed = 5;
    s.threads = 1;
    const auto a = solve_ga(puzzle, s);
    s.threads = 2;
    const auto b = solve_ga(puzzle, s);
    ASSERT_EQ(a.history.rows.size(), b.history.rows.size()) << preset;
    for (std::size_t i = 0; i < a.history.rows.size(); ++i) {
      EXPECT_EQ(a.history.rows[i].best, b.history.rows[i].best);
      EXPECT_EQ(a.history.rows[i].mean, b.history.rows[i].mean);
      EXPECT_EQ(a.history.rows[i].evaluations, b.history.rows[i].evaluations);
      EXPECT_EQ(a.history.rows[i].diversity, b.history.rows[i].diversity);
    }
    EXPECT_EQ(a.best, b.best);
    EXPECT_EQ(a.local_moves, b.local_moves);
    s.seed = 6;
    const auto c = solve_ga(puzzle, s);
    bool differ = a.history.rows.size() != c.history.rows.size();
    for (std::size_t i = 0; !differ && i < a.history.rows.size(); ++i) {
      differ = a.history.rows[i].mean != c.history.rows[i].mean;
    }
    EXPECT_TRUE(differ) << "the seed must matter";
  }
}

TEST(SudokuIslands, GaAndCroIslandsSolveTheSameAtAnyThreadCount) {
  const auto puzzle = puzzle_of("data/sudoku/qqwing_intermediate_50.txt", 0);
  for (const bool cro : {false, true}) {
    GaSettings s = GaSettings::preset_named("strong");
    s.population = cro ? 30 : 10;  // reefs of 10 cells stall on this puzzle
    s.generations = 400;
    s.seed = 3;
    s.islands.islands = 4;
    s.islands.interval = 5;
    s.islands.migrants = 1;
    s.threads = 1;
    const auto a = cro ? solve_cro(puzzle, s) : solve_ga(puzzle, s);
    s.threads = 2;
    const auto b = cro ? solve_cro(puzzle, s) : solve_ga(puzzle, s);
    EXPECT_TRUE(a.counters.solved) << (cro ? "cro" : "ga");
    EXPECT_TRUE(solve_exact(puzzle, 2).solution.cells == a.best.cells);  // the unique solution
    EXPECT_EQ(a.best.cells, b.best.cells);
    EXPECT_EQ(a.counters.evaluations, b.counters.evaluations);
    EXPECT_EQ(a.local_moves, b.local_moves);
    ASSERT_EQ(a.history.rows.size(), b.history.rows.size());
    for (std::size_t i = 0; i < a.history.rows.size(); ++i) {
      EXPECT_EQ(a.history.rows[i].mean, b.history.rows[i].mean) << i;
    }
    // Generation 0 evaluates four islands' first populations (a reef starts partly occupied).
    if (!cro) {
      EXPECT_EQ(a.history.rows.front().evaluations, 4u * 10);
    }
    EXPECT_EQ(a.history.rows.front().evaluations % 4, 0u);
  }
}

TEST(SudokuGa, ABestBoardObserverSeesTheBestBoardAfterEveryGeneration) {
  struct Boards : BestBoardObserver {
    std::size_t records = 0;
    std::vector<int> fitness;
    Board last;
    void on_generation(const GenerationRecord&) override { ++records; }
    void on_best_board(const Board& best, int f) override {
      fitness.push_back(f);
      last = best;
    }
  } boards;
  const auto puzzle = puzzle_of("data/sudoku/qqwing_intermediate_50.txt", 1);
  for (const bool islands : {false, true}) {
    boards = {};
    GaSettings s = GaSettings::preset_named("paper");
    s.generations = 25;
    s.population = 30;
    if (islands) s.islands.islands = 2;
    Control control;
    control.observer = &boards;
    const auto r = solve_ga(puzzle, s, control);
    EXPECT_EQ(boards.records, r.counters.generations + 1);
    ASSERT_EQ(boards.fitness.size(), boards.records);
    EXPECT_TRUE(std::is_sorted(boards.fitness.rbegin(), boards.fitness.rend()));  // never worse
    EXPECT_EQ(boards.fitness.back(), r.fitness());
    EXPECT_EQ(boards.last.cells, r.best.cells);
  }
}

TEST(SudokuExperiment, GenerationsAreReadFromOneRunAndThreadsDoNotMatter) {
  std::vector<Board> boards = {puzzle_of("data/sudoku/qqwing_easy_50.txt", 0),
                               puzzle_of("data/sudoku/qqwing_easy_50.txt", 1)};
  ExperimentSettings spec;
  spec.base = GaSettings::preset_named("paper");
  spec.base.population = 30;
  spec.crossovers = {"combined", "pmx"};
  spec.runs = 2;
  parse_vary("generations=10:30:10", spec.vary, spec.values);
  EXPECT_EQ(spec.values, (std::vector<double>{10, 20, 30}));
  spec.threads = 1;
  const auto one = run_experiment(boards, spec);
  spec.threads = 2;
  const auto two = run_experiment(boards, spec);
  ASSERT_EQ(one.configs.size(), 6u);
  ASSERT_EQ(one.runs.size(), 2u * 2 * 2 * 3);
  for (std::size_t i = 0; i < one.runs.size(); ++i) {
    EXPECT_EQ(one.runs[i].fitness, two.runs[i].fitness);
    EXPECT_EQ(one.runs[i].evaluations, two.runs[i].evaluations);
  }
  // Reading at generation 10 equals running for 10 generations.
  GaSettings s = spec.base;
  s.crossover = "combined";
  s.generations = 10;
  s.seed = one.runs[0].seed;
  EXPECT_EQ(solve_ga(boards[0], s).fitness(), one.runs[0].fitness);
  // Best fitness never gets worse with more generations, and the summary counts runs.
  for (std::size_t i = 0; i + 2 < one.runs.size(); i += 3) {
    EXPECT_GE(one.runs[i].fitness, one.runs[i + 1].fitness);
    EXPECT_GE(one.runs[i + 1].fitness, one.runs[i + 2].fitness);
  }
  for (const auto& c : one.configs) EXPECT_EQ(c.runs, 4u);
  const auto tests = compare_operators(one, "combined", "pmx", 30);
  ASSERT_EQ(tests.size(), 2u);
  EXPECT_GE(tests[0].test.p_value, 0);
  EXPECT_LE(tests[0].test.p_value, 1);
}

TEST(SudokuExperiment, VaryParsing) {
  std::string name;
  std::vector<double> values;
  parse_vary("crossover-rate=0.2:0.9:0.1", name, values);
  EXPECT_EQ(name, "crossover-rate");
  ASSERT_EQ(values.size(), 8u);
  EXPECT_DOUBLE_EQ(values.back(), 0.9);
  parse_vary("population=10,50,100", name, values);
  EXPECT_EQ(values, (std::vector<double>{10, 50, 100}));
  EXPECT_THROW(parse_vary("size=1:2:1", name, values), Error);
  EXPECT_THROW(parse_vary("population=10:5:1", name, values), Error);
  EXPECT_THROW(parse_vary("population=1.5", name, values), Error);
  EXPECT_THROW(parse_vary("crossover-rate=0.5:2:0.5", name, values), Error);
  EXPECT_THROW(parse_vary("generations", name, values), Error);
}
