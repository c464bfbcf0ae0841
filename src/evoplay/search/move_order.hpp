#pragma once
// The move ordering of the alpha-beta engine (AlphaBeta, alphabeta.hpp): the table's move first,
// then the policy's hints, then two killer moves per ply, then the history heuristic.
//
// Why it exists: ordering is what makes alpha-beta cut, and it has state of its own (killers
// and history learnt from cut-offs, aged between searches) that the engine's search functions
// only consult; kept apart, each reads in one place.

#include <algorithm>
#include <array>
#include <cstdint>

#include "evoplay/search/alphabeta_settings.hpp"
#include "evoplay/search/game.hpp"
#include "evoplay/search/policy.hpp"

namespace evoplay::search {

template <Game G>
class MoveOrder {
 public:
  using Move = typename G::Move;

  /// Forgets the killer moves and the history (the killer slots stay marked as used, so a
  /// default move may be boosted once: kept as it was, since results must not change).
  void clear() {
    killers_ = {};
    history_ = {};
  }
  /// Halves the history (at the start of a search: older cut-offs count less).
  void age() {
    for (auto& side : history_) {
      for (auto& h : side) h /= 2;
    }
  }
  /// Sorts moves, best first: the table move, then by hint, then killers, then history.
  void order(const AlphaBetaSettings& s, const G& g, ScoredMovesOf<G>& moves, int ply,
             bool has_table_move, const Move& table_move) const {
    const int n = moves.size();
    if (n < 2) return;
    std::array<std::int64_t, static_cast<std::size_t>(G::kMaxMoves)> keys;
    const auto p = static_cast<std::size_t>(ply);
    for (int i = 0; i < n; ++i) {
      const auto& sm = moves[i];
      std::int64_t k = 0;
      if (has_table_move && sm.move == table_move) k = std::int64_t{1} << 62;
      if (s.hints) k += (std::int64_t{std::clamp(sm.hint, -(1 << 20), 1 << 20)} + (1 << 20)) << 36;
      if (s.killers) {
        if (has_killer_[p][0] && sm.move == killers_[p][0]) {
          k += std::int64_t{2} << 32;
        } else if (has_killer_[p][1] && sm.move == killers_[p][1]) {
          k += std::int64_t{1} << 32;
        }
      }
      if constexpr (kHistory) {
        if (s.history) {
          k += history_[static_cast<std::size_t>(g.to_move())]
                       [static_cast<std::size_t>(g.move_index(sm.move))];
        }
      }
      keys[static_cast<std::size_t>(i)] = k;
    }
    for (int i = 1; i < n; ++i) {  // insertion sort, stable: equal keys keep the policy's order
      const auto key = keys[static_cast<std::size_t>(i)];
      const auto item = moves[i];
      int j = i - 1;
      while (j >= 0 && keys[static_cast<std::size_t>(j)] < key) {
        keys[static_cast<std::size_t>(j + 1)] = keys[static_cast<std::size_t>(j)];
        moves[j + 1] = moves[j];
        --j;
      }
      keys[static_cast<std::size_t>(j + 1)] = key;
      moves[j + 1] = item;
    }
  }

  /// Learns from move `m` failing high at `ply` (searched to `depth`).
  void note_cutoff(const AlphaBetaSettings& s, const G& g, const Move& m, int ply, int depth,
                   bool was_table_move) {
    const auto p = static_cast<std::size_t>(ply);
    if (s.killers && !was_table_move && !(has_killer_[p][0] && killers_[p][0] == m)) {
      killers_[p][1] = killers_[p][0];
      has_killer_[p][1] = has_killer_[p][0];
      killers_[p][0] = m;
      has_killer_[p][0] = true;
    }
    if constexpr (kHistory) {
      if (s.history) {
        auto& h = history_[static_cast<std::size_t>(g.to_move())]
                          [static_cast<std::size_t>(g.move_index(m))];
        h += static_cast<std::uint32_t>(depth * depth);
        if (h > (1u << 30)) age();
      }
    } else {
      (void)g, (void)depth;
    }
  }

 private:
  static constexpr bool kHistory = HasMoveIndex<G>;
  static constexpr int kHistorySize = [] {
    if constexpr (HasMoveIndex<G>) {
      return G::kMoveIndices;
    } else {
      return 1;
    }
  }();

  std::array<std::array<Move, 2>, kMaxPly + 1> killers_{};
  std::array<std::array<bool, 2>, kMaxPly + 1> has_killer_{};
  std::array<std::array<std::uint32_t, kHistorySize>, 2> history_{};
};

}  // namespace evoplay::search
