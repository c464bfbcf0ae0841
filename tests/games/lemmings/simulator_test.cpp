// The simulator as solvers use it: one Simulator reused for many plans gives what a fresh one
// gives, runs allocate nothing once warm, genes without effect can be stripped, the order of
// genes only matters within a step.
#include "evoplay/games/lemmings/simulator.hpp"

#include <gtest/gtest.h>

#include <atomic>
#include <cstdlib>
#include <filesystem>
#include <new>

#include "evoplay/games/lemmings/report.hpp"
#include "support/process.hpp"

namespace lem = evoplay::games::lemmings;

// Counts heap allocations, to show that a warm simulator allocates nothing in a run.
namespace {
std::atomic<long> allocations{0};
}  // namespace

// GCC cannot tell that these replace the global operators, and warns about free() on a pointer
// from operator new.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wmismatched-new-delete"
void* operator new(std::size_t n) {
  allocations.fetch_add(1, std::memory_order_relaxed);
  if (void* p = std::malloc(n ? n : 1)) return p;
  throw std::bad_alloc();
}
void* operator new(std::size_t n, const std::nothrow_t&) noexcept {  // std::stable_sort's buffer
  allocations.fetch_add(1, std::memory_order_relaxed);
  return std::malloc(n ? n : 1);
}
void operator delete(void* p) noexcept { std::free(p); }
void operator delete(void* p, std::size_t) noexcept { std::free(p); }
void operator delete(void* p, const std::nothrow_t&) noexcept { std::free(p); }
#pragma GCC diagnostic pop

namespace {

std::vector<std::filesystem::path> suite_levels() {
  std::vector<std::filesystem::path> files;
  for (const auto& e :
       std::filesystem::directory_iterator(evoplay::test_support::source_path("data/lemmings"))) {
    if (e.path().extension() == ".lvl") files.push_back(e.path());
  }
  std::sort(files.begin(), files.end());
  return files;
}

/// Everything an outcome says, without the per-gene part, as JSON text.
std::string summary(const lem::Level& level, const lem::Outcome& o) {
  auto j = lem::outcome_json(level, {}, o);
  j.erase("genes");
  return j.dump();
}

}  // namespace

TEST(LemmingsSimulator, AReusedSimulatorGivesWhatAFreshOneGives) {
  for (const auto& file : suite_levels()) {
    const auto level = lem::load_level(file.string());
    lem::Simulator reused(level);
    evoplay::Rng rng(evoplay::Rng(3).split(std::hash<std::string>{}(file.stem().string())));
    for (int i = 0; i < 6; ++i) {
      const auto plan = lem::random_plan(level, level.time, rng);
      const auto& a = reused.run(plan);
      const auto b = lem::simulate(level, plan);
      ASSERT_EQ(summary(level, a), summary(level, b)) << file;
      ASSERT_EQ(a.gene_lemming, b.gene_lemming) << file;
      ASSERT_EQ(a.events.size(), b.events.size()) << file;
    }
  }
}

TEST(LemmingsSimulator, AWarmRunAllocatesNothing) {
  const auto level =
      lem::load_level(evoplay::test_support::source_path("data/lemmings/hard-05-grand-tour.lvl"));
  lem::Simulator sim(level);
  evoplay::Rng rng(11);
  std::vector<lem::Plan> plans;
  for (int i = 0; i < 30; ++i) plans.push_back(lem::random_plan(level, level.time, rng));
  lem::Plan longest(static_cast<std::size_t>(level.time), lem::Gene{1, lem::Skill::kClimber, 0});
  sim.run(longest);  // warm: the buffers reach their largest size
  long steps = 0;
  const long before = allocations.load();
  for (const auto& plan : plans) steps += sim.run(plan).lemming_steps;
  EXPECT_EQ(allocations.load() - before, 0);
  EXPECT_GT(steps, 0);
}

TEST(LemmingsSimulator, GenesWithoutEffectCanBeStripped) {
  for (const auto& file : suite_levels()) {
    const auto level = lem::load_level(file.string());
    lem::Simulator sim(level);
    evoplay::Rng rng(evoplay::Rng(5).split(std::hash<std::string>{}(file.stem().string())));
    for (int i = 0; i < 6; ++i) {
      const auto plan = lem::random_plan(level, level.time, rng);
      const auto full = sim.run(plan);
      const auto stripped = lem::effective_plan(plan, full);
      EXPECT_EQ(static_cast<int>(stripped.size()), full.genes_applied());
      for (std::size_t g = 1; g < stripped.size(); ++g) {
        EXPECT_LE(stripped[g - 1].step, stripped[g].step);
      }
      const auto& again = sim.run(stripped);
      ASSERT_EQ(summary(level, again), summary(level, full)) << file;
      EXPECT_EQ(again.genes_applied(), static_cast<int>(stripped.size()));
    }
  }
}

TEST(LemmingsSimulator, GeneOrderOnlyMattersWithinAStep) {
  const auto level =
      lem::load_level(evoplay::test_support::source_path("data/lemmings/hard-02-canyon.lvl"));
  const lem::Plan plan = lem::load_plan(
      evoplay::test_support::source_path("data/lemmings/solutions/hard-02-canyon.plan"));
  const lem::Plan reversed(plan.rbegin(), plan.rend());
  const auto a = lem::simulate(level, plan);
  const auto b = lem::simulate(level, reversed);
  EXPECT_TRUE(a.solved);
  EXPECT_EQ(summary(level, a), summary(level, b));
  for (std::size_t g = 0; g < plan.size(); ++g) {
    EXPECT_EQ(a.gene_lemming[g], b.gene_lemming[plan.size() - 1 - g]);
  }
  // Genes of one step are applied in plan order: the level has one climber; lemming 2 comes out
  // at step 4, and whichever gene comes first takes it.
  const auto named_first = lem::simulate(level, lem::parse_plan("4 climber 2\n4 climber\n", "p"));
  EXPECT_EQ(named_first.gene_lemming, (std::vector<int>{2, 0}));
  const auto leader_first = lem::simulate(level, lem::parse_plan("4 climber\n4 climber 2\n", "p"));
  EXPECT_EQ(leader_first.gene_lemming, (std::vector<int>{1, 0}));
}

TEST(LemmingsSimulator, OutcomeCountsAddUp) {
  for (const auto& file : suite_levels()) {
    const auto level = lem::load_level(file.string());
    lem::Simulator sim(level);
    evoplay::Rng rng(17);
    for (int i = 0; i < 5; ++i) {
      const auto& o = sim.run(lem::random_plan(level, level.time, rng));
      EXPECT_EQ(o.saved + o.dead + o.out, level.lemmings);
      int deaths = 0;
      for (int d : o.deaths) deaths += d;
      EXPECT_EQ(deaths, o.dead);
      EXPECT_EQ(o.solved, o.saved >= level.save);
      EXPECT_LE(o.steps, level.time);
      for (int k = 0; k < lem::kSkillCount; ++k) {
        EXPECT_LE(o.skills_used[static_cast<std::size_t>(k)],
                  level.skills[static_cast<std::size_t>(k)]);
      }
      EXPECT_EQ(o.skills_used_total(), o.genes_applied());
      for (const auto& l : o.lemmings) {
        if (l.fate == lem::Fate::kWaiting) continue;
        EXPECT_LE(l.best_distance, l.distance);
        EXPECT_GE(l.x, 0);
        EXPECT_LT(l.x, level.width);
        EXPECT_GE(l.y, 0);
        EXPECT_LT(l.y, level.height);
      }
    }
  }
}
