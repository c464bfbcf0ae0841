#pragma once
// A line of a positions file as `connect4 solve` reads it (Pascal Pons' test sets): the moves
// played from the empty board (columns 1 to 7; "." for none: the empty board), then, after a
// blank, the position's score.
//
// Why it exists: reading such a line is the game's business, not the command line's, so that the
// tests and the fuzzing harness (fuzz/connect4_positions.cpp) read lines as the command does.

#include <optional>
#include <string>
#include <string_view>

#include "evoplay/games/connect4/board.hpp"

namespace evoplay::games::connect4 {

struct PositionLine {
  std::string_view moves;          // the moves as written (a view into the line; "." for none)
  Board board;                     // the position they reach
  std::optional<long long> score;  // the first word after the moves, when it is a whole number
  std::string_view score_text;     // that word as written (empty: none; a view into the line)
  int score_column = 0;            // its column (1-based; 0: none)
};

/// Reads one line of a positions file (`line` is its 1-based number, for messages); nothing for a
/// blank line or a # comment. Throws Error(file, line, column, ...) for a move that is not a
/// column, comes after the game ended or goes into a full column; the column counts from the
/// start of the line as written, leading blanks included.
std::optional<PositionLine> parse_position_line(std::string_view text, const std::string& file,
                                                int line);

}  // namespace evoplay::games::connect4
