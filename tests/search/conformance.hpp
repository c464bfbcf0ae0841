#pragma once
// The conformance battery every game of the search engine passes (include it from
// tests/games/<game>/*_test.cpp):
//   - random playouts stay legal, terminal states have no moves and others have some, the
//     evaluation is zero-sum;
//   - play then undo restores the state and its hash (games with undo);
//   - equal states have equal hashes, and states reached by different move orders compare equal
//     exactly when they are the same position;
//   - alpha-beta (every option combination without quiescence) returns the same value as
//     minimax at equal depth, and never searches more nodes.

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

#include "evoplay/core/rng.hpp"
#include "evoplay/search/alphabeta.hpp"
#include "evoplay/search/game.hpp"
#include "evoplay/search/minimax.hpp"

namespace evoplay::search::conformance {

/// States met on `games` random playouts from `start` (every state of every game).
template <Game G>
std::vector<G> random_states(const G& start, int games, Rng rng, int max_plies = 10000) {
  std::vector<G> states;
  for (int i = 0; i < games; ++i) {
    G g = start;
    states.push_back(g);
    for (int ply = 0; ply < max_plies && !g.is_terminal(); ++ply) {
      MovesOf<G> moves;
      g.legal_moves(moves);
      g.play(moves[static_cast<int>(rng.index(static_cast<std::size_t>(moves.size())))]);
      states.push_back(g);
    }
  }
  return states;
}

/// Random playouts: every move played was legal, terminal states have no moves, non-terminal
/// ones have at least one, moves are distinct, and evaluate(0) == -evaluate(1).
template <Game G>
void check_random_playouts(const G& start, int games, Rng rng, int max_plies = 10000) {
  for (int i = 0; i < games; ++i) {
    G g = start;
    for (int ply = 0; ply <= max_plies; ++ply) {
      MovesOf<G> moves;
      g.legal_moves(moves);
      ASSERT_EQ(g.evaluate(0), -g.evaluate(1))
          << "evaluation is not zero-sum, game " << i << " ply " << ply;
      if (g.is_terminal()) {
        ASSERT_TRUE(moves.empty()) << "a terminal state has moves, game " << i << " ply " << ply;
        break;
      }
      ASSERT_FALSE(moves.empty()) << "a non-terminal state has no move, game " << i << " ply "
                                  << ply;
      for (int a = 0; a < moves.size(); ++a) {
        for (int b = a + 1; b < moves.size(); ++b)
          ASSERT_FALSE(moves[a] == moves[b]) << "a move is listed twice";
      }
      const int mover = g.to_move();
      ASSERT_TRUE(mover == 0 || mover == 1);
      g.play(moves[static_cast<int>(rng.index(static_cast<std::size_t>(moves.size())))]);
    }
  }
}

/// Play then undo restores the state and its hash, at every ply of random games.
template <UndoableGame G>
void check_undo(const G& start, int games, Rng rng, int max_plies = 10000) {
  for (int i = 0; i < games; ++i) {
    G g = start;
    for (int ply = 0; ply < max_plies && !g.is_terminal(); ++ply) {
      MovesOf<G> moves;
      g.legal_moves(moves);
      for (const auto& m : moves) {
        const G before = g;
        const std::uint64_t hash = g.hash();
        g.play(m);
        ASSERT_FALSE(g == before) << "a move left the state unchanged";
        g.undo(m);
        ASSERT_TRUE(g == before) << "undo did not restore the state, game " << i << " ply " << ply;
        ASSERT_EQ(g.hash(), hash) << "undo did not restore the hash";
      }
      g.play(moves[static_cast<int>(rng.index(static_cast<std::size_t>(moves.size())))]);
    }
  }
}

/// Equal states have equal hashes; a copy equals its original; distinct states rarely share a
/// hash (at most `max_shared` pairs among the sample).
template <Game G>
void check_hashes(const std::vector<G>& states, int max_shared = 0) {
  int shared = 0;
  for (std::size_t a = 0; a < states.size(); ++a) {
    const G copy = states[a];
    ASSERT_TRUE(copy == states[a]);
    ASSERT_EQ(copy.hash(), states[a].hash());
    for (std::size_t b = a + 1; b < states.size(); ++b) {
      if (states[a] == states[b]) {
        ASSERT_EQ(states[a].hash(), states[b].hash()) << "equal states with different hashes";
      } else if (states[a].hash() == states[b].hash()) {
        ++shared;
      }
    }
  }
  EXPECT_LE(shared, max_shared) << "distinct states sharing a hash";
}

/// Alpha-beta configurations that must all return minimax's value.
inline std::vector<std::pair<std::string, AlphaBetaSettings>> exact_configurations(int depth) {
  std::vector<std::pair<std::string, AlphaBetaSettings>> out;
  AlphaBetaSettings plain;
  plain.depth = depth;
  plain.iterative_deepening = false;
  plain.table = false;
  plain.table_move = false;
  plain.hints = false;
  plain.killers = false;
  plain.history = false;
  plain.pvs = false;
  plain.aspiration = false;
  plain.quiescence = false;
  out.emplace_back("plain", plain);
  AlphaBetaSettings ordered = plain;
  ordered.hints = ordered.killers = ordered.history = ordered.pvs = true;
  out.emplace_back("ordering+pvs", ordered);
  AlphaBetaSettings deepening = ordered;
  deepening.iterative_deepening = deepening.aspiration = true;
  deepening.aspiration_window = 3;
  out.emplace_back("deepening+aspiration", deepening);
  AlphaBetaSettings table = deepening;
  table.table = table.table_move = true;
  table.table_mib = 1;
  table.table_depth_rule = TableDepthRule::kExact;
  out.emplace_back("table(exact depth)", table);
  return out;
}

/// Alpha-beta returns minimax's value at `depth` from every one of `positions` (non-terminal
/// ones), whatever its options, and the plain version never visits more nodes than minimax.
template <Game G>
void check_alphabeta_matches_minimax(const std::vector<G>& positions, int depth) {
  int checked = 0;
  for (const G& g : positions) {
    if (g.is_terminal()) continue;
    Minimax<G> minimax({depth});
    const auto reference = minimax.search(g);
    for (const auto& [name, settings] : exact_configurations(depth)) {
      AlphaBeta<G> ab(settings);
      const auto r = ab.search(g);
      ASSERT_EQ(r.value, reference.value) << name << " differs from minimax at depth " << depth;
      ASSERT_TRUE(r.has_move) << name;
      if (name == "plain") {
        ASSERT_LE(r.stats.nodes, reference.stats.nodes)
            << "alpha-beta visited more nodes than minimax";
      }
      // The move returned is worth the value: minimax after it gives the same value.
      if (depth > 1 && !is_proven(r.value)) {
        Minimax<G> check({depth - 1});
        ASSERT_EQ(-check.search(after(g, r.move)).value, reference.value)
            << name << ": chosen move not optimal";
      }
    }
    ++checked;
  }
  EXPECT_GT(checked, 0);
}

}  // namespace evoplay::search::conformance
