// Lemmings solved by islands of the GA and CRO: the shared budget, the same run at any
// thread count, distinct solutions counted over every island, and the command line's options.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "evoplay/core/error.hpp"
#include "evoplay/games/lemmings/problem.hpp"
#include "evoplay/games/lemmings/solve.hpp"
#include "support/process.hpp"

namespace lem = evoplay::games::lemmings;
using namespace evoplay::test_support;

namespace {

lem::SolverSettings island_settings(lem::Algorithm algorithm) {
  lem::SolverSettings s;
  s.algorithm = algorithm;
  s.evaluations = 1500;
  s.population = 15;
  s.seed = 4;
  s.islands.islands = 3;
  s.islands.interval = 3;
  s.islands.migrants = 2;
  return s;
}

}  // namespace

TEST(LemmingsIslands, SolveWithinTheSharedBudgetTheSameAtAnyThreadCount) {
  const auto level = lem::load_level(source_path("data/lemmings/easy-04-two-walls.lvl"));
  for (auto a : {lem::Algorithm::kGa, lem::Algorithm::kCro}) {
    auto s = island_settings(a);
    s.threads = 1;
    const auto one = lem::solve(level, s);
    s.threads = 2;
    const auto two = lem::solve(level, s);
    EXPECT_EQ(one.counters.evaluations, 1500u) << lem::algorithm_name(a);
    EXPECT_TRUE(one.counters.solved) << lem::algorithm_name(a);
    EXPECT_GE(one.distinct(), 1u);
    EXPECT_EQ(one.solutions, two.solutions);
    EXPECT_EQ(one.first_solution, two.first_solution);
    EXPECT_EQ(one.best, two.best);
    ASSERT_EQ(one.history.rows.size(), two.history.rows.size());
    for (std::size_t i = 0; i < one.history.rows.size(); ++i) {
      EXPECT_EQ(one.history.rows[i].best, two.history.rows[i].best);
      EXPECT_EQ(one.history.rows[i].evaluations, two.history.rows[i].evaluations);
    }
    // Generation 0 evaluates the three islands' first populations (a reef starts partly
    // occupied).
    if (a == lem::Algorithm::kGa) {
      EXPECT_EQ(one.history.rows.front().evaluations, 3u * 15);
    }
    EXPECT_EQ(one.history.rows.front().evaluations % 3, 0u);
    // The best plan is a real plan of the level with the recorded fitness.
    const lem::LemmingsProblem problem(level, s.fitness);
    EXPECT_DOUBLE_EQ(problem.evaluate(one.best), one.counters.best_fitness);
  }
}

TEST(LemmingsIslands, BadIslandValuesAreRefused) {
  auto s = island_settings(lem::Algorithm::kAco);
  EXPECT_NO_THROW(s.validate());  // ACO runs on islands too (its best paths migrate)
  s = island_settings(lem::Algorithm::kGa);
  s.islands.interval = 0;
  EXPECT_THROW(s.validate(), evoplay::Error);
}

TEST(LemmingsIslandsCli, OptionsAreRecordedAndBadOnesRefused) {
  const std::string level = source_path("data/lemmings/easy-04-two-walls.lvl");
  const auto dir = scratch_dir("lemmings-islands-cli");
  const auto r = run_evoplay("lemmings solve " + level +
                             " --method ga --islands 2 --migration-interval 4 --migrants 3 "
                             "--topology fully-connected --evaluations 300 --population 10 "
                             "--quiet --out " +
                             (dir / "run").string());
  ASSERT_EQ(r.status, 0) << r.err;
  const auto config = nlohmann::json::parse(slurp(dir / "run" / "config.json"));
  EXPECT_EQ(config["solver"]["islands"], (nlohmann::json{{"islands", 2},
                                                         {"migration_interval", 4},
                                                         {"migrants", 3},
                                                         {"topology", "fully-connected"}}));
  for (const char* bad :
       {"--islands 0", "--islands 2 --topology star", "--islands 2 --migration-interval 0"}) {
    const auto refused = run_evoplay("lemmings solve " + level + " --evaluations 50 --quiet " +
                                     bad + " --out " + (dir / "bad").string());
    EXPECT_EQ(refused.status, 2) << bad;
    EXPECT_NE(refused.err.find("evoplay: error"), std::string::npos) << bad << ": " << refused.err;
    EXPECT_FALSE(std::filesystem::exists(dir / "bad")) << bad;
  }
}
