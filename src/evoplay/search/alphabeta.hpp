#pragma once
// Alpha-beta search: fail-soft negamax with a transposition table, move ordering (table move,
// game hints, killer moves, history heuristic: move_order.hpp), principal variation search,
// iterative deepening under soft and hard time limits with aspiration windows, quiescence
// search, and win-distance scores; settings in alphabeta_settings.hpp. Also an exact solver
// driver: null-window probes that narrow the value interval, on one thread or several sharing
// the table (defined in alphabeta_solve.hpp; see shared_search.hpp).
//
// Negamax and the minimax document's max-value/min-value pair compute the same thing: a MIN
// node minimising the value for MAX is a node maximising the negated value for its own side,
// because the game is zero-sum (evaluate(MIN) = -evaluate(MAX)). So one function, called with
// the window negated and swapped (-beta, -alpha), plays both roles; "v >= beta: return" in
// max-value and "v <= alpha: return" in min-value are the same cut-off seen from either side.
// See docs/search.md.

#include <algorithm>
#include <array>
#include <cassert>
#include <cstdint>
#include <functional>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <thread>
#include <utility>
#include <vector>

#include "evoplay/search/alphabeta_settings.hpp"
#include "evoplay/search/deadline.hpp"
#include "evoplay/search/game.hpp"
#include "evoplay/search/move_order.hpp"
#include "evoplay/search/policy.hpp"
#include "evoplay/search/result.hpp"
#include "evoplay/search/shared_search.hpp"
#include "evoplay/search/table.hpp"

namespace evoplay::search {

template <Game G, class P = DefaultPolicy<G>>
requires SearchPolicy<P, G>
class AlphaBeta {
 public:
  using Move = typename G::Move;

  explicit AlphaBeta(AlphaBetaSettings settings = {}, P policy = {})
      : settings_(settings),
        policy_(std::move(policy)),
        own_table_(std::make_unique<TranspositionTable<Move>>(
            settings.table ? settings.table_mib : 0.0, settings.table_grows)),
        table_(own_table_.get()),
        frames_(std::make_unique<Frames>()) {}

  const AlphaBetaSettings& settings() const { return settings_; }
  /// Changes the time limits of the next searches (0 = none; soft 0 = half the hard limit).
  void set_time_limit(double seconds, double soft_seconds = 0) {
    settings_.seconds = seconds;
    settings_.soft_seconds = soft_seconds;
  }
  P& policy() { return policy_; }
  TranspositionTable<Move>& table() { return *table_; }
  const SearchStats& stats() const { return stats_; }

  /// Forgets what earlier searches learned (table, killers, history).
  void clear() {
    table_->clear();
    frames_->order.clear();
  }

  /// Searches `root` under the settings: iterative deepening up to `depth` plies (or one
  /// search at `depth`), stopping at the time limits. Returns the last complete iteration.
  SearchResult<Move> search(const G& root) {
    begin();
    SearchResult<Move> result;
    if (root.is_terminal()) {
      result.value = root.evaluate(root.to_move());
      result.seconds = deadline_.elapsed();
      return result;
    }
    const int first = settings_.iterative_deepening ? 1 : std::max(settings_.depth, 1);
    Score previous = 0;
    for (int d = first; d <= std::max(settings_.depth, 1); ++d) {
      if (d > first && deadline_.timed() && deadline_.elapsed() >= soft_) break;
      horizon_hit_ = false;
      Score v = 0;
      if (settings_.aspiration && d > first && !is_proven(previous)) {
        Score delta = std::max<Score>(settings_.aspiration_window, 1);
        Score lo = std::max(previous - delta, -kInfinity),
              hi = std::min(previous + delta, kInfinity);
        for (;;) {
          v = root_search(root, d, lo, hi);
          if (stopped()) break;
          if (v <= lo && lo > -kInfinity) {
            delta *= 4;
            lo = std::max(v - delta, -kInfinity);
          } else if (v >= hi && hi < kInfinity) {
            delta *= 4;
            hi = std::min(v + delta, kInfinity);
          } else {
            break;
          }
        }
      } else {
        v = root_search(root, d, -kInfinity, kInfinity);
      }
      if (stopped()) break;
      previous = v;
      record(result, root, v, d);
      // A proven result, or a tree searched to its end everywhere, does not change deeper.
      if (is_proven(v) || !horizon_hit_) break;
    }
    if (!result.has_move) fallback_move(result, root);
    result.stats = stats_;
    result.seconds = deadline_.elapsed();
    return result;
  }

  /// The exact value of `root` searched to `depth`, known to lie in [lo, hi], found by null-window
  /// probes ("is the value above x?") that halve the interval, trying values nearer zero first
  /// (draws and narrow results are the common case). With `want_move`, the result's move achieves
  /// the value (one more probe when no probe failed high). If the value lies outside [lo, hi],
  /// the bound it lies beyond is returned.
  SearchResult<Move> solve(const G& root, int depth, Score lo, Score hi, bool want_move = true);

  /// A move of `root` worth at least `target` at `depth` (a null-window search of each move the
  /// policy offers); false when the root is settled without moves or no move reaches it (then
  /// `move` is the policy's first move, or the first legal one).
  bool find_move(const G& root, int depth, Score target, Move& move);

  /// One fail-soft search of `root` to `depth` within (alpha, beta); for drivers and tests.
  Score search_window(const G& root, int depth, Score alpha, Score beta) {
    begin();
    return root_search(root, depth, alpha, beta);
  }
  /// Whether the last search stopped at its time limit (or, for a helper thread, was told to
  /// stop because another thread answered).
  bool stopped() const { return aborted_ || deadline_.expired(); }
  /// Nodes entered so far by the running (or last) search.
  std::uint64_t nodes() const { return stats_.nodes; }
  /// Where the time limits read the time (default: the steady clock); see Deadline.
  void set_clock(Clock clock) { deadline_.set_clock(std::move(clock)); }
  /// Stops the search soon after `*cancel` becomes true (its result is then the last complete
  /// iteration, or a fallback move); see Deadline.
  void set_cancel(const std::atomic<bool>* cancel) { deadline_.set_cancel(cancel); }
  /// Calls `beat(seconds since the search started)` from the searching thread about every
  /// `every` seconds while a search runs (empty: never): for a progress display, which may
  /// read nodes() and interval() from it.
  void set_heartbeat(std::function<void(double)> beat, double every) {
    deadline_.set_heartbeat(std::move(beat), every);
  }

  /// What solve() has proven so far (while it runs, or at its end: after a stop, the bounds
  /// it proved before): the value lies in [low, high]; `probe` is the value being tested.
  struct Interval {
    Score low = 0, high = 0, probe = 0;
  };
  const Interval& interval() const { return interval_; }

 private:
  static constexpr bool kUndo =
      UndoableGame<G> && !(std::is_trivially_copyable_v<G> && sizeof(G) <= 64);
  struct Frames {
    std::array<std::array<Move, kMaxPly + 1>, kMaxPly + 1> pv{};
    std::array<int, kMaxPly + 1> pv_len{};
    MoveOrder<G> order;
  };

  void begin() {
    stats_ = {};
    aborted_ = false;
    deadline_.start(settings_.seconds);
    soft_ = settings_.soft_seconds > 0 ? settings_.soft_seconds : settings_.seconds / 2;
    use_table_ = settings_.table;
    use_quiescence_ = settings_.quiescence;
    table_->new_search();
    frames_->order.age();
  }

  // A helper engine of a parallel solve(): the main engine's settings, policy, table and shared
  // state; no clock of its own (the main thread's stops everyone).
  AlphaBeta(const AlphaBeta& main, SharedSearch* shared)
      : settings_(main.settings_),
        policy_(main.policy_),
        table_(main.table_),
        frames_(std::make_unique<Frames>()),
        shared_(shared) {
    settings_.seconds = 0;
  }

  // One null-window probe "is the value above med?" of a solve(), on settings_.threads threads.
  // The calling thread starts alone; if the probe is still running after kHelpAfterNodes nodes,
  // the helpers join it (a small probe costs no thread). Every thread searches the whole probe;
  // the first to finish answers it (any finished search is exact) and stops the others. Their
  // counters add up in stats_.
  static constexpr std::uint64_t kHelpAfterNodes = 20000;

  Score probe(const G& root, int depth, Score med);

  // Called by the main thread, from its search, when the probe has lasted kHelpAfterNodes.
  void start_helpers();

  // A thread's search of the probe ended: the first complete one answers it; everyone stops.
  void finish(int who, Score v, bool stopped_early);

  Score root_search(const G& root, int depth, Score alpha, Score beta) {
    has_root_move_ = false;
    G g = root;
    return node<true>(g, depth, alpha, beta, 0);
  }

  // Whether a table entry may settle a node searched to `wanted`: under the usual rule, an entry
  // searched as deep or solved (searched to the end everywhere: it holds at any depth); under
  // the exact rule, only an unsolved entry of that very depth.
  bool depth_ok(const typename TranspositionTable<Move>::Entry& e, int wanted) const {
    if (settings_.table_depth_rule == TableDepthRule::kExact)
      return !e.solved() && e.depth == wanted;
    return e.solved() || e.depth >= wanted;
  }
  static Score to_table(Score v, int ply) {
    if (is_win_score(v)) return v + ply;
    if (is_loss_score(v)) return v - ply;
    return v;
  }
  static Score from_table(Score v, int ply) {
    if (is_win_score(v)) return v - ply;
    if (is_loss_score(v)) return v + ply;
    return v;
  }

  // The table key of `g` (the policy's: a position and its mirror image may share one).
  std::uint64_t key_of(const G& g) const {
    bool mirrored = false;
    return policy_.table_key(g, mirrored);
  }

  std::uint64_t hash_after(G& g, const Move& m) {
    if constexpr (kUndo) {
      g.play(m);
      const std::uint64_t h = key_of(g);
      g.undo(m);
      return h;
    } else {
      return key_of(after(g, m));
    }
  }

  template <class Fn>
  Score with_move(G& g, const Move& m, Fn&& fn) {
    if constexpr (kUndo) {
      g.play(m);
      const Score v = fn(g);
      g.undo(m);
      return v;
    } else {
      G child = g;
      child.play(m);
      return fn(child);
    }
  }

  // The start of every node: count it, check the clock (when due: see Deadline), let the policy
  // settle it. True when the node's value is known (`value`; 0 after a stop). After a stop every
  // node returns at once, and nothing is stored in the table on the way back up.
  bool enter(const G& g, int ply, Score& alpha, Score& beta, typename P::Node& info, Score& value) {
    ++stats_.nodes;
    frames_->pv_len[static_cast<std::size_t>(ply)] = 0;
    value = 0;
    if (deadline_.tick()) return true;
    if (help_at_ != 0 && stats_.nodes >= help_at_) start_helpers();
    if (shared_ && shared_->stopping()) {
      aborted_ = true;
      return true;
    }
    if (policy_.settle(g, ply, alpha, beta, info, value)) {
      ++stats_.leaves;
      return true;
    }
    return false;
  }

  template <bool kRoot>
  Score node(G& g, int depth, Score alpha, Score beta, int ply) {
    typename P::Node info{};
    Score value = 0;
    if (enter(g, ply, alpha, beta, info, value)) return value;
    if (depth <= 0 || ply >= kMaxPly - 1) return leaf(g, alpha, beta, ply, 0);

    const bool pv_node = beta - alpha > 1;
    std::uint64_t key = 0;
    bool mirrored = false;
    Move table_move{};
    bool has_table_move = false;
    if (use_table_) {
      key = policy_.table_key(g, mirrored);
      ++stats_.tt_probes;
      if (const auto e = table_->probe(key)) {
        ++stats_.tt_hits;
        if (e->has_move() && settings_.table_move) {
          table_move = policy_.table_move(e->move, mirrored);
          has_table_move = true;
        }
        if (!kRoot && depth_ok(*e, depth)) {
          const Score v = from_table(e->value, ply);
          // An entry that was not searched to the end stands for leaves at the horizon.
          const bool horizon = !e->solved();
          switch (e->bound()) {
            case Bound::kExact:
              horizon_hit_ = horizon_hit_ || horizon;
              return v;
            case Bound::kLower:
              if (v >= beta) {
                horizon_hit_ = horizon_hit_ || horizon;
                return v;
              }
              alpha = std::max(alpha, v);
              break;
            case Bound::kUpper:
              if (v <= alpha) {
                horizon_hit_ = horizon_hit_ || horizon;
                return v;
              }
              beta = std::min(beta, v);
              break;
            case Bound::kNone:
              break;
          }
        }
      }
    }

    ScoredMovesOf<G> moves;
    policy_.moves(g, std::as_const(info), moves);
    if (moves.empty()) {  // only a policy that forgot to settle a node can get here
      ++stats_.leaves;
      return policy_.evaluate(g);
    }
    order(g, moves, ply, has_table_move, table_move);
    if constexpr (!kUndo) {
      // Start loading the children's table buckets now: the first child's load overlaps with
      // this node's remaining work, the others' with the first child's search.
      if (use_table_ && settings_.prefetch) {
        for (const auto& sm : moves) table_->prefetch(key_of(after(g, sm.move)));
      }
    }

    if (!kRoot && use_table_ && settings_.enhanced_cutoffs &&
        depth >= settings_.enhanced_cutoff_depth) {
      if (const auto v = enhanced_cutoff(g, moves, depth, beta, ply, key, mirrored)) return *v;
    }

    const bool outer_horizon = horizon_hit_;
    horizon_hit_ = false;
    const Score alpha0 = alpha;
    Score best = -kInfinity;
    Move best_move = moves[0].move;
    // In a parallel solve, after the first move, a move whose position another thread is
    // searching waits for a second pass, by when the table may know it: the threads split the
    // remaining moves of the node between them. (First moves are not marked: nobody defers one.)
    const bool split =
        shared_ != nullptr && depth >= settings_.split_depth && ply <= settings_.split_ply;
    MoveList<Move, G::kMaxMoves> deferred;
    int searched = 0;
    for (int i = 0, n = moves.size();; ++i) {
      Move m;
      std::uint64_t child_hash = 0;
      if (i < n) {
        m = moves[i].move;
        if (split && searched > 0) {
          child_hash = hash_after(g, m);
          if (shared_->busy(child_hash)) {
            deferred.push_back(m);
            continue;
          }
        }
      } else if (i - n < deferred.size()) {
        m = deferred[i - n];
        child_hash = hash_after(g, m);
      } else {
        break;
      }
      const bool first = searched++ == 0;
      const bool mark = split && !first;
      if (mark) shared_->enter(child_hash);
      const Score v = with_move(g, m, [&](G& child) {
        if (first || !pv_node || !settings_.pvs) {
          return -node<false>(child, depth - 1, -beta, -alpha, ply + 1);
        }
        Score s = -node<false>(child, depth - 1, -alpha - 1, -alpha, ply + 1);
        if (s > alpha && s < beta && !stopped())
          s = -node<false>(child, depth - 1, -beta, -alpha, ply + 1);
        return s;
      });
      if (mark) shared_->leave(child_hash);
      if (stopped()) return 0;
      if (v > best) {
        best = v;
        best_move = m;
        if constexpr (kRoot) {
          root_move_ = m;
          has_root_move_ = true;
        }
        if (v > alpha) {
          if (pv_node || kRoot) update_pv(ply, m);
          if (v >= beta) {
            ++stats_.cutoffs;
            frames_->order.note_cutoff(settings_, g, m, ply, depth,
                                       has_table_move && m == table_move);
            break;
          }
          alpha = v;
        }
      }
    }

    const bool solved = !horizon_hit_;
    horizon_hit_ = horizon_hit_ || outer_horizon;
    if (use_table_) {
      const Bound bound = best >= beta    ? Bound::kLower
                          : best > alpha0 ? Bound::kExact
                                          : Bound::kUpper;
      const Move stored_move = policy_.table_move(best_move, mirrored);
      table_->store(key, to_table(best, ply), depth, bound, &stored_move, solved);
    }
    return best;
  }

  // Enhanced transposition cutoff (Plaat et al. 1996): before searching any move, look up the
  // children; one whose stored upper bound already gives this node a value >= beta settles it
  // (stored as a lower bound with that move). The value, or nothing when no child does.
  std::optional<Score> enhanced_cutoff(G& g, const ScoredMovesOf<G>& moves, int depth, Score beta,
                                       int ply, std::uint64_t key, bool mirrored) {
    for (const auto& sm : moves) {
      const auto e = table_->probe(hash_after(g, sm.move));
      if (!e || !depth_ok(*e, depth - 1)) continue;
      if (e->bound() != Bound::kUpper && e->bound() != Bound::kExact) continue;
      const Score v = -from_table(e->value, ply + 1);
      if (v < beta) continue;
      horizon_hit_ = horizon_hit_ || !e->solved();
      ++stats_.cutoffs;
      ++stats_.enhanced_cutoffs;
      const Move stored_move = policy_.table_move(sm.move, mirrored);
      table_->store(key, to_table(v, ply), depth, Bound::kLower, &stored_move, e->solved());
      return v;
    }
    return std::nullopt;
  }

  // A node at the depth limit: its evaluation, or quiescence search over its noisy moves.
  Score leaf(G& g, Score alpha, Score beta, int ply, int qdepth) {
    ++stats_.leaves;
    horizon_hit_ = true;
    const Score stand = policy_.evaluate(g);
    if (!use_quiescence_ || stand >= beta || qdepth >= settings_.quiescence_depth ||
        ply >= kMaxPly - 1) {
      return stand;
    }
    ScoredMovesOf<G> moves;
    policy_.noisy_moves(g, moves);
    if (moves.empty()) return stand;
    order(g, moves, ply, false, Move{});
    Score best = stand;
    alpha = std::max(alpha, stand);
    for (const auto& sm : moves) {
      const Score v = with_move(g, sm.move, [&](G& child) {
        return -quiet_node(child, -beta, -alpha, ply + 1, qdepth + 1);
      });
      if (stopped()) return 0;
      if (v > best) {
        best = v;
        if (v > alpha) {
          if (v >= beta) {
            ++stats_.cutoffs;
            break;
          }
          alpha = v;
        }
      }
    }
    return best;
  }

  Score quiet_node(G& g, Score alpha, Score beta, int ply, int qdepth) {
    typename P::Node info{};
    Score value = 0;
    if (enter(g, ply, alpha, beta, info, value)) return value;
    return leaf(g, alpha, beta, ply, qdepth);
  }

  void order(const G& g, ScoredMovesOf<G>& moves, int ply, bool has_table_move,
             const Move& table_move) const {
    frames_->order.order(settings_, g, moves, ply, has_table_move, table_move);
  }

  void update_pv(int ply, const Move& m) {
    Frames& f = *frames_;
    const auto p = static_cast<std::size_t>(ply);
    f.pv[p][0] = m;
    const int child_len = ply + 1 <= kMaxPly ? f.pv_len[p + 1] : 0;
    for (int i = 0; i < child_len; ++i)
      f.pv[p][static_cast<std::size_t>(i + 1)] = f.pv[p + 1][static_cast<std::size_t>(i)];
    f.pv_len[p] = child_len + 1;
  }

  // Copies the last root search into `result`, extending the principal variation with the
  // table's best moves where the search cut it short.
  void record(SearchResult<Move>& result, const G& root, Score v, int depth) {
    result.value = v;
    result.depth = depth;
    result.has_move = has_root_move_;
    result.move = root_move_;
    result.pv.clear();
    if (!has_root_move_) return;
    const Frames& f = *frames_;
    G g = root;
    for (int i = 0; i < f.pv_len[0]; ++i) {
      result.pv.push_back(f.pv[0][static_cast<std::size_t>(i)]);
      g.play(result.pv.back());
    }
    if (result.pv.empty() || result.pv.front() != root_move_) {
      result.pv = {root_move_};
      g = after(root, root_move_);
    }
    while (use_table_ && static_cast<int>(result.pv.size()) < depth && !g.is_terminal()) {
      bool mirrored = false;
      const auto e = table_->probe(policy_.table_key(g, mirrored));
      if (!e || !e->has_move()) break;
      const Move m = policy_.table_move(e->move, mirrored);
      MovesOf<G> legal;
      g.legal_moves(legal);
      if (!legal.contains(m)) break;
      result.pv.push_back(m);
      g.play(m);
    }
  }

  void fallback_move(SearchResult<Move>& result, const G& root) {
    if (has_root_move_) {  // the interrupted first iteration's best so far
      result.move = root_move_;
    } else {
      ScoredMovesOf<G> moves;
      typename P::Node info{};
      Score a = -kInfinity, b = kInfinity, v = 0;
      if (!policy_.settle(root, 0, a, b, info, v)) policy_.moves(root, std::as_const(info), moves);
      if (moves.empty()) {
        MovesOf<G> legal;
        root.legal_moves(legal);
        if (legal.empty()) return;
        result.move = legal[0];
      } else {
        result.move = moves[0].move;
      }
    }
    result.has_move = true;
    result.pv = {result.move};
  }

  AlphaBetaSettings settings_;
  P policy_;
  std::unique_ptr<TranspositionTable<Move>> own_table_;  // none in a helper
  TranspositionTable<Move>* table_;
  std::unique_ptr<Frames> frames_;
  SearchStats stats_;
  Deadline deadline_;
  double soft_ = 0;
  bool use_table_ = true;
  bool use_quiescence_ = true;
  bool horizon_hit_ = false;
  bool has_root_move_ = false;
  Move root_move_{};
  // Parallel solve(): the shared state (owned by the main engine) and the helper engines.
  SharedSearch* shared_ = nullptr;
  std::unique_ptr<SharedSearch> shared_owner_;
  std::vector<std::unique_ptr<AlphaBeta>> helpers_;
  std::vector<std::thread> helper_threads_;
  struct Probe {
    const G* root = nullptr;
    int depth = 0;
    Score med = 0;
    std::vector<Score> values;  // by thread: 0 the main one
  };
  Probe probe_;
  std::uint64_t help_at_ = 0;  // main thread: node count at which the helpers join (0: never)
  bool aborted_ = false;
  Interval interval_;
};

}  // namespace evoplay::search

#include "evoplay/search/alphabeta_solve.hpp"  // the exact solver driver's definitions
