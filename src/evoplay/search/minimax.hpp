#pragma once
// Plain depth-limited minimax, written as the minimax document's pseudocode: max-value and
// min-value functions that call each other, values always from MAX's view (MAX is the side to
// move at the root), no pruning, no table. It is slow on purpose: it is the reference that
// alpha-beta must agree with at equal depth. With a time limit it deepens iteratively (depth 1,
// 2, ...) like alpha-beta, so that the two can be compared at the same time budget.

#include <vector>

#include "evoplay/search/deadline.hpp"
#include "evoplay/search/game.hpp"
#include "evoplay/search/result.hpp"

namespace evoplay::search {

struct MinimaxSettings {
  int depth = 4;  // plies; at the limit a position is valued by the game's evaluation
  // Time limit: iterative deepening to `depth` at most, no new iteration after half of it, the
  // running one abandoned just before the limit (see Deadline); returns the deepest complete
  // iteration (0 = no limit: one search at `depth`).
  double seconds = 0;
};

template <Game G>
class Minimax {
 public:
  using Move = typename G::Move;

  explicit Minimax(MinimaxSettings settings = {}) : settings_(settings) {}

  /// Nodes entered so far by the running (or last) search.
  std::uint64_t nodes() const { return stats_.nodes; }
  /// Where the time limit reads the time (default: the steady clock); see Deadline.
  void set_clock(Clock clock) { deadline_.set_clock(std::move(clock)); }
  /// Stops the search soon after `*cancel` becomes true; see Deadline.
  void set_cancel(const std::atomic<bool>* cancel) { deadline_.set_cancel(cancel); }

  SearchResult<Move> search(const G& root) {
    stats_ = {};
    deadline_.start(settings_.seconds);
    max_player_ = root.to_move();
    SearchResult<Move> result;
    const bool timed = deadline_.timed();
    for (int d = timed ? 1 : settings_.depth; d <= settings_.depth; ++d) {
      if (d > 1 && timed && deadline_.elapsed() >= settings_.seconds / 2) break;
      depth_ = d;
      // A time limit lets the first iteration complete; a cancel stops any iteration.
      check_time_ = deadline_.watching() && (d > 1 || deadline_.cancelled() || !timed);
      horizon_ = false;
      const Line line = max_value(root, d);
      if (deadline_.expired()) break;
      result.value = line.value;
      result.depth = d;
      result.pv = line.moves;
      result.has_move = !line.moves.empty();
      if (result.has_move) result.move = line.moves.front();
      if (!horizon_) break;  // the whole tree was searched: deeper changes nothing
    }
    result.stats = stats_;
    result.seconds = deadline_.elapsed();
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
      horizon_ = true;
      out.value = g.evaluate(max_player_);
      return true;
    }
    return false;
  }
  int ply_of(int depth) const { return depth_ - depth; }

  // Counts a node; true when the time is up (the iteration is then abandoned).
  bool enter() {
    ++stats_.nodes;
    return check_time_ && deadline_.tick();
  }

  Line max_value(const G& g, int depth) {
    Line best;
    if (enter() || cut_off(g, depth, best)) return best;
    best.value = -kInfinity;
    MovesOf<G> moves;
    g.legal_moves(moves);
    for (const auto& m : moves) {
      Line line = min_value(after(g, m), depth - 1);
      if (deadline_.expired()) return best;
      if (best.value < line.value) {
        best.value = line.value;
        best.moves.assign(1, m);
        best.moves.insert(best.moves.end(), line.moves.begin(), line.moves.end());
      }
    }
    return best;
  }

  Line min_value(const G& g, int depth) {
    Line best;
    if (enter() || cut_off(g, depth, best)) return best;
    best.value = kInfinity;
    MovesOf<G> moves;
    g.legal_moves(moves);
    for (const auto& m : moves) {
      Line line = max_value(after(g, m), depth - 1);
      if (deadline_.expired()) return best;
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
  Deadline deadline_;
  int max_player_ = 0;
  int depth_ = 0;            // of the running iteration
  bool check_time_ = false;  // the running iteration may be abandoned
  bool horizon_ = false;
};

}  // namespace evoplay::search
