#pragma once
// Tic-tac-toe: the 3x3 game, X (player 0) moves first.
//
// Why it exists: the smallest complete game for the search engine, with every fact known
// (5,478 positions, 255,168 games, a draw with perfect play), and the board the learning agents
// of the tic-tac-toe learning program play on. Cells are numbered 0-8 row by row inside the
// program and 1-9 for people. A position is two 9-bit masks, one per player.

#include <array>
#include <bit>
#include <cstdint>
#include <string>
#include <string_view>
#include <utility>

#include "evoplay/search/game.hpp"

namespace evoplay::games::tictactoe {

/// The eight lines of three cells, as 9-bit masks.
inline constexpr std::array<std::uint16_t, 8> kLines = {0007, 0070, 0700, 0111,
                                                        0222, 0444, 0421, 0124};

/// Where cell `cell` (0-8) goes under symmetry `s` (0-7): bit 2 transposes, bit 0 mirrors
/// left-right, bit 1 mirrors top-bottom (in that order). Board::transformed uses it.
constexpr int symmetric_cell(int s, int cell) {
  int r = cell / 3, c = cell % 3;
  if (s & 4) std::swap(r, c);
  if (s & 1) c = 2 - c;
  if (s & 2) r = 2 - r;
  return r * 3 + c;
}

class Board {
 public:
  using Move = std::uint8_t;  // a cell, 0-8
  static constexpr int kMaxMoves = 9;
  static constexpr int kMoveIndices = 9;

  Board() = default;
  /// From two masks (bit i = cell i); no check.
  Board(std::uint16_t x, std::uint16_t o) : x_(x), o_(o) {}

  /// From 9 characters row by row, 'X'/'x', 'O'/'o', '.'/'-'/' ' (empty); throws Error when the
  /// text is malformed or the position cannot arise in a game (counts, two winners, play after
  /// a win).
  static Board parse(std::string_view cells);
  /// From 1-based cells played in order, e.g. "5193"; throws Error naming the bad move.
  static Board from_moves(std::string_view digits);

  std::uint16_t x() const { return x_; }
  std::uint16_t o() const { return o_; }
  std::uint16_t stones(int player) const { return player == 0 ? x_ : o_; }
  std::uint16_t empty() const { return static_cast<std::uint16_t>(0777 & ~(x_ | o_)); }
  int moves() const { return std::popcount(static_cast<unsigned>(x_ | o_)); }
  int to_move() const { return moves() & 1; }
  /// 0 if X has three in a row, 1 if O has, -1 otherwise.
  int winner() const { return has_line(x_) ? 0 : has_line(o_) ? 1 : -1; }
  bool is_terminal() const { return has_line(x_) || has_line(o_) || (x_ | o_) == 0777; }
  /// 0 empty, 1 X, 2 O.
  int cell(int i) const { return (x_ >> i) & 1 ? 1 : (o_ >> i) & 1 ? 2 : 0; }

  void legal_moves(search::MoveList<Move, kMaxMoves>& out) const {
    if (is_terminal()) return;
    for (int i = 0; i < 9; ++i) {
      if (empty() >> i & 1) out.push_back(static_cast<Move>(i));
    }
  }
  void play(Move cell) { (to_move() == 0 ? x_ : o_) |= static_cast<std::uint16_t>(1u << cell); }
  void undo(Move cell) {
    const auto bit = static_cast<std::uint16_t>(1u << cell);
    (x_ & bit ? x_ : o_) &= static_cast<std::uint16_t>(~bit);
  }

  /// The heuristic's weights: a line open to one side only with one stone, with two.
  static constexpr int kOneStoneWeight = 1, kTwoStonesWeight = 10;

  /// At the end: kWin / -kWin / 0. Before: for each line still open to one side only,
  /// kOneStoneWeight (1) for one stone and kTwoStonesWeight (10) for two, for `player` minus for
  /// the opponent (docs/tictactoe.md).
  search::Score evaluate(int player) const;
  /// Moves that win at once or block the opponent's win (quiescence).
  void noisy_moves(search::MoveList<Move, kMaxMoves>& out) const;
  /// Centre 2, corners 1, edges 0.
  int move_hint(Move cell) const { return cell == 4 ? 2 : (cell % 2 == 0 ? 1 : 0); }
  int move_index(Move cell) const { return cell; }

  std::uint64_t hash() const {
    return static_cast<std::uint64_t>(x_) | static_cast<std::uint64_t>(o_) << 9;
  }
  /// Base-3 number of the position (cell i is digit i: 0 empty, 1 X, 2 O), below 19683.
  int index3() const;
  bool operator==(const Board&) const = default;

  /// The same position under symmetry `s` (0-7: rotations and reflections of the square).
  Board transformed(int s) const;
  /// The smallest hash among the eight symmetric positions (one per symmetry class).
  std::uint64_t canonical_hash() const;

  /// Three rows of "X O ." (empty cells shown as their numbers 1-9 when `numbers`).
  std::string to_text(bool numbers = false) const;
  /// Nine characters, row by row: X, O, '.'.
  std::string to_cells() const;

  static bool has_line(std::uint16_t stones) {
    for (auto line : kLines) {
      if ((stones & line) == line) return true;
    }
    return false;
  }

 private:
  std::uint16_t x_ = 0;
  std::uint16_t o_ = 0;
};

}  // namespace evoplay::games::tictactoe
