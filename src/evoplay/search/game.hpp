#pragma once
// What the search engine asks of a game, as C++20 concepts, and the score scale it works in.
//
// Why it exists: every algorithm of the engine (minimax, alpha-beta, MCTS, the bots) is a
// template over a `Game`, so that a game's moves, its evaluation and its hash are inlined into
// the search loop: no virtual call on the hot path. Optional capabilities (ordering hints, noisy
// moves for quiescence, an index of moves for the history heuristic, undo) are detected at
// compile time.

#include <array>
#include <concepts>
#include <cstdint>
#include <cstdio>
#include <string>
#include <type_traits>

namespace evoplay::search {

/// A value in the engine's scale, always from the view of one player (usually the side to move).
using Score = std::int32_t;

/// The value of a won game for the winner. Terminal wins found at distance `ply` from the root
/// score kWin - ply (and losses -kWin + ply), so faster wins score higher. Heuristic evaluations
/// must stay strictly inside (-kWinBound, kWinBound); anything beyond is a proven result.
inline constexpr Score kWin = 32000;
/// Deepest ply the engine searches from its root.
inline constexpr int kMaxPly = 128;
inline constexpr Score kWinBound = kWin - 1000;
/// Above every score: the initial window bound.
inline constexpr Score kInfinity = 32500;

inline constexpr bool is_win_score(Score v) { return v >= kWinBound; }
inline constexpr bool is_loss_score(Score v) { return v <= -kWinBound; }
inline constexpr bool is_proven(Score v) { return is_win_score(v) || is_loss_score(v); }

/// A game's terminal value `v` seen at `ply` from the root: proven wins and losses lose one
/// point per ply, so the engine prefers the fastest win and the slowest loss.
inline constexpr Score at_ply(Score v, int ply) {
  if (is_win_score(v)) return v - ply;
  if (is_loss_score(v)) return v + ply;
  return v;
}

/// A list of moves with a fixed capacity (no allocation in the search).
template <class T, int N>
class MoveList {
 public:
  static constexpr int kCapacity = N;
  void push_back(const T& m) { items_[static_cast<std::size_t>(size_++)] = m; }
  void clear() { size_ = 0; }
  int size() const { return size_; }
  bool empty() const { return size_ == 0; }
  T& operator[](int i) { return items_[static_cast<std::size_t>(i)]; }
  const T& operator[](int i) const { return items_[static_cast<std::size_t>(i)]; }
  T* begin() { return items_.data(); }
  T* end() { return items_.data() + size_; }
  const T* begin() const { return items_.data(); }
  const T* end() const { return items_.data() + size_; }
  bool contains(const T& m) const {
    for (int i = 0; i < size_; ++i) {
      if (items_[static_cast<std::size_t>(i)] == m) return true;
    }
    return false;
  }

 private:
  std::array<T, static_cast<std::size_t>(N)> items_{};
  int size_ = 0;
};

/// A two-player, zero-sum, perfect-information game state.
///
/// - `Move`: a small value type (at most 2 bytes, so the transposition table stays compact).
/// - `kMaxMoves`: the most legal moves a position can have.
/// - `to_move()`: 0 or 1, the side to move.
/// - `legal_moves(list)`: appends every legal move; the list is empty exactly when the game is
///   over (a game where a side may have to pass makes "pass" a move).
/// - `play(move)`: plays a legal move.
/// - `evaluate(player)`: from `player`'s view. At a terminal position the exact result (kWin, 0,
///   -kWin, or any game-specific value); elsewhere a heuristic estimate inside ±kWinBound.
///   Zero-sum: evaluate(0) == -evaluate(1).
/// - `hash()`: 64 bits, equal for equal states (Zobrist or any exact encoding).
template <class G>
concept Game = std::copyable<G> && std::equality_comparable<G> &&
    requires(const G& g, G& m, typename G::Move move,
             MoveList<typename G::Move, G::kMaxMoves>& list, int player) {
  requires std::is_trivially_copyable_v<typename G::Move>;
  requires std::equality_comparable<typename G::Move>;
  requires sizeof(typename G::Move) <= 2;
  { g.to_move() } -> std::convertible_to<int>;
  { g.is_terminal() } -> std::convertible_to<bool>;
  g.legal_moves(list);
  m.play(move);
  { g.evaluate(player) } -> std::convertible_to<Score>;
  { g.hash() } -> std::convertible_to<std::uint64_t>;
};

template <Game G>
using MovesOf = MoveList<typename G::Move, G::kMaxMoves>;

/// Optional: `setup_hash()`: 64 bits naming what the game is played on beyond the position's
/// hash (a map's walls and rules): with hash(), what a resumed series must start from again.
template <class G>
concept HasSetupHash = Game<G> && requires(const G& g) {
  { g.setup_hash() } -> std::convertible_to<std::uint64_t>;
};

/// A start position in a run's fingerprint (core/units.hpp): its hash and setup hash, the size
/// of the state and of its move lists (so two games' empty boards differ), as hex digits.
template <Game G>
std::string start_fingerprint(const G& start) {
  std::uint64_t setup = 0;
  if constexpr (HasSetupHash<G>) setup = start.setup_hash();
  char text[80];
  std::snprintf(text, sizeof text, "%016llx-%016llx-%zu-%d",
                static_cast<unsigned long long>(start.hash()),
                static_cast<unsigned long long>(setup), sizeof(G), G::kMaxMoves);
  return text;
}

/// Optional: `undo(move)` takes back the last move played (else the engine copies states).
template <class G>
concept UndoableGame = Game<G> && requires(G& g, typename G::Move m) {
  g.undo(m);
};

/// Optional: `noisy_moves(list)` appends the moves that change the evaluation sharply (captures,
/// threats); quiescence ("stability") search follows only these.
template <class G>
concept HasNoisyMoves = Game<G> && requires(const G& g, MovesOf<G>& list) {
  g.noisy_moves(list);
};

/// Optional: `move_hint(move)`: a static ordering hint, higher first (e.g. centre columns).
template <class G>
concept HasMoveHints = Game<G> && requires(const G& g, typename G::Move m) {
  { g.move_hint(m) } -> std::convertible_to<int>;
};

/// Optional: `move_index(move)` in [0, kMoveIndices): enables the history heuristic.
template <class G>
concept HasMoveIndex = Game<G> && requires(const G& g, typename G::Move m) {
  { G::kMoveIndices } -> std::convertible_to<int>;
  { g.move_index(m) } -> std::convertible_to<int>;
};

/// Plays on a copy: the state after `move`.
template <Game G>
G after(const G& state, const typename G::Move& move) {
  G next = state;
  next.play(move);
  return next;
}

}  // namespace evoplay::search
