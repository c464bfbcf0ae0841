#include "evoplay/evo/problems/circle_tsp.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <numbers>
#include <numeric>

#include "evoplay/core/error.hpp"
#include "evoplay/core/field_checks.hpp"

namespace evoplay::evo {

namespace {

double checked_radius(double radius) {
  if (!(radius > 0) || !std::isfinite(radius))
    throw Error(fmt::format("radius: expected a number above 0, found {}", radius));
  return radius;
}

}  // namespace

std::size_t CircleTsp::checked_cities(long long cities) {
  check_whole("cities", cities, 1, kMaxCities);
  return static_cast<std::size_t>(cities);
}

void CircleTsp::check(const Genome& tour) const {
  const std::size_t n = cities();
  std::vector<bool> seen(n, false);
  for (const int c : tour) {
    const bool in_range = c >= 0 && static_cast<std::size_t>(c) < n;
    if (!in_range || seen[static_cast<std::size_t>(c)])
      throw Error(fmt::format("genome: expected a permutation of 0..{}, found {} {}", n - 1, c,
                              in_range ? "twice" : "(out of range)"));
    seen[static_cast<std::size_t>(c)] = true;
  }
  if (tour.size() != n)
    throw Error(fmt::format("genome: expected {} cities, found {}", n, tour.size()));
}

CircleTsp::CircleTsp(std::size_t cities_in, double radius_in, std::uint64_t seed)
    : x_(checked_cities(static_cast<long long>(
          std::min<std::size_t>(cities_in, std::numeric_limits<long long>::max())))),
      y_(x_.size()),
      dist_(x_.size() * x_.size()),
      radius_(checked_radius(radius_in)),
      seed_(seed) {
  const std::size_t cities = x_.size();
  const double radius = radius_;
  std::vector<int> label(cities);
  std::iota(label.begin(), label.end(), 0);
  Rng rng(seed);
  rng.shuffle(label);
  const double step = 2 * std::numbers::pi / static_cast<double>(cities);
  for (std::size_t k = 0; k < cities; ++k) {
    const auto city = static_cast<std::size_t>(label[k]);
    x_[city] = radius * std::cos(step * static_cast<double>(k));
    y_[city] = radius * std::sin(step * static_cast<double>(k));
  }
  for (std::size_t a = 0; a < cities; ++a) {
    for (std::size_t b = 0; b < cities; ++b) {
      dist_[a * cities + b] = std::hypot(x_[a] - x_[b], y_[a] - y_[b]);
    }
  }
  optimum_ = static_cast<double>(cities) * 2 * radius *
             std::sin(std::numbers::pi / static_cast<double>(cities));
}

CircleTsp::Genome CircleTsp::random_genome(Rng& rng) const {
  Genome tour(cities());
  std::iota(tour.begin(), tour.end(), 0);
  rng.shuffle(tour);
  return tour;
}

double CircleTsp::evaluate(const Genome& tour) const {
  const std::size_t n = tour.size();
  double length = 0;
  for (std::size_t i = 0; i < n; ++i) {
    length +=
        dist_[static_cast<std::size_t>(tour[i]) * n + static_cast<std::size_t>(tour[(i + 1) % n])];
  }
  return length;
}

bool CircleTsp::is_solved(const Genome&, double fitness) const {
  return fitness <= optimum_ * (1 + 1e-9);
}

double CircleTsp::distance(const Genome& a, const Genome& b) const {
  const std::size_t n = a.size();
  std::vector<int> next(n), prev(n);
  for (std::size_t i = 0; i < n; ++i) {
    next[static_cast<std::size_t>(b[i])] = b[(i + 1) % n];
    prev[static_cast<std::size_t>(b[i])] = b[(i + n - 1) % n];
  }
  std::size_t missing = 0;
  for (std::size_t i = 0; i < n; ++i) {
    const int u = a[i], v = a[(i + 1) % n];
    if (next[static_cast<std::size_t>(u)] != v && prev[static_cast<std::size_t>(u)] != v) ++missing;
  }
  return static_cast<double>(missing) / static_cast<double>(n);
}

}  // namespace evoplay::evo
