#pragma once
// Alpha-beta search: fail-soft negamax with a transposition table, move ordering (table move,
// game hints, killer moves, history heuristic), principal variation search, iterative deepening
// under soft and hard time limits with aspiration windows, quiescence search, and win-distance
// scores. Also an exact solver driver: null-window probes that narrow the value interval, on
// one thread or several sharing the table (see shared_search.hpp).
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
#include <memory>
#include <nlohmann/json.hpp>
#include <thread>
#include <utility>
#include <vector>

#include "evoplay/search/deadline.hpp"
#include "evoplay/search/game.hpp"
#include "evoplay/search/policy.hpp"
#include "evoplay/search/result.hpp"
#include "evoplay/search/shared_search.hpp"
#include "evoplay/search/table.hpp"

namespace evoplay::search {

/// Which table entries may settle a node searched to `depth`: any entry searched at least as
/// deep (the usual rule), or only entries of exactly that depth (then alpha-beta returns the
/// depth-limited minimax value exactly, which the tests compare).
enum class TableDepthRule { kAtLeast, kExact };

struct AlphaBetaSettings {
  int depth = 64;  // deepest iteration (plies)
  // Time limit: the search returns within it (it stops at the limit minus min(5 ms, 10%) and
  // returns the last complete iteration); 0 = none.
  double seconds = 0;
  double soft_seconds = 0;  // start no new iteration after this (0 = half the limit)
  bool iterative_deepening = true;
  bool table = true;  // transposition table
  double table_mib = 16;
  // The table starts small and grows as it fills (TranspositionTable): for runs of searches
  // that clear it each time (an exact solver over many positions). Off for time-limited play,
  // where a growth step would land in the middle of a move.
  bool table_grows = false;
  TableDepthRule table_depth_rule = TableDepthRule::kAtLeast;
  bool table_move = true;  // search the table's best move first
  bool prefetch = true;    // load the children's table entries ahead (copy-make games)
  bool hints = true;       // the policy's ordering hints
  bool killers = true;     // two killer moves per ply
  bool history = true;     // history heuristic (games with move_index)
  bool pvs = true;         // principal variation search (null windows after the first move)
  bool aspiration = true;  // aspiration windows around the previous iteration's value
  Score aspiration_window = 50;
  bool quiescence = true;  // follow noisy moves beyond the depth limit (games that have them)
  int quiescence_depth = 16;
  // Threads of solve() (the exact driver; search() uses one): every probe runs on each thread
  // over the shared table and the first thread to finish answers it. At nodes searched to at
  // least `split_depth` plies and at most `split_ply` plies from the root, a thread defers the
  // moves another is searching (measured on Connect Four's early positions: splitting near the
  // root alone does as well as splitting everywhere, and costs less).
  int threads = 1;
  int split_depth = 2;
  int split_ply = 3;
};

nlohmann::json to_json(const AlphaBetaSettings& settings);

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
    frames_->killers = {};
    frames_->history = {};
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
  SearchResult<Move> solve(const G& root, int depth, Score lo, Score hi, bool want_move = true) {
    begin();
    SearchResult<Move> result;
    const Score floor = lo, ceiling = hi;
    bool have_move = false;
    Move best{};
    while (lo < hi && !stopped()) {
      Score med = lo + (hi - lo) / 2;
      if (med <= 0 && lo / 2 < med) {
        med = lo / 2;
      } else if (med >= 0 && hi / 2 > med) {
        med = hi / 2;
      }
      const Score r = probe(root, depth, med);
      if (stopped()) break;
      if (r <= med) {
        hi = r;
      } else {
        lo = r;
        if (has_root_move_) have_move = true, best = root_move_;
      }
    }
    if (want_move && !stopped() && !have_move) {  // no probe failed high with a move: look for one
      have_move = find_move(root, depth, std::clamp(lo, floor, ceiling), best);
    }
    result.value = std::clamp(lo, floor, ceiling);  // a fail-soft probe may overshoot the interval
    result.depth = stopped() ? 0 : depth;
    if (have_move) {
      result.move = best;
      result.has_move = true;
      result.pv = {best};
    }
    result.stats = stats_;
    result.seconds = deadline_.elapsed();
    return result;
  }

  /// A move of `root` worth at least `target` at `depth` (a null-window search of each move the
  /// policy offers); false when the root is settled without moves or no move reaches it (then
  /// `move` is the policy's first move, or the first legal one).
  bool find_move(const G& root, int depth, Score target, Move& move) {
    typename P::Node info{};
    Score a = -kInfinity, b = kInfinity, v = 0;
    ScoredMovesOf<G> moves;
    if (!policy_.settle(root, 0, a, b, info, v)) policy_.moves(root, std::as_const(info), moves);
    if (moves.empty()) {
      MovesOf<G> legal;
      root.legal_moves(legal);
      if (!legal.empty()) move = legal[0];
      return false;
    }
    order(root, moves, 0, false, Move{});
    move = moves[0].move;
    for (const auto& sm : moves) {
      G g = root;
      const Score r = with_move(g, sm.move, [&](G& child) {
        return -node<false>(child, depth - 1, -target, -target + 1, 1);
      });
      if (stopped()) return false;
      if (r >= target) {
        move = sm.move;
        return true;
      }
    }
    return false;
  }

  /// One fail-soft search of `root` to `depth` within (alpha, beta); for drivers and tests.
  Score search_window(const G& root, int depth, Score alpha, Score beta) {
    begin();
    return root_search(root, depth, alpha, beta);
  }
  /// The root move of the last search_window (if any).
  bool has_root_move() const { return has_root_move_; }
  Move root_move() const { return root_move_; }
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

 private:
  static constexpr bool kUndo =
      UndoableGame<G> && !(std::is_trivially_copyable_v<G> && sizeof(G) <= 64);
  static constexpr bool kHistory = HasMoveIndex<G>;
  static constexpr int kHistorySize = [] {
    if constexpr (HasMoveIndex<G>) {
      return G::kMoveIndices;
    } else {
      return 1;
    }
  }();

  struct Frames {
    std::array<std::array<Move, kMaxPly + 1>, kMaxPly + 1> pv{};
    std::array<int, kMaxPly + 1> pv_len{};
    std::array<std::array<Move, 2>, kMaxPly + 1> killers{};
    std::array<std::array<bool, 2>, kMaxPly + 1> has_killer{};
    std::array<std::array<std::uint32_t, kHistorySize>, 2> history{};
  };

  void begin() {
    stats_ = {};
    aborted_ = false;
    deadline_.start(settings_.seconds);
    soft_ = settings_.soft_seconds > 0 ? settings_.soft_seconds : settings_.seconds / 2;
    use_table_ = settings_.table;
    use_quiescence_ = settings_.quiescence;
    table_->new_search();
    for (auto& side : frames_->history) {
      for (auto& h : side) h /= 2;
    }
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

  Score probe(const G& root, int depth, Score med) {
    if (settings_.threads <= 1) return root_search(root, depth, med, med + 1);
    if (!shared_) {
      shared_owner_ = std::make_unique<SharedSearch>();
      shared_ = shared_owner_.get();
    }
    while (static_cast<int>(helpers_.size()) < settings_.threads - 1)
      helpers_.push_back(std::unique_ptr<AlphaBeta>(new AlphaBeta(*this, shared_)));
    shared_->reset();
    probe_.root = &root;
    probe_.depth = depth;
    probe_.med = med;
    probe_.values.assign(helpers_.size() + 1, 0);
    help_at_ = stats_.nodes + kHelpAfterNodes;
    const Score v = root_search(root, depth, med, med + 1);
    help_at_ = 0;
    finish(0, v, stopped());
    for (auto& t : helper_threads_) t.join();
    if (!helper_threads_.empty()) {
      for (const auto& h : helpers_) stats_ += h->stats_;
    }
    helper_threads_.clear();
    const int w = shared_->winner();
    if (w < 0) return v;  // nobody finished: the time limit (stopped() is true)
    aborted_ = false;
    if (w > 0) {
      const AlphaBeta& h = *helpers_[static_cast<std::size_t>(w - 1)];
      has_root_move_ = h.has_root_move_;
      root_move_ = h.root_move_;
    }
    return probe_.values[static_cast<std::size_t>(w)];
  }

  // Called by the main thread, from its search, when the probe has lasted kHelpAfterNodes.
  void start_helpers() {
    help_at_ = 0;
    table_->set_grows(false);  // threads share it: full size from now on, and no more growth
    for (std::size_t i = 0; i < helpers_.size(); ++i) {
      helper_threads_.emplace_back([this, i] {
        AlphaBeta& h = *helpers_[i];
        h.stats_ = {};
        h.aborted_ = false;
        h.deadline_.start(0);
        h.use_table_ = use_table_;
        h.use_quiescence_ = use_quiescence_;
        const Score v = h.root_search(*probe_.root, probe_.depth, probe_.med, probe_.med + 1);
        finish(static_cast<int>(i) + 1, v, h.stopped());
      });
    }
  }

  // A thread's search of the probe ended: the first complete one answers it; everyone stops.
  void finish(int who, Score v, bool stopped_early) {
    if (!stopped_early && shared_->claim(who)) probe_.values[static_cast<std::size_t>(who)] = v;
    shared_->stop();
  }

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

  std::uint64_t hash_after(G& g, const Move& m) {
    if constexpr (kUndo) {
      g.play(m);
      const std::uint64_t h = g.hash();
      g.undo(m);
      return h;
    } else {
      return after(g, m).hash();
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
    Move table_move{};
    bool has_table_move = false;
    if (use_table_) {
      key = g.hash();
      ++stats_.tt_probes;
      if (const auto e = table_->probe(key)) {
        ++stats_.tt_hits;
        if (e->has_move() && settings_.table_move) {
          table_move = e->move;
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
        for (const auto& sm : moves) table_->prefetch(after(g, sm.move).hash());
      }
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
            note_cutoff(g, m, ply, depth, has_table_move && m == table_move);
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
      table_->store(key, to_table(best, ply), depth, bound, &best_move, solved);
    }
    return best;
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

  // Sorts moves, best first: the table move, then by hint, then killers, then history.
  void order(const G& g, ScoredMovesOf<G>& moves, int ply, bool has_table_move,
             const Move& table_move) {
    const int n = moves.size();
    if (n < 2) return;
    std::array<std::int64_t, static_cast<std::size_t>(G::kMaxMoves)> keys;
    const Frames& f = *frames_;
    const auto p = static_cast<std::size_t>(ply);
    for (int i = 0; i < n; ++i) {
      const auto& sm = moves[i];
      std::int64_t k = 0;
      if (has_table_move && sm.move == table_move) k = std::int64_t{1} << 62;
      if (settings_.hints)
        k += (std::int64_t{std::clamp(sm.hint, -(1 << 20), 1 << 20)} + (1 << 20)) << 36;
      if (settings_.killers) {
        if (f.has_killer[p][0] && sm.move == f.killers[p][0]) {
          k += std::int64_t{2} << 32;
        } else if (f.has_killer[p][1] && sm.move == f.killers[p][1]) {
          k += std::int64_t{1} << 32;
        }
      }
      if constexpr (kHistory) {
        if (settings_.history) {
          k += f.history[static_cast<std::size_t>(g.to_move())]
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

  void note_cutoff(const G& g, const Move& m, int ply, int depth, bool was_table_move) {
    Frames& f = *frames_;
    const auto p = static_cast<std::size_t>(ply);
    if (settings_.killers && !was_table_move && !(f.has_killer[p][0] && f.killers[p][0] == m)) {
      f.killers[p][1] = f.killers[p][0];
      f.has_killer[p][1] = f.has_killer[p][0];
      f.killers[p][0] = m;
      f.has_killer[p][0] = true;
    }
    if constexpr (kHistory) {
      if (settings_.history) {
        auto& h = f.history[static_cast<std::size_t>(g.to_move())]
                           [static_cast<std::size_t>(g.move_index(m))];
        h += static_cast<std::uint32_t>(depth * depth);
        if (h > (1u << 30)) {
          for (auto& side : f.history) {
            for (auto& x : side) x /= 2;
          }
        }
      }
    } else {
      (void)g, (void)depth;
    }
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
      const auto e = table_->probe(g.hash());
      if (!e || !e->has_move()) break;
      MovesOf<G> legal;
      g.legal_moves(legal);
      if (!legal.contains(e->move)) break;
      result.pv.push_back(e->move);
      g.play(e->move);
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
};

}  // namespace evoplay::search
