#include "evoplay/evo/cro.hpp"

#include <gtest/gtest.h>

#include <map>

#include "evoplay/evo/operators/crossover.hpp"
#include "evoplay/evo/operators/mutation.hpp"
#include "evoplay/evo/problems/circle_tsp.hpp"
#include "evoplay/evo/problems/onemax.hpp"

using namespace evoplay;
using namespace evoplay::evo;
using G = std::vector<int>;

namespace {

auto ox_one = [](const G& a, const G& b, Rng& r) { return ox(a, b, r); };  // a pair: first kept
auto inversion = [](G& g, Rng& r) { inversion_mutation(g, r); };
auto one_point_one = [](const G& a, const G& b, Rng& r) { return one_point(a, b, r).first; };
auto bit_flip = [](G& g, Rng& r) {
  random_reset_mutation(g, r, 0, 1, 1.0 / static_cast<double>(g.size()));
};

CroParams defaults(std::uint64_t seed, int threads = 1) {
  CroParams p;
  p.seed = seed;
  p.threads = threads;
  return p;
}

}  // namespace

TEST(Cro, ReefShapeForANumberOfCells) {
  CroParams p;
  for (auto [cells, rows, cols] : {std::tuple<std::size_t, std::size_t, std::size_t>{100, 10, 10},
                                   {40, 5, 8},
                                   {7, 1, 7},
                                   {0, 1, 2},
                                   {36, 6, 6}}) {
    p.set_cells(cells);
    EXPECT_EQ(p.rows, rows) << cells;
    EXPECT_EQ(p.cols, cols) << cells;
  }
}

TEST(Cro, InitialReefHasTheRequestedOccupancy) {
  const OneMax problem(20);
  auto p = defaults(1);
  p.stop.generations = 0;
  const auto r = run_cro(problem, p, one_point_one, bit_flip);
  ASSERT_EQ(r.history.rows.size(), 1u);
  EXPECT_DOUBLE_EQ(r.history.rows[0].extra_value("occupancy"), 0.8);
  EXPECT_EQ(r.corals.size(), 80u);
  EXPECT_EQ(r.evaluations, 80u);
}

TEST(Cro, SolvesOneMaxWhenBroodingAlwaysMutates) {
  const OneMax problem(40);
  for (std::uint64_t seed : {1, 2, 3}) {
    auto p = defaults(seed);
    p.brooding_mutation = 1.0;
    p.larvae = 0.3;
    p.stop.generations = 3000;
    const auto r = run_cro(problem, p, one_point_one, bit_flip);
    EXPECT_TRUE(r.solved) << "seed " << seed << " best " << r.best_fitness;
    EXPECT_EQ(r.stop_reason, "solved");
  }
}

TEST(Cro, MinimisesTheCircleTsp) {
  const CircleTsp tsp(20);
  auto p = defaults(4);
  p.brooding_mutation = 0.5;
  p.larvae = 0.3;
  p.stop.generations = 4000;
  const auto r = run_cro(tsp, p, ox_one, inversion);
  EXPECT_TRUE(r.solved) << r.best_fitness << " vs " << tsp.optimum();
  // The best coral never gets worse: larvae only replace worse corals and depredation spares it.
  for (std::size_t i = 1; i < r.history.rows.size(); ++i) {
    ASSERT_LE(r.history.rows[i].best, r.history.rows[i - 1].best);
  }
}

TEST(Cro, NoGenomeMoreThanMuPlusOneTimes) {
  // With cloning crossover and no mutation the reef fills with copies; the identity control
  // (a larva dies when its genome is present more than mu times) caps each genome at mu + 1.
  const OneMax problem(8);
  auto clone = [](const G& a, const G&, Rng&) { return a; };
  auto none = [](G&, Rng&) {};
  auto p = defaults(5);
  p.larvae = 0.5;
  p.max_copies = 2;
  p.stop.generations = 300;
  const auto r = run_cro(problem, p, clone, none);
  std::map<G, int> counts;
  for (const auto& c : r.corals) ++counts[c];
  int most = 0;
  for (const auto& [g, n] : counts) most = std::max(most, n);
  EXPECT_LE(most, 3);
  EXPECT_GE(most, 2);  // copies do settle: the control is what stops them
  EXPECT_GT(r.history.back().extra_value("duplicates"), 0);
}

TEST(Cro, SameSeedSameHistoryAtAnyThreadCount) {
  const CircleTsp tsp(25);
  auto p1 = defaults(6, 1);
  p1.stop.generations = 200;
  auto p2 = p1;
  p2.threads = 2;
  const auto a = run_cro(tsp, p1, ox_one, inversion);
  const auto b = run_cro(tsp, p2, ox_one, inversion);
  auto strip = [](History h) {
    for (auto& r : h.rows) r.elapsed = 0;
    return h.to_csv();
  };
  EXPECT_EQ(strip(a.history), strip(b.history));
  EXPECT_EQ(a.corals, b.corals);
}

TEST(Cro, EvaluationHookSeesEveryEvaluation) {
  const CircleTsp tsp(15);
  auto p = defaults(7);
  p.stop.generations = 50;
  p.brooding_mutation = 0.5;
  std::uint64_t seen = 0;
  const auto r = run_cro(tsp, p, ox_one, inversion, nullptr, [&](const G& g, double f) {
    ++seen;
    EXPECT_DOUBLE_EQ(f, tsp.evaluate(g));
  });
  EXPECT_EQ(seen, r.evaluations);
  EXPECT_GT(r.evaluations, 80u);
}

TEST(Cro, DepredationFreesCells) {
  const OneMax problem(30);
  auto p = defaults(8);
  p.larvae = 0.0;  // one larva (the minimum); budding only adds copies
  p.depredation_fraction = 0.5;
  p.depredation_probability = 1.0;
  p.stop.generations = 5;
  const auto r = run_cro(problem, p, one_point_one, bit_flip);
  EXPECT_LT(r.history.back().extra_value("occupancy"), 0.4);
  EXPECT_GT(r.history.back().extra_value("depredated"), 0);
}

namespace {
// OneMax with a fingerprint: the bits as a number, and a deliberately weak variant whose
// fingerprint collides for every genome (equal genomes must still be told apart by ==).
struct PrintedOneMax : OneMax {
  bool collide = false;
  PrintedOneMax(std::size_t bits, bool c) : OneMax(bits), collide(c) {}
  std::uint64_t fingerprint(const G& g) const {
    std::uint64_t f = 0;
    for (int b : g) f = f * 2 + static_cast<std::uint64_t>(b);
    return collide ? f % 3 : f;
  }
};
static_assert(HasFingerprint<PrintedOneMax>);
static_assert(!HasFingerprint<OneMax>);
}  // namespace

TEST(Cro, FingerprintsChangeNothingButTheWorkDone) {
  // Copies abound (a cloning crossover half the time), so the identity control and the
  // duplicates column matter; with or without fingerprints, good or colliding, the run is the
  // same.
  auto sometimes_clone = [](const G& a, const G& b, Rng& r) {
    return r.chance(0.5) ? a : one_point(a, b, r).first;
  };
  auto p = defaults(12);
  p.larvae = 0.4;
  p.max_copies = 1;
  p.stop.generations = 150;
  auto strip = [](History h) {
    for (auto& r : h.rows) r.elapsed = 0;
    return h.to_csv();
  };
  const auto plain = run_cro(OneMax(12), p, sometimes_clone, bit_flip);
  const auto printed = run_cro(PrintedOneMax(12, false), p, sometimes_clone, bit_flip);
  const auto colliding = run_cro(PrintedOneMax(12, true), p, sometimes_clone, bit_flip);
  EXPECT_EQ(strip(plain.history), strip(printed.history));
  EXPECT_EQ(strip(plain.history), strip(colliding.history));
  EXPECT_EQ(plain.corals, printed.corals);
  double duplicates = 0;
  for (const auto& row : plain.history.rows) duplicates += row.extra_value("duplicates");
  EXPECT_GT(duplicates, 0);
}
