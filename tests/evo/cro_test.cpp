#include "evoplay/evo/cro.hpp"

#include <gtest/gtest.h>

#include <map>
#include <set>

#include "evoplay/evo/operators/crossover.hpp"
#include "evoplay/evo/operators/mutation.hpp"
#include "evoplay/evo/problems/circle_tsp.hpp"
#include "evoplay/evo/problems/onemax.hpp"
#include "support/evo_operators.hpp"

using namespace evoplay;
using namespace evoplay::evo;
using namespace evoplay::test_support;

namespace {

auto ox_one = [](const G& a, const G& b, Rng& r) { return ox(a, b, r); };  // a pair: first kept

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
  EXPECT_EQ(r.population.size(), 80u);
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
    EXPECT_EQ(r.stop, evo::StopReason::kSolved);
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
  for (const auto& c : r.population) ++counts[c];
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
  EXPECT_EQ(without_time(a.history), without_time(b.history));
  EXPECT_EQ(a.population, b.population);
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
  const auto plain = run_cro(OneMax(12), p, sometimes_clone, bit_flip);
  const auto printed = run_cro(PrintedOneMax(12, false), p, sometimes_clone, bit_flip);
  const auto colliding = run_cro(PrintedOneMax(12, true), p, sometimes_clone, bit_flip);
  EXPECT_EQ(without_time(plain.history), without_time(printed.history));
  EXPECT_EQ(without_time(plain.history), without_time(colliding.history));
  EXPECT_EQ(plain.population, printed.population);
  double duplicates = 0;
  for (const auto& row : plain.history.rows) duplicates += row.extra_value("duplicates");
  EXPECT_GT(duplicates, 0);
}

// ---- One epoch, operation by operation, against the formulas ----------------------
namespace {

/// Crossover and mutation that record their arguments, epoch by epoch: the observer closes an
/// epoch's record (it is called once per epoch, after the initial reef too).
struct Recorder : Observer {
  struct Epoch {
    std::vector<std::pair<const G*, const G*>> parents;  // one pair per crossover
    std::vector<G> first_parents;                        // the genomes of parents[k].first
    std::size_t mutations = 0;
  };
  std::vector<Epoch> epochs{1};  // epochs[e]: the operator calls that made epoch e's larvae
  void on_generation(const GenerationRecord&) override { epochs.emplace_back(); }
  auto crossover() {
    return [this](const G& a, const G& b, Rng& r) {
      epochs.back().parents.emplace_back(&a, &b);
      epochs.back().first_parents.push_back(a);
      return one_point(a, b, r).first;
    };
  }
  auto mutation() {
    return [this](G& g, Rng& r) {
      ++epochs.back().mutations;
      bit_flip(g, r);
    };
  }
};

/// Genomes {fitness, id}: a fitness drawn by the problem and a unique id, so that corals can be
/// told apart; evaluate() is the first number. Maximised.
struct Tagged {
  using Genome = G;
  enum class Draw { two_classes, distinct } draw = Draw::distinct;
  Genome random_genome(Rng& rng) const {
    const int id = static_cast<int>(rng.below(1'000'000'000));
    if (draw == Draw::two_classes) return {rng.chance(0.5) ? 3 : 1, id};
    return {static_cast<int>(rng.below(1'000'000)), id};
  }
  double evaluate(const Genome& g) const { return g[0]; }
  Direction direction() const { return Direction::maximize; }
  std::uint64_t fingerprint(const Genome& g) const {  // cheap copy control and duplicates
    return static_cast<std::uint64_t>(static_cast<std::uint32_t>(g[0])) << 32 |
           static_cast<std::uint32_t>(g[1]);
  }
};

/// A larva that never settles over a coral of Tagged (fitness -1, below every coral).
auto worst_child = [](const G&, const G&, Rng&) { return G{-1, -1}; };
auto no_mutation = [](G&, Rng&) {};

}  // namespace

TEST(Cro, DefaultsMakeElevenLarvaePerEpochOnAHundredCells) {
  // Issue formulas, 10 x 10 cells: broadcast Fb·alpha·cells = 0.7 · 0.1 · 100 = 7 larvae by
  // crossover; brooding (1 - Fb)·alpha·cells = 3 copies; budding max(1, Fa · corals) =
  // max(1, round(0.01 · 80)) = 1. Only crossed or mutated larvae are evaluated (all of them:
  // the copy control after evaluation, so that a larva equal to a coral is evaluated too).
  const OneMax problem(64);
  for (double gamma : {0.05, 1.0}) {
    auto p = defaults(21);
    p.copies_before_evaluation = false;
    p.brooding_mutation = gamma;
    p.stop.generations = 40;
    Recorder rec;
    const auto r = run_cro(problem, p, rec.crossover(), rec.mutation(), &rec);
    ASSERT_EQ(r.history.rows.size(), 41u);
    ASSERT_EQ(rec.epochs.size(), 42u);  // the last one is empty: no epoch after the stop
    std::size_t mutations = 0;
    for (std::size_t e = 1; e <= 40; ++e) {
      const auto& row = r.history.rows[e];
      const auto& ops = rec.epochs[e];
      EXPECT_EQ(row.extra_value("larvae"), 11) << "epoch " << e;
      EXPECT_EQ(ops.parents.size(), 7u) << "epoch " << e;
      EXPECT_LE(ops.mutations, 3u);
      if (gamma == 1.0) {
        EXPECT_EQ(ops.mutations, 3u);
      }
      EXPECT_EQ(row.evaluations - r.history.rows[e - 1].evaluations, 7 + ops.mutations)
          << "epoch " << e;
      mutations += ops.mutations;
    }
    if (gamma < 1) {
      EXPECT_LT(mutations, 40u);  // about 0.05 · 3 · 40 = 6
    }
  }
}

TEST(Cro, ACoralIsAParentAtMostOncePerEpoch) {
  // 35 larvae per epoch, 25 of them by broadcast: 50 parents from about 56 spawners, so drawing
  // with replacement would repeat a parent in almost every epoch.
  const OneMax problem(64);
  auto p = defaults(22);
  p.larvae = 0.35;
  p.stop.generations = 60;
  Recorder rec;
  const auto r = run_cro(problem, p, rec.crossover(), rec.mutation(), &rec);
  std::size_t pairs = 0;
  for (std::size_t e = 1; e < rec.epochs.size(); ++e) {
    std::set<const G*> seen;
    for (const auto& [a, b] : rec.epochs[e].parents) {
      EXPECT_NE(a, b);
      EXPECT_TRUE(seen.insert(a).second) << "epoch " << e << ": a coral is a parent twice";
      EXPECT_TRUE(seen.insert(b).second) << "epoch " << e << ": a coral is a parent twice";
      ++pairs;
    }
  }
  EXPECT_GT(pairs, 60u * 20);
  EXPECT_EQ(r.generations, 60u);
}

TEST(Cro, SpawnerPairsAreDrawnInProportionToFitness) {
  // A reef that never changes (kappa = 0: no larva settles; Pd = 0) of corals of fitness 1 or 3.
  // The first parent of an epoch is drawn from the spawners with probability proportional to
  // fitness, so it is a 3 with probability about 3H / (3H + L) for H corals of 3 and L of 1;
  // uniformly drawn pairs give H / (H + L).
  Tagged problem;
  problem.draw = Tagged::Draw::two_classes;
  for (bool proportional : {true, false}) {
    auto p = defaults(23);
    p.attempts = 0;
    p.depredation_probability = 0;
    p.proportional_pairs = proportional;
    p.stop.generations = 3000;
    Recorder rec;
    auto record = [&rec](const G& a, const G& b, Rng& r) {
      rec.epochs.back().first_parents.push_back(a);
      return worst_child(a, b, r);
    };
    const auto r = run_cro(problem, p, record, no_mutation, &rec);
    double high = 0, low = 0;
    for (const auto& c : r.population) (c[0] == 3 ? high : low) += 1;
    ASSERT_EQ(high + low, 80);
    double firsts = 0, first_high = 0, all = 0, all_high = 0;
    for (const auto& e : rec.epochs) {
      if (e.first_parents.empty()) continue;
      firsts += 1;
      first_high += e.first_parents.front()[0] == 3;
      for (const auto& g : e.first_parents) {
        all += 1;
        all_high += g[0] == 3;
      }
    }
    ASSERT_EQ(firsts, 3000);
    const double expected = proportional ? 3 * high / (3 * high + low) : high / (high + low);
    // 3000 draws: a standard error under 0.01.
    EXPECT_NEAR(first_high / firsts, expected, 0.04) << (proportional ? "proportional" : "uniform");
    if (proportional) {
      // Later draws of an epoch come from a pool depleted of good corals, but stay well above a
      // uniform draw.
      EXPECT_GT(all_high / all, high / (high + low) + 0.1);
    } else {
      EXPECT_NEAR(all_high / all, expected, 0.03);
    }
  }
}

TEST(Cro, BuddingCopiesTheBestCorals) {
  // Half the cells empty, no brooding (Fb = 1), crossover larvae worse than every coral, no
  // depredation: after one epoch the corals that appear twice are the ones that budded. (A bud
  // may settle over a worse coral, so an original can be gone; the seed is one where no bud
  // displaced another of the best.)
  const Tagged problem;
  for (auto [budding, buds] : {std::pair{0.06, 3}, std::pair{0.0, 1}}) {
    auto p = defaults(24);
    p.occupancy = 0.5;
    p.broadcast = 1.0;
    p.budding = budding;  // round(0.06 · 50 corals) = 3; 0 still buds one
    p.depredation_probability = 0;
    p.stop.generations = 0;
    const auto initial = run_cro(problem, p, worst_child, no_mutation).population;
    p.stop.generations = 1;
    const auto r = run_cro(problem, p, worst_child, no_mutation);
    ASSERT_EQ(initial.size(), 50u);
    std::vector<G> best = initial;
    std::sort(best.begin(), best.end(), [](const G& a, const G& b) { return a[0] > b[0]; });
    best.resize(static_cast<std::size_t>(buds));
    std::map<G, int> count;
    for (const auto& c : r.population) {
      if (c[0] >= 0) ++count[c];
    }
    std::vector<G> twice;
    for (const auto& [g, n] : count) {
      EXPECT_LE(n, 2);
      if (n == 2) twice.push_back(g);
    }
    std::sort(twice.begin(), twice.end(), [](const G& a, const G& b) { return a[0] > b[0]; });
    EXPECT_EQ(twice, best) << "budding " << budding;
    EXPECT_GE(count.size(), 50u - static_cast<std::size_t>(buds));
  }
}

TEST(Cro, DepredationOnlyHitsTheWorstShare) {
  // A full reef of distinct corals where no larva settles (kappa = 0): what disappears in one
  // epoch is what depredation took, and it must come from the worst Fd = 10 of the 100 corals.
  const Tagged problem;
  std::size_t dead_total = 0;
  for (std::uint64_t seed = 1; seed <= 20; ++seed) {
    for (double pd : {0.5, 1.0}) {
      auto p = defaults(seed);
      p.occupancy = 1.0;
      p.attempts = 0;
      p.depredation_probability = pd;
      p.stop.generations = 0;
      const auto before = run_cro(problem, p, worst_child, no_mutation).population;
      p.stop.generations = 1;
      const auto after = run_cro(problem, p, worst_child, no_mutation).population;
      ASSERT_EQ(before.size(), 100u);
      std::vector<int> values;
      for (const auto& c : before) values.push_back(c[0]);
      std::sort(values.begin(), values.end());
      const int tenth_worst = values[9];
      const std::set<G> alive(after.begin(), after.end());
      std::size_t dead = 0;
      for (const auto& c : before) {
        if (alive.count(c)) continue;
        ++dead;
        EXPECT_LE(c[0], tenth_worst) << "seed " << seed << ": a coral outside the worst 10% died";
      }
      if (pd == 1.0) {
        EXPECT_EQ(dead, 10u) << "seed " << seed;
      } else {
        dead_total += dead;
      }
    }
  }
  // Pd = 0.5: binomial(200, 0.5) deaths over the 20 seeds, mean 100, sd 7.
  EXPECT_GT(dead_total, 75u);
  EXPECT_LT(dead_total, 125u);
}

// ---- Stagnation -------------------------------------------------------------------------
namespace {
/// Every genome has the same fitness: the best never improves after the initial reef.
struct Flat : OneMax {
  using OneMax::OneMax;
  double evaluate(const G&) const { return 1.0; }
};
}  // namespace

TEST(Cro, StopsAfterEpochsWithoutImprovementOfTheBest) {
  auto p = defaults(25);
  p.stop.generations = 1000;
  p.stop.stagnation = 5;
  const auto flat = run_cro(Flat(16), p, one_point_one, bit_flip);
  EXPECT_EQ(flat.stop, evo::StopReason::kStagnation);
  EXPECT_EQ(flat.generations, 5u);
  EXPECT_EQ(to_json(p)["stop"]["stagnation"], 5);
  // On OneMax the best improves for a while: the run stops 15 epochs after the last epoch that
  // improved it, and not before.
  p.stop.stagnation = 15;
  p.stop.generations = 5000;
  const auto r = run_cro(OneMax(300), p, one_point_one, bit_flip);
  ASSERT_EQ(r.stop, evo::StopReason::kStagnation);
  const auto& rows = r.history.rows;
  const std::size_t e = r.generations, last = e - 15;
  ASSERT_GT(last, 0u);
  EXPECT_GT(rows[last].best, rows[last - 1].best);
  for (std::size_t k = last; k <= e; ++k) EXPECT_EQ(rows[k].best, rows[last].best) << k;
  // Off (0), the same run goes on to its epoch limit or its solution.
  p.stop.stagnation = 0;
  p.stop.generations = e + 10;
  EXPECT_NE(run_cro(OneMax(300), p, one_point_one, bit_flip).stop, evo::StopReason::kStagnation);
}
