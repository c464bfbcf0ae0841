#pragma once
// Connect Four on a 7x6 bitboard.
//
// Why it exists: the search engine's second proving ground, with exact known values (Pascal
// Pons' test sets). Each column takes 7 bits (6 cells and a spare bit above them), bit
// `7 * column + row` from the bottom left. Two words describe a position: `mask` (every stone)
// and `current` (the stones of the side to move); `current + mask` is a unique 49-bit key.
// Finding every cell that would complete four is a handful of shifts, which makes move
// generation, win tests and threat counting a few instructions each.

#include <bit>
#include <cstdint>
#include <string>
#include <string_view>

#include "evoplay/search/game.hpp"

namespace evoplay::games::connect4 {

inline constexpr int kWidth = 7;
inline constexpr int kHeight = 6;
inline constexpr int kCells = kWidth * kHeight;

using Bits = std::uint64_t;

/// Every cell of the board (not the spare bits).
inline constexpr Bits kBottomRow = [] {
  Bits b = 0;
  for (int c = 0; c < kWidth; ++c) b |= Bits{1} << (c * (kHeight + 1));
  return b;
}();
inline constexpr Bits kBoardMask = kBottomRow * ((Bits{1} << kHeight) - 1);

constexpr Bits column_mask(int col) { return ((Bits{1} << kHeight) - 1) << (col * (kHeight + 1)); }
constexpr Bits bottom_cell(int col) { return Bits{1} << (col * (kHeight + 1)); }
constexpr Bits top_cell(int col) { return Bits{1} << (kHeight - 1 + col * (kHeight + 1)); }

/// The empty cells that would complete four for the owner of `stones` (any empty cell, not
/// only the playable ones).
constexpr Bits winning_cells(Bits stones, Bits mask) {
  // vertical: three stones below
  Bits r = (stones << 1) & (stones << 2) & (stones << 3);
  // horizontal (shift 7), and both diagonals (shifts 6 and 8)
  for (int s : {kHeight + 1, kHeight, kHeight + 2}) {
    Bits p = (stones << s) & (stones << 2 * s);
    r |= p & (stones << 3 * s);
    r |= p & (stones >> s);
    p = (stones >> s) & (stones >> 2 * s);
    r |= p & (stones << s);
    r |= p & (stones >> 3 * s);
  }
  return r & (kBoardMask ^ mask);
}

/// The bits of a board word (stones, mask or key) with the columns in mirror order: column c
/// goes to 6 - c. A key's columns do not carry into each other (each is below 2^7), so the
/// mirror of a key is the key of the mirrored position.
constexpr Bits mirrored_columns(Bits b) {
  constexpr int kStride = kHeight + 1;
  constexpr Bits kColumn = (Bits{1} << kStride) - 1;
  return (b & kColumn) << 6 * kStride | (b & kColumn << kStride) << 4 * kStride |
         (b & kColumn << 2 * kStride) << 2 * kStride | (b & kColumn << 3 * kStride) |
         (b >> 2 * kStride & kColumn << 2 * kStride) | (b >> 4 * kStride & kColumn << kStride) |
         (b >> 6 * kStride & kColumn);
}

/// Whether `stones` hold four in a row.
constexpr bool has_four(Bits stones) {
  for (int s : {1, kHeight + 1, kHeight, kHeight + 2}) {
    const Bits m = stones & (stones >> s);
    if (m & (m >> 2 * s)) return true;
  }
  return false;
}

class Board {
 public:
  using Move = std::uint8_t;  // a column, 0-6
  static constexpr int kMaxMoves = kWidth;
  static constexpr int kMoveIndices = kWidth * (kHeight + 1);

  /// The empty board.
  Board() = default;

  /// The position after 1-based columns `digits` (e.g. "4453"); throws evoplay::Error naming the
  /// first bad character (not 1-7, full column, a move after the game ended) as its column, with
  /// `file` and `line` for messages.
  static Board from_moves(std::string_view digits, const std::string& file = "", int line = 0);

  int to_move() const { return moves_ & 1; }
  /// Stones on the board.
  int moves() const { return moves_; }
  Bits mask() const { return mask_; }
  /// Stones of the side to move.
  Bits current() const { return current_; }
  /// Stones of player 0 (who moved first) and player 1.
  Bits stones(int player) const { return player == to_move() ? current_ : current_ ^ mask_; }

  bool can_play(int col) const { return (mask_ & top_cell(col)) == 0; }
  /// Cells where a stone can go now (one per column that is not full).
  Bits playable() const { return (mask_ + kBottomRow) & kBoardMask; }
  /// Whether the side to move completes four by playing `col` (a playable column).
  bool is_winning_move(int col) const {
    return winning_cells(current_, mask_) & playable() & column_mask(col);
  }
  bool can_win_next() const { return winning_cells(current_, mask_) & playable(); }
  /// The stones already make four for the player who just moved.
  bool last_move_won() const { return has_four(current_ ^ mask_); }

  bool is_terminal() const { return moves_ == kCells || last_move_won(); }
  void legal_moves(search::MoveList<Move, kMaxMoves>& out) const {
    if (is_terminal()) return;
    for (int col : kCentreFirst) {
      if (can_play(col)) out.push_back(static_cast<Move>(col));
    }
  }
  void play(Move col) {
    current_ ^= mask_;
    mask_ |= mask_ + bottom_cell(col);
    ++moves_;
  }
  /// Plays the single cell `move` (a playable cell), for solvers that work on cells.
  void play_cell(Bits move) {
    current_ ^= mask_;
    mask_ |= move;
    ++moves_;
  }
  void undo(Move col) {
    const Bits top = std::bit_floor(mask_ & column_mask(col));
    mask_ ^= top;
    current_ ^= mask_;
    --moves_;
  }

  /// The heuristic's weights (evaluate(); docs/connect4.md).
  static constexpr int kThreatWeight = 16, kCentreWeight = 3, kBesideCentreWeight = 2,
                       kWinAtOnceWeight = 1000;

  /// At the end: kWin for the winner, -kWin for the loser, 0 for a draw. Before: a heuristic
  /// (see docs/connect4.md): kThreatWeight (16) per cell that would complete four for `player`,
  /// minus the same for the opponent, plus kCentreWeight (3) per stone in the centre column and
  /// kBesideCentreWeight (2) in the two beside it; and kWinAtOnceWeight (1000) for the side to
  /// move when it can win at once, minus that when the opponent has two immediate threats it
  /// cannot both block.
  search::Score evaluate(int player) const;

  /// Winning moves and moves that block the opponent's immediate win (for quiescence).
  void noisy_moves(search::MoveList<Move, kMaxMoves>& out) const;
  /// Centre columns first.
  int move_hint(Move col) const { return 3 - (col > 3 ? col - 3 : 3 - col); }
  int move_index(Move col) const {
    return col * (kHeight + 1) + std::popcount(mask_ & column_mask(col));
  }

  std::uint64_t key() const { return current_ + mask_; }
  std::uint64_t hash() const { return key(); }
  bool operator==(const Board&) const = default;

  /// 0 empty, 1 the first player's stone, 2 the second's; row 0 is the bottom.
  int cell(int col, int row) const;
  /// The board as text, top row first: '.', 'X' (first player), 'O'; then "1234567".
  std::string to_text() const;

  /// Columns in the order searched: centre first.
  static constexpr int kCentreFirst[kWidth] = {3, 2, 4, 1, 5, 0, 6};

 private:
  Bits current_ = 0;
  Bits mask_ = 0;
  int moves_ = 0;
};

/// Pons' score of a position that was just won (the side to move lost): -(22 - stones of the
/// winner); 0 for a full board.
int terminal_score(const Board& b);

}  // namespace evoplay::games::connect4
