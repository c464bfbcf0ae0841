// Fuzzing harness: Connect Four positions files (connect4 solve [--check]), read line by line by
// games/connect4/positions.hpp parse_position_line as the command does. Positions 28 moves or
// more deep (the end games of Pons' sets, solved in microseconds) are solved, strongly and weakly.

#include "evoplay/core/text.hpp"
#include "evoplay/games/connect4/positions.hpp"
#include "evoplay/games/connect4/solver.hpp"
#include "fuzz/harness.hpp"

namespace c4 = evoplay::games::connect4;
using evoplay::fuzz::require;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static c4::Solver solver(1);  // a table of 1 MiB, cleared before each position
  const std::string file = "positions.txt";
  const std::string_view text = evoplay::fuzz::as_text(data, size);
  const auto lines = evoplay::split_lines(text);
  int solved = 0;
  for (std::size_t i = 0; i < lines.size(); ++i) {
    const auto read = evoplay::fuzz::read_or_refuse(text, file, [&] {
      return c4::parse_position_line(lines[i], file, static_cast<int>(i) + 1);
    });
    if (!read || !*read) continue;  // refused, or a blank line or a comment
    const c4::PositionLine& line = **read;
    require(line.board.moves() == static_cast<int>(line.moves.size()),
            "a position with another number of moves", line.moves);
    if (line.board.moves() < 28 || solved == 8) continue;
    ++solved;
    solver.clear();
    const auto strong = solver.solve(line.board, false);
    solver.clear();
    const auto weak = solver.solve(line.board, true);
    require((strong.score > 0) - (strong.score < 0) == weak.score,
            "the weak score is not the strong score's sign", line.moves);
  }
  return 0;
}
