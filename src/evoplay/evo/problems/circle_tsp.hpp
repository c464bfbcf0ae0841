#pragma once
// The travelling salesman on cities spaced evenly on a circle, visited in a shuffled order.
//
// Its optimum is known exactly (the circle order, length n * 2 r sin(pi / n)), which makes it
// the engine's built-in check of permutation operators, the demo's job and the GA benchmark.
// It is also an ACO construction problem (evo/aco.hpp): the tour position by position, each
// city once (exclusive options), with no heuristic (the pheromone alone).

#include <cstddef>
#include <span>
#include <vector>

#include "evoplay/core/rng.hpp"
#include "evoplay/evo/problem.hpp"

namespace evoplay::evo {

class CircleTsp {
 public:
  using Genome = std::vector<int>;  // a tour: a permutation of 0..n-1

  /// The most cities (the distance table is cities^2 doubles: 800 MB at the limit).
  static constexpr long long kMaxCities = 10'000;

  /// `cities` points on a circle of radius `radius`, labelled in an order scrambled by `seed`
  /// so that the identity permutation is not the answer. Error unless 1 <= cities <=
  /// kMaxCities and radius is a number above 0.
  explicit CircleTsp(std::size_t cities, double radius = 1.0, std::uint64_t seed = 7);

  /// `cities` if it is from 1 to kMaxCities; else Error.
  static std::size_t checked_cities(long long cities);
  /// Throws Error unless `tour` is a tour of this problem: a permutation of 0..cities()-1 (what
  /// evaluate() assumes; the engine's genomes always are).
  void check(const Genome& tour) const;

  Genome random_genome(Rng& rng) const;
  double evaluate(const Genome& tour) const;
  Direction direction() const { return Direction::minimize; }
  /// Solved when the tour length is within 1e-9 (relative) of the optimum.
  bool is_solved(const Genome& tour, double fitness) const;
  /// Share of edges of `a` that `b` lacks (0 = same tour in either direction, 1 = disjoint).
  double distance(const Genome& a, const Genome& b) const;

  // ACO's construction graph: stage = position in the tour, option = city, each city once.
  std::size_t stages() const { return cities(); }
  std::size_t options(std::size_t) const { return cities(); }
  double heuristic(std::size_t, std::size_t) const { return 1.0; }
  bool exclusive_options() const { return true; }
  Genome build(std::span<const int> choices) const { return {choices.begin(), choices.end()}; }
  std::vector<int> path(const Genome& tour) const { return tour; }

  std::size_t cities() const { return x_.size(); }
  double optimum() const { return optimum_; }
  /// The construction's arguments (what a copy elsewhere is made from).
  double radius() const { return radius_; }
  std::uint64_t seed() const { return seed_; }
  double x(int city) const { return x_[static_cast<std::size_t>(city)]; }
  double y(int city) const { return y_[static_cast<std::size_t>(city)]; }

 private:
  std::vector<double> x_, y_;
  std::vector<double> dist_;  // n x n
  double optimum_;
  double radius_;
  std::uint64_t seed_;
};

}  // namespace evoplay::evo
