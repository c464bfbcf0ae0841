#include "evoplay/games/connect4/board.hpp"

#include <fmt/format.h>

#include "evoplay/core/error.hpp"

namespace evoplay::games::connect4 {

Board Board::from_moves(std::string_view digits, const std::string& file, int line) {
  Board b;
  for (std::size_t i = 0; i < digits.size(); ++i) {
    const char c = digits[i];
    const int column = static_cast<int>(i) + 1;
    if (c < '1' || c > '0' + kWidth) {
      throw Error(
          file, line, column,
          fmt::format("move {}: expected a column from 1 to {}, found '{}'", i + 1, kWidth, c));
    }
    if (b.is_terminal()) {
      throw Error(file, line, column,
                  fmt::format("move {}: the game ended at move {}", i + 1, b.moves()));
    }
    const int col = c - '1';
    if (!b.can_play(col))
      throw Error(file, line, column, fmt::format("move {}: column {} is full", i + 1, col + 1));
    b.play(static_cast<Move>(col));
  }
  return b;
}

namespace {

constexpr Bits kCentre = column_mask(3);
constexpr Bits kBesideCentre = column_mask(2) | column_mask(4);

/// One side's part of the heuristic.
int side_value(Bits stones, Bits mask) {
  return Board::kThreatWeight * std::popcount(winning_cells(stones, mask)) +
         Board::kCentreWeight * std::popcount(stones & kCentre) +
         Board::kBesideCentreWeight * std::popcount(stones & kBesideCentre);
}

}  // namespace

search::Score Board::evaluate(int player) const {
  if (last_move_won()) return player == to_move() ? -search::kWin : search::kWin;
  if (moves_ == kCells) return 0;
  // From the side to move's view, then negated for the other player (zero-sum).
  const Bits mine = current_, theirs = current_ ^ mask_;
  search::Score v = side_value(mine, mask_) - side_value(theirs, mask_);
  const Bits open = playable();
  if (winning_cells(mine, mask_) & open) {
    v += kWinAtOnceWeight;  // wins at once
  } else if (const Bits forced = winning_cells(theirs, mask_) & open; forced & (forced - 1)) {
    v -= kWinAtOnceWeight;  // two threats to block: loses next move
  }
  return player == to_move() ? v : -v;
}

void Board::noisy_moves(search::MoveList<Move, kMaxMoves>& out) const {
  if (is_terminal()) return;
  const Bits hot =
      (winning_cells(current_, mask_) | winning_cells(current_ ^ mask_, mask_)) & playable();
  for (int col : kCentreFirst) {
    if (hot & column_mask(col)) out.push_back(static_cast<Move>(col));
  }
}

int Board::cell(int col, int row) const {
  const Bits bit = Bits{1} << (col * (kHeight + 1) + row);
  if (!(mask_ & bit)) return 0;
  return (stones(0) & bit) ? 1 : 2;
}

std::string Board::to_text() const {
  std::string out;
  for (int row = kHeight - 1; row >= 0; --row) {
    for (int col = 0; col < kWidth; ++col) out += ".XO"[cell(col, row)];
    out += '\n';
  }
  out += "1234567\n";
  return out;
}

int terminal_score(const Board& b) {
  if (!b.last_move_won()) return 0;
  return -(kCells + 1 - b.moves()) / 2;
}

}  // namespace evoplay::games::connect4
