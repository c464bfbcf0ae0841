#pragma once
// Ant Colony Optimization over a layered construction graph.
//
// The solution is built stage by stage (a Lemmings plan: one stage per simulation step); at each
// stage an ant takes one of the stage's options (no skill, or one of the skills), with
// probability proportional to tau^alpha * eta^beta, where tau is the pheromone on that
// (stage, option) edge and eta the problem's heuristic desirability. After all ants are
// evaluated, pheromone evaporates at rate rho and each ant deposits on its edges in proportion to
// its quality; the best-so-far ant may deposit too (elitist ant system), and optional
// MAX-MIN bounds keep every edge alive. Ants build and are evaluated in parallel slots with
// streams Rng(seed).split({iteration, ant}), so runs are identical at any thread count.

#include <algorithm>
#include <cmath>
#include <concepts>
#include <cstdint>
#include <nlohmann/json.hpp>
#include <span>
#include <string>
#include <vector>

#include "evoplay/core/history.hpp"
#include "evoplay/core/parallel.hpp"
#include "evoplay/core/rng.hpp"
#include "evoplay/core/stopwatch.hpp"
#include "evoplay/evo/ga.hpp"
#include "evoplay/evo/problem.hpp"
#include "evoplay/evo/stopping.hpp"

namespace evoplay::evo {

/// A problem whose genomes are built by a sequence of choices: stage s offers options(s)
/// options, heuristic(s, o) > 0 is the desirability of option o there, and build(choices) turns
/// one choice per stage into a genome.
template <class P>
concept ConstructionProblem = Problem<P> &&
    requires(const P& p, std::size_t s, std::span<const int> choices) {
  { p.stages() } -> std::convertible_to<std::size_t>;
  { p.options(s) } -> std::convertible_to<std::size_t>;
  { p.heuristic(s, s) } -> std::convertible_to<double>;
  { p.build(choices) } -> std::convertible_to<typename P::Genome>;
};

struct AcoParams {
  std::size_t ants = 100;          // per iteration (the document: = the GA's population)
  double alpha = 1.0;              // weight of the pheromone
  double beta = 1.0;               // weight of the heuristic
  double evaporation = 0.1;        // rho: share of the pheromone that evaporates per iteration
  double deposit = 1.0;            // Q: pheromone laid per unit of quality
  double initial_pheromone = 1.0;  // tau_0 on every edge
  double elitist_weight = 1.0;     // the best-so-far ant deposits this many times too (0 = off)
  std::size_t rank = 0;            // 0: every ant deposits (ant system); w >= 2: rank-based
                                   // (AS_rank): the w-1 best ants of the iteration deposit
                                   // (w - r) times, the best-so-far w times; elitist_weight unused
  double tau_min = 0.0;            // MAX-MIN bounds (0 = no bound)
  double tau_max = 0.0;
  Stopping stop;  // generations = iterations; stagnation = iterations without improvement of
                  // the best so far (restart_on_stagnation is not supported)
  int threads = 1;
  std::uint64_t seed = 1;
  std::size_t diversity_sample = 32;
};

/// Every setting, resolved, for config.json.
nlohmann::json to_json(const AcoParams& params);

/// Quality of a fitness for the deposit: the fitness itself when maximising (clamped at 0), and
/// 1 / (1 + fitness) when minimising a non-negative cost.
inline double aco_quality(double fitness, Direction d) {
  return d == Direction::maximize ? std::max(0.0, fitness) : 1.0 / (1.0 + std::max(0.0, fitness));
}

template <class G>
struct AcoResult {
  G best;
  double best_fitness = 0;
  std::vector<int> best_choices;
  bool solved = false;
  std::size_t iterations = 0;
  std::uint64_t evaluations = 0;
  std::string stop_reason;
  double seconds = 0;
  History history;  // extra column: pheromone_entropy (mean over stages, in bits)
  std::vector<std::vector<double>> pheromone;  // final tau[stage][option]
};

template <ConstructionProblem P>
AcoResult<typename P::Genome> run_aco(const P& problem, const AcoParams& params,
                                      Observer* observer = nullptr,
                                      const EvaluationHook<typename P::Genome>& on_evaluated = {}) {
  using G = typename P::Genome;
  const Direction dir = problem.direction();
  const std::size_t stages = problem.stages();
  const std::size_t ants = std::max<std::size_t>(params.ants, 1);
  const Rng master(params.seed);
  const Stopwatch clock;
  Workers workers(params.threads);

  std::vector<std::vector<double>> tau(stages), eta_beta(stages);
  for (std::size_t s = 0; s < stages; ++s) {
    const std::size_t k = problem.options(s);
    tau[s].assign(k, params.initial_pheromone);
    eta_beta[s].resize(k);
    for (std::size_t o = 0; o < k; ++o) {
      eta_beta[s][o] = std::pow(std::max(problem.heuristic(s, o), 1e-300), params.beta);
    }
  }

  AcoResult<G> result;
  std::uint64_t evaluations = 0;
  std::vector<std::vector<int>> choices(ants, std::vector<int>(stages, 0));
  std::vector<G> genomes(ants);
  std::vector<double> fit(ants, 0.0);

  std::vector<std::vector<double>> weight(stages);  // tau^alpha * eta^beta, per iteration
  std::size_t iteration = 0;
  std::size_t last_improvement = 0;  // the last iteration that improved the best so far
  for (;;) {
    for (std::size_t s = 0; s < stages; ++s) {
      const auto& t = tau[s];
      weight[s].resize(t.size());
      for (std::size_t o = 0; o < t.size(); ++o) {
        weight[s][o] = (params.alpha == 1.0 ? t[o] : std::pow(t[o], params.alpha)) * eta_beta[s][o];
      }
    }
    // Construction and evaluation, one ant per slot.
    workers.for_each(ants, [&](std::size_t a) {
      Rng rng = master.split({iteration, a});
      for (std::size_t s = 0; s < stages; ++s) {
        const auto pick = rng.weighted(weight[s]);
        choices[a][s] = static_cast<int>(pick < 0 ? rng.index(weight[s].size())
                                                  : static_cast<std::size_t>(pick));
      }
      genomes[a] = problem.build(std::span<const int>(choices[a]));
      fit[a] = problem.evaluate(genomes[a]);
    });
    evaluations += ants;
    for (std::size_t a = 0; a < ants; ++a) {
      if (on_evaluated) on_evaluated(genomes[a], fit[a]);
    }

    // Records.
    GenerationRecord r;
    r.generation = iteration;
    r.evaluations = evaluations;
    std::size_t best = 0, worst = 0;
    double sum = 0;
    for (std::size_t a = 0; a < ants; ++a) {
      sum += fit[a];
      if (better(fit[a], fit[best], dir)) best = a;
      if (better(fit[worst], fit[a], dir)) worst = a;
    }
    r.best = fit[best];
    r.worst = fit[worst];
    r.mean = sum / static_cast<double>(ants);
    r.diversity = detail::sample_diversity(problem, genomes, params.diversity_sample, workers);
    if (iteration == 0 || better(fit[best], result.best_fitness, dir)) {
      result.best = genomes[best];
      result.best_fitness = fit[best];
      result.best_choices = choices[best];
      last_improvement = iteration;
    }

    // Pheromone update: evaporation, deposits, bounds.
    for (auto& row : tau) {
      for (double& t : row) t *= 1.0 - params.evaporation;
    }
    auto lay = [&](const std::vector<int>& path, double amount) {
      for (std::size_t s = 0; s < stages; ++s) tau[s][static_cast<std::size_t>(path[s])] += amount;
    };
    if (params.rank >= 2) {
      const auto order = detail::ranking(fit, dir);
      for (std::size_t r = 1; r < params.rank && r <= ants; ++r) {
        lay(choices[order[r - 1]], static_cast<double>(params.rank - r) * params.deposit *
                                       aco_quality(fit[order[r - 1]], dir));
      }
    } else {
      for (std::size_t a = 0; a < ants; ++a) {
        lay(choices[a], params.deposit * aco_quality(fit[a], dir));
      }
    }
    const double best_weight =
        params.rank >= 2 ? static_cast<double>(params.rank) : params.elitist_weight;
    if (best_weight > 0) {
      const double amount = best_weight * params.deposit * aco_quality(result.best_fitness, dir);
      lay(result.best_choices, amount);
    }
    double entropy = 0;
    for (auto& row : tau) {
      double total = 0;
      for (double& t : row) {
        if (params.tau_min > 0) t = std::max(t, params.tau_min);
        if (params.tau_max > 0) t = std::min(t, params.tau_max);
        total += t;
      }
      for (double t : row) {
        if (t > 0 && total > 0) entropy -= t / total * std::log2(t / total);
      }
    }
    r.extra = {{"pheromone_entropy", stages ? entropy / static_cast<double>(stages) : 0.0}};
    r.elapsed = clock.seconds();
    result.history.add(std::move(r));
    if (observer) observer->on_generation(result.history.back());

    ++iteration;
    result.stop_reason =
        stop_reason(params.stop, dir, iteration, evaluations, result.best_fitness,
                    detail::is_solved(problem, result.best, result.best_fitness), clock.seconds());
    // Iterations 0 ... iteration - 1 are done; the last one is iteration - 1.
    if (result.stop_reason.empty() && stagnated(params.stop, iteration - 1, last_improvement)) {
      result.stop_reason = "stagnation";
    }
    if (!result.stop_reason.empty()) break;
  }

  result.solved = detail::is_solved(problem, result.best, result.best_fitness);
  result.iterations = iteration;
  result.evaluations = evaluations;
  result.seconds = clock.seconds();
  result.pheromone = std::move(tau);
  return result;
}

}  // namespace evoplay::evo
