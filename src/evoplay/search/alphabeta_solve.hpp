#pragma once
// The exact solver driver of the alpha-beta engine (AlphaBeta, declared in alphabeta.hpp):
// null-window probes that narrow the value interval, on one thread or several sharing the
// table (Lazy SMP with deferred moves: shared_search.hpp), and the search for a move that
// achieves a known value.
//
// Why it exists: the driver is the engine's part that only exact solvers use (the Connect Four
// solver); its definitions live here, included at the end of alphabeta.hpp, so that neither
// file is long. Include alphabeta.hpp, not this file.

#include <algorithm>
#include <memory>
#include <thread>
#include <utility>

namespace evoplay::search {

template <Game G, class P>
requires SearchPolicy<P, G> SearchResult<typename G::Move> AlphaBeta<G, P>::solve(
    const G& root, int depth, Score lo, Score hi, bool want_move) {
  begin();
  SearchResult<Move> result;
  const Score floor = lo, ceiling = hi;
  bool have_move = false;
  Move best{};
  interval_ = {lo, hi, lo};
  while (lo < hi && !stopped()) {
    Score med = lo + (hi - lo) / 2;
    if (med <= 0 && lo / 2 < med) {
      med = lo / 2;
    } else if (med >= 0 && hi / 2 > med) {
      med = hi / 2;
    }
    interval_.probe = med;
    const Score r = probe(root, depth, med);
    if (stopped()) break;
    if (r <= med) {
      hi = r;
    } else {
      lo = r;
      if (has_root_move_) have_move = true, best = root_move_;
    }
    interval_.low = std::clamp(lo, floor, ceiling);
    interval_.high = std::clamp(hi, floor, ceiling);
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

template <Game G, class P>
requires SearchPolicy<P, G>
bool AlphaBeta<G, P>::find_move(const G& root, int depth, Score target, Move& move) {
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

template <Game G, class P>
requires SearchPolicy<P, G> Score AlphaBeta<G, P>::probe(const G& root, int depth, Score med) {
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

template <Game G, class P>
requires SearchPolicy<P, G>
void AlphaBeta<G, P>::start_helpers() {
  help_at_ = 0;
  table_->set_grows(false);  // threads share it: full size from now on, and no more growth
  for (std::size_t i = 0; i < helpers_.size(); ++i) {
    helper_threads_.emplace_back([this, i] {
      AlphaBeta& h = *helpers_[i];
      h.policy_ = policy_;  // as the main engine has it for this root
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

template <Game G, class P>
requires SearchPolicy<P, G>
void AlphaBeta<G, P>::finish(int who, Score v, bool stopped_early) {
  if (!stopped_early && shared_->claim(who)) probe_.values[static_cast<std::size_t>(who)] = v;
  shared_->stop();
}

}  // namespace evoplay::search
