// The Lemmings problem the solvers share (genome, operators, fitnesses, construction graph) and
// single runs of CRO, the GA and ACO.
#include <gtest/gtest.h>

#include <cmath>
#include <map>
#include <set>

#include "evoplay/core/error.hpp"
#include "evoplay/games/lemmings/fitness.hpp"
#include "evoplay/games/lemmings/problem.hpp"
#include "evoplay/games/lemmings/solve.hpp"
#include "support/lemmings.hpp"
#include "support/process.hpp"

namespace lem = evoplay::games::lemmings;
using evoplay::Rng;
using evoplay::test_support::source_path;
using evoplay::test_support::suite_level;

namespace {

/// Settings of a run of algorithm `a` with the given budget, population and seed.
lem::SolverSettings run_settings(lem::Algorithm a, std::uint64_t evaluations,
                                 std::size_t population, std::uint64_t seed) {
  lem::SolverSettings s;
  s.algorithm = a;
  s.evaluations = evaluations;
  s.population = population;
  s.seed = seed;
  return s;
}

lem::Plan suite_plan(const std::string& id) {
  return lem::load_plan(source_path("data/lemmings/solutions/" + id + ".plan"));
}

// Two lemmings walk right, meet a steel wall two cells high at x = 3 and pace back and forth:
// the closest they get to the exit is x = 2, 7 air cells from it (up 2, over 3, down 2; the
// entrance is 9 away). Nobody can be saved without a skill.
constexpr const char* kTrapped = R"(name: trapped
lemmings: 2
save: 1
time: 20
release: 1
skills: digger=1
---
......
...=..
E..=.X
======
)";

}  // namespace

TEST(LemmingsFitness, OriginalIsTheDocumentsFormulaForASolvingPlan) {
  // Down and back with its reference plan: solved in step 58, 3 of 5 skills used, 9 of 10 saved,
  // time 110: (110 - 59 + 5 - 3 + 9) / (110 + 5 + 10) = 62 / 125.
  const auto level = suite_level("medium-05-down-and-back");
  const auto o = lem::simulate(level, suite_plan("medium-05-down-and-back"));
  ASSERT_TRUE(o.solved);
  EXPECT_DOUBLE_EQ(lem::original_fitness(level, o), 62.0 / 125.0);
  // The heuristic fitness of a solving plan is the document's map of it.
  EXPECT_NEAR(lem::heuristic_fitness(level, o, 1), 0.540874967355394, 1e-12);
}

TEST(LemmingsFitness, OriginalCountsOnlySavedLemmingsWhenTheLevelIsNotSolved) {
  const auto level = suite_level("medium-05-down-and-back");
  EXPECT_DOUBLE_EQ(lem::original_fitness(level, lem::simulate(level, {})), 0.0);
  // One gene short of the reference plan: some lemmings are saved, not enough.
  auto plan = suite_plan("medium-05-down-and-back");
  plan.pop_back();
  const auto o = lem::simulate(level, plan);
  ASSERT_FALSE(o.solved);
  EXPECT_DOUBLE_EQ(lem::original_fitness(level, o), o.saved / 125.0);
}

TEST(LemmingsFitness, HeuristicMapMatchesTheDocumentsCurve) {
  EXPECT_NEAR(lem::heuristic_map(1.0), 1.000834242728283, 1e-12);
  EXPECT_NEAR(lem::heuristic_map(0.0), 0.2664149319487267, 1e-12);
  EXPECT_DOUBLE_EQ(lem::heuristic_map(-1.0), 0.0);  // e^-1.85 - 0.161 < 0 is clamped
  for (double x = -1; x < 1; x += 0.01) {
    EXPECT_LT(lem::heuristic_map(x), lem::heuristic_map(x + 0.01) + 1e-15);
  }
}

TEST(LemmingsFitness, HeuristicRewardsHowCloseTrappedLemmingsGot) {
  const auto level = lem::parse_level(kTrapped, "trapped.lvl");
  const int d0 = lem::start_distance(level, lem::exit_distances(level));
  EXPECT_EQ(d0, 9);
  const auto o = lem::simulate(level, {});
  ASSERT_FALSE(o.solved);
  // Progress 1 - 7/9 for the best lemming (save = 1): x = 2/9 - 1, y = e^(x - 0.85) - 0.161.
  EXPECT_NEAR(lem::heuristic_fitness(level, o, d0), 0.035365457315803234, 1e-12);
  EXPECT_DOUBLE_EQ(lem::original_fitness(level, o), 0.0);
}

TEST(LemmingsFitness, EverySolvingPlanScoresAboveEveryOtherPlan) {
  // Random plans of every length on levels of each difficulty, both fitnesses: the worst plan
  // that solves beats the best that does not, and the threshold tells them apart.
  for (const std::string id : {"easy-03-turn-back", "medium-04-demolition", "hard-04-waterfall"}) {
    const auto level = suite_level(id);
    for (auto kind : {lem::FitnessKind::kOriginal, lem::FitnessKind::kHeuristic}) {
      const lem::LemmingsProblem problem(level, kind);
      lem::Simulator sim(level);
      Rng rng(7);
      double worst_solving = 2, best_failing = -1;
      int solving = 0;
      for (int i = 0; i < 1500; ++i) {
        lem::Plan plan = problem.random_genome(rng);
        if (i % 2) plan.resize(1 + i % 6);  // short plans solve more often
        const auto& o = sim.run(plan);
        const double f = problem.fitness(o);
        EXPECT_EQ(problem.solves(f), o.solved) << id;
        if (o.solved) {
          ++solving;
          worst_solving = std::min(worst_solving, f);
        } else {
          best_failing = std::max(best_failing, f);
        }
      }
      const double reference = problem.fitness(sim.run(suite_plan(id)));
      worst_solving = std::min(worst_solving, reference);
      EXPECT_GT(worst_solving, best_failing) << id << " " << lem::fitness_name(kind);
      EXPECT_GT(solving, 0) << id;
      EXPECT_GE(worst_solving, 0);
      EXPECT_LT(worst_solving, 1.01);
    }
  }
}

TEST(LemmingsProblem, RandomGenomesAreTheDocumentsInitialisation) {
  const auto level = suite_level("medium-03-athletes");  // bomber builder climber floater
  const lem::LemmingsProblem problem(level, lem::FitnessKind::kOriginal);
  Rng rng(3);
  std::size_t longest = 0;
  for (int i = 0; i < 200; ++i) {
    const auto g = problem.random_genome(rng);
    ASSERT_GE(g.size(), 1u);
    ASSERT_LE(g.size(), static_cast<std::size_t>(level.time));
    longest = std::max(longest, g.size());
    for (const auto& gene : g) {
      EXPECT_GE(gene.step, 0);
      EXPECT_LT(gene.step, level.time);
      EXPECT_GT(level.skill(gene.skill), 0);
      EXPECT_EQ(gene.lemming, 0);
    }
  }
  EXPECT_GT(longest, static_cast<std::size_t>(level.time) / 2);
}

TEST(LemmingsProblem, InitialSkillsFollowTheLevelsCountsAndStepsAreUniform) {
  // Summit offers climber=6 builder=2 basher=1 digger=1 bomber=1 floater=1: a gene's skill must
  // be drawn in proportion to those counts, its step uniformly over the duration. Pearson's
  // chi-square against the expected counts stays under the 0.1% critical value (df 5: 20.52,
  // df 9: 27.88, from the chi-square table) for the right distributions; against uniform skills
  // it is far above it, so the test can tell them apart.
  const auto level = suite_level("hard-03-summit");
  const lem::LemmingsProblem problem(level, lem::FitnessKind::kHeuristic);
  const int duration = problem.duration();
  ASSERT_EQ(duration, level.time);
  std::vector<lem::Skill> offered;
  for (auto sk : lem::kSkills) {
    if (level.skill(sk) > 0) offered.push_back(sk);
  }
  ASSERT_EQ(offered.size(), 6u);
  constexpr int kBins = 10;
  std::map<lem::Skill, double> skills;
  std::vector<double> bins(kBins, 0.0);
  double genes = 0, genomes = 0, lengths = 0;
  Rng rng(17);
  for (int i = 0; i < 400; ++i) {
    const auto g = problem.random_genome(rng);
    genomes += 1;
    lengths += static_cast<double>(g.size());
    for (const auto& gene : g) {
      genes += 1;
      skills[gene.skill] += 1;
      ASSERT_GE(gene.step, 0);
      ASSERT_LT(gene.step, duration);
      bins[static_cast<std::size_t>(gene.step * kBins / duration)] += 1;
    }
  }
  ASSERT_GT(genes, 10000);
  double chi_skills = 0, chi_uniform = 0;
  for (auto sk : offered) {
    const double expected = genes * level.skill(sk) / level.total_skills();
    const double flat = genes / static_cast<double>(offered.size());
    chi_skills += (skills[sk] - expected) * (skills[sk] - expected) / expected;
    chi_uniform += (skills[sk] - flat) * (skills[sk] - flat) / flat;
  }
  EXPECT_EQ(skills.size(), offered.size());  // no skill the level does not offer
  EXPECT_LT(chi_skills, 20.52);
  EXPECT_GT(chi_uniform, 20.52 * 10);
  double chi_steps = 0;
  for (int b = 0; b < kBins; ++b) {
    // Bin b holds the steps s with s * kBins / duration == b.
    const int lo = (b * duration + kBins - 1) / kBins,
              hi = ((b + 1) * duration + kBins - 1) / kBins;
    const double expected = genes * (hi - lo) / duration;
    chi_steps += (bins[static_cast<std::size_t>(b)] - expected) *
                 (bins[static_cast<std::size_t>(b)] - expected) / expected;
  }
  EXPECT_LT(chi_steps, 27.88);
  // 1 ... duration genes, uniformly: mean (duration + 1) / 2, standard error duration / 69.
  EXPECT_NEAR(lengths / genomes, (duration + 1) / 2.0, duration / 69.0 * 4);
}

TEST(LemmingsProblem, CrossoverCutsBetweenGenesAndSwapsTails) {
  const auto level = suite_level("hard-02-canyon");
  const lem::LemmingsProblem problem(level, lem::FitnessKind::kHeuristic);
  Rng rng(11);
  for (int i = 0; i < 300; ++i) {
    auto a = problem.random_genome(rng), b = problem.random_genome(rng);
    if (i % 3 == 0) a.resize(1);
    const auto [c1, c2] = problem.crossover(a, b, rng);
    ASSERT_EQ(c1.size() + c2.size(), a.size() + b.size());
    // c1 = a[0, i) + b[j, end), c2 = b[0, j) + a[i, end) for some cuts i, j.
    bool found = false;
    for (std::size_t ca = 0; ca <= a.size() && !found; ++ca) {
      const std::size_t cb = b.size() - (c1.size() - ca);
      if (c1.size() < ca || cb > b.size()) continue;
      lem::Plan x(a.begin(), a.begin() + static_cast<std::ptrdiff_t>(ca));
      x.insert(x.end(), b.begin() + static_cast<std::ptrdiff_t>(cb), b.end());
      lem::Plan y(b.begin(), b.begin() + static_cast<std::ptrdiff_t>(cb));
      y.insert(y.end(), a.begin() + static_cast<std::ptrdiff_t>(ca), a.end());
      found = x == c1 && y == c2;
      if (found && a.size() >= 2) {
        EXPECT_GE(ca, 1u);
        EXPECT_LE(ca, a.size() - 1);
      }
    }
    EXPECT_TRUE(found) << "children are not head + tail of the parents";
  }
}

TEST(LemmingsProblem, MutationRedrawsTheStepOrTheSkillOfOneGene) {
  const auto level = suite_level("hard-05-grand-tour");  // eight skills on offer
  const lem::LemmingsProblem problem(level, lem::FitnessKind::kHeuristic);
  Rng rng(5);
  int steps = 0, skills = 0;
  for (int i = 0; i < 400; ++i) {
    const auto before = problem.random_genome(rng);
    auto after = before;
    problem.mutate(after, rng);
    ASSERT_EQ(after.size(), before.size());
    int changed = 0;
    for (std::size_t k = 0; k < before.size(); ++k) {
      if (before[k] == after[k]) continue;
      ++changed;
      const bool step = before[k].step != after[k].step, skill = before[k].skill != after[k].skill;
      EXPECT_NE(step, skill) << "both the step and the skill changed";
      steps += step;
      skills += skill;
      EXPECT_LT(after[k].step, level.time);
      EXPECT_GT(level.skill(after[k].skill), 0);
    }
    EXPECT_LE(changed, 1);
  }
  EXPECT_GT(steps, 100);
  EXPECT_GT(skills, 100);
  lem::Plan empty;
  problem.mutate(empty, rng);
  EXPECT_EQ(empty.size(), 1u);
}

TEST(LemmingsProblem, TheAntsGraphHasAStagePerStepAndAnOptionPerSkill) {
  const auto level = suite_level("easy-01-down-the-hole");  // bomber=2 builder=2 digger=1
  const lem::LemmingsProblem problem(level, lem::FitnessKind::kHeuristic);
  ASSERT_EQ(problem.stages(), static_cast<std::size_t>(level.time));
  ASSERT_EQ(problem.options(0), 4u);
  std::vector<int> choices(problem.stages(), 0);
  choices[3] = 3;   // the third skill on offer in panel order: digger
  choices[10] = 1;  // bomber
  const auto plan = problem.build(choices);
  ASSERT_EQ(plan.size(), 2u);
  EXPECT_EQ(plan[0], (lem::Gene{3, lem::Skill::kDigger, 0}));
  EXPECT_EQ(plan[1], (lem::Gene{10, lem::Skill::kBomber, 0}));
  // eta: "no skill" is by far the likeliest; skills in proportion to their counts.
  for (std::size_t s = 0; s < problem.stages(); s += 17) {
    EXPECT_GT(problem.heuristic(s, 0), 10 * problem.heuristic(s, 1));
    EXPECT_DOUBLE_EQ(problem.heuristic(s, 1), 2 * problem.heuristic(s, 3));  // bomber 2, digger 1
    EXPECT_DOUBLE_EQ(problem.heuristic(s, 1), problem.heuristic(s, 2));      // builder 2
  }
}

TEST(LemmingsProblem, PlansThatSolveTheSameWayShareAnEffectivePlan) {
  const auto level = suite_level("medium-05-down-and-back");
  const lem::LemmingsProblem problem(level, lem::FitnessKind::kOriginal);
  auto plan = suite_plan("medium-05-down-and-back");
  auto padded = plan;
  padded.push_back({100, lem::Skill::kDigger, 0});             // the only digger is used: skipped
  padded.insert(padded.begin(), {1, lem::Skill::kBasher, 0});  // none on offer: skipped
  const auto v1 = problem.judge(plan), v2 = problem.judge(padded);
  EXPECT_TRUE(v1.solved && v2.solved);
  EXPECT_EQ(v1.effective_hash, v2.effective_hash);
  EXPECT_DOUBLE_EQ(v1.fitness, v2.fitness);
  // Its actions are the reference plan's genes (each has an effect), the padding not counted.
  EXPECT_EQ(v1.actions, plan.size());
  EXPECT_EQ(v2.actions, plan.size());
  EXPECT_DOUBLE_EQ(v1.fitness, problem.evaluate(plan));
  EXPECT_NE(lem::plan_hash(plan), lem::plan_hash(padded));
  // A plan that does not solve has no effective plan to count.
  auto short_plan = plan;
  short_plan.pop_back();
  const auto v0 = problem.judge(short_plan);
  EXPECT_FALSE(v0.solved);
  EXPECT_EQ(v0.effective_hash, 0u);
  EXPECT_EQ(v0.actions, 0u);
  plan.front().step += 1;  // a different solution (if it still solves)
  const auto v3 = problem.judge(plan);
  if (v3.solved) {
    EXPECT_NE(v3.effective_hash, v1.effective_hash);
  }
}

TEST(LemmingsSolve, TheFewestActionsAreThoseOfTheShortestSolutionFound) {
  // Mine shaft's reference solution is one miner (data/lemmings/solutions), and the level cannot
  // be solved with no action: each algorithm, given a few thousand evaluations, finds a
  // one-action solution, and its `fewest` genome replays to a solution of that many actions.
  const auto level = suite_level("easy-05-mine-shaft");
  ASSERT_EQ(suite_plan("easy-05-mine-shaft").size(), 1u);
  ASSERT_FALSE(lem::simulate(level, {}).solved);
  for (auto a : lem::kAlgorithms) {
    auto s = run_settings(a, 3000, 30, 2);
    const auto r = lem::solve(level, s);
    ASSERT_TRUE(r.counters.solved) << lem::algorithm_name(a);
    EXPECT_EQ(r.fewest_actions, 1u) << lem::algorithm_name(a);
    const auto o = lem::simulate(level, r.fewest);
    EXPECT_TRUE(o.solved);
    EXPECT_EQ(static_cast<std::size_t>(o.genes_applied()), r.fewest_actions);
  }
  // Unsolved: no fewest actions.
  lem::SolverSettings s;
  s.evaluations = 5;
  s.population = 5;
  const auto r = lem::solve(suite_level("hard-05-grand-tour"), s);
  ASSERT_FALSE(r.counters.solved);
  EXPECT_EQ(r.fewest_actions, 0u);
  EXPECT_TRUE(r.fewest.empty());
}

TEST(LemmingsSolve, EachAlgorithmSolvesAnEasyLevelWithinItsBudgetExactly) {
  const auto level = suite_level("easy-04-two-walls");
  for (auto a : lem::kAlgorithms) {
    auto s = run_settings(a, 1234, 40, 2);  // 1234: not a multiple of the population
    const auto r = lem::solve(level, s);
    EXPECT_EQ(r.counters.evaluations, 1234u) << lem::algorithm_name(a);
    EXPECT_TRUE(r.counters.solved) << lem::algorithm_name(a);
    EXPECT_GE(r.first_solution, 1u);
    EXPECT_LE(r.first_solution, 1234u);
    EXPECT_GE(r.distinct(), 1u);
    EXPECT_LE(r.distinct(), 1234u);
    EXPECT_TRUE(std::is_sorted(r.solutions.begin(), r.solutions.end()));
    EXPECT_EQ(std::set<std::uint64_t>(r.solutions.begin(), r.solutions.end()).size(),
              r.solutions.size());
    // The best plan found solves the level, and its fitness is the recorded one.
    const lem::LemmingsProblem problem(level, s.fitness);
    EXPECT_DOUBLE_EQ(problem.evaluate(r.best), r.counters.best_fitness);
    EXPECT_TRUE(problem.solves(r.counters.best_fitness));
    EXPECT_FALSE(r.history.empty());
  }
}

TEST(LemmingsSolve, SameSeedSameRunAtOneOrTwoThreads) {
  const auto level = suite_level("medium-02-hold-the-line");
  for (auto a : lem::kAlgorithms) {
    auto s = run_settings(a, 700, 30, 9);
    s.threads = 1;
    const auto one = lem::solve(level, s);
    s.threads = 2;
    const auto two = lem::solve(level, s);
    EXPECT_EQ(one.solutions, two.solutions) << lem::algorithm_name(a);
    EXPECT_EQ(one.first_solution, two.first_solution);
    EXPECT_EQ(one.best, two.best);
    EXPECT_DOUBLE_EQ(one.counters.best_fitness, two.counters.best_fitness);
    auto no_time = [](evoplay::History h) {  // NaN columns (no diversity) compare as text
      for (auto& row : h.rows) row.elapsed = 0;
      return h.to_csv();
    };
    EXPECT_EQ(no_time(one.history), no_time(two.history));
  }
}

TEST(LemmingsSolve, NamesOfAlgorithmsAndFitnesses) {
  EXPECT_EQ(lem::algorithm_from_name("CRO"), lem::Algorithm::kCro);
  EXPECT_EQ(lem::algorithm_from_name("aco"), lem::Algorithm::kAco);
  EXPECT_THROW(lem::algorithm_from_name("pso"), evoplay::Error);
  EXPECT_EQ(lem::fitness_from_name("heuristic"), lem::FitnessKind::kHeuristic);
  EXPECT_THROW(lem::fitness_from_name("best"), evoplay::Error);
}
