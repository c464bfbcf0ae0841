#pragma once
// Monte Carlo tree search: UCT (UCB1 applied to trees) with uniformly random playouts.
//
// A different kind of bot: no evaluation function, only the rules and the result of random games.
// Each iteration walks down the tree choosing the child with the best upper confidence bound
// (mean reward + c * sqrt(ln N / n)), adds the children of the leaf it reaches once that leaf has
// been visited, plays one random game from there, and credits the result (1 win, 0.5 draw, 0 loss)
// to every node on the way back, from the view of the side that made the node's move. The move
// played is the root child visited most. Reproducible from the random stream when limited by
// iterations; a time limit makes it depend on the machine's speed. Under a time limit the clock
// is read every few iterations (see Deadline), and the tree's nodes live in fixed blocks, so that
// growing it never copies it (a copy of a large tree takes milliseconds and could overrun).

#include <cmath>
#include <cstdint>
#include <functional>
#include <memory>
#include <vector>

#include "evoplay/core/rng.hpp"
#include "evoplay/search/deadline.hpp"
#include "evoplay/search/game.hpp"
#include "evoplay/search/result.hpp"

namespace evoplay::search {

struct MctsSettings {
  std::uint64_t iterations = 10000;  // 0 = unlimited (then `seconds` must be set)
  double seconds = 0;                // 0 = no time limit
  double exploration = 1.4142135623730951;
  int playout_limit = 1000;           // plies; beyond, a playout is judged by the evaluation's sign
  std::size_t max_nodes = 4'000'000;  // the tree stops growing at this size
};

template <Game G>
class Mcts {
 public:
  using Move = typename G::Move;

  explicit Mcts(MctsSettings settings = {}) : settings_(settings) {}

  /// Where the time limit reads the time (default: the steady clock); see Deadline.
  void set_clock(Clock clock) { clock_ = std::move(clock); }
  /// Stops the search soon after `*cancel` becomes true; see Deadline.
  void set_cancel(const std::atomic<bool>* cancel) { cancel_ = cancel; }
  /// Judges a new leaf by `value(state)`, player 0's expected result in [0, 1] (1 win, 0.5
  /// draw), instead of a random playout (an empty function: playouts again). Finished games are
  /// still judged by their result.
  void set_leaf_value(std::function<double(const G&)> value) { leaf_value_ = std::move(value); }

  /// A child of the root after the last search: its move, its visits (the children's visits
  /// sum to the iterations run) and its summed reward from the view of the side to move at the
  /// root.
  struct RootChild {
    Move move{};
    double visits = 0;
    double reward = 0;
  };
  /// The root's children after the last search, in the order they were expanded (empty when
  /// the root was over).
  std::vector<RootChild> root_children() const {
    std::vector<RootChild> out;
    if (nodes_.size() == 0) return out;
    const Node& top = nodes_[0];
    for (int c = top.first_child; c < top.first_child + top.children; ++c) {
      out.push_back({nodes_[c].move, nodes_[c].visits, nodes_[c].reward});
    }
    return out;
  }

  SearchResult<Move> search(const G& root, Rng& rng) {
    Deadline deadline;
    deadline.set_clock(clock_);
    deadline.set_cancel(cancel_);
    deadline.start(settings_.seconds);
    SearchResult<Move> result;
    stats_ = {};
    nodes_.clear();
    nodes_.push_back(Node{});
    if (root.is_terminal()) {
      result.value = root.evaluate(root.to_move());
      result.seconds = deadline.elapsed();
      return result;
    }
    expand(0, root, rng);
    std::vector<int> path;
    for (std::uint64_t it = 0;; ++it) {
      if (settings_.iterations > 0 && it >= settings_.iterations) break;
      if (deadline.tick()) break;
      if (settings_.iterations == 0 && settings_.seconds <= 0) break;
      iterate(root, rng, path);
    }
    const Node& top = nodes_[0];
    int best = -1;
    for (int c = top.first_child; c < top.first_child + top.children; ++c) {
      if (best < 0 || nodes_[c].visits > nodes_[best].visits) best = c;
    }
    const Node& chosen = nodes_[best];
    result.move = chosen.move;
    result.has_move = true;
    const double mean = chosen.visits > 0 ? chosen.reward / chosen.visits : 0.5;
    result.value = static_cast<Score>(std::lround(1000.0 * (2.0 * mean - 1.0)));
    result.depth = 1;
    for (int n = best; n >= 0;) {  // principal variation: most visited children
      const Node& node = nodes_[n];
      result.pv.push_back(node.move);
      int next = -1;
      for (int c = node.first_child; c < node.first_child + node.children; ++c) {
        if (nodes_[c].visits > 0 && (next < 0 || nodes_[c].visits > nodes_[next].visits)) {
          next = c;
        }
      }
      n = next;
    }
    stats_.nodes = static_cast<std::uint64_t>(nodes_.size());
    result.stats = stats_;
    result.seconds = deadline.elapsed();
    return result;
  }

 private:
  struct Node {
    Move move{};
    int first_child = -1;
    int children = 0;
    int mover = 0;  // the side that played `move`
    bool expanded = false;
    double visits = 0;
    double reward = 0;  // summed rewards, from the mover's view
  };

  void expand(int index, const G& g, Rng& rng) {
    MovesOf<G> moves;
    g.legal_moves(moves);
    rng.shuffle(std::span(moves.begin(), static_cast<std::size_t>(moves.size())));
    const int first = nodes_.size();
    for (const auto& m : moves) {
      Node child;
      child.move = m;
      child.mover = g.to_move();
      nodes_.push_back(child);
    }
    Node& n = nodes_[index];
    n.first_child = first;
    n.children = moves.size();
    n.expanded = true;
  }

  int select(int index) const {
    const Node& n = nodes_[index];
    const double log_n = std::log(std::max(n.visits, 1.0));
    int best = n.first_child;
    double best_ucb = -1;
    for (int c = n.first_child; c < n.first_child + n.children; ++c) {
      const Node& child = nodes_[c];
      if (child.visits == 0) return c;  // every child once first (children are shuffled)
      const double ucb =
          child.reward / child.visits + settings_.exploration * std::sqrt(log_n / child.visits);
      if (ucb > best_ucb) {
        best_ucb = ucb;
        best = c;
      }
    }
    return best;
  }

  void iterate(const G& root, Rng& rng, std::vector<int>& path) {
    G g = root;
    path.assign(1, 0);
    int index = 0;
    while (nodes_[index].expanded && nodes_[index].children > 0) {
      index = select(index);
      g.play(nodes_[index].move);
      path.push_back(index);
    }
    if (!g.is_terminal() && nodes_[index].visits > 0 &&
        static_cast<std::size_t>(nodes_.size()) < settings_.max_nodes) {
      expand(index, g, rng);
      index = select(index);
      g.play(nodes_[index].move);
      path.push_back(index);
    }
    const double reward0 = leaf_value_ && !g.is_terminal() ? leaf_value_(g) : playout(g, rng);
    for (int n : path) {
      Node& node = nodes_[n];
      node.visits += 1;
      node.reward += node.mover == 0 ? reward0 : 1.0 - reward0;
    }
  }

  // Plays random moves to the end; the result for player 0 (1 win, 0.5 draw, 0 loss).
  double playout(G g, Rng& rng) {
    ++stats_.leaves;
    MovesOf<G> moves;
    for (int plies = 0; !g.is_terminal() && plies < settings_.playout_limit; ++plies) {
      moves.clear();
      g.legal_moves(moves);
      g.play(moves[static_cast<int>(rng.index(static_cast<std::size_t>(moves.size())))]);
    }
    const Score v = g.evaluate(0);
    return v > 0 ? 1.0 : v < 0 ? 0.0 : 0.5;
  }

  // The tree's nodes by index, in blocks of 2^16 that stay where they are as the tree grows;
  // clear() keeps the blocks for the next search.
  class NodeStore {
   public:
    Node& operator[](int i) { return blocks_[block(i)][slot(i)]; }
    const Node& operator[](int i) const { return blocks_[block(i)][slot(i)]; }
    int size() const { return size_; }
    void clear() { size_ = 0; }
    void push_back(const Node& n) {
      if (block(size_) == blocks_.size()) blocks_.push_back(std::make_unique<Node[]>(kBlock));
      (*this)[size_++] = n;
    }

   private:
    static constexpr int kShift = 16;
    static constexpr std::size_t kBlock = std::size_t{1} << kShift;
    static std::size_t block(int i) { return static_cast<std::size_t>(i) >> kShift; }
    static std::size_t slot(int i) { return static_cast<std::size_t>(i) & (kBlock - 1); }

    std::vector<std::unique_ptr<Node[]>> blocks_;
    int size_ = 0;
  };

  MctsSettings settings_;
  SearchStats stats_;
  Clock clock_;
  const std::atomic<bool>* cancel_ = nullptr;
  std::function<double(const G&)> leaf_value_;
  NodeStore nodes_;
};

}  // namespace evoplay::search
