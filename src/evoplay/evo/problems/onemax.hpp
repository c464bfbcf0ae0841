#pragma once
// OneMax: maximise the number of ones in a bit string. The "hello world" of GAs, used by the
// tests to check that the engine climbs.

#include <numeric>
#include <vector>

#include "evoplay/core/rng.hpp"
#include "evoplay/evo/problem.hpp"

namespace evoplay::evo {

class OneMax {
 public:
  using Genome = std::vector<int>;
  explicit OneMax(std::size_t bits) : bits_(bits) {}

  Genome random_genome(Rng& rng) const {
    Genome g(bits_);
    for (auto& b : g) b = static_cast<int>(rng.below(2));
    return g;
  }
  double evaluate(const Genome& g) const { return std::accumulate(g.begin(), g.end(), 0.0); }
  Direction direction() const { return Direction::maximize; }
  bool is_solved(const Genome&, double fitness) const {
    return fitness >= static_cast<double>(bits_);
  }
  double distance(const Genome& a, const Genome& b) const {
    double d = 0;
    for (std::size_t i = 0; i < a.size(); ++i) d += a[i] != b[i];
    return d / static_cast<double>(bits_);
  }
  std::size_t bits() const { return bits_; }

 private:
  std::size_t bits_;
};

}  // namespace evoplay::evo
