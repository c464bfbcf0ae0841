#pragma once
// The operators the engine tests run their GA, CRO and islands with (genomes: vectors of int),
// and a history compared without its wall-clock column.

#include <string>
#include <vector>

#include "evoplay/core/history.hpp"
#include "evoplay/core/rng.hpp"
#include "evoplay/evo/operators/crossover.hpp"
#include "evoplay/evo/operators/mutation.hpp"

namespace evoplay::test_support {

using G = std::vector<int>;

/// Order crossover (a pair of children) for permutations, and inversion mutation.
inline auto ox_cross = [](const G& a, const G& b, Rng& r) { return evo::ox(a, b, r); };
inline auto inversion = [](G& g, Rng& r) { evo::inversion_mutation(g, r); };
/// One-point crossover keeping the first child, and a bit flip at rate 1 / length (bit strings).
inline auto one_point_one = [](const G& a, const G& b, Rng& r) {
  return evo::one_point(a, b, r).first;
};
inline auto bit_flip = [](G& g, Rng& r) {
  evo::random_reset_mutation(g, r, 0, 1, 1.0 / static_cast<double>(g.size()));
};

/// The history as CSV with every `elapsed` set to 0 (the only column allowed to differ).
inline std::string without_time(History h) {
  for (auto& r : h.rows) r.elapsed = 0;
  return h.to_csv();
}

}  // namespace evoplay::test_support
