#pragma once
// Coral Reef Optimization (Salcedo-Sanz et al.), as the Lemmings document's Algorithm 1 and 2.
//
// A reef of N x M cells, partly occupied by corals (solutions). Each epoch: broadcast spawning
// (pairs of spawners, chosen in proportion to fitness, each make one larva by crossover),
// brooding (other corals release a copy, mutated with probability gamma), budding (the best
// corals duplicate), larvae setting (a larva already present more than mu times dies; otherwise
// it tries kappa random cells, settling in an empty one or over a worse coral), and depredation
// (each of the worst corals dies with probability Pd). Generic over any Problem whose Genome is
// equality-comparable. Larvae are evaluated in parallel slots; every random choice comes from
// Rng(seed).split({epoch, phase}), so runs are identical at any thread count.

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <functional>
#include <limits>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "evoplay/core/history.hpp"
#include "evoplay/core/parallel.hpp"
#include "evoplay/core/rng.hpp"
#include "evoplay/core/stopwatch.hpp"
#include "evoplay/evo/ga.hpp"
#include "evoplay/evo/problem.hpp"
#include "evoplay/evo/stopping.hpp"

namespace evoplay::evo {

struct CroParams {
  std::size_t rows = 10, cols = 10;      // the reef: rows x cols cells
  double occupancy = 0.8;                // rho: share of cells filled at the start
  double larvae = 0.10;                  // alpha: sexual larvae per epoch, as a share of the cells
  double broadcast = 0.7;                // Fb: share of those made by broadcast spawning
  double brooding_mutation = 0.05;       // gamma: probability that a brooded larva is mutated
  int attempts = 8;                      // kappa: cells a larva tries before it dies
  double budding = 0.01;                 // Fa: share of the corals (the best) that bud; >= 1
  int max_copies = 3;                    // mu: a larva whose genome is in the reef more than
                                         //     mu times dies
  double depredation_fraction = 0.10;    // Fd: the worst share of the corals at risk
  double depredation_probability = 0.5;  // Pd: chance that each of them dies
  bool proportional_pairs = true;        // spawner pairs in proportion to fitness (else uniform)
  Stopping stop;                         // generations = epochs; stagnation = epochs without
                                         // improvement of the best (restart_on_stagnation
                                         // is not supported: a reef has no elite to keep)
  int threads = 1;
  std::uint64_t seed = 1;
  std::size_t diversity_sample = 32;

  std::size_t cells() const { return rows * cols; }
  /// Sets rows x cols to the most nearly square grid of max(cells, 2) cells (100: 10 x 10; 40:
  /// 5 x 8), e.g. to give the reef as many cells as another algorithm's population.
  void set_cells(std::size_t cells) {
    cells = std::max<std::size_t>(cells, 2);
    rows = 1;
    for (std::size_t r = 1; r * r <= cells; ++r) {
      if (cells % r == 0) rows = r;
    }
    cols = cells / rows;
  }
};

/// Every setting, resolved, for config.json.
nlohmann::json to_json(const CroParams& params);

template <class G>
struct CroResult {
  G best;
  double best_fitness = 0;
  bool solved = false;
  std::size_t epochs = 0;
  std::uint64_t evaluations = 0;
  std::string stop_reason;
  double seconds = 0;
  History history;        // extra columns: occupancy, duplicates, larvae, settled, depredated
  std::vector<G> corals;  // the final reef's corals and their fitness
  std::vector<double> fitness;
};

namespace detail {

/// A crossover may return one child or a pair; CRO keeps one larva per pair of parents.
template <class G, class R>
G first_child(R&& r) {
  if constexpr (std::is_same_v<std::decay_t<R>, G>) {
    return std::forward<R>(r);
  } else {
    return std::move(r.first);
  }
}

/// Draws one index from `pool` with probability proportional to the spawner weights and removes
/// it from the pool.
inline std::size_t draw_without_replacement(std::vector<std::size_t>& pool,
                                            const std::vector<double>& weight, Rng& rng) {
  double total = 0;
  for (std::size_t i : pool) total += weight[i];
  std::size_t k = pool.size() - 1;
  if (total > 0) {
    double r = rng.uniform() * total;
    for (std::size_t j = 0; j < pool.size(); ++j) {
      if (r < weight[pool[j]]) {
        k = j;
        break;
      }
      r -= weight[pool[j]];
    }
  } else {
    k = rng.index(pool.size());
  }
  const std::size_t chosen = pool[k];
  pool.erase(pool.begin() + static_cast<std::ptrdiff_t>(k));
  return chosen;
}

/// Puts the first k cells of a stable sort of `cells` by `before` (a strict weak order) at the
/// front, in that order, without sorting the rest.
template <class Before>
void best_first(std::vector<std::size_t>& cells, std::size_t k, Before before) {
  std::partial_sort(cells.begin(), cells.begin() + static_cast<std::ptrdiff_t>(k), cells.end(),
                    [&](std::size_t a, std::size_t b) {
                      return before(a, b) || (!before(b, a) && a < b);  // ties: stable
                    });
}

}  // namespace detail

/// Runs CRO. `crossover(a, b, rng)` returns a genome or a pair (the first is kept);
/// `mutation(g&, rng)` changes a genome in place. `on_evaluated` sees every evaluated larva.
template <Problem P, class Crossover, class Mutation>
CroResult<typename P::Genome> run_cro(const P& problem, const CroParams& params,
                                      Crossover&& crossover, Mutation&& mutation,
                                      Observer* observer = nullptr,
                                      const EvaluationHook<typename P::Genome>& on_evaluated = {}) {
  using G = typename P::Genome;
  const Direction dir = problem.direction();
  const std::size_t cells = std::max<std::size_t>(params.cells(), 2);
  const Rng master(params.seed);
  const Stopwatch clock;
  Workers workers(params.threads);

  std::vector<std::optional<G>> reef(cells);
  std::vector<double> fit(cells, 0.0);
  std::vector<std::uint64_t> print(cells, 0);  // fingerprints (all 0 without the capability)
  std::uint64_t evaluations = 0;
  CroResult<G> result;

  auto fingerprint = [&](const G& g) -> std::uint64_t {
    if constexpr (HasFingerprint<P>) {
      return problem.fingerprint(g);
    } else {
      (void)g;
      return 0;
    }
  };
  auto occupied = [&] {
    std::vector<std::size_t> idx;
    for (std::size_t c = 0; c < cells; ++c) {
      if (reef[c]) idx.push_back(c);
    }
    return idx;
  };
  auto copies_in_reef = [&](const G& g, std::uint64_t f) {
    int n = 0;
    for (std::size_t c = 0; c < cells; ++c) n += reef[c] && print[c] == f && *reef[c] == g;
    return n;
  };

  // Initial reef: N·M·rho random corals at random cells.
  {
    Rng rng = master.split({0, 0});
    const auto initial = std::clamp<std::size_t>(
        static_cast<std::size_t>(std::llround(params.occupancy * static_cast<double>(cells))), 1,
        cells);
    std::vector<std::size_t> where(cells);
    for (std::size_t c = 0; c < cells; ++c) where[c] = c;
    rng.shuffle(where);
    where.resize(initial);
    std::vector<G> genomes(initial);
    std::vector<double> values(initial);
    workers.for_each(initial, [&](std::size_t k) {
      Rng r = master.split({0, 1, k});
      genomes[k] = problem.random_genome(r);
      if constexpr (HasRepair<P>) problem.repair(genomes[k], r);
      values[k] = problem.evaluate(genomes[k]);
    });
    for (std::size_t k = 0; k < initial; ++k) {
      if (on_evaluated) on_evaluated(genomes[k], values[k]);
      print[where[k]] = fingerprint(genomes[k]);
      reef[where[k]] = std::move(genomes[k]);
      fit[where[k]] = values[k];
    }
    evaluations += initial;
  }

  std::size_t larvae_total = 0, settled = 0, depredated = 0;
  std::size_t last_improvement = 0;  // the last epoch whose best beat every earlier epoch's
  auto record = [&](std::size_t epoch) {
    GenerationRecord r;
    r.generation = epoch;
    r.evaluations = evaluations;
    const auto idx = occupied();
    double sum = 0;
    std::size_t best = idx.front(), worst = idx.front();
    for (std::size_t c : idx) {
      sum += fit[c];
      if (better(fit[c], fit[best], dir)) best = c;
      if (better(fit[worst], fit[c], dir)) worst = c;
    }
    r.best = fit[best];
    r.worst = fit[worst];
    r.mean = sum / static_cast<double>(idx.size());
    if constexpr (HasDistance<P>) {
      std::vector<G> sample;
      sample.reserve(idx.size());
      for (std::size_t c : idx) sample.push_back(*reef[c]);
      r.diversity = detail::sample_diversity(problem, sample, params.diversity_sample, workers);
    }
    // Duplicates: corals equal to an earlier one; only corals of equal fingerprint are compared.
    std::size_t duplicates = 0;
    {
      auto by_print = idx;
      std::sort(by_print.begin(), by_print.end(), [&](std::size_t a, std::size_t b) {
        return print[a] != print[b] ? print[a] < print[b] : a < b;
      });
      for (std::size_t a = 0; a < by_print.size(); ++a) {
        for (std::size_t b = a; b-- > 0 && print[by_print[b]] == print[by_print[a]];) {
          if (*reef[by_print[a]] == *reef[by_print[b]]) {
            ++duplicates;
            break;
          }
        }
      }
    }
    r.elapsed = clock.seconds();
    r.extra = {{"occupancy", static_cast<double>(idx.size()) / static_cast<double>(cells)},
               {"duplicates", static_cast<double>(duplicates)},
               {"larvae", static_cast<double>(larvae_total)},
               {"settled", static_cast<double>(settled)},
               {"depredated", static_cast<double>(depredated)}};
    if (epoch == 0 || better(fit[best], result.best_fitness, dir)) {
      result.best = *reef[best];
      result.best_fitness = fit[best];
      last_improvement = epoch;
    }
    result.history.add(std::move(r));
    if (observer) observer->on_generation(result.history.back());
  };
  record(0);

  const auto sexual_larvae = static_cast<std::size_t>(
      std::max<long long>(1, std::llround(params.larvae * static_cast<double>(cells))));
  const auto broadcast_larvae =
      static_cast<std::size_t>(std::llround(params.broadcast * static_cast<double>(sexual_larvae)));
  const std::size_t brooded_larvae = sexual_larvae - broadcast_larvae;

  std::size_t epoch = 0;
  for (;;) {
    result.stop_reason =
        stop_reason(params.stop, dir, epoch, evaluations, result.best_fitness,
                    detail::is_solved(problem, result.best, result.best_fitness), clock.seconds());
    if (result.stop_reason.empty() && stagnated(params.stop, epoch, last_improvement)) {
      result.stop_reason = "stagnation";
    }
    if (!result.stop_reason.empty()) break;
    ++epoch;
    Rng rng = master.split({epoch, 0});

    struct Larva {
      G genome;
      double fitness = 0;
      bool needs_evaluation = true;
    };
    std::vector<Larva> larvae;
    auto corals = occupied();
    rng.shuffle(corals);

    // Broadcast spawning: a share Fb of the corals are spawners; pairs drawn (in proportion to
    // fitness, each coral at most once) until Fb·alpha larvae are made or spawners run out.
    const auto spawner_count = static_cast<std::size_t>(
        std::llround(params.broadcast * static_cast<double>(corals.size())));
    std::vector<std::size_t> spawners(corals.begin(),
                                      corals.begin() + static_cast<std::ptrdiff_t>(spawner_count));
    std::vector<std::size_t> brooders(corals.begin() + static_cast<std::ptrdiff_t>(spawner_count),
                                      corals.end());
    std::vector<double> weight(cells, 0.0);
    if (params.proportional_pairs) {
      double lo = std::numeric_limits<double>::infinity(), hi = -lo;
      bool negative = false;
      for (std::size_t c : spawners) {
        lo = std::min(lo, goodness(fit[c], dir));
        hi = std::max(hi, goodness(fit[c], dir));
        negative = negative || fit[c] < 0;
      }
      const bool classic = dir == Direction::maximize && !negative;
      const double floor = spawners.empty() ? 0 : (hi - lo) / static_cast<double>(spawners.size());
      for (std::size_t c : spawners) {
        weight[c] = classic ? fit[c] : goodness(fit[c], dir) - lo + floor;
      }
    }
    std::vector<std::size_t> pool = spawners;
    while (larvae.size() < broadcast_larvae && pool.size() >= 2) {
      const std::size_t a = params.proportional_pairs
                                ? detail::draw_without_replacement(pool, weight, rng)
                                : pool[pool.size() - 1];
      if (!params.proportional_pairs) pool.pop_back();
      const std::size_t b = params.proportional_pairs
                                ? detail::draw_without_replacement(pool, weight, rng)
                                : pool[pool.size() - 1];
      if (!params.proportional_pairs) pool.pop_back();
      larvae.push_back({detail::first_child<G>(crossover(*reef[a], *reef[b], rng)), 0, true});
    }
    // Brooding: (1 - Fb)·alpha of the other corals each release a copy, mutated with
    // probability gamma (an unmutated copy keeps its parent's fitness).
    for (std::size_t k = 0; k < brooders.size() && k < brooded_larvae; ++k) {
      Larva larva{*reef[brooders[k]], fit[brooders[k]], false};
      if (rng.chance(params.brooding_mutation)) {
        mutation(larva.genome, rng);
        larva.needs_evaluation = true;
      }
      larvae.push_back(std::move(larva));
    }
    // Budding: the best Fa of the corals (at least one) duplicate themselves.
    {
      auto ranked = occupied();
      const auto buds = std::min(
          ranked.size(),
          std::max<std::size_t>(1, static_cast<std::size_t>(std::llround(
                                       params.budding * static_cast<double>(ranked.size())))));
      detail::best_first(ranked, buds,
                         [&](std::size_t a, std::size_t b) { return better(fit[a], fit[b], dir); });
      for (std::size_t k = 0; k < buds; ++k) {
        larvae.push_back({*reef[ranked[k]], fit[ranked[k]], false});
      }
    }
    if constexpr (HasRepair<P>) {
      Rng repair_rng = master.split({epoch, 1});
      for (auto& l : larvae) {
        if (l.needs_evaluation) problem.repair(l.genome, repair_rng);
      }
    }

    // Evaluation of the new larvae, in parallel slots.
    workers.for_each(larvae.size(), [&](std::size_t k) {
      if (larvae[k].needs_evaluation) larvae[k].fitness = problem.evaluate(larvae[k].genome);
    });
    for (const auto& l : larvae) {
      if (!l.needs_evaluation) continue;
      ++evaluations;
      if (on_evaluated) on_evaluated(l.genome, l.fitness);
    }

    // Larvae setting (Algorithm 2), in the order the larvae were made.
    Rng setting = master.split({epoch, 2});
    larvae_total = larvae.size();
    settled = 0;
    for (auto& l : larvae) {
      const std::uint64_t f = fingerprint(l.genome);
      if (copies_in_reef(l.genome, f) > params.max_copies) continue;
      for (int t = 0; t < params.attempts; ++t) {
        const std::size_t cell = setting.index(cells);
        if (!reef[cell] || better(l.fitness, fit[cell], dir)) {
          reef[cell] = std::move(l.genome);
          fit[cell] = l.fitness;
          print[cell] = f;
          ++settled;
          break;
        }
      }
    }

    // Depredation: each of the worst Fd of the corals dies with probability Pd (the reef
    // always keeps at least one coral).
    {
      Rng predator = master.split({epoch, 3});
      auto ranked = occupied();
      const auto at_risk = std::min(
          ranked.size(), static_cast<std::size_t>(std::llround(
                             params.depredation_fraction * static_cast<double>(ranked.size()))));
      detail::best_first(ranked, at_risk,
                         [&](std::size_t a, std::size_t b) { return better(fit[b], fit[a], dir); });
      depredated = 0;
      for (std::size_t k = 0; k < at_risk && ranked.size() - depredated > 1; ++k) {
        if (predator.chance(params.depredation_probability)) {
          reef[ranked[k]].reset();
          ++depredated;
        }
      }
    }
    record(epoch);
  }

  result.solved = detail::is_solved(problem, result.best, result.best_fitness);
  result.epochs = epoch;
  result.evaluations = evaluations;
  result.seconds = clock.seconds();
  for (std::size_t c = 0; c < cells; ++c) {
    if (reef[c]) {
      result.corals.push_back(*reef[c]);
      result.fitness.push_back(fit[c]);
    }
  }
  return result;
}

}  // namespace evoplay::evo
