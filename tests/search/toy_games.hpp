#pragma once
// Two small games for testing the engine without a real game.
//
// Nim (one pile, take 1-3 stones, taking the last stone wins): the side to move loses exactly
// when the pile is a multiple of 4, and a won pile of n is won in the fewest plies by leaving
// a multiple of 4 each time.
//
// RandomTree: a synthetic game whose positions are numbers; each has 1-5 moves leading to
// pseudo-random children drawn from a small pool (so move orders transpose), pseudo-random
// heuristic values, and some terminal positions (wins, losses, draws); every game ends after
// `max_plies` (14 unless told). Good for checking that alpha-beta and minimax agree on thousands
// of unlike trees; deep ones keep time-limited searches busy.

#include <cstdint>

#include "evoplay/core/rng.hpp"
#include "evoplay/search/game.hpp"

namespace evoplay::search::toy {

class Nim {
 public:
  using Move = std::uint8_t;  // stones taken
  static constexpr int kMaxMoves = 3;
  static constexpr int kMoveIndices = 3;

  explicit Nim(int pile = 21) : pile_(pile) {}
  int pile() const { return pile_; }
  int to_move() const { return side_; }
  bool is_terminal() const { return pile_ == 0; }
  void legal_moves(MoveList<Move, kMaxMoves>& out) const {
    for (int take = 1; take <= 3 && take <= pile_; ++take) out.push_back(static_cast<Move>(take));
  }
  void play(Move take) {
    pile_ -= take;
    side_ ^= 1;
  }
  void undo(Move take) {
    pile_ += take;
    side_ ^= 1;
  }
  // The player who took the last stone won; the heuristic knows nothing (0).
  Score evaluate(int player) const {
    if (pile_ != 0) return 0;
    return player == side_ ? -kWin : kWin;
  }
  std::uint64_t hash() const {
    return static_cast<std::uint64_t>(pile_) * 2 + static_cast<std::uint64_t>(side_);
  }
  int move_index(Move take) const { return take - 1; }
  bool operator==(const Nim&) const = default;

 private:
  int pile_;
  int side_ = 0;
};

class RandomTree {
 public:
  using Move = std::uint8_t;
  static constexpr int kMaxMoves = 5;

  explicit RandomTree(std::uint64_t seed = 1, int pool = 3000, int max_plies = 14)
      : id_(seed % static_cast<std::uint64_t>(pool)),
        seed_(seed),
        pool_(pool),
        max_plies_(max_plies) {}
  int to_move() const { return side_; }
  bool is_terminal() const { return kind() != 0 || plies_ >= max_plies_; }
  void legal_moves(MoveList<Move, kMaxMoves>& out) const {
    if (is_terminal()) return;
    const int n = 1 + static_cast<int>(mix(1) % 5);
    for (int i = 0; i < n; ++i) out.push_back(static_cast<Move>(i));
  }
  void play(Move m) {
    id_ = mix(100 + m) % static_cast<std::uint64_t>(pool_);
    side_ ^= 1;
    ++plies_;
  }
  // Terminal: win, loss or draw for the side to move by the position's number; otherwise a
  // pseudo-random value in [-100, 100] for the side to move.
  Score evaluate(int player) const {
    Score v = 0;
    switch (kind()) {
      case 1:
        v = kWin;
        break;
      case 2:
        v = -kWin;
        break;
      case 3:
        v = 0;
        break;
      default:
        v = plies_ >= max_plies_ ? 0 : static_cast<Score>(mix(7) % 201) - 100;
    }
    return player == side_ ? v : -v;
  }
  std::uint64_t hash() const {
    return (id_ * 64 + static_cast<std::uint64_t>(plies_)) * 2 + static_cast<std::uint64_t>(side_);
  }
  bool operator==(const RandomTree& o) const {
    return id_ == o.id_ && side_ == o.side_ && plies_ == o.plies_;
  }

 private:
  std::uint64_t mix(std::uint64_t k) const {
    return mix_seed(seed_ * 1000003 + id_ * 2 + static_cast<std::uint64_t>(side_), k);
  }
  int kind() const {  // 0 playing on, 1 side to move has won, 2 lost, 3 draw
    if (plies_ == 0) return 0;
    const auto r = mix(3) % 40;
    return r < 3 ? static_cast<int>(r) + 1 : 0;
  }

  std::uint64_t id_;
  std::uint64_t seed_;
  int pool_;
  int max_plies_;
  int side_ = 0;
  int plies_ = 0;
};

}  // namespace evoplay::search::toy
