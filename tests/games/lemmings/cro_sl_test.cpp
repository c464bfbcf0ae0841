// CRO's presets and CRO-SL on Lemmings: the substrates' operators keep plans valid,
// and a CRO-SL run is the same at one or two threads and spends exactly its budget.
#include <gtest/gtest.h>

#include <algorithm>

#include "evoplay/games/lemmings/solve.hpp"
#include "evoplay/games/lemmings/substrates.hpp"
#include "support/lemmings.hpp"
#include "support/process.hpp"

namespace lem = evoplay::games::lemmings;
using evoplay::Rng;
using evoplay::test_support::source_path;
using evoplay::test_support::suite_level;

namespace {

/// A plan is valid for the problem: steps inside the duration, skills the level offers, at
/// most 2 x duration genes.
void expect_valid(const lem::LemmingsProblem& p, const lem::Plan& plan, const std::string& op) {
  EXPECT_LE(plan.size(), static_cast<std::size_t>(2 * p.duration())) << op;
  for (const auto& g : plan) {
    EXPECT_GE(g.step, 0) << op;
    EXPECT_LT(g.step, p.duration()) << op;
    EXPECT_NE(std::find(p.offered().begin(), p.offered().end(), g.skill), p.offered().end()) << op;
  }
}

}  // namespace

TEST(LemmingsCroSl, EverySubstrateKeepsPlansValid) {
  const lem::LemmingsProblem problem(suite_level("hard-05-grand-tour"),
                                     lem::FitnessKind::kOriginal);
  const auto substrates = lem::plan_substrates(problem);
  std::vector<std::string> names;
  for (const auto& s : substrates) names.push_back(s.name);
  EXPECT_EQ(names, (std::vector<std::string>{"one-point", "two-point", "uniform", "gene-mutation",
                                             "step-shift"}));
  Rng rng(5);
  for (int trial = 0; trial < 300; ++trial) {
    const lem::Plan a = problem.random_genome(rng), b = problem.random_genome(rng);
    for (const auto& s : substrates) {
      if (s.crossover) {
        const lem::Plan child = s.crossover(a, b, rng);
        expect_valid(problem, child, s.name);
        for (const auto& g : child) {  // every gene comes from a parent
          const bool from_a = std::find(a.begin(), a.end(), g) != a.end();
          const bool from_b = std::find(b.begin(), b.end(), g) != b.end();
          EXPECT_TRUE(from_a || from_b) << s.name;
        }
      } else {
        lem::Plan m = a;
        s.mutation(m, rng);
        expect_valid(problem, m, s.name);
        ASSERT_EQ(m.size(), a.size()) << s.name;
        std::size_t changed = 0;
        for (std::size_t k = 0; k < m.size(); ++k) changed += !(m[k] == a[k]);
        EXPECT_LE(changed, 1u) << s.name;
      }
    }
  }
  lem::Plan empty;  // an empty plan gains a gene
  lem::step_shift(empty, problem.level(), problem.duration(), rng);
  EXPECT_EQ(empty.size(), 1u);
}

TEST(LemmingsCroSl, StepShiftMovesOneGeneANearbyStep) {
  const lem::LemmingsProblem problem(suite_level("easy-01-down-the-hole"),
                                     lem::FitnessKind::kOriginal);
  const int reach = std::max(1, problem.duration() / 10);
  Rng rng(3);
  for (int trial = 0; trial < 500; ++trial) {
    const lem::Plan plan = problem.random_genome(rng);
    lem::Plan shifted = plan;
    lem::step_shift(shifted, problem.level(), problem.duration(), rng);
    for (std::size_t k = 0; k < plan.size(); ++k) {
      EXPECT_EQ(shifted[k].skill, plan[k].skill);
      EXPECT_LE(std::abs(shifted[k].step - plan[k].step), reach);
    }
  }
}

TEST(LemmingsCroSl, EachPresetSpendsItsBudgetAndIsTheSameAtOneOrTwoThreads) {
  const auto level = suite_level("medium-02-hold-the-line");
  for (const char* preset : {"thesis", "standard", "sl", "sl-unique"}) {
    lem::SolverSettings s;
    s.cro = evoplay::evo::CroParams::preset_named(preset);
    s.evaluations = 900;
    s.population = 30;
    s.seed = 4;
    const auto one = lem::solve(level, s);
    s.threads = 2;
    const auto two = lem::solve(level, s);
    EXPECT_EQ(one.counters.evaluations, 900u) << preset;
    EXPECT_EQ(one.solutions, two.solutions) << preset;
    EXPECT_EQ(one.best, two.best) << preset;
    EXPECT_EQ(one.first_solution, two.first_solution) << preset;
    EXPECT_EQ(s.to_json()["cro"]["preset"], preset);
  }
}
