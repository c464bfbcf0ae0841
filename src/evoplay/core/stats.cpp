#include "evoplay/core/stats.hpp"

#include <algorithm>
#include <cmath>
#include <numeric>

#include "evoplay/core/error.hpp"

namespace evoplay::stats {

double mean(std::span<const double> x) {
  if (x.empty()) return 0;
  return std::accumulate(x.begin(), x.end(), 0.0) / static_cast<double>(x.size());
}

double stddev(std::span<const double> x) {
  if (x.size() < 2) return 0;
  const double m = mean(x);
  double ss = 0;
  for (double v : x) ss += (v - m) * (v - m);
  return std::sqrt(ss / static_cast<double>(x.size() - 1));
}

double quantile(std::span<const double> x, double q) {
  if (x.empty()) return 0;
  std::vector<double> sorted(x.begin(), x.end());
  std::sort(sorted.begin(), sorted.end());
  const double pos = q * static_cast<double>(sorted.size() - 1);
  const auto lo = static_cast<std::size_t>(std::floor(pos));
  const auto hi = std::min(lo + 1, sorted.size() - 1);
  return sorted[lo] + (pos - static_cast<double>(lo)) * (sorted[hi] - sorted[lo]);
}

double median(std::span<const double> x) { return quantile(x, 0.5); }

Summary summarize(std::span<const double> x) {
  Summary s;
  s.n = x.size();
  if (x.empty()) return s;
  s.mean = mean(x);
  s.stddev = stddev(x);
  s.min = *std::min_element(x.begin(), x.end());
  s.max = *std::max_element(x.begin(), x.end());
  s.q1 = quantile(x, 0.25);
  s.median = quantile(x, 0.5);
  s.q3 = quantile(x, 0.75);
  return s;
}

Rate success_rate(std::size_t successes, std::size_t trials) {
  Rate r;
  if (trials == 0) return r;
  const double n = static_cast<double>(trials);
  const double p = static_cast<double>(successes) / n;
  const double z = 1.959963984540054;
  const double z2 = z * z;
  const double centre = (p + z2 / (2 * n)) / (1 + z2 / n);
  const double half = z * std::sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / (1 + z2 / n);
  r.rate = p;
  // At 0 (or all) successes the bound is 0 (or 1) exactly; rounding would leave 6.9e-18.
  r.ci95 = {successes == 0 ? 0.0 : std::max(0.0, centre - half),
            successes == trials ? 1.0 : std::min(1.0, centre + half)};
  return r;
}

double normal_cdf(double z) { return 0.5 * std::erfc(-z / std::sqrt(2.0)); }

namespace {

// P(U = u) for sample sizes m, n under H0 (no ties), by the recurrence
// p(m, n, u) = m/(m+n) p(m-1, n, u-n) + n/(m+n) p(m, n-1, u).
std::vector<double> exact_u_distribution(std::size_t m, std::size_t n) {
  // table[j][u] holds p(i, j, u) for the current i.
  const std::size_t umax = m * n;
  std::vector<std::vector<double>> prev(n + 1, std::vector<double>(umax + 1, 0.0));
  for (std::size_t j = 0; j <= n; ++j) prev[j][0] = 1.0;  // i = 0: U = 0 surely
  for (std::size_t i = 1; i <= m; ++i) {
    std::vector<std::vector<double>> cur(n + 1, std::vector<double>(umax + 1, 0.0));
    cur[0][0] = 1.0;  // j = 0: U = 0 surely
    for (std::size_t j = 1; j <= n; ++j) {
      const double a = static_cast<double>(i) / static_cast<double>(i + j);
      const double b = static_cast<double>(j) / static_cast<double>(i + j);
      for (std::size_t u = 0; u <= i * j; ++u) {
        double v = b * cur[j - 1][u];
        if (u >= j) v += a * prev[j][u - j];
        cur[j][u] = v;
      }
    }
    prev = std::move(cur);
  }
  return prev[n];
}

}  // namespace

MannWhitney mann_whitney(std::span<const double> x, std::span<const double> y) {
  MannWhitney result;
  const std::size_t n1 = x.size(), n2 = y.size();
  if (n1 == 0 || n2 == 0) return result;
  struct Item {
    double value;
    int group;
  };
  std::vector<Item> all;
  all.reserve(n1 + n2);
  for (double v : x) all.push_back({v, 0});
  for (double v : y) all.push_back({v, 1});
  std::sort(all.begin(), all.end(), [](const Item& a, const Item& b) { return a.value < b.value; });
  double rank_sum_x = 0;
  double tie_term = 0;  // sum of t^3 - t over tie groups
  bool ties = false;
  for (std::size_t i = 0; i < all.size();) {
    std::size_t j = i;
    while (j < all.size() && all[j].value == all[i].value) ++j;
    const double t = static_cast<double>(j - i);
    const double avg_rank = (static_cast<double>(i + 1) + static_cast<double>(j)) / 2.0;
    if (t > 1) {
      ties = true;
      tie_term += t * t * t - t;
    }
    for (std::size_t k = i; k < j; ++k) {
      if (all[k].group == 0) rank_sum_x += avg_rank;
    }
    i = j;
  }
  const double dn1 = static_cast<double>(n1), dn2 = static_cast<double>(n2);
  result.u1 = rank_sum_x - dn1 * (dn1 + 1) / 2;
  result.u2 = dn1 * dn2 - result.u1;
  result.effect = result.u1 / (dn1 * dn2);

  if (!ties && n1 * n2 <= 2500) {
    const auto dist = exact_u_distribution(n1, n2);
    const auto u = static_cast<std::size_t>(std::llround(result.u1));
    double lower = 0, upper = 0;
    for (std::size_t k = 0; k <= u; ++k) lower += dist[k];
    for (std::size_t k = u; k < dist.size(); ++k) upper += dist[k];
    result.p_value = std::min(1.0, 2 * std::min(lower, upper));
    result.exact = true;
    return result;
  }
  const double n = dn1 + dn2;
  const double mu = dn1 * dn2 / 2;
  const double var = dn1 * dn2 / 12 * ((n + 1) - tie_term / (n * (n - 1)));
  if (var <= 0) {
    result.p_value = 1;
    return result;
  }
  const double u = std::max(result.u1, result.u2);
  const double z = (u - mu - 0.5) / std::sqrt(var);
  result.p_value = std::min(1.0, 2 * (1 - normal_cdf(z)));
  return result;
}

}  // namespace evoplay::stats
