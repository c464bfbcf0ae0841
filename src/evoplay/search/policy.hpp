#pragma once
// The game-specific help a search can take, as one plug-in type: the "policy".
//
// Why it exists: the engine stays generic while a game can make it fast. A policy decides how a
// node is settled without expanding it (terminal test, win in one, "every move loses", score
// bounds that narrow the window), which moves are searched and with which ordering hints (e.g.
// only the moves that do not lose at once, sorted by threats), the leaf evaluation, and the noisy
// moves of quiescence search. DefaultPolicy<G> uses the game's own methods; a game derives from
// it and hides what it does better. Everything is a template parameter, so it is inlined.

#include <concepts>
#include <cstdint>
#include <utility>

#include "evoplay/search/game.hpp"

namespace evoplay::search {

/// A move with its ordering hint (higher is searched first).
template <class Move>
struct ScoredMove {
  Move move{};
  int hint = 0;
};

template <Game G>
using ScoredMovesOf = MoveList<ScoredMove<typename G::Move>, G::kMaxMoves>;

template <Game G>
struct DefaultPolicy {
  /// What settle() learns about a node and moves() may reuse (nothing, by default).
  struct Node {};

  /// Called first at every node. Returns true with `value` set when the node's value is known
  /// without search (here: the game is over); may narrow [alpha, beta] to the values the node
  /// can still have. `ply` is the distance from the root.
  bool settle(const G& g, int ply, Score& alpha, Score& beta, Node& node, Score& value) {
    (void)alpha, (void)beta, (void)node;
    if (!g.is_terminal()) return false;
    value = at_ply(g.evaluate(g.to_move()), ply);
    return true;
  }

  /// The moves to search at an unsettled node, each with an ordering hint.
  void moves(const G& g, const Node& node, ScoredMovesOf<G>& out) {
    (void)node;
    MovesOf<G> list;
    g.legal_moves(list);
    for (const auto& m : list) out.push_back({m, hint(g, m)});
  }

  /// The key the transposition table stores `g` under. A game with a symmetry may store a
  /// position and its mirror image under one key: then `mirrored` says that the key is the
  /// image's, and table_move() maps moves between the two. By default: the game's hash.
  std::uint64_t table_key(const G& g, bool& mirrored) const {
    mirrored = false;
    return g.hash();
  }
  /// A move of the position as the move of its image when `mirrored`, and back (the mapping is
  /// its own inverse). By default the identity.
  typename G::Move table_move(const typename G::Move& m, bool mirrored) const {
    (void)mirrored;
    return m;
  }

  /// Heuristic value of a non-terminal leaf for the side to move.
  Score evaluate(const G& g) { return g.evaluate(g.to_move()); }

  /// Moves quiescence search follows beyond the depth limit (none unless the game has them).
  void noisy_moves(const G& g, ScoredMovesOf<G>& out) {
    if constexpr (HasNoisyMoves<G>) {
      MovesOf<G> list;
      g.noisy_moves(list);
      for (const auto& m : list) out.push_back({m, hint(g, m)});
    } else {
      (void)g, (void)out;
    }
  }

  static int hint(const G& g, const typename G::Move& m) {
    if constexpr (HasMoveHints<G>) {
      return g.move_hint(m);
    } else {
      (void)g, (void)m;
      return 0;
    }
  }
};

/// What the engine requires of a policy (DefaultPolicy<G> and anything derived from it).
template <class P, class G>
concept SearchPolicy = Game<G> && std::default_initializable<typename P::Node> &&
    requires(P& p, const G& g, int ply, Score& a, Score& b, typename P::Node& n, Score& v,
             ScoredMovesOf<G>& out, bool& flag) {
  { p.settle(g, ply, a, b, n, v) } -> std::convertible_to<bool>;
  p.moves(g, std::as_const(n), out);
  { p.evaluate(g) } -> std::convertible_to<Score>;
  p.noisy_moves(g, out);
  { p.table_key(g, flag) } -> std::convertible_to<std::uint64_t>;
  {
    p.table_move(std::declval<typename G::Move>(), false)
    } -> std::convertible_to<typename G::Move>;
};

}  // namespace evoplay::search
