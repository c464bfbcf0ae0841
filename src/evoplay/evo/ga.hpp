#pragma once
// The genetic algorithm: generational with elitism, or steady-state.
//
// Generic over any Problem (see problem.hpp) and any crossover / mutation callables. Breeding
// and evaluation of each pair of children happen in a parallel slot whose randomness comes
// from Rng(seed).split({generation, pair}), so the history is identical for any --threads.
// Ga runs one generation at a time (start, step, done), so that an island model, a server's
// live view or a Python loop can drive it; run_ga() runs it to the end. A problem with
// evaluate_batch (HasBatchEvaluation) has each generation's children evaluated in one call
// after breeding (the same run). start(initial) warm-starts from given individuals; inject()
// and set_population() change the population between generations.

#include <algorithm>
#include <cstdint>
#include <nlohmann/json.hpp>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "evoplay/core/error.hpp"
#include "evoplay/core/history.hpp"
#include "evoplay/core/limits.hpp"
#include "evoplay/core/parallel.hpp"
#include "evoplay/core/rng.hpp"
#include "evoplay/core/stopwatch.hpp"
#include "evoplay/evo/operators/selection.hpp"
#include "evoplay/evo/population.hpp"
#include "evoplay/evo/problem.hpp"
#include "evoplay/evo/run_result.hpp"
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

  /// Throws Error naming the first field out of its range.
  void validate() const;

  template <class S, class V>
  static void fields(S& s, V& v) {
    v(s.population,
      {.name = "population", .help = "individuals", .lo = 2, .hi = limits::kPopulation});
    v.group(s.stop, {});
    v(s.stop.restart_on_stagnation,
      {.name = "restart-on-stagnation",
       .help = "on stagnation, re-draw all but the elite instead of stopping",
       .advanced = true});
    v(s.crossover_rate, kCrossoverRateField);
    v(s.mutation_rate, kMutationRateField);
    v(s.selection, {.name = "selection",
                    .help = "parent selection: tournament[:K] (the fittest of K drawn at random), "
                            "roulette (fitness-proportional), ranking[:S] (linear, pressure S "
                            "from 1 to 2) or random"});
    v(s.elite_count, {.name = "elite",
                      .help = "individuals kept unchanged each generation",
                      .lo = 0,
                      .hi = limits::kPopulation});
    v(s.elite_fraction, {.name = "elite-fraction",
                         .help = "... or this share of the population, whichever is larger",
                         .lo = 0,
                         .hi = 1,
                         .advanced = true});
    v(s.steady_state, {.name = "steady-state",
                       .help = "replace the worst one child at a time instead of whole generations",
                       .advanced = true});
    v(s.diversity_sample, {.name = "diversity-sample",
                           .help = "individuals sampled for the diversity (mean pairwise distance)",
                           .lo = 0,
                           .hi = limits::kPopulation,
                           .advanced = true});
    v(s.threads, fields::kThreads);
    v(s.seed, fields::kSeed);
  }

  std::size_t elites() const {
    const auto by_fraction =
        static_cast<std::size_t>(std::llround(elite_fraction * static_cast<double>(population)));
    return std::min(population, std::max(elite_count, by_fraction));
  }
};

/// Every setting, resolved, for config.json.
nlohmann::json to_json(const GaParams& params);

/// The GA over `problem`, one generation at a time: start() makes and evaluates the first
/// population (generation 0), then step() breeds the next until done() says a stopping rule
/// holds; finish() returns the result. `crossover(a, b, rng) -> pair<G, G>`;
/// `mutation(g&, rng)`. `on_evaluated`, if given, sees every evaluated genome and its fitness,
/// in a fixed order (slot order after each parallel batch).
template <Problem P, class Crossover, class Mutation>
class Ga {
 public:
  using G = typename P::Genome;

  Ga(const P& problem, const GaParams& params, Crossover crossover, Mutation mutation,
     Observer* observer = nullptr, EvaluationHook<G> on_evaluated = {})
      : problem_(problem),
        params_(params),
        crossover_(std::move(crossover)),
        mutation_(std::move(mutation)),
        on_evaluated_(std::move(on_evaluated)),
        dir_(problem.direction()),
        n_(std::max<std::size_t>(params.population, 2)),
        elites_(params.elites()),
        workers_(params.threads),
        master_(params.seed),
        tracker_(dir_, observer),
        pop_(n_),
        fit_(n_),
        next_(n_),
        next_fit_(n_) {}

  /// Draws, evaluates and records the first population (generation 0). A cancel
  /// (stop.cancel) seen while it draws and evaluates stops it soon (each parallel slot looks
  /// first): then nothing is counted, recorded or shown to the hook, the population is empty,
  /// and done() says kCancelled (step() must not follow).
  void start() {
    if (!draw_random(0, 0, true)) return cancel_start();
    record();
  }

  /// start() from given individuals (a warm start): the first `initial.size()` (at most the
  /// population) are `initial`, of fitness `fitness` when it gives one value each, else
  /// evaluated here; the others are drawn as start() draws them.
  void start(std::vector<G> initial, std::vector<double> fitness = {}) {
    const std::size_t k = std::min(initial.size(), n_);
    const bool known = fitness.size() == initial.size();
    for (std::size_t i = 0; i < k; ++i) {
      pop_[i] = std::move(initial[i]);
      if (known) fit_[i] = fitness[i];
    }
    const std::uint64_t before = evaluations_;
    if ((!known && !evaluate_into(0, k, true)) || (k < n_ && !draw_random(k, 0, true))) {
      evaluations_ = before;
      return cancel_start();
    }
    record();
  }

  /// Evaluates `genomes`; each in turn takes the place of the current worst individual (the
  /// first of equal ones), better or not. The best so far counts them.
  void inject(std::vector<G> genomes) {
    std::vector<double> values(genomes.size());
    if constexpr (HasBatchEvaluation<P>) {
      std::vector<const G*> all;
      for (const auto& g : genomes) all.push_back(&g);
      values = evaluate_together(problem_, all);
    } else {
      workers_.for_each(genomes.size(),
                        [&](std::size_t k) { values[k] = problem_.evaluate(genomes[k]); });
    }
    evaluations_ += genomes.size();
    for (std::size_t k = 0; k < genomes.size(); ++k) {
      if (on_evaluated_) on_evaluated_(genomes[k], values[k]);
      replace(summarize(fit_, dir_).worst, std::move(genomes[k]), values[k]);
    }
  }

  /// The whole population replaced by `genomes` (as many as the population), of fitness
  /// `fitness` when it gives one value each, else evaluated here. The best so far counts them.
  void set_population(std::vector<G> genomes, std::vector<double> fitness = {}) {
    if (genomes.size() != n_) {
      throw Error("set_population: the population holds " + std::to_string(n_) +
                  " individuals, given " + std::to_string(genomes.size()));
    }
    const bool known = fitness.size() == genomes.size();
    for (std::size_t i = 0; i < n_; ++i) {
      pop_[i] = std::move(genomes[i]);
      if (known) fit_[i] = fitness[i];
    }
    if (!known) evaluate_into(0, n_);
    const FitnessSummary s = summarize(fit_, dir_);
    tracker_.offer(result_, generation_, pop_[s.best], fit_[s.best]);
  }

  /// Whether a stopping rule holds after the current generation (then result().stop says
  /// which). Stagnation with restart_on_stagnation is no stop: the next step() restarts.
  bool done() {
    if (cancelled_start_) {
      result_.stop = StopReason::kCancelled;
      return true;
    }
    StopReason r =
        tracker_.check(params_.stop, generation_, generation_, evaluations_, result_.best_fitness,
                       is_solved(problem_, result_.best, result_.best_fitness), clock_.seconds());
    if (r == StopReason::kStagnation && params_.stop.restart_on_stagnation) r = StopReason::kNone;
    result_.stop = r;
    return r != StopReason::kNone;
  }

  /// Breeds, evaluates and records the next generation (first re-drawing all but the elite when
  /// the run stagnated and restart_on_stagnation is on).
  void step() {
    if (params_.stop.restart_on_stagnation &&
        stagnated(params_.stop, generation_, tracker_.last_improvement())) {
      restart();
    }
    ++generation_;
    if (params_.steady_state) {
      steady_state_generation();
    } else {
      generational_generation();
    }
    record();
  }

  std::size_t generation() const { return generation_; }
  const RunResult<G>& result() const { return result_; }
  std::span<const G> population() const { return pop_; }
  std::span<const double> fitness() const { return fit_; }

  /// Puts `genome` (of fitness `fitness`) in place of individual `index`, e.g. a migrant from
  /// another island; the best so far counts it.
  void replace(std::size_t index, G genome, double fitness) {
    pop_[index] = std::move(genome);
    fit_[index] = fitness;
    tracker_.offer(result_, generation_, pop_[index], fitness);
  }

  /// Copies of the `m` best individuals, best first (ties: population order): what the island
  /// sends at a migration.
  std::vector<Migrant<G>> emigrants(std::size_t m) const {
    const auto order = ranking(fit_, dir_);
    std::vector<Migrant<G>> out;
    for (std::size_t k = 0; k < std::min(m, n_); ++k)
      out.push_back({pop_[order[k]], fit_[order[k]]});
    return out;
  }

  /// Each migrant in turn replaces the worst individual (the first of equal ones) if it is
  /// better (pagmo's fair replacement).
  void immigrate(const std::vector<Migrant<G>>& migrants) {
    for (const auto& m : migrants) {
      const std::size_t worst = summarize(fit_, dir_).worst;
      if (better(m.fitness, fit_[worst], dir_)) replace(worst, m.genome, m.fitness);
    }
  }

  /// The result of the run so far, with the final population (the Ga is spent).
  RunResult<G> finish() {
    return close_result(std::move(result_), problem_, generation_, evaluations_, clock_.seconds(),
                        std::move(pop_), std::move(fit_));
  }

 private:
  // Evaluates individuals [from, to) in place (the population's given genomes). With
  // `cancellable`, a cancel stops it: false, nothing counted or shown to the hook.
  bool evaluate_into(std::size_t from, std::size_t to, bool cancellable = false) {
    if constexpr (HasBatchEvaluation<P>) {
      if (cancellable && cancel_requested(params_.stop)) return false;
      std::vector<const G*> genomes;
      for (std::size_t i = from; i < to; ++i) genomes.push_back(&pop_[i]);
      const auto values = evaluate_together(problem_, genomes);
      std::copy(values.begin(), values.end(), fit_.begin() + static_cast<std::ptrdiff_t>(from));
    } else {
      workers_.for_each(to - from, [&](std::size_t k) {
        if (cancellable && cancel_requested(params_.stop)) return;
        fit_[from + k] = problem_.evaluate(pop_[from + k]);
      });
      if (cancellable && cancel_requested(params_.stop)) return false;
    }
    evaluations_ += to - from;
    if (on_evaluated_) {
      for (std::size_t i = from; i < to; ++i) on_evaluated_(pop_[i], fit_[i]);
    }
    return true;
  }

  // Draws (and evaluates) individuals [from, n) from stream `stream`. With `cancellable`, a
  // cancel stops it: false, the individuals not drawn, nothing counted or shown to the hook.
  bool draw_random(std::size_t from, std::uint64_t stream, bool cancellable = false) {
    workers_.for_each(n_ - from, [&](std::size_t k) {
      if (cancellable && cancel_requested(params_.stop)) return;
      Rng rng = master_.split({stream, from + k});
      pop_[from + k] = problem_.random_genome(rng);
      if constexpr (HasRepair<P>) problem_.repair(pop_[from + k], rng);
      if constexpr (!HasBatchEvaluation<P>) fit_[from + k] = problem_.evaluate(pop_[from + k]);
    });
    if (cancellable && cancel_requested(params_.stop)) return false;
    if constexpr (HasBatchEvaluation<P>) {
      std::vector<const G*> genomes;
      for (std::size_t i = from; i < n_; ++i) genomes.push_back(&pop_[i]);
      const auto values = evaluate_together(problem_, genomes);
      std::copy(values.begin(), values.end(), fit_.begin() + static_cast<std::ptrdiff_t>(from));
    }
    evaluations_ += n_ - from;
    if (on_evaluated_) {
      for (std::size_t i = from; i < n_; ++i) on_evaluated_(pop_[i], fit_[i]);
    }
    return true;
  }

  // A start a cancel stopped: no population, no generation; done() says kCancelled.
  void cancel_start() {
    cancelled_start_ = true;
    pop_.clear();
    fit_.clear();
  }

  void record() {
    const FitnessSummary s = summarize(fit_, dir_);
    GenerationRecord r = generation_record(generation_, evaluations_, fit_, s);
    r.diversity = sample_diversity(problem_, pop_, params_.diversity_sample, workers_);
    r.elapsed = clock_.seconds();
    tracker_.offer(result_, generation_, pop_[s.best], fit_[s.best]);
    tracker_.add(result_, std::move(r));
  }

  // Keeps the elite (at least the best) and re-draws everyone else.
  void restart() {
    const auto order = ranking(fit_, dir_);
    const std::size_t keep = std::max<std::size_t>(elites_, 1);
    for (std::size_t i = 0; i < keep; ++i) {
      next_[i] = pop_[order[i]];
      next_fit_[i] = fit_[order[i]];
    }
    std::swap(pop_, next_);
    std::swap(fit_, next_fit_);
    draw_random(keep, 1'000'000'000ULL + result_.restarts);
    ++result_.restarts;
    tracker_.restarted(generation_);
  }

  // n/2 iterations; each makes two children, and each child replaces the current worst
  // individual if it is better than it.
  void steady_state_generation() {
    Rng rng = master_.split({generation_, 0});
    for (std::size_t it = 0; it < (n_ + 1) / 2; ++it) {
      const Selector live(params_.selection, fit_, dir_);
      const G& a = pop_[live.pick(rng)];
      const G& b = pop_[live.pick(rng)];
      auto [c1, c2] =
          rng.chance(params_.crossover_rate) ? crossover_(a, b, rng) : std::pair<G, G>{a, b};
      for (G* c : {&c1, &c2}) {
        if (rng.chance(params_.mutation_rate)) mutation_(*c, rng);
        if constexpr (HasRepair<P>) problem_.repair(*c, rng);
        const double f = problem_.evaluate(*c);
        ++evaluations_;
        if (on_evaluated_) on_evaluated_(*c, f);
        std::size_t worst = 0;
        for (std::size_t i = 1; i < n_; ++i) {
          if (better(fit_[worst], fit_[i], dir_)) worst = i;
        }
        if (better(f, fit_[worst], dir_)) {
          pop_[worst] = std::move(*c);
          fit_[worst] = f;
        }
      }
    }
  }

  // The elite survive; pairs of parents make the rest, one pair per parallel slot.
  void generational_generation() {
    const Selector selector(params_.selection, fit_, dir_);
    const auto order = ranking(fit_, dir_);
    for (std::size_t i = 0; i < elites_; ++i) {
      next_[i] = pop_[order[i]];
      next_fit_[i] = fit_[order[i]];
    }
    const std::size_t children = n_ - elites_;
    const std::size_t pairs = (children + 1) / 2;
    std::vector<char> evaluated(pairs * 2, 0);
    workers_.for_each(pairs, [&](std::size_t k) {
      Rng rng = master_.split({generation_, k});
      const std::size_t ia = selector.pick(rng), ib = selector.pick(rng);
      const bool cross = rng.chance(params_.crossover_rate);
      std::pair<G, G> kids =
          cross ? crossover_(pop_[ia], pop_[ib], rng) : std::pair<G, G>{pop_[ia], pop_[ib]};
      G* child[2] = {&kids.first, &kids.second};
      const double parent_fit[2] = {fit_[ia], fit_[ib]};
      for (std::size_t c = 0; c < 2; ++c) {
        const std::size_t slot = elites_ + 2 * k + c;
        if (slot >= n_) break;
        const bool mutate = rng.chance(params_.mutation_rate);
        if (mutate) mutation_(*child[c], rng);
        if constexpr (HasRepair<P>) problem_.repair(*child[c], rng);
        next_[slot] = std::move(*child[c]);
        if (cross || mutate || HasRepair<P>) {
          if constexpr (!HasBatchEvaluation<P>) next_fit_[slot] = problem_.evaluate(next_[slot]);
          evaluated[2 * k + c] = 1;
        } else {
          next_fit_[slot] = parent_fit[c];  // an unchanged copy keeps its parent's fitness
        }
      }
    });
    if constexpr (HasBatchEvaluation<P>) {  // the generation's new children in one call
      std::vector<const G*> genomes;
      for (std::size_t k = 0; k < evaluated.size(); ++k) {
        if (evaluated[k]) genomes.push_back(&next_[elites_ + k]);
      }
      const auto values = evaluate_together(problem_, genomes);
      for (std::size_t k = 0, v = 0; k < evaluated.size(); ++k) {
        if (evaluated[k]) next_fit_[elites_ + k] = values[v++];
      }
    }
    for (std::size_t k = 0; k < evaluated.size(); ++k) {
      if (!evaluated[k]) continue;
      ++evaluations_;
      if (on_evaluated_) on_evaluated_(next_[elites_ + k], next_fit_[elites_ + k]);
    }
    std::swap(pop_, next_);
    std::swap(fit_, next_fit_);
  }

  const P& problem_;
  GaParams params_;
  Crossover crossover_;
  Mutation mutation_;
  EvaluationHook<G> on_evaluated_;
  Direction dir_;
  std::size_t n_;
  std::size_t elites_;
  Workers workers_;
  Rng master_;
  Stopwatch clock_;
  Tracker<G> tracker_;
  RunResult<G> result_;
  std::vector<G> pop_;
  std::vector<double> fit_;
  std::vector<G> next_;
  std::vector<double> next_fit_;
  std::uint64_t evaluations_ = 0;
  std::size_t generation_ = 0;
  bool cancelled_start_ = false;
};

/// Runs the GA to the end (see Ga).
template <Problem P, class Crossover, class Mutation>
RunResult<typename P::Genome> run_ga(const P& problem, const GaParams& params,
                                     Crossover&& crossover, Mutation&& mutation,
                                     Observer* observer = nullptr,
                                     const EvaluationHook<typename P::Genome>& on_evaluated = {}) {
  Ga<P, std::decay_t<Crossover>, std::decay_t<Mutation>> ga(
      problem, params, std::forward<Crossover>(crossover), std::forward<Mutation>(mutation),
      observer, on_evaluated);
  return run_to_end(ga);
}

}  // namespace evoplay::evo
