// ACO over permutations: problems that declare exclusive options (each taken once per ant).
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <numbers>
#include <numeric>

#include "evoplay/core/error.hpp"
#include "evoplay/evo/aco.hpp"
#include "evoplay/evo/problems/circle_tsp.hpp"

using namespace evoplay;
using namespace evoplay::evo;

namespace {

// Guess a hidden assignment of `items` items to `positions` positions (a permutation when they
// are equal): fitness = the positions right, its optimum `positions` by construction.
class HiddenAssignment {
 public:
  using Genome = std::vector<int>;
  HiddenAssignment(std::size_t positions, std::size_t items) : items_(items) {
    std::vector<int> all(items);
    std::iota(all.begin(), all.end(), 0);
    Rng(41).shuffle(all);
    answer_.assign(all.begin(), all.begin() + static_cast<std::ptrdiff_t>(positions));
  }
  Genome random_genome(Rng& rng) const {
    Genome g(items_);
    std::iota(g.begin(), g.end(), 0);
    rng.shuffle(g);
    g.resize(answer_.size());
    return g;
  }
  double evaluate(const Genome& g) const {
    double right = 0;
    for (std::size_t i = 0; i < g.size(); ++i) right += g[i] == answer_[i];
    return right;
  }
  Direction direction() const { return Direction::maximize; }
  bool is_solved(const Genome& g, double) const { return g == answer_; }
  std::size_t stages() const { return answer_.size(); }
  std::size_t options(std::size_t) const { return items_; }
  double heuristic(std::size_t, std::size_t) const { return 1.0; }
  bool exclusive_options() const { return true; }
  Genome build(std::span<const int> choices) const { return {choices.begin(), choices.end()}; }

 private:
  std::size_t items_;
  std::vector<int> answer_;
};

AcoParams permutation_params(std::uint64_t seed, std::size_t iterations, int threads = 1) {
  AcoParams p;
  p.ants = 20;
  p.evaporation = 0.1;
  p.stop.generations = iterations;
  p.seed = seed;
  p.threads = threads;
  return p;
}

// Every genome `problem` evaluates during a run is made of distinct items below `items`.
template <class P>
void expect_distinct_items(const P& problem, const AcoParams& p, std::size_t length,
                           std::size_t items) {
  std::size_t seen = 0;
  const auto r = run_aco(problem, p, nullptr, [&](const std::vector<int>& g, double) {
    ++seen;
    ASSERT_EQ(g.size(), length);
    std::vector<char> used(items, 0);
    for (int v : g) {
      ASSERT_GE(v, 0);
      ASSERT_LT(static_cast<std::size_t>(v), items);
      EXPECT_FALSE(used[static_cast<std::size_t>(v)]) << "item " << v << " taken twice";
      used[static_cast<std::size_t>(v)] = 1;
    }
  });
  EXPECT_EQ(seen, r.evaluations);
  EXPECT_GT(seen, 0u);
}

}  // namespace

TEST(AcoPermutation, EveryAntIsAPermutation) {
  const CircleTsp tsp(12);
  expect_distinct_items(tsp, permutation_params(1, 15), 12, 12);
  // No pheromone at all: every weight is 0, and each ant picks uniformly among the cities it
  // has not visited.
  auto bare = permutation_params(2, 5);
  bare.initial_pheromone = 0;
  bare.deposit = 0;
  expect_distinct_items(tsp, bare, 12, 12);
  // Fewer positions than items: distinct items, not all of them.
  expect_distinct_items(HiddenAssignment(5, 9), permutation_params(3, 10), 5, 9);
}

TEST(AcoPermutation, SameSeedSameRunAtOneAndTwoThreads) {
  const CircleTsp tsp(10);
  auto p = permutation_params(5, 25, 1);
  Aco<CircleTsp> one(tsp, p);
  const auto a = run_to_end(one);
  p.threads = 2;
  Aco<CircleTsp> two(tsp, p);
  const auto b = run_to_end(two);
  auto strip = [](History h) {
    for (auto& r : h.rows) r.elapsed = 0;
    return h.to_csv();
  };
  EXPECT_EQ(strip(a.history), strip(b.history));
  EXPECT_EQ(a.best, b.best);
  EXPECT_EQ(one.pheromone(), two.pheromone());
  EXPECT_EQ(one.best_choices(), two.best_choices());
}

TEST(AcoPermutation, FindsAHiddenPermutation) {
  const HiddenAssignment problem(16, 16);
  for (std::uint64_t seed : {1, 2}) {
    // Small deposits, slow evaporation and a lower bound on the trail (as MMAS for assignment
    // problems): a converged trail still tries the other items, so the last swaps are found.
    auto p = permutation_params(seed, 400);
    p.evaporation = 0.05;
    p.deposit = 0.05;
    p.tau_min = 0.01;
    const auto r = run_aco(problem, p);
    EXPECT_TRUE(r.solved) << "seed " << seed << " best " << r.best_fitness;
    EXPECT_DOUBLE_EQ(r.best_fitness, 16);
  }
}

TEST(AcoPermutation, SolvesASmallCircleTsp) {
  // The shortest tour of 8 cities evenly spaced on the unit circle is the regular octagon's
  // perimeter, 8 * 2 sin(pi / 8).
  const CircleTsp tsp(8);
  const double octagon = 8 * 2 * std::sin(std::numbers::pi / 8);
  for (std::uint64_t seed : {1, 2}) {
    auto p = permutation_params(seed, 400);
    p.evaporation = 0.05;  // slower convergence: a position-based trail locks in easily
    const auto r = run_aco(tsp, p);
    EXPECT_TRUE(r.solved) << "seed " << seed << " best " << r.best_fitness;
    EXPECT_NEAR(r.best_fitness, octagon, 1e-9) << "seed " << seed;
  }
}

TEST(AcoPermutation, TooFewOptionsForTheStagesIsAnError) {
  const HiddenAssignment problem(4, 4);
  struct Short : HiddenAssignment {
    using HiddenAssignment::HiddenAssignment;
    std::size_t options(std::size_t) const { return 3; }
  };
  const Short short_of_options(4, 4);
  Aco<Short> aco(short_of_options, permutation_params(1, 1));
  EXPECT_THROW(aco.start(), Error);
  Aco<HiddenAssignment> fine(problem, permutation_params(1, 1));
  EXPECT_NO_THROW(fine.start());
}
