#include "evoplay/evo/ga.hpp"

#include <gtest/gtest.h>

#include "evoplay/evo/operators/crossover.hpp"
#include "evoplay/evo/operators/mutation.hpp"
#include "evoplay/evo/problems/circle_tsp.hpp"
#include "evoplay/evo/problems/onemax.hpp"
#include "support/evo_operators.hpp"

using namespace evoplay;
using namespace evoplay::evo;
using namespace evoplay::test_support;

namespace {

auto one_point_cross = [](const G& a, const G& b, Rng& r) { return one_point(a, b, r); };

GaParams tsp_params(std::uint64_t seed, int threads) {
  GaParams p;
  p.population = 100;
  p.crossover_rate = 0.9;
  p.mutation_rate = 0.4;
  p.elite_count = 2;
  p.stop.generations = 1500;
  p.seed = seed;
  p.threads = threads;
  return p;
}

}  // namespace

TEST(Ga, SolvesOneMax) {
  const OneMax problem(64);
  for (std::uint64_t seed : {1, 2, 3}) {
    GaParams p;
    p.population = 60;
    p.mutation_rate = 1.0;
    p.stop.generations = 300;
    p.seed = seed;
    const auto r = run_ga(problem, p, one_point_cross, bit_flip);
    EXPECT_TRUE(r.solved) << "seed " << seed << " best " << r.best_fitness;
    EXPECT_EQ(r.stop, evo::StopReason::kSolved);
    EXPECT_DOUBLE_EQ(r.best_fitness, 64);
    EXPECT_LT(r.generations, 300u);
  }
}

TEST(Ga, SolvesTheCircleTspToItsKnownOptimum) {
  const CircleTsp tsp(30);
  for (std::uint64_t seed : {1, 2}) {
    const auto r = run_ga(tsp, tsp_params(seed, 1), ox_cross, inversion);
    EXPECT_TRUE(r.solved) << "seed " << seed << " best " << r.best_fitness << " optimum "
                          << tsp.optimum();
    EXPECT_NEAR(r.best_fitness, tsp.optimum(), 1e-9);
    // The optimum tour visits the cities in circle order: every step is to a neighbour.
    for (std::size_t i = 0; i < r.best.size(); ++i) {
      const int a = r.best[i], b = r.best[(i + 1) % r.best.size()];
      EXPECT_NEAR(std::hypot(tsp.x(a) - tsp.x(b), tsp.y(a) - tsp.y(b)), tsp.optimum() / 30, 1e-9);
    }
  }
}

TEST(Ga, ElitismNeverLosesTheBest) {
  const CircleTsp tsp(40);
  auto p = tsp_params(9, 1);
  p.stop.generations = 200;
  p.mutation_rate = 1.0;  // heavy disruption: without elitism the best would be lost
  const auto r = run_ga(tsp, p, ox_cross, inversion);
  for (std::size_t i = 1; i < r.history.rows.size(); ++i) {
    ASSERT_LE(r.history.rows[i].best, r.history.rows[i - 1].best) << "generation " << i;
  }
  EXPECT_LT(r.history.back().best, r.history.rows.front().best);
}

TEST(Ga, WithoutElitismTheBestCanBeLost) {
  // The same run with no elite shows a worse best at some generation: the previous test can fail.
  const CircleTsp tsp(40);
  auto p = tsp_params(9, 1);
  p.stop.generations = 200;
  p.mutation_rate = 1.0;
  p.elite_count = 0;
  const auto r = run_ga(tsp, p, ox_cross, inversion);
  bool lost = false;
  for (std::size_t i = 1; i < r.history.rows.size(); ++i)
    lost = lost || r.history.rows[i].best > r.history.rows[i - 1].best;
  EXPECT_TRUE(lost);
}

TEST(Ga, SameSeedSameHistoryAtAnyThreadCount) {
  const CircleTsp tsp(50);
  auto p1 = tsp_params(4, 1);
  p1.stop.generations = 150;
  auto p2 = p1;
  p2.threads = 2;
  const auto a = run_ga(tsp, p1, ox_cross, inversion);
  const auto b = run_ga(tsp, p2, ox_cross, inversion);
  auto strip_time = [](History h) {
    for (auto& r : h.rows) r.elapsed = 0;
    return h.to_csv();
  };
  EXPECT_EQ(strip_time(a.history), strip_time(b.history));
  EXPECT_EQ(a.best, b.best);
  auto p3 = p1;
  p3.seed = 5;
  EXPECT_NE(strip_time(a.history), strip_time(run_ga(tsp, p3, ox_cross, inversion).history));
}

TEST(Ga, RecordsEveryGeneration) {
  const CircleTsp tsp(20);
  auto p = tsp_params(1, 1);
  p.stop.generations = 10;
  const auto r = run_ga(tsp, p, ox_cross, inversion);
  ASSERT_EQ(r.history.rows.size(), 11u);  // the initial population and ten generations
  std::uint64_t previous = 0;
  for (std::size_t g = 0; g < r.history.rows.size(); ++g) {
    const auto& row = r.history.rows[g];
    EXPECT_EQ(row.generation, g);
    EXPECT_LE(row.best, row.mean);
    EXPECT_LE(row.mean, row.worst);
    EXPECT_GT(row.evaluations, previous);
    EXPECT_GE(row.diversity, 0.0);
    EXPECT_LE(row.diversity, 1.0);
    previous = row.evaluations;
  }
  EXPECT_EQ(r.history.rows[0].evaluations, 100u);
}

TEST(Ga, StoppingRules) {
  const CircleTsp tsp(40);
  auto p = tsp_params(2, 1);
  p.stop.evaluations = 1000;
  auto r = run_ga(tsp, p, ox_cross, inversion);
  EXPECT_EQ(r.stop, evo::StopReason::kEvaluations);
  EXPECT_GE(r.evaluations, 1000u);
  EXPECT_LT(r.evaluations, 1000u + p.population);

  p = tsp_params(2, 1);
  p.stop.target = tsp.optimum() * 3;
  r = run_ga(tsp, p, ox_cross, inversion);
  EXPECT_EQ(r.stop, evo::StopReason::kTarget);
  EXPECT_LE(r.best_fitness, tsp.optimum() * 3);

  p = tsp_params(2, 1);
  p.mutation_rate = 0;
  p.crossover_rate = 0;  // nothing can improve
  p.stop.stagnation = 5;
  r = run_ga(tsp, p, ox_cross, inversion);
  EXPECT_EQ(r.stop, evo::StopReason::kStagnation);
  EXPECT_EQ(r.generations, 5u);

  p.stop.restart_on_stagnation = true;
  p.stop.generations = 30;
  r = run_ga(tsp, p, ox_cross, inversion);
  EXPECT_EQ(r.stop, evo::StopReason::kGenerations);
  EXPECT_GE(r.restarts, 3u);

  std::atomic<bool> cancel{true};
  p = tsp_params(2, 1);
  p.stop.cancel = &cancel;
  r = run_ga(tsp, p, ox_cross, inversion);
  EXPECT_EQ(r.stop, evo::StopReason::kCancelled);
  EXPECT_EQ(r.generations, 0u);
}

TEST(Ga, SteadyStateImprovesAndIsDeterministic) {
  const CircleTsp tsp(30);
  auto p = tsp_params(3, 1);
  p.steady_state = true;
  p.stop.generations = 300;
  const auto a = run_ga(tsp, p, ox_cross, inversion);
  const auto b = run_ga(tsp, p, ox_cross, inversion);
  EXPECT_EQ(a.best, b.best);
  EXPECT_LT(a.best_fitness, a.history.rows.front().best * 0.5);
  for (std::size_t i = 1; i < a.history.rows.size(); ++i) {
    ASSERT_LE(a.history.rows[i].best, a.history.rows[i - 1].best);  // never replaces the best
  }
}

TEST(Ga, ElitesFromFractionOrCount) {
  GaParams p;
  p.population = 200;
  p.elite_count = 1;
  p.elite_fraction = 0.05;
  EXPECT_EQ(p.elites(), 10u);
  p.elite_fraction = 0;
  EXPECT_EQ(p.elites(), 1u);
}

TEST(Ga, EvaluationHookSeesEveryEvaluationInOrder) {
  const CircleTsp tsp(15);
  auto p = tsp_params(8, 2);
  p.stop.generations = 20;
  std::vector<double> seen;
  const auto r = run_ga(tsp, p, ox_cross, inversion, nullptr, [&](const G& g, double f) {
    EXPECT_DOUBLE_EQ(f, tsp.evaluate(g));
    seen.push_back(f);
  });
  EXPECT_EQ(seen.size(), r.evaluations);
  p.threads = 1;
  std::vector<double> again;
  run_ga(tsp, p, ox_cross, inversion, nullptr, [&](const G&, double f) { again.push_back(f); });
  EXPECT_EQ(seen, again);  // the same order at any thread count
}
