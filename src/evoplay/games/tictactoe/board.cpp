#include "evoplay/games/tictactoe/board.hpp"

#include <fmt/format.h>

#include <algorithm>

#include "evoplay/core/error.hpp"

namespace evoplay::games::tictactoe {

Board Board::parse(std::string_view cells) {
  std::string text;
  for (char c : cells) {
    if (c != '\n' && c != '\r' && c != '|' && c != '/') text += c;
  }
  if (text.size() != 9) {
    throw Error(fmt::format("expected 9 cells (X, O or . row by row), found {} characters in '{}'",
                            text.size(), cells));
  }
  Board b;
  for (int i = 0; i < 9; ++i) {
    const char c = text[static_cast<std::size_t>(i)];
    if (c == 'X' || c == 'x') {
      b.x_ |= static_cast<std::uint16_t>(1u << i);
    } else if (c == 'O' || c == 'o') {
      b.o_ |= static_cast<std::uint16_t>(1u << i);
    } else if (c != '.' && c != '-' && c != ' ' && c != '_') {
      throw Error(fmt::format("cell {}: expected X, O or '.', found '{}'", i + 1, c));
    }
  }
  const int nx = std::popcount(static_cast<unsigned>(b.x_)),
            no = std::popcount(static_cast<unsigned>(b.o_));
  if (nx != no && nx != no + 1)
    throw Error(
        fmt::format("'{}': X has {} stones and O {}: X moves first, they alternate", text, nx, no));
  const bool xw = has_line(b.x_), ow = has_line(b.o_);
  if (xw && ow) throw Error(fmt::format("'{}': both players have three in a row", text));
  if (xw && nx != no + 1) throw Error(fmt::format("'{}': O played after X had won", text));
  if (ow && nx != no) throw Error(fmt::format("'{}': X played after O had won", text));
  return b;
}

Board Board::from_moves(std::string_view digits) {
  Board b;
  for (std::size_t i = 0; i < digits.size(); ++i) {
    const char c = digits[i];
    if (c < '1' || c > '9')
      throw Error(fmt::format("move {}: expected a cell from 1 to 9, found '{}'", i + 1, c));
    if (b.is_terminal()) throw Error(fmt::format("move {}: the game is over", i + 1));
    const int cell = c - '1';
    if (!(b.empty() >> cell & 1))
      throw Error(fmt::format("move {}: cell {} is taken", i + 1, cell + 1));
    b.play(static_cast<Move>(cell));
  }
  return b;
}

search::Score Board::evaluate(int player) const {
  const std::uint16_t mine = stones(player), theirs = stones(1 - player);
  if (has_line(mine)) return search::kWin;
  if (has_line(theirs)) return -search::kWin;
  search::Score v = 0;
  for (auto line : kLines) {
    const int m = std::popcount(static_cast<unsigned>(mine & line));
    const int t = std::popcount(static_cast<unsigned>(theirs & line));
    if (t == 0 && m > 0) v += m == 1 ? kOneStoneWeight : kTwoStonesWeight;
    if (m == 0 && t > 0) v -= t == 1 ? kOneStoneWeight : kTwoStonesWeight;
  }
  return v;
}

void Board::noisy_moves(search::MoveList<Move, kMaxMoves>& out) const {
  if (is_terminal()) return;
  std::uint16_t hot = 0;
  for (auto line : kLines) {
    for (std::uint16_t s : {x_, o_}) {
      if (std::popcount(static_cast<unsigned>(s & line)) == 2 && (empty() & line))
        hot |= empty() & line;
    }
  }
  for (int i = 0; i < 9; ++i) {
    if (hot >> i & 1) out.push_back(static_cast<Move>(i));
  }
}

int Board::index3() const {
  int index = 0;
  for (int i = 8; i >= 0; --i) index = index * 3 + cell(i);
  return index;
}

Board Board::transformed(int s) const {
  // Cell (r, c) goes to the position given by one of the 8 symmetries of the square.
  Board out;
  for (int i = 0; i < 9; ++i) {
    const int j = symmetric_cell(s, i);
    if (x_ >> i & 1) out.x_ |= static_cast<std::uint16_t>(1u << j);
    if (o_ >> i & 1) out.o_ |= static_cast<std::uint16_t>(1u << j);
  }
  return out;
}

std::uint64_t Board::canonical_hash() const {
  std::uint64_t best = hash();
  for (int s = 1; s < 8; ++s) best = std::min(best, transformed(s).hash());
  return best;
}

std::string Board::to_text(bool numbers) const {
  std::string out;
  for (int r = 0; r < 3; ++r) {
    out += ' ';
    for (int c = 0; c < 3; ++c) {
      const int i = r * 3 + c;
      const int v = cell(i);
      out += v == 1 ? 'X' : v == 2 ? 'O' : numbers ? static_cast<char>('1' + i) : '.';
      if (c < 2) out += " | ";
    }
    out += '\n';
    if (r < 2) out += "---+---+---\n";
  }
  return out;
}

std::string Board::to_cells() const {
  std::string out;
  for (int i = 0; i < 9; ++i) out += ".XO"[cell(i)];
  return out;
}

}  // namespace evoplay::games::tictactoe
