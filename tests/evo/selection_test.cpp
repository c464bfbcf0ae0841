#include "evoplay/evo/operators/selection.hpp"

#include <gtest/gtest.h>

#include <numeric>

#include "evoplay/core/error.hpp"

using namespace evoplay;
using namespace evoplay::evo;

namespace {
// Mean rank (0 = worst .. n-1 = best) of selected individuals on a fixed population.
double mean_selected_quality(const Selection& s, Direction d, std::uint64_t seed = 1) {
  std::vector<double> fitness(100);
  std::iota(fitness.begin(), fitness.end(), 0.0);  // individual i has fitness i
  const Selector selector(s, fitness, d);
  Rng rng(seed);
  double total = 0;
  const int draws = 20000;
  for (int i = 0; i < draws; ++i) {
    const double f = fitness[selector.pick(rng)];
    total += d == Direction::maximize ? f : 99 - f;
  }
  return total / draws;
}
}  // namespace

TEST(Selection, TournamentPressureGrowsWithK) {
  double previous = mean_selected_quality(Selection::parse("random"), Direction::maximize);
  EXPECT_NEAR(previous, 49.5, 1.0);
  for (int k : {2, 3, 5, 8}) {
    const double q = mean_selected_quality(Selection::parse("tournament:" + std::to_string(k)),
                                           Direction::maximize);
    EXPECT_GT(q, previous + 2) << "k = " << k;
    // Expected best-of-k quality for a uniform population is about 99 * k / (k + 1).
    EXPECT_NEAR(q, 99.0 * k / (k + 1), 1.5) << "k = " << k;
    previous = q;
  }
}

TEST(Selection, EveryKindPrefersBetterIndividualsInBothDirections) {
  for (const auto* spec : {"tournament:3", "ranking", "ranking:2", "roulette"}) {
    for (auto d : {Direction::maximize, Direction::minimize}) {
      EXPECT_GT(mean_selected_quality(Selection::parse(spec), d), 55) << spec;
    }
  }
}

TEST(Selection, RankingPressureMatchesTheory) {
  // Linear ranking with pressure s: expected rank = (n-1)/2 + (s-1)(n+1)/6 for n individuals.
  const double q = mean_selected_quality(Selection::parse("ranking:2"), Direction::maximize);
  EXPECT_NEAR(q, 49.5 + 101.0 / 6, 1.0);
}

TEST(Selection, RouletteHandlesNegativeFitness) {
  const std::vector<double> fitness = {-10, -5, -1};
  const Selector selector(Selection::parse("roulette"), fitness, Direction::maximize);
  Rng rng(3);
  int counts[3] = {0, 0, 0};
  for (int i = 0; i < 30000; ++i) ++counts[selector.pick(rng)];
  EXPECT_GT(counts[2], counts[1]);
  EXPECT_GT(counts[1], counts[0]);
  EXPECT_GT(counts[0], 0);  // the worst keeps a small chance
}

TEST(Selection, ParseErrors) {
  EXPECT_THROW(Selection::parse("tournament:0"), Error);
  EXPECT_THROW(Selection::parse("ranking:3"), Error);
  EXPECT_THROW(Selection::parse("wheel"), Error);
  EXPECT_EQ(Selection::parse("tournament:4").tournament_size, 4);
  EXPECT_EQ(Selection::parse("tournament").name(), "tournament:3");
}
