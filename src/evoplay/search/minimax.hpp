#pragma once
// Plain depth-limited minimax, written as the minimax document's pseudocode: max-value and
// min-value functions that call each other, values always from MAX's view (MAX is the side to
// move at the root), no pruning, no table. It is slow on purpose: it is the reference that
// alpha-beta must agree with at equal depth.

#include <vector>

#include "evoplay/core/stopwatch.hpp"
#include "evoplay/search/game.hpp"
#include "evoplay/search/result.hpp"

namespace evoplay::search {

struct MinimaxSettings {
  int depth = 4;  // plies; at the limit a position is valued by the game's evaluation
};

template <Game G>
class Minimax {
 public:
  using Move = typename G::Move;

  explicit Minimax(MinimaxSettings settings = {}) : settings_(settings) {}

  SearchResult<Move> search(const G& root) {
    Stopwatch clock;
    stats_ = {};
    max_player_ = root.to_move();
    SearchResult<Move> result;
    const Line line = max_value(root, settings_.depth);
    result.value = line.value;
    result.depth = settings_.depth;
    result.pv = line.moves;
    result.has_move = !line.moves.empty();
    if (result.has_move) result.move = line.moves.front();
    result.stats = stats_;
    result.seconds = clock.seconds();
    return result;
  }

 private:
  // A value and the moves that lead to it (the principal variation from this node).
  struct Line {
    Score value = 0;
    std::vector<Move> moves;
  };

  // test-terminal, extended with the depth limit (the document's "test-limite").
  bool cut_off(const G& g, int depth, Line& out) {
    if (g.is_terminal()) {
      ++stats_.leaves;
      out.value = at_ply(g.evaluate(max_player_), ply_of(depth));
      return true;
    }
    if (depth <= 0) {
      ++stats_.leaves;
      out.value = g.evaluate(max_player_);
      return true;
    }
    return false;
  }
  int ply_of(int depth) const { return settings_.depth - depth; }

  Line max_value(const G& g, int depth) {
    ++stats_.nodes;
    Line best;
    if (cut_off(g, depth, best)) return best;
    best.value = -kInfinity;
    MovesOf<G> moves;
    g.legal_moves(moves);
    for (const auto& m : moves) {
      Line line = min_value(after(g, m), depth - 1);
      if (best.value < line.value) {
        best.value = line.value;
        best.moves.assign(1, m);
        best.moves.insert(best.moves.end(), line.moves.begin(), line.moves.end());
      }
    }
    return best;
  }

  Line min_value(const G& g, int depth) {
    ++stats_.nodes;
    Line best;
    if (cut_off(g, depth, best)) return best;
    best.value = kInfinity;
    MovesOf<G> moves;
    g.legal_moves(moves);
    for (const auto& m : moves) {
      Line line = max_value(after(g, m), depth - 1);
      if (best.value > line.value) {
        best.value = line.value;
        best.moves.assign(1, m);
        best.moves.insert(best.moves.end(), line.moves.begin(), line.moves.end());
      }
    }
    return best;
  }

  MinimaxSettings settings_;
  SearchStats stats_;
  int max_player_ = 0;
};

}  // namespace evoplay::search
