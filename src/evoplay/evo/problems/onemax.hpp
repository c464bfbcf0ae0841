#pragma once
// OneMax: maximise the number of ones in a bit string. The "hello world" of GAs, used by the
// tests to check that the engine climbs.

#include <fmt/format.h>

#include <algorithm>
#include <limits>
#include <numeric>
#include <vector>

#include "evoplay/core/error.hpp"
#include "evoplay/core/field_checks.hpp"
#include "evoplay/core/rng.hpp"
#include "evoplay/evo/problem.hpp"

namespace evoplay::evo {

class OneMax {
 public:
  using Genome = std::vector<int>;
  /// The longest bit string (4 MB a genome).
  static constexpr long long kMaxBits = 1'000'000;

  explicit OneMax(std::size_t bits)
      : bits_(checked_bits(static_cast<long long>(
            std::min<std::size_t>(bits, std::numeric_limits<long long>::max())))) {}

  /// `bits` if it is from 1 to kMaxBits; else Error.
  static std::size_t checked_bits(long long bits) {
    check_whole("bits", bits, 1, kMaxBits);
    return static_cast<std::size_t>(bits);
  }
  /// Throws Error unless `g` is a genome of this problem: bits() values, each 0 or 1 (what
  /// evaluate() assumes; the engine's genomes always are).
  void check(const Genome& g) const {
    if (g.size() != bits_)
      throw Error(fmt::format("genome: expected {} bits, found {}", bits_, g.size()));
    for (std::size_t i = 0; i < g.size(); ++i) {
      if (g[i] != 0 && g[i] != 1)
        throw Error(fmt::format("genome[{}]: expected 0 or 1, found {}", i, g[i]));
    }
  }

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
