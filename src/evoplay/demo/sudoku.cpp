// The Sudoku part of the demo: a medium puzzle solved by the GA's strong preset, and the
// paper's preset on the same puzzle, with both fitness curves and boards.
#include <fmt/format.h>

#include "evoplay/core/run_dir.hpp"
#include "evoplay/demo/demo.hpp"
#include "evoplay/games/sudoku/showcase.hpp"

namespace evoplay::demo {

namespace sd = games::sudoku;

void sudoku(Context& ctx) {
  const auto dir = ctx.folder("sudoku");
  RunDir run =
      ctx.begin_part("sudoku", sd::showcase_settings(sd::kShowcasePuzzle, ctx.seed, ctx.threads));
  const auto shown = sd::run_showcase(sd::kShowcasePuzzle, ctx.seed, ctx.threads, run);
  ctx.say("  strong preset: {} in {} generations, {} evaluations, {:.2f} s\n",
          shown.strong.counters.solved ? "solved" : "not solved", shown.strong.counters.generations,
          shown.strong.counters.evaluations, shown.strong.counters.seconds);
  ctx.say("  paper preset: best fitness {} after {} generations, {:.2f} s\n", shown.paper.fitness(),
          shown.paper.counters.generations, shown.paper.counters.seconds);
  ctx.show("Sudoku GA fitness", dir / "fitness.png");
  ctx.show("Sudoku paper GA fitness", dir / "paper-fitness.png");
  ctx.show("Sudoku solved by the GA", dir / "board.png");
  ctx.show("Sudoku paper GA best board", dir / "paper-board.png");
}

}  // namespace evoplay::demo
