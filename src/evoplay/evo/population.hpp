#pragma once
// What every optimiser of the engine does with a population: measure its diversity, rank it,
// ask the problem whether a genome solves it, and show each evaluated genome to a hook.

#include <algorithm>
#include <cstdint>
#include <functional>
#include <limits>
#include <numeric>
#include <span>
#include <vector>

#include "evoplay/core/parallel.hpp"
#include "evoplay/evo/problem.hpp"

namespace evoplay::evo {

/// An individual with its fitness: a migrant between islands (evo/islands.hpp), an evaluated
/// genome shown to a hook later.
template <class G>
struct Migrant {
  G genome{};
  double fitness = 0;
};

/// Called with each evaluated genome and its fitness, in a fixed order (e.g. to collect every
/// distinct solution a run finds).
template <class G>
using EvaluationHook = std::function<void(const G&, double)>;

/// The fitness of each genome pointed to, from one call of the problem's evaluate_batch.
template <HasBatchEvaluation P>
std::vector<double> evaluate_together(const P& problem,
                                      const std::vector<const typename P::Genome*>& genomes) {
  std::vector<double> out(genomes.size());
  if (!genomes.empty()) {
    problem.evaluate_batch(std::span<const typename P::Genome* const>(genomes),
                           std::span<double>(out));
  }
  return out;
}

/// Mean pairwise distance over an evenly spaced sample of the population (rows of the distance
/// matrix computed in parallel, summed in order); NaN when the problem has no distance.
template <class P, class G>
double sample_diversity(const P& problem, const std::vector<G>& pop, std::size_t sample,
                        Workers& workers) {
  if constexpr (HasDistance<P>) {
    const std::size_t n = pop.size();
    const std::size_t s = std::min(n, std::max<std::size_t>(sample, 2));
    if (s < 2) return 0;
    std::vector<double> row(s, 0.0);
    if constexpr (HasPackedDistance<P>) {
      std::vector<typename P::PackedGenome> packed;
      packed.reserve(s);
      for (std::size_t a = 0; a < s; ++a) packed.push_back(problem.pack(pop[a * n / s]));
      workers.for_each(s - 1, [&](std::size_t a) {
        for (std::size_t b = a + 1; b < s; ++b)
          row[a] += problem.packed_distance(packed[a], packed[b]);
      });
    } else {
      workers.for_each(s - 1, [&](std::size_t a) {
        for (std::size_t b = a + 1; b < s; ++b)
          row[a] += problem.distance(pop[a * n / s], pop[b * n / s]);
      });
    }
    double total = 0;
    for (double r : row) total += r;
    return total / static_cast<double>(s * (s - 1) / 2);
  } else {
    (void)problem, (void)pop, (void)sample, (void)workers;
    return std::numeric_limits<double>::quiet_NaN();
  }
}

/// The problem's own test that `genome` solves it (false for a problem without one).
template <class P, class G>
bool is_solved(const P& problem, const G& genome, double fitness) {
  if constexpr (HasSolved<P>) {
    return problem.is_solved(genome, fitness);
  } else {
    (void)problem, (void)genome, (void)fitness;
    return false;
  }
}

/// Indices sorted best first (ties in index order).
inline std::vector<std::size_t> ranking(const std::vector<double>& fitness, Direction d) {
  std::vector<std::size_t> order(fitness.size());
  std::iota(order.begin(), order.end(), std::size_t{0});
  std::stable_sort(order.begin(), order.end(),
                   [&](std::size_t a, std::size_t b) { return better(fitness[a], fitness[b], d); });
  return order;
}

}  // namespace evoplay::evo
