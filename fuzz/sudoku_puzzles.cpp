// Fuzzing harness: Sudoku puzzle files (sudoku solve / check / experiment), read by
// games/sudoku/board.hpp parse_puzzles. Each puzzle read is written back in both formats and read
// again, becomes the GA's problem, and 9x9 and smaller ones are solved exactly.

#include "evoplay/core/rng.hpp"
#include "evoplay/games/sudoku/board.hpp"
#include "evoplay/games/sudoku/exact.hpp"
#include "evoplay/games/sudoku/problem.hpp"
#include "fuzz/harness.hpp"

namespace sd = evoplay::games::sudoku;
using evoplay::fuzz::require;

namespace {

void round_trip(const sd::Board& board, const std::string& text) {
  const auto again = sd::parse_puzzles(text, "written");
  require(again.size() == 1 && again.front().board == board, "a written puzzle reads back changed",
          text);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string file = "puzzles.txt";
  const std::string_view text = evoplay::fuzz::as_text(data, size);
  const auto read =
      evoplay::fuzz::read_or_refuse(text, file, [&] { return sd::parse_puzzles(text, file); });
  if (!read) return 0;
  const auto& puzzles = *read;
  for (std::size_t i = 0; i < puzzles.size() && i < 4; ++i) {
    const sd::Board& board = puzzles[i].board;
    require(puzzles[i].line >= 1 && puzzles[i].line <= evoplay::fuzz::line_count(text),
            "a puzzle's line is out of the file");
    round_trip(board, sd::to_line(board));
    round_trip(board, sd::to_grid(board));
    const sd::SudokuProblem problem(board, /*restricted=*/true);
    evoplay::Rng rng(1);
    const auto genome = problem.random_genome(rng);
    require(problem.evaluate(genome) >= 0, "a negative fitness");
    require(problem.to_board(genome).complete(), "a genome with an empty cell");
    if (board.n() <= 9) {
      const auto r = sd::solve_exact(board, 2);
      require(r.solutions == 0 || sd::find_contradiction(r.solution).empty(),
              "an exact solution that breaks the rules", sd::to_line(r.solution));
    }
  }
  return 0;
}
