// Dynamic CRO-SL: the substrates' weights from the success of their larvae, and a
// reef whose cells move to the operator that works.
#include <gtest/gtest.h>

#include <cmath>

#include "evoplay/evo/cro.hpp"
#include "evoplay/evo/operators/crossover.hpp"
#include "evoplay/evo/operators/mutation.hpp"
#include "evoplay/evo/problems/onemax.hpp"
#include "support/evo_operators.hpp"

using namespace evoplay;
using namespace evoplay::evo;
using namespace evoplay::test_support;

TEST(CroDynamicWeights, FollowTheLarvaeThatSettledAsPyCroSlDoes) {
  // Rates 1 and 0, scaled to sum 1, amplification 1: softmax weights e/(e+1) and 1/(e+1).
  auto w = substrate_weights({10, 10}, {10, 0}, 1.0);
  ASSERT_EQ(w.size(), 2u);
  EXPECT_NEAR(w[0], std::exp(1.0) / (std::exp(1.0) + 1), 1e-12);
  EXPECT_NEAR(w[1], 1 / (std::exp(1.0) + 1), 1e-12);
  // The same rates at 4 of 8 and 0 of 8: only the rates count, not how many larvae.
  const auto half = substrate_weights({8, 8}, {4, 0}, 1.0);
  EXPECT_NEAR(half[0], w[0], 1e-12);
  // Nobody settled: equal weights.
  w = substrate_weights({4, 0, 7}, {0, 0, 0}, 0.1);
  for (double x : w) EXPECT_NEAR(x, 1.0 / 3, 1e-12);
  // A small amplification all but starves the weaker one (exp(100) against exp(0)); the floor
  // then adds 2% / 2 to each weight and normalises again, so that it stays alive.
  w = substrate_weights({10, 10}, {10, 0}, 0.01);
  EXPECT_NEAR(w[1], 0.01 / 1.02, 1e-9);
  EXPECT_NEAR(w[0], 1.01 / 1.02, 1e-9);
  // A substrate that made no larva counts as one that failed.
  w = substrate_weights({0, 5}, {0, 5}, 1.0);
  EXPECT_GT(w[1], w[0]);
}

namespace {

// Two substrates over OneMax: "up" sets one more bit (its larvae usually beat the coral they
// meet), "zero" clears every bit (its larvae settle only in empty cells).
std::vector<Substrate<G>> up_and_zero() {
  auto up = [](G& g, Rng& r) {
    for (int t = 0; t < 64; ++t) {
      auto& bit = g[r.index(g.size())];
      if (bit == 0) {
        bit = 1;
        return;
      }
    }
  };
  auto zero = [](G& g, Rng&) { std::fill(g.begin(), g.end(), 0); };
  return {{"up", {}, up}, {"zero", {}, zero}};
}

/// The share of the reef's cells that grow on substrate 0 after `epochs` epochs.
double share_on_up(const CroParams& p, std::size_t epochs) {
  const OneMax problem(64);
  Cro cro(problem, p, one_point_one, bit_flip, nullptr, {}, up_and_zero());
  cro.start();
  for (std::size_t e = 0; e < epochs; ++e) cro.step();
  std::size_t on_up = 0;
  for (std::size_t c = 0; c < cro.reef().size(); ++c) on_up += cro.substrate_of(c) == 0;
  return static_cast<double>(on_up) / static_cast<double>(cro.reef().size());
}

}  // namespace

TEST(CroDynamic, TheOperatorWhoseLarvaeSettleGetsTheReef) {
  auto p = CroParams::substrate_layers();
  p.seed = 3;
  EXPECT_DOUBLE_EQ(share_on_up(p, 15), 0.5);  // fixed sizes: cell c on substrate c mod 2
  p.dynamic_substrates = true;
  EXPECT_GT(share_on_up(p, 15), 0.8);
  const OneMax problem(64);
  Cro cro(problem, p, one_point_one, bit_flip, nullptr, {}, up_and_zero());
  cro.start();
  cro.step();
  ASSERT_EQ(cro.substrate_weights().size(), 2u);
  EXPECT_GT(cro.substrate_weights()[0], cro.substrate_weights()[1]);
  EXPECT_GT(cro.substrate_weights()[1], 0);  // the floor keeps the other one alive
}

TEST(CroDynamic, SameSeedSameRunAtAnyThreadCount) {
  const OneMax problem(64);
  auto p = CroParams::substrate_layers();
  p.dynamic_substrates = true;
  p.amplification = 0.03;
  p.seed = 17;
  p.stop.generations = 60;
  const auto a = run_cro(problem, p, one_point_one, bit_flip, nullptr, {}, up_and_zero());
  p.threads = 2;
  const auto b = run_cro(problem, p, one_point_one, bit_flip, nullptr, {}, up_and_zero());
  EXPECT_EQ(without_time(a.history), without_time(b.history));
  EXPECT_EQ(a.population, b.population);
  p.seed = 18;  // and the seed matters
  const auto c = run_cro(problem, p, one_point_one, bit_flip, nullptr, {}, up_and_zero());
  EXPECT_NE(without_time(a.history), without_time(c.history));
}
