// Sudoku through CRO's presets and CRO-SL: a solved board is the puzzle's solution,
// a run is the same at one and two threads, an unknown substrate is refused.
#include <gtest/gtest.h>

#include "evoplay/core/error.hpp"
#include "evoplay/games/sudoku/exact.hpp"
#include "evoplay/games/sudoku/ga.hpp"
#include "support/history.hpp"
#include "support/process.hpp"

using namespace evoplay;
using namespace evoplay::games::sudoku;

TEST(SudokuCroSl, EveryPresetRunsTheSameAtOneOrTwoThreads) {
  const Board puzzle =
      read_puzzles(test_support::source_path("data/sudoku/qqwing_easy_50.txt")).at(0).board;
  for (const char* preset : {"thesis", "standard", "sl", "sl-unique"}) {
    GaSettings s = GaSettings::preset_named("strong");
    s.seed = 3;
    s.generations = 3000;
    s.cro = evo::CroParams::preset_named(preset);
    const auto out = solve_cro(puzzle, s);
    if (out.counters.solved) {
      EXPECT_EQ(out.best, solve_exact(puzzle).solution) << preset;
    }
    s.threads = 2;
    const auto again = solve_cro(puzzle, s);
    EXPECT_EQ(again.counters.evaluations, out.counters.evaluations) << preset;
    EXPECT_EQ(again.local_moves, out.local_moves) << preset;
    EXPECT_EQ(test_support::rows_without_time(again.history.to_csv()),
              test_support::rows_without_time(out.history.to_csv()))
        << preset;
  }
  GaSettings s = GaSettings::preset_named("strong");
  s.cro = evo::CroParams::substrate_layers();
  s.cro->substrates = {"pmx", "nope"};
  EXPECT_THROW(solve_cro(puzzle, s), Error);
}
