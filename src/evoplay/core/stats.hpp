#pragma once
// Statistics for experiments over independent runs: location and spread, success rates with
// a confidence interval, and the Mann–Whitney U test to compare two algorithms.

#include <cstddef>
#include <span>
#include <vector>

namespace evoplay::stats {

double mean(std::span<const double> x);
/// Sample standard deviation (n - 1 in the denominator); 0 for fewer than two values.
double stddev(std::span<const double> x);
/// Quantile by linear interpolation between order statistics (R type 7, numpy's default).
double quantile(std::span<const double> x, double q);
double median(std::span<const double> x);

struct Summary {
  std::size_t n = 0;
  double mean = 0, stddev = 0, min = 0, q1 = 0, median = 0, q3 = 0, max = 0;
};
Summary summarize(std::span<const double> x);

struct Interval {
  double low = 0, high = 0;
};
/// Success rate successes/trials with its 95% Wilson score interval (z = 1.959964).
struct Rate {
  double rate = 0;
  Interval ci95;
};
Rate success_rate(std::size_t successes, std::size_t trials);

struct MannWhitney {
  double u1 = 0;        // U statistic of the first sample
  double u2 = 0;        // of the second (u1 + u2 = n1 * n2)
  double p_value = 1;   // two-sided
  bool exact = false;   // exact distribution (no ties, small samples) or normal approximation
  double effect = 0.5;  // common-language effect size: P(X > Y) + 0.5 P(X = Y)
};
/// Two-sided Mann–Whitney U test. Exact when there are no ties and n1·n2 ≤ 2500, otherwise the
/// normal approximation with tie correction and continuity correction (as scipy does).
MannWhitney mann_whitney(std::span<const double> x, std::span<const double> y);

/// Standard normal cumulative distribution.
double normal_cdf(double z);

}  // namespace evoplay::stats
