// NSGA-II: the non-dominated sort, crowding distances and constrained domination on hand-made
// sets worked out on paper, and the run on ZDT1 reaching its known Pareto front f2 = 1 - sqrt(f1).
#include "evoplay/evo/nsga2.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>

#include "evoplay/evo/operators/crossover.hpp"
#include "evoplay/evo/operators/mutation.hpp"

using namespace evoplay;
using namespace evoplay::evo;

namespace {

std::vector<Objectives> points(std::initializer_list<std::pair<double, double>> xy) {
  std::vector<Objectives> out;
  for (const auto& [x, y] : xy) out.push_back({{x, y}, 0});
  return out;
}

constexpr double kInf = std::numeric_limits<double>::infinity();

/// ZDT1 (Zitzler, Deb and Thiele 2000) over `n` reals in [0, 1]: f1 = x0,
/// g = 1 + 9 * mean(x1..), f2 = g * (1 - sqrt(f1 / g)); its Pareto front is g = 1:
/// f2 = 1 - sqrt(f1), f1 in [0, 1].
struct Zdt1 {
  using Genome = std::vector<double>;
  std::size_t n = 10;
  std::size_t objectives() const { return 2; }
  Genome random_genome(Rng& rng) const {
    Genome g(n);
    for (auto& v : g) v = rng.uniform(0, 1);
    return g;
  }
  Objectives evaluate(const Genome& x) const {
    double s = 0;
    for (std::size_t i = 1; i < x.size(); ++i) s += x[i];
    const double g = 1 + 9 * s / static_cast<double>(x.size() - 1);
    return {{x[0], g * (1 - std::sqrt(x[0] / g))}, 0};
  }
};

auto blend = [](const std::vector<double>& a, const std::vector<double>& b, Rng& r) {
  return uniform(a, b, r);
};
auto gauss = [](std::vector<double>& g, Rng& r) { gaussian_mutation(g, r, 0.1, 0.1, 0, 1); };

Nsga2Params zdt_params(int threads) {
  Nsga2Params p;
  p.population = 60;
  p.mutation_rate = 1.0;
  p.stop.generations = 300;
  p.seed = 5;
  p.threads = threads;
  return p;
}

}  // namespace

TEST(Nsga2, SortsAHandMadeSetIntoFronts) {
  // (1,5) (2,3) (3,1) dominate the others; (2,5) and (3,3) are dominated only by them;
  // (4,4) is dominated by (3,3).
  const auto all = points({{2, 5}, {1, 5}, {4, 4}, {3, 3}, {2, 3}, {3, 1}});
  const auto fronts = non_dominated_fronts(all);
  ASSERT_EQ(fronts.size(), 3u);
  EXPECT_EQ(fronts[0], (std::vector<std::size_t>{1, 4, 5}));
  EXPECT_EQ(fronts[1], (std::vector<std::size_t>{0, 3}));
  EXPECT_EQ(fronts[2], (std::vector<std::size_t>{2}));
}

TEST(Nsga2, CrowdingDistancesAreTheNormalisedGapsOfTheNeighbours) {
  // Front (0,4) (1,2.5) (3,0.5) (4,0): ranges 4 and 4. (1,2.5): (3-0)/4 + (4-0.5)/4 = 1.625;
  // (3,0.5): (4-1)/4 + (2.5-0)/4 = 1.375; the ends are infinitely far.
  const auto all = points({{3, 0.5}, {0, 4}, {4, 0}, {1, 2.5}});
  const std::vector<std::size_t> front{0, 1, 2, 3};
  const auto d = crowding_distances(all, front);
  EXPECT_DOUBLE_EQ(d[0], 1.375);
  EXPECT_EQ(d[1], kInf);
  EXPECT_EQ(d[2], kInf);
  EXPECT_DOUBLE_EQ(d[3], 1.625);
  // Three points: the middle one spans both ranges (1 + 1).
  const auto three = points({{1, 5}, {2, 3}, {3, 1}});
  const std::vector<std::size_t> all3{0, 1, 2};
  EXPECT_DOUBLE_EQ(crowding_distances(three, all3)[1], 2.0);
}

TEST(Nsga2, ConstrainedDominationPutsFeasibleFirstThenLessViolation) {
  const Objectives feasible_bad{{9, 9}, 0}, infeasible_good{{0, 0}, 0.5},
      infeasible_worse{{0, 0}, 2};
  EXPECT_TRUE(dominates(feasible_bad, infeasible_good));
  EXPECT_FALSE(dominates(infeasible_good, feasible_bad));
  EXPECT_TRUE(dominates(infeasible_good, infeasible_worse));
  EXPECT_FALSE(dominates(infeasible_worse, infeasible_good));
  const std::vector<Objectives> all{infeasible_worse, infeasible_good, feasible_bad};
  const auto fronts = non_dominated_fronts(all);
  ASSERT_EQ(fronts.size(), 3u);
  EXPECT_EQ(fronts[0], std::vector<std::size_t>{2});
  EXPECT_EQ(fronts[1], std::vector<std::size_t>{1});
}

TEST(Nsga2, ReachesTheParetoFrontOfZdt1) {
  const Zdt1 zdt;
  const auto r = run_nsga2(zdt, zdt_params(1), blend, gauss);
  EXPECT_EQ(r.generations, 300u);
  EXPECT_EQ(r.evaluations, 60u * 301u);
  ASSERT_EQ(r.front_size(), 60u);  // the whole population is non-dominated
  double lo = 1, hi = 0;
  for (std::size_t i = 0; i < r.population.size(); ++i) {
    const double f1 = r.objectives[i].values[0], f2 = r.objectives[i].values[1];
    EXPECT_NEAR(f2, 1 - std::sqrt(f1), 0.05) << "f1 = " << f1;
    lo = std::min(lo, f1), hi = std::max(hi, f1);
  }
  EXPECT_LT(lo, 0.05);  // the front is covered from end to end
  EXPECT_GT(hi, 0.9);
}

TEST(Nsga2, SameSeedSameFrontAtAnyThreadCount) {
  const Zdt1 zdt;
  auto p = zdt_params(1);
  p.stop.generations = 30;
  const auto one = run_nsga2(zdt, p, blend, gauss);
  p.threads = 2;
  const auto two = run_nsga2(zdt, p, blend, gauss);
  EXPECT_EQ(one.population, two.population);
  EXPECT_EQ(one.rank, two.rank);
}
