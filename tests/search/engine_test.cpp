// The search engine on toy games with known answers: Nim's values follow from arithmetic, and
// alpha-beta must agree with minimax on thousands of random trees.
#include <gtest/gtest.h>

#include <atomic>
#include <set>
#include <thread>

#include "evoplay/core/error.hpp"
#include "evoplay/core/stopwatch.hpp"
#include "evoplay/search/alphabeta.hpp"
#include "evoplay/search/bots.hpp"
#include "evoplay/search/deadline.hpp"
#include "evoplay/search/mcts.hpp"
#include "evoplay/search/minimax.hpp"
#include "evoplay/search/spec.hpp"
#include "evoplay/search/table.hpp"
#include "evoplay/search/zobrist.hpp"
#include "search/conformance.hpp"
#include "search/test_clocks.hpp"
#include "search/toy_games.hpp"

using namespace evoplay;
using namespace evoplay::search;
using toy::Nim;
using toy::RandomTree;

namespace {

std::vector<RandomTree> random_tree_roots(int n) {
  std::vector<RandomTree> roots;
  for (int i = 1; i <= n; ++i)
    roots.emplace_back(static_cast<std::uint64_t>(i) * 7919, 400 + 37 * i);
  return roots;
}

}  // namespace

TEST(Conformance, NimPassesTheBattery) {
  conformance::check_random_playouts(Nim(21), 50, Rng(1));
  conformance::check_undo(Nim(21), 20, Rng(2));
  conformance::check_hashes(conformance::random_states(Nim(21), 20, Rng(3)));
  std::vector<Nim> positions;
  for (int pile = 1; pile <= 12; ++pile) positions.emplace_back(pile);
  conformance::check_alphabeta_matches_minimax(positions, 6);
}

TEST(Conformance, RandomTreesPassTheBattery) {
  conformance::check_random_playouts(RandomTree(5), 50, Rng(1));
  conformance::check_hashes(conformance::random_states(RandomTree(5), 30, Rng(3)));
  auto roots = random_tree_roots(60);
  for (int depth : {1, 2, 3, 5}) conformance::check_alphabeta_matches_minimax(roots, depth);
}

TEST(Conformance, AlphaBetaMatchesMinimaxOnPositionsInsideTrees) {
  std::vector<RandomTree> positions;
  for (const auto& root : random_tree_roots(10)) {
    const auto states = conformance::random_states(root, 3, Rng(root.hash()));
    positions.insert(positions.end(), states.begin(), states.end());
  }
  conformance::check_alphabeta_matches_minimax(positions, 4);
}

TEST(Nim, ValuesFollowThePileModuloFour) {
  for (int pile = 1; pile <= 20; ++pile) {
    AlphaBetaSettings s;
    s.depth = 30;
    AlphaBeta<Nim> ab(s);
    const auto r = ab.search(Nim(pile));
    if (pile % 4 == 0) {
      EXPECT_TRUE(is_loss_score(r.value)) << pile;
    } else {
      EXPECT_TRUE(is_win_score(r.value)) << pile;
      EXPECT_EQ(r.move, pile % 4) << "the winning move leaves a multiple of four, pile " << pile;
      // The winner takes (pile % 4), then answers every take t with 4 - t: the game lasts
      // 2 * (pile / 4) + 1 plies.
      EXPECT_EQ(r.value, kWin - (2 * (pile / 4) + 1)) << pile;
    }
  }
}

TEST(Nim, MinimaxFindsTheFastestWinAndItsLine) {
  Minimax<Nim> m({9});
  const auto r = m.search(Nim(6));
  EXPECT_EQ(r.value, kWin - 3);
  ASSERT_EQ(r.pv.size(), 3u);
  EXPECT_EQ(r.pv[0], 2);
  EXPECT_EQ(r.pv[1] + r.pv[2], 4);
}

TEST(AlphaBeta, PrincipalVariationIsLegalAndReachesTheWin) {
  AlphaBetaSettings s;
  s.depth = 40;
  AlphaBeta<Nim> ab(s);
  const auto r = ab.search(Nim(10));
  ASSERT_FALSE(r.pv.empty());
  EXPECT_EQ(r.pv.front(), r.move);
  Nim g(10);
  for (auto m : r.pv) {
    MoveList<Nim::Move, 3> legal;
    g.legal_moves(legal);
    ASSERT_TRUE(legal.contains(m));
    g.play(m);
  }
  EXPECT_EQ(static_cast<int>(r.pv.size()), kWin - r.value);
  EXPECT_TRUE(g.is_terminal());
}

TEST(AlphaBeta, SolveByNullWindowsEqualsFullWindowSearch) {
  for (const auto& root : random_tree_roots(40)) {
    if (root.is_terminal()) continue;
    AlphaBetaSettings s;
    s.depth = 6;
    s.iterative_deepening = false;
    s.aspiration = false;
    AlphaBeta<RandomTree> full(s), probing(s);
    const auto expected = full.search(root);
    const auto solved = probing.solve(root, 6, -kInfinity + 1, kInfinity - 1);
    ASSERT_EQ(solved.value, expected.value);
    ASSERT_TRUE(solved.has_move);
    AlphaBeta<RandomTree> check(s);
    // Seen from the root, the child's value is negated and one ply further away.
    EXPECT_EQ(at_ply(-check.search_window(after(root, solved.move), 5, -kInfinity, kInfinity), 1),
              expected.value)
        << "the solver's move does not achieve the value";
  }
}

// The exact driver on two and three threads sharing the table (splitting at every node) finds
// the depth-limited minimax value, and a move that achieves it. The table only settles nodes
// searched to exactly their depth, so no thread's result depends on what another stored first.
TEST(AlphaBeta, ParallelSolveFindsTheMinimaxValue) {
  for (const auto& root : random_tree_roots(30)) {
    if (root.is_terminal()) continue;
    const Score expected = Minimax<RandomTree>({7}).search(root).value;
    for (int threads : {2, 3}) {
      AlphaBetaSettings s;
      s.depth = 7;
      s.iterative_deepening = false;
      s.aspiration = false;
      s.table_depth_rule = TableDepthRule::kExact;
      s.table_mib = 1;
      s.threads = threads;
      s.split_depth = 1;
      AlphaBeta<RandomTree> parallel(s);
      for (int round = 0; round < 2; ++round) {  // again, with what the table kept
        const auto solved = parallel.solve(root, 7, -kInfinity + 1, kInfinity - 1);
        ASSERT_EQ(solved.value, expected) << threads << " threads";
        ASSERT_TRUE(solved.has_move);
        EXPECT_EQ(at_ply(-Minimax<RandomTree>({6}).search(after(root, solved.move)).value, 1),
                  expected)
            << "the move does not achieve the value";
      }
    }
  }
}

TEST(AlphaBeta, TableCutsTheWorkOnTranspositions) {
  AlphaBetaSettings with;
  with.depth = 12;
  with.iterative_deepening = false;
  with.aspiration = false;
  AlphaBetaSettings without = with;
  without.table = false;
  AlphaBeta<Nim> a(with), b(without);
  const auto ra = a.search(Nim(30)), rb = b.search(Nim(30));
  EXPECT_EQ(ra.value, rb.value);
  EXPECT_GT(ra.stats.tt_hits, 0u);
  EXPECT_LT(ra.stats.nodes * 5, rb.stats.nodes);
  EXPECT_EQ(rb.stats.tt_probes, 0u);
}

// On the real clock a timed search may end in three correct ways, depending on how fast and how
// loaded the machine is: stopped by the time limit (its last iteration abandoned, or even the
// first one on a very busy machine: then it falls back to a legal move), at its depth limit, or
// with the tree searched to its end. Whichever happened, the move is legal and the result is that
// of the untimed search at the depth it reports.
TEST(AlphaBetaTime, OnTheRealClockEveryWayToEndGivesTheFixedDepthResult) {
  for (std::uint64_t seed : {11, 12, 13, 99}) {
    const RandomTree root(seed, 100000, 60);
    AlphaBetaSettings s;
    s.depth = 64;
    s.quiescence = false;
    s.table_depth_rule = TableDepthRule::kExact;
    s.table_mib = 1;
    s.seconds = 0.03;
    s.soft_seconds = 10;
    AlphaBeta<RandomTree> timed(s);
    const auto r = timed.search(root);
    ASSERT_TRUE(r.has_move) << seed;
    MoveList<RandomTree::Move, 5> legal;
    root.legal_moves(legal);
    EXPECT_TRUE(legal.contains(r.move)) << seed;
    if (r.depth == 0) {
      EXPECT_TRUE(timed.stopped()) << seed << ": no iteration completed, yet not stopped";
      continue;
    }
    AlphaBetaSettings fixed = s;
    fixed.seconds = 0;
    fixed.depth = r.depth;
    const auto f = AlphaBeta<RandomTree>(fixed).search(root);
    EXPECT_EQ(r.value, f.value) << seed << " depth " << r.depth;
    EXPECT_EQ(r.move, f.move) << seed << " depth " << r.depth;
    EXPECT_EQ(r.pv, f.pv) << seed << " depth " << r.depth;
    if (!timed.stopped() && r.depth < s.depth) {
      // Not stopped by either limit: the tree was searched to its end, so the untimed
      // iterative search ends at the same depth.
      AlphaBetaSettings whole = s;
      whole.seconds = 0;
      EXPECT_EQ(AlphaBeta<RandomTree>(whole).search(root).depth, r.depth) << seed;
    }
  }
}

// Alpha-beta under a time limit returns its last complete iteration: the same value, move and
// line as the same search without a time limit stopped at that depth (the same iterations, so the
// same table, killers and history), which is minimax's value at that depth (exact-depth table
// rule, no quiescence). The clock counts nodes (1 us each), so the search is stopped at the same
// node on every machine; the trees are too large to finish.
TEST(AlphaBetaTime, ReturnsTheLastCompleteIteration) {
  for (std::uint64_t seed : {11, 12, 13}) {
    const RandomTree root(seed, 1 << 30, 60);
    AlphaBetaSettings s;
    s.depth = 64;
    s.quiescence = false;
    s.table_depth_rule = TableDepthRule::kExact;
    s.table_mib = 1;
    s.seconds = 0.03;
    s.soft_seconds = 10;  // iterations start until the end: the hard stop abandons one
    AlphaBeta<RandomTree> timed(s);
    timed.set_clock(test::node_clock(timed, 1e-6));
    const auto r = timed.search(root);
    EXPECT_TRUE(timed.stopped()) << seed;
    ASSERT_GE(r.depth, 2) << seed;
    ASSERT_TRUE(r.has_move);
    AlphaBetaSettings fixed = s;
    fixed.seconds = 0;
    fixed.depth = r.depth;
    AlphaBeta<RandomTree> untimed(fixed);
    const auto f = untimed.search(root);
    EXPECT_EQ(f.depth, r.depth) << seed;
    EXPECT_EQ(r.value, f.value) << seed << " depth " << r.depth;
    EXPECT_EQ(r.move, f.move) << seed << " depth " << r.depth;
    EXPECT_EQ(r.pv, f.pv) << seed << " depth " << r.depth;
    EXPECT_GT(r.stats.nodes, f.stats.nodes);  // the abandoned iteration counts too
    if (r.depth <= 7) {                       // plain minimax is slow beyond
      EXPECT_EQ(r.value, Minimax<RandomTree>({r.depth}).search(root).value) << seed;
    }
  }
}

TEST(AlphaBetaTime, ATinySoftLimitStopsAfterTheFirstIteration) {
  AlphaBetaSettings s;
  s.depth = 64;
  s.seconds = 30;         // the hard limit is far away
  s.soft_seconds = 1e-9;  // but no second iteration may start
  s.table_mib = 1;
  AlphaBeta<RandomTree> ab(s);
  ab.set_clock(test::node_clock(ab, 1e-6));
  const RandomTree root(5, 100000);
  const auto r = ab.search(root);
  EXPECT_EQ(r.depth, 1);
  EXPECT_FALSE(ab.stopped());
  ASSERT_TRUE(r.has_move);
  AlphaBetaSettings one = s;
  one.seconds = 0;
  one.depth = 1;
  const auto f = AlphaBeta<RandomTree>(one).search(root);
  EXPECT_EQ(r.value, f.value);
  EXPECT_EQ(r.move, f.move);
}

// Every time-limited search stops within its limit on its own clock: the hard stop (the limit
// minus its margin) is noticed within a few readings. Clocks that advance with the work make this
// the same on every machine; how late a move comes back on the real clock is a `make bench` figure.
TEST(AlphaBetaTime, TimedSearchesStopWithinTheirLimit) {
  constexpr double kLimit = 0.04;
  const RandomTree root(21, 1 << 30, 60);
  {
    AlphaBetaSettings s;
    s.depth = 64;
    s.seconds = kLimit;
    s.soft_seconds = kLimit;  // start iterations late, so that the hard stop does the stopping
    AlphaBeta<RandomTree> ab(s);
    ab.set_clock(test::node_clock(ab, 1e-6));
    const auto r = ab.search(root);
    EXPECT_TRUE(ab.stopped());
    EXPECT_GE(r.seconds, Deadline::hard_stop(kLimit));
    EXPECT_LT(r.seconds, Deadline::hard_stop(kLimit) + 0.001) << "1,000 nodes after the stop";
    EXPECT_TRUE(r.has_move);
  }
  {
    Minimax<RandomTree> m({64, kLimit});
    m.set_clock(test::node_clock(m, 1e-6));
    const auto r = m.search(root);  // no new iteration after half the limit
    EXPECT_GE(r.seconds, kLimit / 2);
    EXPECT_LT(r.seconds, Deadline::hard_stop(kLimit) + 0.001);
    EXPECT_TRUE(r.has_move);
  }
  {
    MctsSettings s;
    s.iterations = 0;
    s.seconds = kLimit;
    Mcts<RandomTree> mcts(s);
    mcts.set_clock(test::step_clock(150e-6));  // a reading every iteration at this pace
    Rng rng(1);
    const auto r = mcts.search(root, rng);
    EXPECT_GE(r.seconds, Deadline::hard_stop(kLimit));
    EXPECT_LT(r.seconds, kLimit);
    EXPECT_TRUE(r.has_move);
    EXPECT_GT(r.stats.leaves, 100u);
  }
}

// A search without a time limit stops when its cancel flag is set (here by the clock hook once
// 5,000 nodes are searched, so at the same node on every machine), with a legal move.
TEST(Cancel, SearchesWithoutATimeLimitStopWhenCancelled) {
  const RandomTree root(11, 1 << 30, 60);  // no result is proven early in this tree
  std::atomic<bool> cancel{false};
  AlphaBetaSettings s;
  s.depth = 60;
  AlphaBeta<RandomTree> ab(s);
  ab.set_cancel(&cancel);
  ab.set_clock([&] {
    if (ab.nodes() > 5000) cancel = true;
    return 1e-6 * static_cast<double>(ab.nodes());  // a reading every 100-200 nodes
  });
  const auto r = ab.search(root);
  EXPECT_TRUE(ab.stopped()) << r.depth << " " << r.value;
  EXPECT_LT(ab.nodes(), 6000u);
  ASSERT_TRUE(r.has_move);
  EXPECT_LT(r.depth, 60);
  cancel = false;
  Minimax<RandomTree> m({30});
  m.set_cancel(&cancel);
  m.set_clock([&] {
    if (m.nodes() > 5000) cancel = true;
    return 1e-6 * static_cast<double>(m.nodes());
  });
  (void)m.search(root);
  EXPECT_LT(m.nodes(), 6000u);
  cancel = true;  // already cancelled: MCTS stops at once
  MctsSettings ms;
  ms.iterations = 1'000'000;
  Mcts<RandomTree> mcts(ms);
  mcts.set_cancel(&cancel);
  Rng rng(1);
  const auto mr = mcts.search(root, rng);
  EXPECT_TRUE(mr.has_move);
  EXPECT_LT(mr.stats.leaves, 10u);
}

TEST(Deadline, StopsBeforeTheLimitWithAMargin) {
  EXPECT_DOUBLE_EQ(Deadline::hard_stop(0.1), 0.095);   // 5 ms
  EXPECT_DOUBLE_EQ(Deadline::hard_stop(1.0), 0.995);   // at most 5 ms
  EXPECT_DOUBLE_EQ(Deadline::hard_stop(0.02), 0.018);  // 10% of a short limit
  Deadline none;
  none.start(0);
  for (int i = 0; i < 100000; ++i) ASSERT_FALSE(none.tick());
  EXPECT_FALSE(none.timed());
}

// With slow units of work the clock is read at every unit, so the stop is noticed by the first
// unit that ends after the hard stop. (A clock moved by hand: 1 ms per unit.)
TEST(Deadline, SlowUnitsAreCheckedOneByOne) {
  double now = 0;
  Deadline d;
  d.set_clock([&now] { return now; });
  d.start(0.02);
  int units = 0;
  double before = 0;
  for (;;) {
    before = now;
    now += 0.001;  // one unit of work
    ++units;
    if (d.tick()) break;
    ASSERT_LT(units, 1000);
  }
  EXPECT_TRUE(d.expired());
  EXPECT_LT(before, Deadline::hard_stop(0.02)) << "a unit after the hard stop went unnoticed";
  EXPECT_GE(d.elapsed(), Deadline::hard_stop(0.02));
  EXPECT_EQ(units, 18);
}

// Fast units are counted between readings, more of them the faster they are, so that the clock is
// read about every 0.1-0.2 ms; the stop still comes within one interval of the hard stop.
TEST(Deadline, FastUnitsAreReadInBatches) {
  double now = 0;
  std::uint64_t readings = 0, units = 0;
  Deadline d;
  d.set_clock([&] {
    ++readings;
    return now;
  });
  d.start(0.1);
  do {
    now += 1e-7;  // 100 ns a unit
    ++units;
    ASSERT_LT(units, 10'000'000u);
  } while (!d.tick());
  EXPECT_GE(now, Deadline::hard_stop(0.1));
  EXPECT_LT(now, Deadline::hard_stop(0.1) + 0.0005);
  EXPECT_LT(readings * 500, units) << readings << " readings for " << units << " units";
}

TEST(Minimax, TimeLimitedSearchReturnsTheDeepestCompleteIteration) {
  const RandomTree root(7, 1 << 30);
  Minimax<RandomTree> timed({64, 0.01});
  timed.set_clock(test::node_clock(timed, 1e-6));  // the same stop on every machine
  const auto r = timed.search(root);
  ASSERT_TRUE(r.has_move);
  ASSERT_GE(r.depth, 1);
  // The value is exactly plain minimax's at the depth it reports.
  const auto plain = Minimax<RandomTree>({r.depth}).search(root);
  EXPECT_EQ(r.value, plain.value);
  EXPECT_EQ(r.move, plain.move);
  EXPECT_GE(r.stats.nodes, plain.stats.nodes);  // every iteration counts
  // A tree searched to its end stops deepening: Nim from 5 stones lasts at most 5 plies.
  Minimax<Nim> whole({64, 5.0});
  const auto w = whole.search(Nim(5));
  EXPECT_LE(w.depth, 5);
  EXPECT_TRUE(is_win_score(w.value));
}

TEST(AlphaBeta, QuiescenceIsOffWithoutNoisyMoves) {
  AlphaBetaSettings s;
  s.depth = 3;
  s.iterative_deepening = false;
  AlphaBeta<RandomTree> a(s);
  s.quiescence = false;
  AlphaBeta<RandomTree> b(s);
  EXPECT_EQ(a.search(RandomTree(3)).value, b.search(RandomTree(3)).value);
}

TEST(Table, StoresProbesAndClears) {
  TranspositionTable<std::uint8_t> t(1);
  EXPECT_FALSE(t.probe(42));
  const std::uint8_t move = 5;
  t.store(42, -17, 6, Bound::kLower, &move);
  auto e = t.probe(42);
  ASSERT_TRUE(e);
  EXPECT_EQ(e->value, -17);
  EXPECT_EQ(e->depth, 6);
  EXPECT_EQ(e->bound(), Bound::kLower);
  ASSERT_TRUE(e->has_move());
  EXPECT_EQ(e->move, 5);
  t.store(42, 3, 7, Bound::kExact, nullptr);  // same position again, no move: the move stays
  e = t.probe(42);
  ASSERT_TRUE(e);
  EXPECT_EQ(e->value, 3);
  EXPECT_TRUE(e->has_move());
  t.new_search();
  EXPECT_TRUE(t.probe(42));  // a new search keeps what is known
  t.clear();
  EXPECT_FALSE(t.probe(42));  // clear forgets it
}

TEST(Table, ReplacementKeepsDeepEntries) {
  TranspositionTable<std::uint8_t> t(0);  // the smallest table: 2 buckets of 4
  EXPECT_EQ(t.buckets(), 2u);
  t.store(1, 0, 50, Bound::kExact, nullptr);
  for (std::uint64_t k = 2; k < 200; ++k) t.store(k, 0, 1, Bound::kExact, nullptr);
  EXPECT_TRUE(t.probe(1)) << "a deep entry was replaced by shallow ones";
}

// Age counts against depth (an entry is worth its depth minus 4 per search since it was written):
// a deep entry one search old still beats fresh shallow ones, three searches old it gives way.
TEST(Table, OldDeepEntriesGiveWayToFreshShallowOnes) {
  for (int searches : {1, 3}) {
    TranspositionTable<std::uint8_t> t(0);  // 2 buckets of 4: the shallow entries fill both
    t.store(1, 0, 10, Bound::kExact, nullptr);
    for (int i = 0; i < searches; ++i) t.new_search();
    ASSERT_TRUE(t.probe(1)) << "a new search forgot an entry";
    for (std::uint64_t k = 2; k < 200; ++k) t.store(k, 0, 1, Bound::kExact, nullptr);
    if (searches == 1) {
      EXPECT_TRUE(t.probe(1)) << "worth 10 - 4 = 6: kept against entries worth 1";
    } else {
      EXPECT_FALSE(t.probe(1)) << "worth 10 - 12 = -2: should give way to entries worth 1";
      EXPECT_TRUE(t.probe(199)) << "the last fresh entry is not there";
    }
  }
}

TEST(Table, ATableLargerThanTheMachineIsRefused) {
  EXPECT_THROW(TranspositionTable<std::uint8_t>(1e9), std::bad_alloc);  // about 1000 TiB
  TranspositionTable<std::uint8_t> t(1);
  EXPECT_THROW(t.resize(1e9), std::bad_alloc);
  t.store(3, 5, 2, Bound::kExact, nullptr);  // the old table is still there
  EXPECT_TRUE(t.probe(3));
}

TEST(Table, ManyGenerationsWrapSafely) {
  TranspositionTable<std::uint8_t> t(0.01);
  for (int i = 0; i < 70000; ++i) {
    t.clear();
    t.store(7, static_cast<Score>(i % 100), 1, Bound::kExact, nullptr);
    ASSERT_TRUE(t.probe(7));
    ASSERT_FALSE(t.probe(8));
  }
}

// A growing table starts at its initial size, doubles as it fills (keeping what it holds: a few
// entries may give way in buckets that overflowed before a doubling) and shrinks back on clear.
TEST(Table, AGrowingTableKeepsItsEntriesAndShrinksOnClear) {
  using Table = TranspositionTable<std::uint8_t>;
  Table t(64, true);
  EXPECT_EQ(t.active_buckets(), Table::kInitialBuckets);
  EXPECT_EQ(t.buckets(), 1u << 20);
  constexpr std::uint64_t kKeys = 200000;  // grows twice
  for (std::uint64_t k = 1; k <= kKeys; ++k) {
    const auto move = static_cast<std::uint8_t>(k % 7);
    t.store(k * 977, static_cast<Score>(k % 1000), 30, Bound::kExact, &move);
  }
  EXPECT_GE(t.active_buckets(), 2 * kKeys / Table::kWays);
  EXPECT_GT(t.active_buckets(), Table::kInitialBuckets);
  std::uint64_t found = 0;
  for (std::uint64_t k = 1; k <= kKeys; ++k) {
    const auto e = t.probe(k * 977);
    if (!e) continue;
    ++found;
    ASSERT_EQ(e->value, static_cast<Score>(k % 1000)) << k;
    ASSERT_EQ(e->move, k % 7) << k;
  }
  EXPECT_GE(found, kKeys * 95 / 100);
  t.clear();
  EXPECT_EQ(t.active_buckets(), Table::kInitialBuckets);
  EXPECT_FALSE(t.probe(977));
  t.set_grows(false);  // full size at once, for sharing
  EXPECT_EQ(t.active_buckets(), t.buckets());
}

// Two threads write the same positions with different results into a small table while reading
// them: a read finds one writer's whole entry or nothing, never one's key with the other's data.
TEST(Table, ThreadsSharingATableNeverReadAMixedEntry) {
  TranspositionTable<std::uint8_t> t(0.01);  // 128 buckets: writers collide all the time
  std::atomic<int> mixed{0};
  auto work = [&](int id) {
    for (int round = 0; round < 200; ++round) {
      for (std::uint64_t k = 1; k <= 1000; ++k) {
        const auto move = static_cast<std::uint8_t>(id);
        // Writer 0 stores (v, depth 10 + v % 7), writer 1 (-v, depth 20 + v % 5).
        const auto v = static_cast<Score>(k % 500);
        t.store(k, id == 0 ? v : -v, id == 0 ? 10 + v % 7 : 20 + v % 5, Bound::kExact, &move);
        if (const auto e = t.probe(k ^ 1)) {
          const auto w = static_cast<Score>((k ^ 1) % 500);
          const bool from0 = e->value == w && e->depth == 10 + w % 7 && e->move == 0;
          const bool from1 = e->value == -w && e->depth == 20 + w % 5 && e->move == 1;
          if (!from0 && !from1) ++mixed;
        }
      }
    }
  };
  std::thread other(work, 1);
  work(0);
  other.join();
  EXPECT_EQ(mixed.load(), 0);
}

TEST(Mcts, FindsTheWinningTakeAndIsReproducible) {
  MctsSettings s;
  s.iterations = 3000;
  Mcts<Nim> a(s), b(s);
  Rng r1(5), r2(5);
  const auto x = a.search(Nim(5), r1);
  const auto y = b.search(Nim(5), r2);
  EXPECT_EQ(x.move, 1);  // leave four
  EXPECT_EQ(x.move, y.move);
  EXPECT_EQ(x.value, y.value);
  EXPECT_GT(x.value, 0);
  EXPECT_EQ(x.stats.leaves, 3000u);
}

TEST(Specs, ParseKindsArgumentsAndDurations) {
  const auto s = parse_bot_spec("alphabeta:100ms");
  EXPECT_EQ(s.kind, "alphabeta");
  ASSERT_EQ(s.args.size(), 1u);
  EXPECT_DOUBLE_EQ(*parse_duration(s.args[0]), 0.1);
  EXPECT_DOUBLE_EQ(*parse_duration("1.5s"), 1.5);
  EXPECT_FALSE(parse_duration("12").has_value());
  EXPECT_FALSE(parse_duration("-3s").has_value());
  EXPECT_FALSE(parse_duration("ms").has_value());
  EXPECT_EQ(*parse_count("12"), 12u);
  EXPECT_FALSE(parse_count("0").has_value());
  EXPECT_FALSE(parse_count("x").has_value());
  EXPECT_THROW(parse_bot_spec(""), Error);
  EXPECT_THROW(parse_bot_spec("mcts::"), Error);
  EXPECT_EQ(format_duration(0.1), "100ms");
  EXPECT_EQ(format_duration(2), "2s");
}

TEST(Bots, FactoryMakesEveryStandardKindAndRejectsBadSpecs) {
  const auto factory = standard_bots<Nim>(BotDefaults{});
  for (const char* spec : {"random", "greedy", "minimax", "minimax:3", "minimax:10ms",
                           "alphabeta:5", "alphabeta:10ms", "mcts:200", "mcts:5ms"}) {
    auto bot = factory.make(spec, Rng(1));
    ASSERT_NE(bot, nullptr);
    EXPECT_EQ(bot->name(), spec);
    const auto r = bot->choose(Nim(7));
    ASSERT_TRUE(r.has_move) << spec;
    EXPECT_TRUE(r.move >= 1 && r.move <= 3) << spec;
  }
  try {
    factory.make("frobnicate", Rng(1));
    FAIL() << "an unknown kind was accepted";
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("alphabeta[:DEPTH|:TIME]"), std::string::npos) << e.what();
  }
  EXPECT_THROW(factory.make("minimax:deep", Rng(1)), Error);
  EXPECT_THROW(factory.make("alphabeta:3:4", Rng(1)), Error);
  EXPECT_THROW(factory.make("random:3", Rng(1)), Error);
}

TEST(Bots, PerfectBotsBeatRandomAtNim) {
  const auto factory = standard_bots<Nim>(BotDefaults{});
  for (int game = 0; game < 20; ++game) {
    auto ab = factory.make("alphabeta:30", Rng(1));
    auto rnd = factory.make("random", Rng(static_cast<std::uint64_t>(game)));
    // 21 is a win for the first player: alpha-beta must win every game as first player.
    const auto record = play_game(Nim(21), std::array<Bot<Nim>*, 2>{ab.get(), rnd.get()},
                                  [](const Nim&, Nim::Move, const auto&) {});
    EXPECT_TRUE(record.finished);
    EXPECT_EQ(record.winner, 0);
  }
}

TEST(Bots, GreedyTakesAnImmediateWin) {
  GreedyBot<Nim> greedy("greedy", Rng(3));
  for (int pile = 1; pile <= 3; ++pile) EXPECT_EQ(greedy.choose(Nim(pile)).move, pile);
}

TEST(Zobrist, KeysAreReproducibleDistinctAndXorUndoes) {
  const ZobristKeys a(1000), b(1000), c(1000, 99);
  std::set<std::uint64_t> seen;
  for (std::size_t i = 0; i < a.size(); ++i) {
    EXPECT_EQ(a[i], b[i]);
    seen.insert(a[i]);
  }
  EXPECT_EQ(seen.size(), 1000u);
  EXPECT_NE(a[0], c[0]);
  std::uint64_t h = 0;
  h ^= a[3];
  h ^= a[17];
  h ^= a[3];
  EXPECT_EQ(h, a[17]);
}
