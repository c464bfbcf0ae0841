// Known answers from scipy 1.10 (scipy.stats.mannwhitneyu) and textbook values.
#include "evoplay/core/stats.hpp"

#include <gtest/gtest.h>

#include <vector>

namespace stats = evoplay::stats;

TEST(Stats, MeanStddevQuantiles) {
  const std::vector<double> x = {2, 4, 4, 4, 5, 5, 7, 9};
  EXPECT_DOUBLE_EQ(stats::mean(x), 5.0);
  EXPECT_NEAR(stats::stddev(x), 2.138089935, 1e-9);
  EXPECT_DOUBLE_EQ(stats::median(x), 4.5);
  EXPECT_DOUBLE_EQ(stats::quantile(x, 0.25), 4.0);
  EXPECT_DOUBLE_EQ(stats::quantile(x, 0.75), 5.5);
  const auto s = stats::summarize(x);
  EXPECT_EQ(s.n, 8u);
  EXPECT_EQ(s.min, 2);
  EXPECT_EQ(s.max, 9);
}

TEST(Stats, WilsonInterval) {
  const auto r = stats::success_rate(8, 10);
  EXPECT_DOUBLE_EQ(r.rate, 0.8);
  EXPECT_NEAR(r.ci95.low, 0.4902, 1e-4);
  EXPECT_NEAR(r.ci95.high, 0.9433, 1e-4);
  const auto all = stats::success_rate(50, 50);
  EXPECT_DOUBLE_EQ(all.ci95.high, 1.0);
  EXPECT_NEAR(all.ci95.low, 0.9287, 1e-4);
  // No success: the low bound is 0 exactly (summary.csv showed 6.9e-18), the high one Wilson's.
  const auto none = stats::success_rate(0, 12);
  EXPECT_EQ(none.ci95.low, 0.0);
  EXPECT_NEAR(none.ci95.high, 0.2425, 1e-4);
}

TEST(Stats, MannWhitneyExactSmallSamples) {
  const std::vector<double> a = {1, 2, 3, 4, 5}, b = {6, 7, 8, 9, 10};
  auto r = stats::mann_whitney(a, b);
  EXPECT_TRUE(r.exact);
  EXPECT_DOUBLE_EQ(r.u1, 0);
  EXPECT_NEAR(r.p_value, 0.007936507936507936, 1e-12);

  const std::vector<double> c = {3.1, 4.2, 5.0, 6.3, 7.7, 8.1}, d = {1.0, 2.2, 2.9, 4.0, 5.5};
  r = stats::mann_whitney(c, d);
  EXPECT_DOUBLE_EQ(r.u1, 26);
  EXPECT_NEAR(r.p_value, 0.05194805194805195, 1e-12);
}

TEST(Stats, MannWhitneyWithTiesUsesNormalApproximation) {
  const std::vector<double> a = {1, 2, 2, 3, 4, 5, 5, 6}, b = {2, 3, 5, 6, 7, 7, 8, 9, 9};
  const auto r = stats::mann_whitney(a, b);
  EXPECT_FALSE(r.exact);
  EXPECT_DOUBLE_EQ(r.u1, 13);
  EXPECT_NEAR(r.p_value, 0.029171520841552126, 1e-9);
}

TEST(Stats, MannWhitneyExactMatchesScipyOn30By30) {
  const std::vector<double> a = {2.041,  -2.556, 0.418, -0.568, -0.453, -0.216, -2.02,  -0.232,
                                 -0.865, 3.323,  0.226, -0.353, -0.281, -0.668, -1.055, -0.391,
                                 0.482,  -0.239, 0.958, -0.2,   0.024,  1.546,  0.545,  -0.505,
                                 -0.183, 0.541,  1.935, -0.27,  -0.244, 1.002};
  const std::vector<double> b = {-0.386, 0.208,  1.383, 1.08,   0.592, 1.17,   -2.328, 1.521,
                                 -0.46,  -1.169, 0.776, 1.201,  0.055, -0.576, 0.526,  0.447,
                                 1.906,  1.247,  0.694, 1.612,  0.294, -0.426, 1.084,  1.083,
                                 0.285,  -0.283, 0.729, -1.994, 1.19,  0.991};
  const auto r = stats::mann_whitney(a, b);
  EXPECT_TRUE(r.exact);
  EXPECT_DOUBLE_EQ(r.u1, 326);
  EXPECT_NEAR(r.p_value, 0.06763029918827328, 1e-9);
  // Symmetric in its arguments.
  EXPECT_NEAR(stats::mann_whitney(b, a).p_value, r.p_value, 1e-12);
}

TEST(Stats, MannWhitneyIdenticalSamplesIsNotSignificant) {
  const std::vector<double> a = {3, 3, 3, 3}, b = {3, 3, 3};
  EXPECT_DOUBLE_EQ(stats::mann_whitney(a, b).p_value, 1.0);
}
