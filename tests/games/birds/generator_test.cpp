// The generator: the same levels for a seed at one thread or two, the number of new individuals
// the document's loop makes, the archive's levels (distinct, stable first, within the rules), and
// re-use of scores (archive members and survivors are never simulated again).
#include "evoplay/games/birds/generator.hpp"

#include <gtest/gtest.h>

#include <atomic>
#include <set>
#include <span>
#include <string>
#include <vector>

#include "evoplay/core/error.hpp"
#include "evoplay/games/birds/check.hpp"
#include "evoplay/games/birds/diversity.hpp"
#include "evoplay/games/birds/xml.hpp"

using namespace evoplay::games::birds;

namespace {

GeneratorSettings small_generator() {
  GeneratorSettings s;
  s.population = 6;
  s.generations = 4;
  s.genome.length = 6;
  s.genome.min_length = 3;
  s.genome.max_length = 12;
  s.crossover_rate = 0.5;  // 3 of 6 -> 2 parents -> 2 children a generation
  s.mutation_rate = 0.5;
  s.physics.seconds = 4;
  s.seed = 9;
  s.max_generations = s.generations;  // the document's loop alone: no generations added
  s.blocks_min = 0;                   // and no block range to meet
  s.blocks_max = 1000;
  s.min_birds = 1;  // nor the two-birds check (BirdsGenerator.LevelsNeedTwoBirds...)
  return s;
}

}  // namespace

TEST(BirdsGenerator, SameSeedSameLevelsAtAnyThreadCount) {
  const Catalogue c = default_catalogue();
  Ruleset rules;
  rules.levels = 3;
  GeneratorSettings s = small_generator();
  s.threads = 1;
  const auto one = run_generator(c, rules, s);
  s.threads = 2;
  const auto two = run_generator(c, rules, s);
  ASSERT_EQ(one.levels.size(), two.levels.size());
  for (std::size_t i = 0; i < one.levels.size(); ++i) {
    EXPECT_EQ(one.levels[i].level_key, two.levels[i].level_key);
    EXPECT_EQ(one.levels[i].fitness, two.levels[i].fitness);
  }
  ASSERT_EQ(one.history.rows.size(), two.history.rows.size());
  for (std::size_t g = 0; g < one.history.rows.size(); ++g) {
    EXPECT_EQ(one.history.rows[g].best, two.history.rows[g].best);
    EXPECT_EQ(one.history.rows[g].mean, two.history.rows[g].mean);
    EXPECT_EQ(one.history.rows[g].extra, two.history.rows[g].extra);
  }
  // Another seed, other levels.
  s.seed = 10;
  EXPECT_NE(run_generator(c, rules, s).levels[0].level_key, one.levels[0].level_key);
}

TEST(BirdsGenerator, TheDocumentsLoopAndTheArchive) {
  const Catalogue c = default_catalogue();
  Ruleset rules;
  rules.levels = 4;
  rules.pigs_min = 2;
  rules.pigs_max = 3;
  rules.forbidden = {{Material::kWood, ObjectType::kRectBig},
                     {Material::kIce, ObjectType::kCircle}};
  const GeneratorSettings s = small_generator();
  const auto r = run_generator(c, rules, s);
  // 6 initial individuals, then 2 children in each of 4 generations; only they are new.
  EXPECT_EQ(r.counters.generations, 4);
  EXPECT_EQ(r.counters.evaluations, 6u + 4u * 2u);
  // One simulation per evaluation, and the robustness trials of the levels that stand.
  EXPECT_GE(r.simulations, r.counters.evaluations);
  EXPECT_LE(r.simulations,
            r.counters.evaluations * (1 + static_cast<std::uint64_t>(s.robustness.trials)));
  ASSERT_EQ(r.history.rows.size(), 5u);
  EXPECT_EQ(r.history.rows[0].evaluations, 6u);
  EXPECT_EQ(r.history.rows[4].evaluations, 14u);
  EXPECT_EQ(r.history.rows[4].extra_value("simulations"), static_cast<double>(r.simulations));
  EXPECT_EQ(r.population.size(), 6u);
  // The archive: as many levels as asked for, no two with the same blocks, stable ones first.
  ASSERT_EQ(r.levels.size(), 4u);
  std::set<std::string> structures;
  bool unstable_seen = false;
  for (const auto& ind : r.levels) {
    EXPECT_TRUE(structures.insert(ind.structure_key).second);
    if (!ind.stability.stable) unstable_seen = true;
    EXPECT_FALSE(unstable_seen && ind.stability.stable) << "a stable level after an unstable one";
    const auto p = place_individual(ind, c, rules, s);
    EXPECT_TRUE(find_overlaps(p.level).empty());
    const int pigs = p.level.count(Kind::kPig);
    EXPECT_GE(pigs, 2);
    EXPECT_LE(pigs, 3);
    for (const auto& o : p.level.objects) {
      if (o.kind() == Kind::kBlock) {
        EXPECT_TRUE(rules.allows(o.material, o.type)) << describe(o);
      }
    }
    // Its score is its simulation's.
    const auto report = simulate(p.level, s.physics);
    EXPECT_EQ(report.stable, ind.stability.stable);
    EXPECT_DOUBLE_EQ(report.paper_score, ind.stability.paper_score);
  }
  // Fitness within the population: stability (the score averaged over the level and its nudged
  // trials) plus the weighted diversity score, protected and sheltered pigs, less the share of
  // pigs missing.
  for (const auto& ind : r.population) {
    const double missing = 100.0 * ind.pigs_missing / std::max(1, ind.pigs_wanted);
    EXPECT_NEAR(ind.fitness,
                s.stability_weight * ind.stability.robust_score +
                    s.diversity_weight * 100 * ind.diversity.score() +
                    s.protection_weight * 100 * ind.stability.protected_share +
                    s.shelter_weight * 100 * ind.stability.sheltered_share - missing,
                1e-9);
  }
}

TEST(BirdsGenerator, ASmallPopulationStillBreedsOnePair) {
  GeneratorSettings s = small_generator();
  s.population = 4;
  s.generations = 2;
  s.max_generations = 2;
  s.crossover_rate = 0.3;  // 1.2 parents: one pair
  EXPECT_EQ(run_generator(default_catalogue(), Ruleset{}, s).counters.evaluations, 4u + 2u * 2u);
  s.crossover_rate = 0;  // no breeding at all
  EXPECT_EQ(run_generator(default_catalogue(), Ruleset{}, s).counters.evaluations, 4u);
}

TEST(BirdsGenerator, ATimeLimitStopsEarly) {
  GeneratorSettings s = small_generator();
  s.generations = 1000;
  s.time_limit_seconds = 1e-9;
  const auto r = run_generator(default_catalogue(), Ruleset{}, s);
  EXPECT_EQ(r.counters.stop, evoplay::evo::StopReason::kTime);
  EXPECT_EQ(r.counters.generations, 0);
  EXPECT_EQ(r.levels.size(), 5u);  // filled from the population
}

TEST(BirdsGenerator, ARulesetThatForbidsEverythingIsAnError) {
  Ruleset rules;
  for (const auto& s : block_catalogue()) {
    for (Material m : {Material::kWood, Material::kStone, Material::kIce}) {
      rules.forbidden.emplace_back(m, s.type);
    }
  }
  EXPECT_THROW(run_generator(default_catalogue(), rules, small_generator()), evoplay::Error);
}

TEST(BirdsGenerator, GoesOnUntilTheLevelsAskedForAreStableAndDistinct) {
  // No generation asked for; the run goes on until the archive holds 4 levels that are stable,
  // have all their pigs and 5 to 20 blocks, no two closer than 0.25 (structural distance).
  const Catalogue c = default_catalogue();
  Ruleset rules;
  rules.levels = 4;
  rules.pigs_min = rules.pigs_max = 1;
  GeneratorSettings s = small_generator();
  s.generations = 0;
  s.max_generations = 200;
  s.blocks_min = 5;
  s.blocks_max = 20;
  s.min_distance = 0.25;
  s.elite = 1;  // one level offered to the archive a generation: 4 need at least 3 generations
  const auto r = run_generator(c, rules, s);
  EXPECT_GE(r.counters.generations, 3);
  EXPECT_EQ(r.counters.stop, evoplay::evo::StopReason::kTarget);
  EXPECT_EQ(r.qualified, 4);
  ASSERT_EQ(r.levels.size(), 4u);
  std::vector<Level> levels;
  for (const auto& ind : r.levels) {
    levels.push_back(place_individual(ind, c, rules, s).level);
    EXPECT_TRUE(simulate(levels.back(), s.physics).stable);
    EXPECT_GE(levels.back().count(Kind::kBlock), 5);
    EXPECT_LE(levels.back().count(Kind::kBlock), 20);
  }
  // As `birds diversity` measures it, on its own grid.
  EXPECT_GE(set_diversity(levels).structural_min, 0.25);
}

TEST(BirdsGenerator, BadSettingsNameTheirField) {
  GeneratorSettings s = small_generator();
  s.blocks_max = 2;
  s.blocks_min = 3;
  try {
    run_generator(default_catalogue(), Ruleset{}, s);
    FAIL() << "blocks_max below blocks_min accepted";
  } catch (const evoplay::Error& e) {
    EXPECT_NE(std::string(e.what()).find("blocks_max"), std::string::npos) << e.what();
  }
}

TEST(BirdsGenerator, PlayableModePlaysTheStableLevelsTheSameAtAnyThreadCount) {
  // Small levels, a cheap measure: every level that is stable, has its pigs and its blocks is
  // played, and its fitness holds the playability term; nothing else is played.
  const Catalogue c = default_catalogue();
  Ruleset rules;
  rules.levels = 2;
  rules.pigs_min = rules.pigs_max = 1;
  GeneratorSettings s = small_generator();
  s.generations = 1;
  s.max_generations = 1;
  s.playable.enabled = true;
  s.playable.measure.naive_attempts = 2;
  s.playable.measure.search.budget = 3;
  s.threads = 1;
  const auto one = run_generator(c, rules, s);
  s.threads = 2;
  const auto two = run_generator(c, rules, s);
  ASSERT_EQ(one.levels.size(), two.levels.size());
  for (std::size_t i = 0; i < one.levels.size(); ++i) {
    EXPECT_EQ(one.levels[i].level_key, two.levels[i].level_key);
    EXPECT_EQ(one.levels[i].play, two.levels[i].play);
  }
  EXPECT_GT(one.playability_measures, 0u);
  for (const auto& ind : one.population) {
    EXPECT_EQ(ind.play.measured, ind.stability.stable && ind.pigs_missing == 0) << ind.level_key;
    if (!ind.play.measured) {
      EXPECT_FALSE(ind.play.solvable);
    }
  }
}

// A cancel ends the run before its next generation: the levels are the archive's so far.
TEST(BirdsGenerator, ACancelEndsTheRunBeforeTheNextGeneration) {
  struct CancelAtOnce : evoplay::Observer {
    evoplay::CancelToken token;
    void on_generation(const evoplay::GenerationRecord&) override { token.cancel(); }
  } cancel;
  evoplay::Control control;
  control.cancel = cancel.token;
  control.observer = &cancel;  // Ctrl-C as generation 0 ends
  GeneratorSettings s = small_generator();
  s.generations = 100;
  const auto r = run_generator(default_catalogue(), Ruleset{}, s, control);
  EXPECT_EQ(r.counters.stop, evoplay::evo::StopReason::kCancelled);
  EXPECT_EQ(r.counters.generations, 0);
  EXPECT_EQ(r.history.rows.size(), 1u);
  EXPECT_EQ(r.levels.size(), 5u);
}

// A cancel during the setup (the first population: minutes for a population of thousands) stops
// it at once: nothing is simulated, no generation is recorded, no level is made up of individuals
// never scored. With islands, the same before the islands are made or started.
TEST(BirdsGenerator, ACancelBeforeTheFirstPopulationIsScoredStopsAtOnce) {
  evoplay::Control control;
  control.cancel.cancel();
  GeneratorSettings s = small_generator();
  s.population = 100000;  // minutes of simulations, were any run
  const auto r = run_generator(default_catalogue(), Ruleset{}, s, control);
  EXPECT_EQ(r.counters.stop, evoplay::evo::StopReason::kCancelled);
  EXPECT_EQ(r.counters.generations, 0);
  EXPECT_EQ(r.simulations, 0u);
  EXPECT_EQ(r.counters.evaluations, 0u);
  EXPECT_TRUE(r.history.rows.empty());
  EXPECT_TRUE(r.levels.empty());
  s.islands.islands = 200;
  const auto islands = run_generator(default_catalogue(), Ruleset{}, s, control);
  EXPECT_EQ(islands.counters.stop, evoplay::evo::StopReason::kCancelled);
  EXPECT_EQ(islands.counters.generations, 0);
  EXPECT_EQ(islands.simulations, 0u);
  EXPECT_TRUE(islands.history.rows.empty());
  EXPECT_TRUE(islands.levels.empty());
}

// The pairwise distances of a population (its square in work: minutes for 100,000) stop soon
// after a cancel.
TEST(BirdsGenerator, PairwiseDistancesStopAfterACancel) {
  std::vector<Genome> genomes(3);
  genomes[0].genes = {{1, Material::kWood, 0, 0}};
  genomes[1].genes = {{2, Material::kWood, 0, 0}};
  genomes[2].genes = {{1, Material::kWood, 0, 0}, {2, Material::kWood, 0, 0}};
  std::vector<const Genome*> all = {&genomes[0], &genomes[1], &genomes[2]};
  const std::vector<std::vector<int>> used = {{1}, {2}, {1, 2}};
  const std::atomic<bool> go{false}, stop{true};
  EXPECT_EQ(min_pairwise_hamming(all, &go), min_pairwise_hamming(all));
  EXPECT_EQ(mean_pairwise_hamming(all, &go), mean_pairwise_hamming(all));
  EXPECT_EQ(mean_pairwise_hamming(all, &stop), 0.0);  // no pair seen
  const auto terms = population_diversity(all, used, 2, HammingMode::kMin, &stop);
  EXPECT_EQ(terms.size(), 3u);  // the slots, unfilled
}

// An ArchiveObserver sees the archive after the first population and after each generation,
// never more levels than asked for, each with its level's XML; the run's levels are the last
// archive it saw.
TEST(BirdsGenerator, AnArchiveObserverSeesTheLevelsAsTheyAppear) {
  struct Seen : ArchiveObserver {
    std::vector<int> generations, records;
    std::vector<std::vector<std::string>> archives;
    void on_generation(const evoplay::GenerationRecord& r) override {
      records.push_back(static_cast<int>(r.generation));
    }
    void on_archive(int generation, std::span<const Individual> archive) override {
      generations.push_back(generation);
      archives.emplace_back();
      for (const auto& a : archive) archives.back().push_back(a.level_key);
    }
  } seen;
  evoplay::Control control;
  control.observer = &seen;
  const GeneratorSettings s = small_generator();
  Ruleset rules;
  rules.levels = 3;
  const auto r = run_generator(default_catalogue(), rules, s, control);
  EXPECT_EQ(seen.generations, (std::vector<int>{0, 1, 2, 3, 4}));
  EXPECT_EQ(seen.records, seen.generations);
  for (const auto& archive : seen.archives) {
    EXPECT_GE(archive.size(), 1u);
    EXPECT_LE(archive.size(), 3u);
    for (const auto& xml : archive) EXPECT_NO_THROW(parse_level(xml, "archive"));
  }
  ASSERT_FALSE(seen.archives.empty());
  // A full archive at the end is the run's levels.
  const auto& last = seen.archives.back();
  ASSERT_EQ(last.size(), 3u);
  ASSERT_EQ(r.levels.size(), 3u);
  for (std::size_t i = 0; i < last.size(); ++i) EXPECT_EQ(r.levels[i].level_key, last[i]) << i;
}

// A set of more levels than the population: the members put back into the population fill it,
// and the levels offered to the archive each generation are the best new ones, not them. With
// min_distance 0 only a copy of a member's blocks is refused, so the archive grows by the two
// offered nearly every generation (under the rule that offered the population's best, members
// included, it held 4 of 12 after 8 generations: the archive's own best took the places).
TEST(BirdsGenerator, ASetLargerThanThePopulationGrowsByTheNewLevelsOffered) {
  struct Sizes : ArchiveObserver {
    std::vector<std::size_t> sizes;
    void on_generation(const evoplay::GenerationRecord&) override {}
    void on_archive(int, std::span<const Individual> archive) override {
      sizes.push_back(archive.size());
    }
  } seen;
  evoplay::Control control;
  control.observer = &seen;
  GeneratorSettings s = small_generator();
  s.elite = 2;
  s.min_distance = 0;
  s.generations = 8;
  s.max_generations = 8;
  Ruleset rules;
  rules.levels = 12;
  run_generator(default_catalogue(), rules, s, control);
  ASSERT_EQ(seen.sizes.size(), 9u);
  EXPECT_EQ(seen.sizes[0], 2u);  // the first population's two best
  for (std::size_t g = 1; g < seen.sizes.size(); ++g) {
    EXPECT_GE(seen.sizes[g], seen.sizes[g - 1]) << "nothing is trimmed below 12";
  }
  EXPECT_GE(seen.sizes.back(), 10u) << ::testing::PrintToString(seen.sizes);
}

TEST(BirdsGenerator, LevelsNeedTwoBirdsWhenMinBirdsIsTwo) {
  // With min_birds 2 a level qualifies only when the search agent's first bird, sweeping
  // bird_check_budget shots, cannot win it: the run goes on until its levels are such, and each
  // says it was checked; the checks run in parallel, and give the same levels on two threads.
  // With 1, nothing is checked.
  const Catalogue c = default_catalogue();
  Ruleset rules;
  rules.levels = 2;
  rules.pigs_min = rules.pigs_max = 2;
  GeneratorSettings s = small_generator();
  s.generations = 0;
  s.max_generations = 300;
  s.min_birds = 2;
  s.bird_check_budget = 12;
  const auto r = run_generator(c, rules, s);
  EXPECT_EQ(r.qualified, 2);
  EXPECT_GE(r.bird_checks, 2u);
  for (const auto& ind : r.levels) {
    EXPECT_TRUE(ind.play.birds_checked);
    EXPECT_FALSE(ind.play.first_bird_wins);
  }
  s.threads = 2;
  const auto two_threads = run_generator(c, rules, s);
  EXPECT_EQ(two_threads.bird_checks, r.bird_checks);
  ASSERT_EQ(two_threads.levels.size(), r.levels.size());
  for (std::size_t i = 0; i < r.levels.size(); ++i) {
    EXPECT_EQ(two_threads.levels[i].level_key, r.levels[i].level_key) << i;
  }
  s.threads = 1;
  s.min_birds = 1;
  const auto plain = run_generator(c, rules, s);
  EXPECT_EQ(plain.bird_checks, 0u);
  for (const auto& ind : plain.levels) EXPECT_FALSE(ind.play.birds_checked);
  s.min_birds = 3;
  EXPECT_THROW(s.validate(), evoplay::Error);
}
