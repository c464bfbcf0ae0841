#pragma once
// What the evo engine needs from an optimisation problem, as C++20 concepts.
//
// A problem is an immutable value that owns its data (a puzzle, a level). It names its Genome
// type, draws a random genome from an Rng, and evaluates a genome to a fitness; it says whether
// fitness is minimised or maximised. Optional capabilities are detected at compile time:
// distance (for diversity), repair (after variation), is_solved (a stopping rule), fingerprint
// (a hash that makes looking for copies of a genome cheap).

#include <concepts>
#include <cstdint>
#include <span>

#include "evoplay/core/rng.hpp"

namespace evoplay::evo {

enum class Direction { minimize, maximize };

template <class P>
concept Problem = requires(const P& p, Rng& rng, const typename P::Genome& g) {
  typename P::Genome;
  { p.random_genome(rng) } -> std::convertible_to<typename P::Genome>;
  { p.evaluate(g) } -> std::convertible_to<double>;
  { p.direction() } -> std::convertible_to<Direction>;
};

template <class P>
concept HasDistance = Problem<P> && requires(const P& p, const typename P::Genome& g) {
  { p.distance(g, g) } -> std::convertible_to<double>;
};

/// A distance that is cheaper on a packed copy of each genome (bit genomes as machine words):
/// packed_distance(pack(a), pack(b)) is exactly distance(a, b). A population's diversity packs
/// each sampled genome once instead of reading every pair gene by gene.
template <class P>
concept HasPackedDistance = HasDistance<P> && requires(const P& p, const typename P::Genome& g) {
  typename P::PackedGenome;
  { p.pack(g) } -> std::convertible_to<typename P::PackedGenome>;
  { p.packed_distance(p.pack(g), p.pack(g)) } -> std::convertible_to<double>;
};

template <class P>
concept HasRepair = Problem<P> && requires(const P& p, typename P::Genome& g, Rng& rng) {
  p.repair(g, rng);
};

template <class P>
concept HasSolved = Problem<P> && requires(const P& p, const typename P::Genome& g, double f) {
  { p.is_solved(g, f) } -> std::convertible_to<bool>;
};

/// A 64-bit fingerprint of a genome: equal genomes have equal fingerprints. Algorithms that look
/// for copies of a genome (CRO's identity control) compare fingerprints before genomes.
template <class P>
concept HasFingerprint = Problem<P> && requires(const P& p, const typename P::Genome& g) {
  { p.fingerprint(g) } -> std::convertible_to<std::uint64_t>;
};

/// A problem that evaluates many genomes in one call (a Python fitness_batch or map): the
/// optimisers then breed a whole generation first and evaluate its new genomes together, with
/// the same results as one call of evaluate() per genome. `out[i]` receives the fitness of
/// `*genomes[i]`.
template <class P>
concept HasBatchEvaluation = Problem<P> &&
    requires(const P& p, std::span<const typename P::Genome* const> genomes,
             std::span<double> out) {
  p.evaluate_batch(genomes, out);
};

/// True when fitness a is strictly better than b.
constexpr bool better(double a, double b, Direction d) {
  return d == Direction::minimize ? a < b : a > b;
}

/// The "goodness" of a fitness: larger is always better.
constexpr double goodness(double f, Direction d) { return d == Direction::minimize ? -f : f; }

}  // namespace evoplay::evo
