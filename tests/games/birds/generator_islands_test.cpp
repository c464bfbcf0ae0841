// The generator's islands (generator_run.hpp, on the engine's Archipelago): the same levels at
// any thread count and over processes (an in-process Exchange), migration that changes the run
// only after its first migration, the islands' own stopping rule, and genomes that travel
// between processes unchanged.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "evoplay/core/error.hpp"
#include "evoplay/games/birds/generator.hpp"
#include "evoplay/games/birds/generator_run.hpp"
#include "support/thread_group.hpp"

using namespace evoplay;
using namespace evoplay::games::birds;

namespace {

GeneratorSettings islands(std::size_t migrants, evo::Topology topology = evo::Topology::kRing) {
  GeneratorSettings s;
  s.population = 6;
  s.generations = 4;
  s.max_generations = 4;
  s.genome.length = 6;
  s.genome.min_length = 3;
  s.genome.max_length = 12;
  s.crossover_rate = 0.5;
  s.mutation_rate = 0.5;
  s.physics.seconds = 2;
  s.blocks_min = 0;
  s.blocks_max = 1000;
  s.seed = 11;
  s.islands.islands = 3;
  s.islands.interval = 2;
  s.islands.migrants = migrants;
  s.islands.topology = topology;
  s.min_birds = 1;  // the two-birds check has its own test (BirdsGenerator.LevelsNeedTwoBirds...)
  s.robustness.trials =
      0;  // so are the nudged trials (robustness_test.cpp): here, a third the time
  return s;
}

Ruleset three_levels() {
  Ruleset rules;
  rules.levels = 3;
  return rules;
}

/// Everything of a result but its timings.
void expect_same_result(const GeneratorResult& a, const GeneratorResult& b) {
  ASSERT_EQ(a.levels.size(), b.levels.size());
  for (std::size_t i = 0; i < a.levels.size(); ++i) {
    EXPECT_EQ(a.levels[i].level_key, b.levels[i].level_key) << i;
    EXPECT_EQ(a.levels[i].fitness, b.levels[i].fitness) << i;
    EXPECT_EQ(a.levels[i].generation, b.levels[i].generation) << i;
  }
  EXPECT_EQ(a.counters.evaluations, b.counters.evaluations);
  EXPECT_EQ(a.simulations, b.simulations);
  EXPECT_EQ(a.counters.generations, b.counters.generations);
  EXPECT_EQ(a.qualified, b.qualified);
  EXPECT_EQ(a.counters.stop, b.counters.stop);
  ASSERT_EQ(a.history.rows.size(), b.history.rows.size());
  for (std::size_t g = 0; g < a.history.rows.size(); ++g) {
    EXPECT_EQ(a.history.rows[g].best, b.history.rows[g].best) << g;
    EXPECT_EQ(a.history.rows[g].mean, b.history.rows[g].mean) << g;
    EXPECT_EQ(a.history.rows[g].evaluations, b.history.rows[g].evaluations) << g;
    EXPECT_EQ(a.history.rows[g].extra, b.history.rows[g].extra) << g;
  }
}

}  // namespace

TEST(BirdsGeneratorIslands, SameLevelsAtAnyThreadCountAndOverProcesses) {
  const Catalogue c = default_catalogue();
  const Ruleset rules = three_levels();
  for (const auto topology : {evo::Topology::kRing, evo::Topology::kFullyConnected}) {
    GeneratorSettings s = islands(1, topology);
    s.threads = 1;
    const auto one = run_generator(c, rules, s);
    EXPECT_EQ(one.history.rows.size(), 5u);  // the initial population and 4 generations
    EXPECT_FALSE(one.levels.empty());
    if (topology == evo::Topology::kRing) {
      s.threads = 2;
      expect_same_result(one, run_generator(c, rules, s));
    }
    // Islands 0 and 2 on one process, island 1 on the other.
    s.threads = 1;
    const auto runs = test_support::on_processes(2, [&](Exchange* exchange) {
      Control control;
      control.exchange = exchange;
      return run_generator(c, rules, s, control);
    });
    for (const auto& r : runs) expect_same_result(one, r);
  }
}

TEST(BirdsGeneratorIslands, MigrationChangesTheRunOnlyAfterTheFirstMigration) {
  const Catalogue c = default_catalogue();
  const Ruleset rules = three_levels();
  GeneratorSettings s = islands(2, evo::Topology::kFullyConnected);
  s.threads = 2;
  const auto with = run_generator(c, rules, s);
  s.islands.migrants = 0;
  const auto without = run_generator(c, rules, s);
  ASSERT_EQ(with.history.rows.size(), without.history.rows.size());
  // Generations 0, 1, 2 are made before the first migrants arrive (after generation 2).
  for (std::size_t g = 0; g <= 2; ++g) {
    EXPECT_EQ(with.history.rows[g].mean, without.history.rows[g].mean) << g;
    EXPECT_EQ(with.history.rows[g].extra, without.history.rows[g].extra) << g;
  }
  bool differs = false;
  for (std::size_t g = 3; g < with.history.rows.size(); ++g) {
    differs = differs || with.history.rows[g].mean != without.history.rows[g].mean;
  }
  EXPECT_TRUE(differs);
}

// The islands' own stopping rule (GeneratorRun::own_stop) ends the run when no island wants
// another generation, long before the most allowed.
TEST(BirdsGeneratorIslands, TheRunEndsWhenNoIslandWantsAnotherGeneration) {
  const Catalogue c = default_catalogue();
  GeneratorSettings s = islands(1);
  s.generations = 1;
  s.max_generations = 10;
  Ruleset one;
  one.levels = 1;
  const auto r = run_generator(c, one, s);
  EXPECT_LT(r.counters.generations, 10);
  EXPECT_EQ(r.qualified, 1);
  EXPECT_EQ(r.counters.stop,
            r.counters.generations > 1 ? evo::StopReason::kTarget : evo::StopReason::kGenerations);
  EXPECT_EQ(r.history.rows.size(), static_cast<std::size_t>(r.counters.generations) + 1);
}

TEST(BirdsGeneratorIslands, OneIslandIsTheGeneratorAlone) {
  const Catalogue c = default_catalogue();
  GeneratorSettings s = islands(1);
  s.islands.islands = 1;
  GeneratorSettings plain = s;
  plain.islands = {};
  expect_same_result(run_generator(c, three_levels(), plain), run_generator(c, three_levels(), s));
  EXPECT_FALSE(s.to_json().contains("islands"));
  s.islands.islands = 0;
  EXPECT_THROW(s.validate(), Error);
}

TEST(BirdsGeneratorIslands, GenomesTravelAsJsonUnchanged) {
  Genome g;
  g.genes = {{3, Material::kIce, 0.1 + 0.2, -1.0 / 3}, {0, Material::kNone, 0, 0.75}};
  g.mask = {1, 0, 0, 1, 0, 0, 0};
  g.pig_seed = 0xFFFF'FFFF'FFFF'FFF1ULL;
  g.platforms = {0, 1.4, 0, 0, 2.999, 0, 0};
  EXPECT_EQ(genome_from_json(nlohmann::json::parse(genome_json(g).dump())), g);
}
