// Operators by name, for the command line.
#include <fmt/format.h>

#include "evoplay/core/error.hpp"
#include "evoplay/core/text.hpp"
#include "evoplay/evo/operators/crossover.hpp"
#include "evoplay/evo/operators/mutation.hpp"

namespace evoplay::evo {

namespace {
template <std::size_t N>
std::string join_names(const std::string_view (&names)[N]) {
  std::string out;
  for (std::size_t i = 0; i < N; ++i) out += (i ? ", " : "") + std::string(names[i]);
  return out;
}
}  // namespace

CrossoverFn<std::vector<int>> permutation_crossover(std::string_view name) {
  using G = std::vector<int>;
  if (name == "pmx") return [](const G& a, const G& b, Rng& r) { return pmx(a, b, r); };
  if (name == "ox") return [](const G& a, const G& b, Rng& r) { return ox(a, b, r); };
  if (name == "cx") return [](const G& a, const G& b, Rng& r) { return cx(a, b, r); };
  if (name == "position") {
    return [](const G& a, const G& b, Rng& r) { return position_based(a, b, r); };
  }
  throw Error(fmt::format("unknown permutation crossover '{}': expected one of {}", name,
                          join_names(kPermutationCrossovers)));
}

CrossoverFn<std::vector<int>> sequence_crossover(std::string_view name) {
  using G = std::vector<int>;
  if (name == "one-point") return [](const G& a, const G& b, Rng& r) { return one_point(a, b, r); };
  if (name == "two-point") return [](const G& a, const G& b, Rng& r) { return two_point(a, b, r); };
  if (name == "uniform") return [](const G& a, const G& b, Rng& r) { return uniform(a, b, r); };
  throw Error(fmt::format("unknown crossover '{}': expected one of {}", name,
                          join_names(kSequenceCrossovers)));
}

MutationFn<std::vector<int>> permutation_mutation(std::string_view name) {
  using G = std::vector<int>;
  if (name == "swap") return [](G& g, Rng& r) { swap_mutation(g, r); };
  if (name == "insertion") return [](G& g, Rng& r) { insertion_mutation(g, r); };
  if (name == "inversion") return [](G& g, Rng& r) { inversion_mutation(g, r); };
  if (name == "scramble") return [](G& g, Rng& r) { scramble_mutation(g, r); };
  if (name.starts_with("rotation")) {
    long long k = 3;
    if (name.size() > 8 && (name[8] != ':' || !try_parse_int(name.substr(9), k) || k < 2)) {
      throw Error(fmt::format("mutation '{}': expected rotation or rotation:K with K >= 2", name));
    }
    return [k](G& g, Rng& r) { rotation_mutation(g, r, static_cast<std::size_t>(k)); };
  }
  throw Error(fmt::format("unknown permutation mutation '{}': expected one of {}", name,
                          join_names(kPermutationMutations)));
}

}  // namespace evoplay::evo
