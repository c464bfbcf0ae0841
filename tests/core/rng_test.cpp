#include "evoplay/core/rng.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <numeric>
#include <set>
#include <vector>

using evoplay::Rng;

TEST(Rng, SameSeedSameStream) {
  Rng a(123), b(123), c(124);
  bool differs = false;
  for (int i = 0; i < 1000; ++i) {
    const auto x = a();
    EXPECT_EQ(x, b());
    differs = differs || x != c();
  }
  EXPECT_TRUE(differs);
}

TEST(Rng, SplitDoesNotDependOnUseOfTheParent) {
  Rng a(99);
  const Rng fresh(99);
  for (int i = 0; i < 17; ++i) a();
  Rng s1 = a.split(5), s2 = fresh.split(5);
  for (int i = 0; i < 100; ++i) EXPECT_EQ(s1(), s2());
}

TEST(Rng, SplitStreamsAreDistinct) {
  const Rng master(7);
  std::set<std::uint64_t> firsts;
  for (std::uint64_t k = 0; k < 10000; ++k) firsts.insert(master.split(k)());
  EXPECT_EQ(firsts.size(), 10000u);
  EXPECT_NE(master.split({1, 2})(), master.split({2, 1})());
}

TEST(Rng, BelowIsInRangeAndRoughlyUniform) {
  Rng rng(1);
  std::vector<int> counts(7, 0);
  const int draws = 70000;
  for (int i = 0; i < draws; ++i) {
    const auto v = rng.below(7);
    ASSERT_LT(v, 7u);
    ++counts[v];
  }
  // Chi-square with 6 degrees of freedom; 22.46 is the 0.999 quantile.
  double chi2 = 0;
  for (int c : counts) chi2 += (c - draws / 7.0) * (c - draws / 7.0) / (draws / 7.0);
  EXPECT_LT(chi2, 22.46);
}

TEST(Rng, BetweenIsInclusive) {
  Rng rng(2);
  bool lo = false, hi = false;
  for (int i = 0; i < 2000; ++i) {
    const auto v = rng.between(-3, 3);
    ASSERT_GE(v, -3);
    ASSERT_LE(v, 3);
    lo = lo || v == -3;
    hi = hi || v == 3;
  }
  EXPECT_TRUE(lo && hi);
}

TEST(Rng, UniformAndNormalMoments) {
  Rng rng(3);
  double sum = 0, sum_n = 0, sum_n2 = 0;
  const int n = 200000;
  for (int i = 0; i < n; ++i) {
    const double u = rng.uniform();
    ASSERT_GE(u, 0.0);
    ASSERT_LT(u, 1.0);
    sum += u;
    const double z = rng.normal();
    sum_n += z;
    sum_n2 += z * z;
  }
  EXPECT_NEAR(sum / n, 0.5, 0.005);
  EXPECT_NEAR(sum_n / n, 0.0, 0.01);
  EXPECT_NEAR(sum_n2 / n, 1.0, 0.02);
}

TEST(Rng, ShuffleIsAPermutation) {
  Rng rng(4);
  std::vector<int> v(50);
  std::iota(v.begin(), v.end(), 0);
  auto w = v;
  rng.shuffle(w);
  EXPECT_NE(v, w);
  std::sort(w.begin(), w.end());
  EXPECT_EQ(v, w);
}

TEST(Rng, WeightedFollowsWeights) {
  Rng rng(5);
  const std::vector<double> w = {0, 1, 3, 0};
  int counts[4] = {0, 0, 0, 0};
  for (int i = 0; i < 40000; ++i) ++counts[rng.weighted(w)];
  EXPECT_EQ(counts[0], 0);
  EXPECT_EQ(counts[3], 0);
  EXPECT_NEAR(counts[2] / 40000.0, 0.75, 0.01);
  EXPECT_EQ(rng.weighted(std::vector<double>{0, 0}), -1);
}
