#include "evoplay/games/lemmings/solve.hpp"

#include <algorithm>
#include <atomic>
#include <cctype>
#include <chrono>
#include <limits>
#include <mutex>
#include <unordered_map>
#include <unordered_set>

#include "evoplay/core/error.hpp"
#include "evoplay/core/stopwatch.hpp"
#include "evoplay/evo/island_runs.hpp"
#include "evoplay/games/lemmings/checks.hpp"
#include "evoplay/games/lemmings/problem.hpp"
#include "evoplay/games/lemmings/substrates.hpp"

namespace evoplay::games::lemmings {

namespace {
// Indexed by Algorithm, in declaration order.
constexpr std::string_view kAlgorithmLabels[] = {"CRO", "GA", "ACO"};
}  // namespace

std::string_view algorithm_name(Algorithm a) {
  return kAlgorithmNames[static_cast<std::size_t>(a)].name;
}

std::string_view algorithm_label(Algorithm a) {
  return kAlgorithmLabels[static_cast<std::size_t>(a)];
}

Algorithm algorithm_from_name(std::string_view name) {
  try {
    return fields::FieldValue<Algorithm>::parse(name, {});
  } catch (const fields::Expected& e) {
    throw Error(fmt::format("unknown algorithm '{}': expected {}", name, e.what));
  }
}

evo::GaParams SolverSettings::default_ga() {
  evo::GaParams p;
  p.crossover_rate = 0.9;
  p.mutation_rate = 0.1;
  p.elite_count = 1;
  p.selection = evo::Selection::parse("roulette");
  return p;
}

evo::AcoParams SolverSettings::default_aco() {
  // Rank-based deposits (the 9 best ants and the best so far) and MAX-MIN bounds [1, 2] around
  // the initial pheromone: with every ant depositing and no bounds, the colony converges to the
  // empty plan (docs/lemmings-solvers.md).
  evo::AcoParams p;
  p.alpha = 1;
  p.beta = 1;
  p.evaporation = 0.02;
  p.deposit = 1;
  p.initial_pheromone = 1;
  p.rank = 10;
  p.tau_min = 1;
  p.tau_max = 2;
  return p;
}

evo::AcoParams SolverSettings::plain_aco() {
  evo::AcoParams p = default_aco();
  p.rank = 0;
  p.elitist_weight = 1;
  p.tau_min = 0;
  p.tau_max = 0;
  return p;
}

evo::AcoParams SolverSettings::aco() const {
  return aco_variant == "plain" ? plain_aco() : default_aco();
}

namespace {

/// The run's budget: E evaluations (no bound on generations), or a fixed number of generations.
evo::Stopping budget_stop(const SolverSettings& s) {
  evo::Stopping stop;
  if (s.epochs > 0) {
    stop.generations = s.epochs;
    return stop;
  }
  stop.generations = std::numeric_limits<std::size_t>::max();
  stop.evaluations = std::max<std::uint64_t>(s.evaluations, 1);
  return stop;
}

/// An engine's parameters with the run's evaluation budget, seed and threads.
template <class Params>
Params for_run(Params p, const SolverSettings& s) {
  p.stop = budget_stop(s);
  p.seed = s.seed;
  p.threads = s.threads;
  return p;
}

evo::CroParams cro_params(const SolverSettings& s) {
  evo::CroParams p = for_run(s.cro, s);
  p.size_reef(s.population);
  return p;
}

evo::GaParams ga_params(const SolverSettings& s) {
  evo::GaParams p = for_run(s.ga, s);
  p.population = std::max<std::size_t>(s.population, 2);
  return p;
}

evo::AcoParams aco_params(const SolverSettings& s) {
  evo::AcoParams p = for_run(s.aco(), s);
  p.ants = std::max<std::size_t>(s.population, 1);
  return p;
}

/// The problem as the engines see it, remembering for every plan that solved the level the
/// fingerprint of its effective plan, so that the evaluation hook can count distinct solutions
/// without simulating again. Safe to evaluate from several threads.
class RecordingProblem {
 public:
  using Genome = Plan;
  explicit RecordingProblem(const LemmingsProblem& p) : p_(p) {}

  Plan random_genome(Rng& rng) const { return p_.random_genome(rng); }
  double evaluate(const Plan& g) const {
    const auto start = std::chrono::steady_clock::now();
    const PlanVerdict v = p_.judge(g);
    nanoseconds_ += static_cast<std::uint64_t>(std::chrono::duration_cast<std::chrono::nanoseconds>(
                                                   std::chrono::steady_clock::now() - start)
                                                   .count());
    if (v.solved) {
      const std::lock_guard lock(mutex_);
      solutions_[plan_hash(g)] = v;
    }
    return v.fitness;
  }
  evo::Direction direction() const { return p_.direction(); }
  std::uint64_t fingerprint(const Plan& g) const { return plan_hash(g); }
  std::size_t stages() const { return p_.stages(); }
  std::size_t options(std::size_t s) const { return p_.options(s); }
  double heuristic(std::size_t s, std::size_t o) const { return p_.heuristic(s, o); }
  Plan build(std::span<const int> choices) const { return p_.build(choices); }
  std::vector<int> path(const Plan& g) const { return p_.path(g); }

  /// Time spent in evaluate(), summed over threads.
  double simulation_seconds() const { return static_cast<double>(nanoseconds_.load()) * 1e-9; }

  /// The verdict on a plan that solved the level (simulated again when another process
  /// evaluated it: an island on another MPI rank).
  PlanVerdict solution(const Plan& g) const {
    {
      const std::lock_guard lock(mutex_);
      const auto it = solutions_.find(plan_hash(g));
      if (it != solutions_.end()) return it->second;
    }
    const PlanVerdict v = p_.judge(g);
    if (!v.solved) throw InternalError("lemmings solve: a solution does not solve the level");
    return v;
  }

 private:
  const LemmingsProblem& p_;
  mutable std::mutex mutex_;
  mutable std::unordered_map<std::uint64_t, PlanVerdict> solutions_;
  mutable std::atomic<std::uint64_t> nanoseconds_{0};
};

}  // namespace

void SolverSettings::validate() const {
  fields::check(*this);
  cro.validate();
}

nlohmann::json SolverSettings::to_json() const {
  nlohmann::json j = {
      {"algorithm", algorithm_name(algorithm)},
      {"fitness", fitness_name(fitness)},
      {"evaluations", epochs > 0 ? nlohmann::json(nullptr) : nlohmann::json(evaluations)},
      {"epochs", epochs > 0 ? nlohmann::json(epochs) : nlohmann::json(nullptr)},
      {"population", population},
      {"seed", seed}};
  if (islands.active()) j["islands"] = islands.to_json();
  switch (algorithm) {
    case Algorithm::kCro:
      j["cro"] = evo::to_json(cro_params(*this));
      break;
    case Algorithm::kGa:
      j["ga"] = evo::to_json(ga_params(*this));
      break;
    case Algorithm::kAco:
      j["aco"] = evo::to_json(aco_params(*this));
      j["aco"]["variant"] = aco_variant;
      break;
  }
  return j;
}

namespace {
/// An engine's parameters that stop when `control` is cancelled.
template <class Params>
Params cancellable(Params p, const Control& control) {
  p.stop.cancel = control.cancel.flag();
  return p;
}
}  // namespace

SolveResult solve(const Level& level, const SolverSettings& settings, const Control& control) {
  settings.validate();
  Observer* observer = control.observer;
  const LemmingsProblem problem(level, settings.fitness);
  const RecordingProblem recording(problem);
  const Stopwatch clock;

  SolveResult out;
  out.algorithm = settings.algorithm;
  out.fitness = settings.fitness;
  const std::uint64_t evaluation_budget = budget_stop(settings).evaluations;  // 0: epochs bound
  const std::uint64_t budget =
      evaluation_budget > 0 ? evaluation_budget : std::numeric_limits<std::uint64_t>::max();
  std::unordered_set<std::uint64_t> solutions;
  const evo::EvaluationHook<Plan> hook = [&](const Plan& g, double f) {
    auto& n = out.counters;
    if (n.evaluations >= budget) return;  // beyond the budget: not counted
    ++n.evaluations;
    if (n.evaluations == 1 || f > n.best_fitness) {
      n.best_fitness = f;
      out.best = g;
    }
    if (problem.solves(f)) {
      const PlanVerdict v = recording.solution(g);
      if (out.first_solution == 0 || v.actions < out.fewest_actions) {
        out.fewest_actions = v.actions;
        out.fewest = g;
      }
      if (out.first_solution == 0) out.first_solution = n.evaluations;
      solutions.insert(v.effective_hash);
    }
  };
  auto crossover = [&](const Plan& a, const Plan& b, Rng& rng) {
    return problem.crossover(a, b, rng);
  };
  auto mutation = [&](Plan& g, Rng& rng) { problem.mutate(g, rng); };

  switch (settings.algorithm) {
    case Algorithm::kCro: {
      auto r = evo::run_cro_islands(
          recording, cancellable(cro_params(settings), control), settings.islands, crossover,
          mutation, observer, hook,
          evo::pick_substrates(settings.cro.substrates, plan_substrates(problem)),
          control.exchange);
      out.counters.generations = r.generations;
      out.counters.stop = r.stop;
      out.history = std::move(r.history);
      break;
    }
    case Algorithm::kGa: {
      auto r = evo::run_ga_islands(recording, cancellable(ga_params(settings), control),
                                   settings.islands, crossover, mutation, observer, hook,
                                   control.exchange);
      out.counters.restarts = r.restarts;
      out.counters.generations = r.generations;
      out.counters.stop = r.stop;
      out.history = std::move(r.history);
      break;
    }
    case Algorithm::kAco: {
      auto r = evo::run_aco_islands(recording, cancellable(aco_params(settings), control),
                                    settings.islands, observer, hook, control.exchange);
      out.counters.generations = r.generations;
      out.counters.stop = r.stop;
      out.history = std::move(r.history);
      break;
    }
  }
  out.counters.solved = out.first_solution > 0;
  out.solutions.assign(solutions.begin(), solutions.end());
  std::sort(out.solutions.begin(), out.solutions.end());
  out.counters.seconds = clock.seconds();
  out.simulation_seconds = recording.simulation_seconds();
  return out;
}

}  // namespace evoplay::games::lemmings
