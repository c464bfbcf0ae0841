#include "evoplay/games/connect4/positions.hpp"

#include "evoplay/core/error.hpp"
#include "evoplay/core/text.hpp"

namespace evoplay::games::connect4 {

std::optional<PositionLine> parse_position_line(std::string_view text, const std::string& file,
                                                int line) {
  const std::string_view t = trim(text);
  if (t.empty() || t.front() == '#') return std::nullopt;
  const auto indent = static_cast<int>(t.data() - text.data());
  const auto space = t.find_first_of(" \t");
  PositionLine out;
  out.moves = t.substr(0, space);
  try {
    // "." is the empty board (an empty line is skipped, as text files' blank lines are).
    if (out.moves != ".") out.board = Board::from_moves(out.moves, file, line);
  } catch (const Error& e) {
    throw Error(e.file(), e.line(), e.column() > 0 ? e.column() + indent : 0, e.message());
  }
  const std::string_view rest =
      space == std::string_view::npos ? std::string_view{} : trim(t.substr(space));
  out.score_text = rest.substr(0, rest.find_first_of(" \t"));
  if (!out.score_text.empty())
    out.score_column = static_cast<int>(out.score_text.data() - text.data()) + 1;
  long long score = 0;
  if (try_parse_int(out.score_text, score)) out.score = score;
  return out;
}

}  // namespace evoplay::games::connect4
