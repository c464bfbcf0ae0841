// Operators by name for the Python optimisers (evo_operators.hpp).
#include "evo_operators.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cstdlib>
#include <string_view>

#include "evoplay/core/error.hpp"

namespace evoplay::python {

namespace {

/// NAME[:A[:B]] split on ':'; numbers after the name.
struct OperatorSpec {
  std::string name;
  std::vector<double> args;
};

OperatorSpec parse_operator(const std::string& text, std::size_t most_args) {
  OperatorSpec spec;
  std::size_t start = 0;
  bool first = true;
  while (true) {
    const std::size_t colon = text.find(':', start);
    const std::string part = text.substr(start, colon == std::string::npos ? colon : colon - start);
    if (first) {
      spec.name = part;
      first = false;
    } else {
      char* end = nullptr;
      const double v = std::strtod(part.c_str(), &end);
      if (part.empty() || end != part.c_str() + part.size() || !(v > 0)) {
        throw Error(fmt::format("operator '{}': '{}' is not a positive number", text, part));
      }
      spec.args.push_back(v);
    }
    if (colon == std::string::npos) break;
    start = colon + 1;
  }
  if (spec.args.size() > most_args) {
    throw Error(fmt::format("operator '{}': at most {} arguments", text, most_args));
  }
  return spec;
}

/// TypeError: operator `name` is made for `family` genomes, and `kind` takes `fitting`.
[[noreturn]] void wrong_kind(const std::string& what, const std::string& name, const char* family,
                             GenomeKind kind, const char* fitting) {
  throw py::type_error(fmt::format("{} '{}' is for {} genomes, not {}: a {} genome takes {}", what,
                                   name, family, genome_kind_name(kind), genome_kind_name(kind),
                                   fitting));
}

constexpr const char* kSequenceCrossovers = "one-point, two-point, uniform";
constexpr const char* kPermCrossovers = "pmx, ox, cx, position";
constexpr const char* kPermMutations = "swap, insertion, inversion, scramble, rotation[:K]";

bool is_permutation_name(std::string_view name) {
  for (auto n : evo::kPermutationCrossovers) {
    if (n == name) return true;
  }
  for (auto n : evo::kPermutationMutations) {
    if (name.starts_with(n)) return true;
  }
  return false;
}

}  // namespace

std::string default_crossover(GenomeKind kind) {
  return kind == GenomeKind::kPermutation ? "ox" : "one-point";
}

std::string default_mutation(GenomeKind kind) {
  switch (kind) {
    case GenomeKind::kBits:
      return "bit-flip";
    case GenomeKind::kInts:
      return "reset";
    case GenomeKind::kReals:
      return "gaussian";
    case GenomeKind::kPermutation:
      break;
  }
  return "swap";
}

evo::CrossoverFn<std::vector<int>> int_crossover(const std::string& name, GenomeKind kind) {
  if (kind == GenomeKind::kPermutation) {
    if (name == "one-point" || name == "two-point" || name == "uniform") {
      wrong_kind("crossover", name, "bits, ints or reals", kind, kPermCrossovers);
    }
    return evo::permutation_crossover(name);
  }
  if (is_permutation_name(name))
    wrong_kind("crossover", name, "permutation", kind, kSequenceCrossovers);
  return evo::sequence_crossover(name);
}

evo::CrossoverFn<std::vector<double>> real_crossover(const std::string& name) {
  using G = std::vector<double>;
  if (name == "one-point")
    return [](const G& a, const G& b, Rng& r) { return evo::one_point(a, b, r); };
  if (name == "two-point")
    return [](const G& a, const G& b, Rng& r) { return evo::two_point(a, b, r); };
  if (name == "uniform")
    return [](const G& a, const G& b, Rng& r) { return evo::uniform(a, b, r); };
  if (is_permutation_name(name))
    wrong_kind("crossover", name, "permutation", GenomeKind::kReals, kSequenceCrossovers);
  throw Error(fmt::format("unknown crossover '{}': expected one of {}", name, kSequenceCrossovers));
}

evo::MutationFn<std::vector<int>> int_mutation(const std::string& name, const GenomeShape& shape) {
  using G = std::vector<int>;
  const GenomeKind kind = shape.kind;
  if (kind == GenomeKind::kPermutation) {
    if (!is_permutation_name(name)) {
      wrong_kind("mutation", name, "bits, ints or reals", kind, kPermMutations);
    }
    return evo::permutation_mutation(name);
  }
  if (is_permutation_name(name)) {
    wrong_kind("mutation", name, "permutation", kind,
               kind == GenomeKind::kBits ? "bit-flip[:P]" : "reset[:P]");
  }
  const OperatorSpec spec = parse_operator(name, 1);
  const double per_gene = spec.args.empty()
                              ? 1.0 / static_cast<double>(std::max<std::size_t>(shape.size, 1))
                              : std::min(spec.args[0], 1.0);
  if (spec.name == "bit-flip" && kind == GenomeKind::kBits) {
    // Each bit flips with probability P (default 1/length); at least one flips.
    return [per_gene](G& g, Rng& r) { evo::bit_flip_mutation(g, r, per_gene); };
  }
  if (spec.name == "reset") {
    const int lo = static_cast<int>(shape.low), hi = static_cast<int>(shape.high);
    return [per_gene, lo, hi](G& g, Rng& r) { evo::random_reset_mutation(g, r, lo, hi, per_gene); };
  }
  if (spec.name == "gaussian") {
    wrong_kind("mutation", name, "reals", kind, "bit-flip[:P], reset[:P]");
  }
  throw Error(fmt::format("unknown mutation '{}': expected {}", name,
                          kind == GenomeKind::kBits ? "bit-flip[:P] or reset[:P]" : "reset[:P]"));
}

evo::MutationFn<std::vector<double>> real_mutation(const std::string& name,
                                                   const GenomeShape& shape) {
  const OperatorSpec spec = parse_operator(name, 2);
  if (spec.name != "gaussian") {
    if (is_permutation_name(spec.name)) {
      wrong_kind("mutation", name, "permutation", GenomeKind::kReals, "gaussian[:SIGMA[:P]]");
    }
    if (spec.name == "bit-flip" || spec.name == "reset") {
      wrong_kind("mutation", name, "bits or ints", GenomeKind::kReals, "gaussian[:SIGMA[:P]]");
    }
    throw Error(fmt::format("unknown mutation '{}': expected gaussian[:SIGMA[:P]]", name));
  }
  const double sigma = spec.args.size() > 0 ? spec.args[0] : (shape.high - shape.low) / 10;
  const double per_gene = spec.args.size() > 1
                              ? std::min(spec.args[1], 1.0)
                              : 1.0 / static_cast<double>(std::max<std::size_t>(shape.size, 1));
  const double lo = shape.low, hi = shape.high;
  return [sigma, per_gene, lo, hi](std::vector<double>& g, Rng& r) {
    evo::gaussian_mutation(g, r, sigma, per_gene, lo, hi);
  };
}

}  // namespace evoplay::python
