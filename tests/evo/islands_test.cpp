#include "evoplay/evo/islands.hpp"

#include <gtest/gtest.h>

#include <barrier>
#include <mutex>
#include <thread>

#include "evoplay/core/error.hpp"
#include "evoplay/evo/island_runs.hpp"
#include "evoplay/evo/operators/crossover.hpp"
#include "evoplay/evo/operators/mutation.hpp"
#include "evoplay/evo/problems/circle_tsp.hpp"
#include "evoplay/evo/problems/onemax.hpp"
#include "support/evo_operators.hpp"
#include "support/thread_group.hpp"

using namespace evoplay;
using namespace evoplay::evo;
using namespace evoplay::test_support;

using test_support::on_processes;

namespace {

GaParams ga_params(int threads) {
  GaParams p;
  p.population = 30;
  p.mutation_rate = 0.4;
  p.elite_count = 1;
  p.stop.generations = 60;
  p.seed = 7;
  p.threads = threads;
  return p;
}

IslandParams four_islands(Topology topology = Topology::kRing) {
  IslandParams p;
  p.islands = 4;
  p.interval = 5;
  p.migrants = 2;
  p.topology = topology;
  return p;
}

void expect_same_run(const RunResult<G>& a, const RunResult<G>& b) {
  EXPECT_EQ(a.best, b.best);
  EXPECT_EQ(a.best_fitness, b.best_fitness);
  EXPECT_EQ(a.evaluations, b.evaluations);
  EXPECT_EQ(a.generations, b.generations);
  EXPECT_EQ(a.stop, b.stop);
  EXPECT_EQ(a.population, b.population);
  EXPECT_EQ(a.fitness, b.fitness);
  ASSERT_EQ(a.history.rows.size(), b.history.rows.size());
  for (std::size_t i = 0; i < a.history.rows.size(); ++i) {
    EXPECT_EQ(a.history.rows[i].best, b.history.rows[i].best) << i;
    EXPECT_EQ(a.history.rows[i].mean, b.history.rows[i].mean) << i;
    EXPECT_EQ(a.history.rows[i].evaluations, b.history.rows[i].evaluations) << i;
  }
}

}  // namespace

TEST(IslandParams, RingSendsToTheNextIslandAndFullyConnectedToAll) {
  IslandParams p = four_islands();
  EXPECT_EQ(migration_sources(p, 0), (std::vector<std::size_t>{3}));
  EXPECT_EQ(migration_sources(p, 2), (std::vector<std::size_t>{1}));
  p.topology = Topology::kFullyConnected;
  EXPECT_EQ(migration_sources(p, 2), (std::vector<std::size_t>{0, 1, 3}));
  p.islands = 1;
  EXPECT_TRUE(migration_sources(p, 0).empty());
}

TEST(IslandParams, RefusesBadValuesNamingTheOption) {
  IslandParams p;
  p.islands = 0;
  EXPECT_THROW(
      {
        try {
          p.validate();
        } catch (const Error& e) {
          EXPECT_NE(std::string(e.what()).find("islands: expected a whole number from 1"),
                    std::string::npos)
              << e.what();
          throw;
        }
      },
      Error);
  p.islands = 2;
  p.interval = 0;
  EXPECT_THROW(p.validate(), Error);
  EXPECT_THROW((void)topology_from_name("star"), Error);
  EXPECT_EQ(topology_from_name("fully-connected"), Topology::kFullyConnected);
}

TEST(IslandParams, IslandSeedsDifferAndDependOnTheRunSeed) {
  EXPECT_NE(island_seed(1, 0), island_seed(1, 1));
  EXPECT_NE(island_seed(1, 0), island_seed(2, 0));
  EXPECT_EQ(island_seed(5, 3), island_seed(5, 3));
}

TEST(Ga, ImmigrantReplacesTheWorstOnlyWhenBetter) {
  const OneMax problem(20);
  GaParams p;
  p.population = 10;
  p.stop.generations = 1;
  Ga ga(
      problem, p,
      [](const G& a, const G& b, Rng&) {
        return std::pair{a, b};
      },
      [](G&, Rng&) {});
  ga.start();
  const std::vector<double> before(ga.fitness().begin(), ga.fitness().end());
  const auto worst = std::min_element(before.begin(), before.end()) - before.begin();
  const G perfect(20, 1);
  ga.immigrate({{perfect, 20.0}, {G(20, 0), 0.0}});  // the second is worse than everyone
  EXPECT_EQ(ga.population()[static_cast<std::size_t>(worst)], perfect);
  EXPECT_EQ(ga.fitness()[static_cast<std::size_t>(worst)], 20.0);
  EXPECT_EQ(std::count(ga.fitness().begin(), ga.fitness().end(), 0.0), 0);
  const auto out = ga.emigrants(2);
  ASSERT_EQ(out.size(), 2u);
  EXPECT_EQ(out[0].genome, perfect);
  EXPECT_GE(out[0].fitness, out[1].fitness);
}

TEST(Cro, ImmigrantFillsAnEmptyCellAndACopyIsRefused) {
  const OneMax problem(20);
  CroParams p;
  p.reef = evoplay::evo::ReefShape{2, 5};
  p.rows = 2;
  p.cols = 5;
  p.occupancy = 0.5;
  Cro cro(
      problem, p, [](const G& a, const G&, Rng&) { return a; }, [](G&, Rng&) {});
  cro.start();
  const auto occupied = [&] {
    return std::count_if(cro.reef().begin(), cro.reef().end(), [](const auto& c) { return c; });
  };
  ASSERT_EQ(occupied(), 5);
  const G perfect(20, 1);
  cro.immigrate({{perfect, 20.0}});
  EXPECT_EQ(occupied(), 6);
  cro.immigrate({{perfect, 20.0}});  // already in the reef: no second copy
  EXPECT_EQ(occupied(), 6);
  EXPECT_EQ(cro.emigrants(1).at(0).genome, perfect);
}

TEST(Archipelago, SameResultAtAnyThreadCount) {
  const CircleTsp tsp(20);
  const auto one = run_ga_islands(tsp, ga_params(1), four_islands(), ox_cross, inversion);
  const auto two = run_ga_islands(tsp, ga_params(2), four_islands(), ox_cross, inversion);
  const auto three = run_ga_islands(tsp, ga_params(3), four_islands(), ox_cross, inversion);
  expect_same_run(one, two);
  expect_same_run(one, three);
  EXPECT_EQ(one.population.size(), 4u * 30);
  EXPECT_TRUE(one.generations == 60u || (one.stop == StopReason::kSolved && one.solved))
      << one.generations;
  // Generation 0 evaluates every island's population; later ones the children (not the elite).
  EXPECT_EQ(one.history.rows.front().evaluations, 4u * 30);
}

TEST(Archipelago, IslandsOnSeveralProcessesGiveTheResultOfOne) {
  const CircleTsp tsp(20);
  for (const auto topology : {Topology::kRing, Topology::kFullyConnected}) {
    const auto alone =
        run_ga_islands(tsp, ga_params(2), four_islands(topology), ox_cross, inversion);
    for (int processes : {2, 3}) {
      std::vector<std::vector<double>> seen(static_cast<std::size_t>(processes));
      const auto runs = on_processes(processes, [&](Exchange* exchange) {
        return run_ga_islands(tsp, ga_params(1), four_islands(topology), ox_cross, inversion,
                              nullptr, {}, exchange);
      });
      for (const auto& r : runs) expect_same_run(alone, r);
    }
    const auto cro_alone = [&](Exchange* exchange) {
      CroParams p;
      p.size_reef(25);
      p.stop.generations = 30;
      p.seed = 3;
      p.threads = 1;
      return run_cro_islands(tsp, p, four_islands(topology), ox_cross, inversion, nullptr, {}, {},
                             exchange);
    };
    const auto cro_one = cro_alone(nullptr);
    for (const auto& r : on_processes(3, cro_alone)) expect_same_run(cro_one, r);
  }
}

TEST(Archipelago, TheHookSeesEveryEvaluationInTheSameOrderOnEveryProcess) {
  const OneMax problem(40);
  auto bit_flip = [](G& g, Rng& r) { random_reset_mutation(g, r, 0, 1, 0.05); };
  auto one_point_cross = [](const G& a, const G& b, Rng& r) { return one_point(a, b, r); };
  const auto run = [&](Exchange* exchange) {
    GaParams p = ga_params(1);
    p.stop.generations = 1000;
    p.stop.evaluations = 900;
    std::vector<double> seen;
    const auto r = run_ga_islands(
        problem, p, four_islands(), one_point_cross, bit_flip, nullptr,
        [&](const G&, double f) { seen.push_back(f); }, exchange);
    EXPECT_EQ(seen.size(), r.evaluations);
    EXPECT_GE(r.evaluations, 900u);
    EXPECT_TRUE(r.stop == StopReason::kEvaluations || r.stop == StopReason::kSolved);
    return seen;
  };
  const auto alone = run(nullptr);
  for (const auto& seen : on_processes(2, run)) EXPECT_EQ(seen, alone);
}

TEST(Archipelago, MigrationChangesTheRunAndIslandsSolveOneMax) {
  const CircleTsp tsp(20);
  IslandParams none = four_islands();
  none.migrants = 0;
  const auto isolated = run_ga_islands(tsp, ga_params(1), none, ox_cross, inversion);
  const auto migrating = run_ga_islands(tsp, ga_params(1), four_islands(), ox_cross, inversion);
  EXPECT_NE(isolated.population, migrating.population);
  // Before the first migration (generation 5) the runs are the same.
  EXPECT_EQ(isolated.history.rows[5].best, migrating.history.rows[5].best);

  const OneMax problem(64);
  auto one_point_cross = [](const G& a, const G& b, Rng& r) { return one_point(a, b, r); };
  GaParams p = ga_params(2);
  p.mutation_rate = 1.0;
  p.stop.generations = 400;
  const auto r = run_ga_islands(problem, p, four_islands(), one_point_cross, bit_flip);
  EXPECT_TRUE(r.solved);
  EXPECT_EQ(r.stop, StopReason::kSolved);
  EXPECT_EQ(r.best_fitness, 64);
}

TEST(Archipelago, ACancelOnOneProcessStopsThemAll) {
  const CircleTsp tsp(20);
  std::atomic<bool> cancel{true};
  const auto runs = on_processes(2, [&](Exchange* exchange) {
    GaParams p = ga_params(1);
    p.stop.generations = 1'000'000;
    if (exchange->rank() == 1) p.stop.cancel = &cancel;  // only the second process is told
    return run_ga_islands(tsp, p, four_islands(), ox_cross, inversion, nullptr, {}, exchange);
  });
  for (const auto& r : runs) {
    EXPECT_EQ(r.stop, StopReason::kCancelled);
    EXPECT_EQ(r.generations, 0u);
  }
}

// The optimiser contract is a concept: every optimiser models it, checked at compile time.
using GaIsland = Ga<CircleTsp, decltype(ox_cross), decltype(inversion)>;
using CroIsland = Cro<CircleTsp, decltype(ox_cross), decltype(inversion)>;
static_assert(Island<GaIsland, G>);
static_assert(Island<CroIsland, G>);
static_assert(Island<Aco<CircleTsp>, G>);
static_assert(SteppedOptimiser<Archipelago<CircleTsp, Aco<CircleTsp>>>);

namespace {

AcoParams aco_params(int threads) {
  AcoParams p;
  p.ants = 20;
  p.evaporation = 0.1;
  p.stop.generations = 40;
  p.seed = 3;
  p.threads = threads;
  return p;
}

}  // namespace

TEST(Aco, AnImmigrantBetterThanTheBestSoFarBecomesItAndItsPathIsLaidNext) {
  const CircleTsp tsp(12);
  Aco<CircleTsp> colony(tsp, aco_params(1));
  colony.start();
  const double before = colony.result().best_fitness;
  // A better tour from a longer run of another colony.
  AcoParams longer = aco_params(1);
  longer.seed = 99;
  longer.stop.generations = 200;
  const auto found = run_aco(tsp, longer);
  ASSERT_LT(found.best_fitness, before);
  colony.immigrate({{found.best, found.best_fitness}});
  EXPECT_EQ(colony.result().best_fitness, found.best_fitness);
  EXPECT_EQ(colony.best_choices(), found.best);  // a tour is its own path
  // A worse immigrant changes nothing.
  G worse = found.best;
  std::swap(worse[0], worse[5]);
  ASSERT_GT(tsp.evaluate(worse), found.best_fitness);
  colony.immigrate({{worse, tsp.evaluate(worse)}});
  EXPECT_EQ(colony.best_choices(), found.best);
}

TEST(Archipelago, AntColoniesAsIslandsGiveTheSameRunAtAnyThreadCountAndMigrate) {
  const CircleTsp tsp(16);
  const auto run = [&](int threads, std::size_t migrants) {
    IslandParams islands = four_islands();
    islands.migrants = migrants;
    return run_aco_islands(tsp, aco_params(threads), islands);
  };
  const auto one = run(1, 2);
  expect_same_run(one, run(2, 2));
  EXPECT_EQ(one.population.size(), 4u * 20u);                   // every colony's last ants
  EXPECT_NE(one.history.to_csv(), run(1, 0).history.to_csv());  // migration changes the run
}
