#pragma once
// The genetic algorithm: generational with elitism, or steady-state.
//
// Generic over any Problem (see problem.hpp) and any crossover / mutation callables. Breeding
// and evaluation of each pair of children happen in a parallel slot whose randomness comes
// from Rng(seed).split({generation, pair}), so the history is identical for any --threads.

#include <algorithm>
#include <atomic>
#include <cmath>
#include <cstdint>
#include <functional>
#include <limits>
#include <nlohmann/json.hpp>
#include <numeric>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "evoplay/core/history.hpp"
#include "evoplay/core/parallel.hpp"
#include "evoplay/core/rng.hpp"
#include "evoplay/core/stopwatch.hpp"
#include "evoplay/evo/operators/selection.hpp"
#include "evoplay/evo/problem.hpp"
#include "evoplay/evo/stopping.hpp"

namespace evoplay::evo {

struct GaParams {
  std::size_t population = 100;
  double crossover_rate = 0.9;  // probability that a pair of parents is crossed
  double mutation_rate = 0.1;   // probability that a child is mutated
  std::size_t elite_count = 1;  // kept unchanged each generation ...
  double elite_fraction = 0;    // ... or this fraction of the population, whichever is larger
  bool steady_state = false;    // replace the worst one child at a time instead of generations
  Selection selection;
  Stopping stop;
  int threads = 1;
  std::uint64_t seed = 1;
  std::size_t diversity_sample = 32;  // individuals sampled for the mean pairwise distance

  std::size_t elites() const {
    const auto by_fraction =
        static_cast<std::size_t>(std::llround(elite_fraction * static_cast<double>(population)));
    return std::min(population, std::max(elite_count, by_fraction));
  }
};

/// Every setting, resolved, for config.json.
nlohmann::json to_json(const GaParams& params);

/// Called with each evaluated genome and its fitness (see run_ga).
template <class G>
using EvaluationHook = std::function<void(const G&, double)>;

template <class G>
struct GaResult {
  G best;
  double best_fitness = 0;
  bool solved = false;
  std::size_t generations = 0;  // generations completed after the initial one
  std::uint64_t evaluations = 0;
  std::size_t restarts = 0;
  std::string stop_reason;
  double seconds = 0;
  History history;
  std::vector<G> population;  // the final population and its fitness
  std::vector<double> fitness;
};

namespace detail {

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
    workers.for_each(s - 1, [&](std::size_t a) {
      for (std::size_t b = a + 1; b < s; ++b)
        row[a] += problem.distance(pop[a * n / s], pop[b * n / s]);
    });
    double total = 0;
    for (double r : row) total += r;
    return total / static_cast<double>(s * (s - 1) / 2);
  } else {
    (void)problem, (void)pop, (void)sample, (void)workers;
    return std::numeric_limits<double>::quiet_NaN();
  }
}

template <class P, class G>
bool is_solved(const P& problem, const G& genome, double fitness) {
  if constexpr (HasSolved<P>) {
    return problem.is_solved(genome, fitness);
  } else {
    (void)problem, (void)genome, (void)fitness;
    return false;
  }
}

/// Indices sorted best first.
inline std::vector<std::size_t> ranking(const std::vector<double>& fitness, Direction d) {
  std::vector<std::size_t> order(fitness.size());
  std::iota(order.begin(), order.end(), std::size_t{0});
  std::stable_sort(order.begin(), order.end(),
                   [&](std::size_t a, std::size_t b) { return better(fitness[a], fitness[b], d); });
  return order;
}

}  // namespace detail

/// Runs the GA. `crossover(a, b, rng) -> pair<G, G>`; `mutation(g&, rng)`. `on_evaluated`, if
/// given, sees every evaluated genome and its fitness, in a fixed order (slot order after each
/// parallel batch), e.g. to collect every distinct solution a run finds.
template <Problem P, class Crossover, class Mutation>
GaResult<typename P::Genome> run_ga(const P& problem, const GaParams& params, Crossover&& crossover,
                                    Mutation&& mutation, Observer* observer = nullptr,
                                    const EvaluationHook<typename P::Genome>& on_evaluated = {}) {
  using G = typename P::Genome;
  const Direction dir = problem.direction();
  const std::size_t n = std::max<std::size_t>(params.population, 2);
  Workers workers(params.threads);
  const Rng master(params.seed);
  const Stopwatch clock;

  GaResult<G> result;
  std::vector<G> pop(n);
  std::vector<double> fit(n);
  std::uint64_t evaluations = 0;

  auto draw_random = [&](std::size_t from, std::uint64_t stream) {
    workers.for_each(n - from, [&](std::size_t k) {
      Rng rng = master.split({stream, from + k});
      pop[from + k] = problem.random_genome(rng);
      if constexpr (HasRepair<P>) problem.repair(pop[from + k], rng);
      fit[from + k] = problem.evaluate(pop[from + k]);
    });
    evaluations += n - from;
    if (on_evaluated) {
      for (std::size_t i = from; i < n; ++i) on_evaluated(pop[i], fit[i]);
    }
  };

  std::size_t best_index = 0;
  std::size_t last_improvement = 0;  // the last generation that improved the best so far
  auto record = [&](std::size_t generation) {
    GenerationRecord r;
    r.generation = generation;
    r.evaluations = evaluations;
    best_index = 0;
    double sum = 0;
    std::size_t worst_index = 0;
    for (std::size_t i = 0; i < n; ++i) {
      sum += fit[i];
      if (better(fit[i], fit[best_index], dir)) best_index = i;
      if (better(fit[worst_index], fit[i], dir)) worst_index = i;
    }
    r.best = fit[best_index];
    r.worst = fit[worst_index];
    r.mean = sum / static_cast<double>(n);
    r.diversity = detail::sample_diversity(problem, pop, params.diversity_sample, workers);
    r.elapsed = clock.seconds();
    if (generation == 0 || better(fit[best_index], result.best_fitness, dir)) {
      result.best = pop[best_index];
      result.best_fitness = fit[best_index];
      last_improvement = generation;
    }
    result.history.add(r);
    if (observer) observer->on_generation(result.history.back());
  };

  auto stop_reason = [&](std::size_t generation) {
    return evo::stop_reason(params.stop, dir, generation, evaluations, result.best_fitness,
                            detail::is_solved(problem, result.best, result.best_fitness),
                            clock.seconds());
  };

  draw_random(0, 0);
  record(0);

  const std::size_t elites = params.elites();
  std::size_t generation = 0;
  std::vector<G> next(n);
  std::vector<double> next_fit(n);
  for (;;) {
    result.stop_reason = stop_reason(generation);
    if (!result.stop_reason.empty()) break;
    if (stagnated(params.stop, generation, last_improvement)) {
      if (!params.stop.restart_on_stagnation) {
        result.stop_reason = "stagnation";
        break;
      }
      // Keep the elite (at least the best), re-draw everyone else.
      const auto order = detail::ranking(fit, dir);
      const std::size_t keep = std::max<std::size_t>(elites, 1);
      for (std::size_t i = 0; i < keep; ++i) {
        next[i] = pop[order[i]];
        next_fit[i] = fit[order[i]];
      }
      std::swap(pop, next);
      std::swap(fit, next_fit);
      draw_random(keep, 1'000'000'000ULL + result.restarts);
      ++result.restarts;
      last_improvement = generation;
    }
    ++generation;

    if (params.steady_state) {
      // n/2 iterations per generation; each makes two children, and each child replaces the
      // current worst individual if it is better than it.
      Rng rng = master.split({generation, 0});
      for (std::size_t it = 0; it < (n + 1) / 2; ++it) {
        const Selector live(params.selection, fit, dir);
        const G& a = pop[live.pick(rng)];
        const G& b = pop[live.pick(rng)];
        auto [c1, c2] =
            rng.chance(params.crossover_rate) ? crossover(a, b, rng) : std::pair<G, G>{a, b};
        for (G* c : {&c1, &c2}) {
          if (rng.chance(params.mutation_rate)) mutation(*c, rng);
          if constexpr (HasRepair<P>) problem.repair(*c, rng);
          const double f = problem.evaluate(*c);
          ++evaluations;
          if (on_evaluated) on_evaluated(*c, f);
          std::size_t worst = 0;
          for (std::size_t i = 1; i < n; ++i) {
            if (better(fit[worst], fit[i], dir)) worst = i;
          }
          if (better(f, fit[worst], dir)) {
            pop[worst] = std::move(*c);
            fit[worst] = f;
          }
        }
      }
    } else {
      const Selector selector(params.selection, fit, dir);
      const auto order = detail::ranking(fit, dir);
      for (std::size_t i = 0; i < elites; ++i) {
        next[i] = pop[order[i]];
        next_fit[i] = fit[order[i]];
      }
      const std::size_t children = n - elites;
      const std::size_t pairs = (children + 1) / 2;
      std::vector<char> evaluated(pairs * 2, 0);
      workers.for_each(pairs, [&](std::size_t k) {
        Rng rng = master.split({generation, k});
        const std::size_t ia = selector.pick(rng), ib = selector.pick(rng);
        const bool cross = rng.chance(params.crossover_rate);
        std::pair<G, G> kids =
            cross ? crossover(pop[ia], pop[ib], rng) : std::pair<G, G>{pop[ia], pop[ib]};
        G* child[2] = {&kids.first, &kids.second};
        const double parent_fit[2] = {fit[ia], fit[ib]};
        for (std::size_t c = 0; c < 2; ++c) {
          const std::size_t slot = elites + 2 * k + c;
          if (slot >= n) break;
          const bool mutate = rng.chance(params.mutation_rate);
          if (mutate) mutation(*child[c], rng);
          if constexpr (HasRepair<P>) problem.repair(*child[c], rng);
          next[slot] = std::move(*child[c]);
          if (cross || mutate || HasRepair<P>) {
            next_fit[slot] = problem.evaluate(next[slot]);
            evaluated[2 * k + c] = 1;
          } else {
            next_fit[slot] = parent_fit[c];  // an unchanged copy keeps its parent's fitness
          }
        }
      });
      for (std::size_t k = 0; k < evaluated.size(); ++k) {
        if (!evaluated[k]) continue;
        ++evaluations;
        if (on_evaluated) on_evaluated(next[elites + k], next_fit[elites + k]);
      }
      std::swap(pop, next);
      std::swap(fit, next_fit);
    }
    record(generation);
  }

  result.solved = detail::is_solved(problem, result.best, result.best_fitness);
  result.generations = generation;
  result.evaluations = evaluations;
  result.seconds = clock.seconds();
  result.population = std::move(pop);
  result.fitness = std::move(fit);
  return result;
}

}  // namespace evoplay::evo
