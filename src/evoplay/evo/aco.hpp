#pragma once
// Ant Colony Optimization over a layered construction graph.
//
// The solution is built stage by stage (a Lemmings plan: one stage per simulation step); at each
// stage an ant takes one of the stage's options (no skill, or one of the skills), with
// probability proportional to tau^alpha * eta^beta, where tau is the pheromone on that
// (stage, option) edge and eta the problem's heuristic desirability. After all ants are
// evaluated, pheromone evaporates at rate rho and each ant deposits on its edges in proportion to
// its quality; the best-so-far ant may deposit too (elitist ant system), and optional
// MAX-MIN bounds keep every edge alive. A problem may declare its options exclusive (each taken
// at most once per ant): then stage = position and option = item, and an ant builds a
// permutation, choosing at each position among the items not yet taken (position-based
// pheromone tau[position][item], as in ACO for assignment and scheduling problems, Stuetzle &
// Dorigo). Ants build and are evaluated in parallel slots with
// streams Rng(seed).split({iteration, ant}), so runs are identical at any thread count.

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <concepts>
#include <cstdint>
#include <nlohmann/json.hpp>
#include <span>
#include <string>
#include <vector>

#include "evoplay/core/error.hpp"
#include "evoplay/core/history.hpp"
#include "evoplay/core/limits.hpp"
#include "evoplay/core/parallel.hpp"
#include "evoplay/core/rng.hpp"
#include "evoplay/core/stopwatch.hpp"
#include "evoplay/evo/population.hpp"
#include "evoplay/evo/problem.hpp"
#include "evoplay/evo/run_result.hpp"
#include "evoplay/evo/stopping.hpp"

namespace evoplay::evo {

/// A problem whose genomes are built by a sequence of choices: stage s offers options(s)
/// options, heuristic(s, o) > 0 is the desirability of option o there, and build(choices) turns
/// one choice per stage into a genome. It may also declare exclusive options (see
/// exclusive_options below: a permutation built position by position).
template <class P>
concept ConstructionProblem = Problem<P> &&
    requires(const P& p, std::size_t s, std::span<const int> choices) {
  { p.stages() } -> std::convertible_to<std::size_t>;
  { p.options(s) } -> std::convertible_to<std::size_t>;
  { p.heuristic(s, s) } -> std::convertible_to<double>;
  { p.build(choices) } -> std::convertible_to<typename P::Genome>;
};

/// A construction problem that can say which choices built a genome (the inverse of build):
/// what an ACO island needs to lay pheromone on an immigrant's path.
template <class P>
concept HasPath = ConstructionProblem<P> && requires(const P& p, const typename P::Genome& g) {
  { p.path(g) } -> std::convertible_to<std::vector<int>>;
};

/// Whether `problem` declares exclusive options (an optional member exclusive_options(): each
/// option is taken at most once per ant, and option o names the same item at every stage, so a
/// full construction is a permutation). Problems without the member are not exclusive.
template <class P>
bool exclusive_options(const P& problem) {
  if constexpr (requires {
                  { problem.exclusive_options() } -> std::convertible_to<bool>;
                }) {
    return problem.exclusive_options();
  } else {
    return false;
  }
}

/// The most (stage, option) edges an ACO run may have: it keeps a pheromone, a heuristic and a
/// weight per edge (24 bytes; 20 million edges are about 480 MB). A Python 'ints' problem with
/// bounds 0..10^9 would otherwise ask for gigabytes per gene before its first ant.
inline constexpr double kMaxAcoEdges = 20'000'000;

/// Throws Error when `problem`'s construction graph has more edges than kMaxAcoEdges, before
/// anything is allocated (Aco's constructor calls it, so every front end gets the message).
template <ConstructionProblem P>
void check_aco_size(const P& problem) {
  const std::size_t stages = problem.stages();
  double edges = 0, widest = 0;
  for (std::size_t s = 0; s < stages && edges <= kMaxAcoEdges; ++s) {
    const auto k = static_cast<double>(problem.options(s));
    edges += k;
    widest = std::max(widest, k);
  }
  if (edges > kMaxAcoEdges) {
    throw Error(fmt::format(
        "ACO keeps a pheromone value per gene and value (per stage and option): {} stages of up "
        "to {:.0f} options are more than {:.0f} values (about {} MB); narrow the values (an "
        "'ints' problem's bounds low..high), or use the GA or CRO",
        stages, widest, kMaxAcoEdges, static_cast<int>(kMaxAcoEdges * 24 / 1e6)));
  }
}

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

  /// Throws Error naming the first field out of its range (and tau_max below tau_min).
  void validate() const;

  template <class S, class V>
  static void fields(S& s, V& v) {
    v(s.ants, {.name = "ants", .help = "ants per iteration", .lo = 1, .hi = limits::kPopulation});
    v.group(s.stop, {});
    v(s.alpha, {.name = "alpha", .help = "weight of the pheromone", .lo = 0, .hi = 1000});
    v(s.beta, {.name = "beta", .help = "weight of the heuristic", .lo = 0, .hi = 1000});
    v(s.evaporation, {.name = "evaporation",
                      .help = "rho: share of the pheromone that evaporates per iteration",
                      .lo = 0,
                      .hi = 1,
                      .above = true});
    v(s.deposit, {.name = "deposit",
                  .help = "Q: pheromone laid per unit of quality",
                  .lo = 0,
                  .hi = 1e9,
                  .above = true});
    v(s.initial_pheromone, {.name = "initial-pheromone",
                            .help = "tau_0 on every edge",
                            .lo = 0,
                            .hi = 1e9,
                            .above = true,
                            .advanced = true});
    v(s.elitist_weight, {.name = "elitist-weight",
                         .help = "the best-so-far ant deposits this many times too (0: off)",
                         .lo = 0,
                         .hi = 1e6,
                         .advanced = true});
    v(s.rank, {.name = "rank",
               .help = "0: every ant deposits (ant system); w >= 2: rank-based (AS_rank), the w-1 "
                       "best ants deposit",
               .lo = 0,
               .hi = limits::kPopulation,
               .advanced = true});
    v(s.tau_min, {.name = "tau-min",
                  .help = "MAX-MIN lower bound of the pheromone (0: none)",
                  .lo = 0,
                  .hi = 1e9,
                  .advanced = true});
    v(s.tau_max, {.name = "tau-max",
                  .help = "MAX-MIN upper bound of the pheromone (0: none)",
                  .lo = 0,
                  .hi = 1e9,
                  .advanced = true});
    v(s.diversity_sample, {.name = "diversity-sample",
                           .help = "ants sampled for the diversity (mean pairwise distance)",
                           .lo = 0,
                           .hi = limits::kPopulation,
                           .advanced = true});
    v(s.threads, fields::kThreads);
    v(s.seed, fields::kSeed);
  }
};

/// Every setting, resolved, for config.json.
nlohmann::json to_json(const AcoParams& params);

/// Quality of a fitness for the deposit: the fitness itself when maximising (clamped at 0), and
/// 1 / (1 + fitness) when minimising a non-negative cost.
inline double aco_quality(double fitness, Direction d) {
  return d == Direction::maximize ? std::max(0.0, fitness) : 1.0 / (1.0 + std::max(0.0, fitness));
}

/// ACO over `problem`, one iteration at a time (start, step, done, finish, as Ga): start()
/// lays the initial pheromone and runs iteration 0, each step() one more. `on_evaluated` sees
/// every evaluated ant. The result's history has the extra column pheromone_entropy (mean over
/// stages, in bits); its population is the last iteration's ants. pheromone() and
/// best_choices() give the trail and the best-so-far ant's choices.
template <ConstructionProblem P>
class Aco {
 public:
  using G = typename P::Genome;

  Aco(const P& problem, const AcoParams& params, Observer* observer = nullptr,
      EvaluationHook<G> on_evaluated = {})
      : problem_(problem),
        params_(params),
        on_evaluated_(std::move(on_evaluated)),
        dir_(problem.direction()),
        stages_((check_aco_size(problem), problem.stages())),
        exclusive_(exclusive_options(problem)),
        ants_(std::max<std::size_t>(params.ants, 1)),
        master_(params.seed),
        workers_(params.threads),
        tracker_(dir_, observer),
        tau_(stages_),
        eta_beta_(stages_),
        weight_(stages_),
        choices_(ants_, std::vector<int>(stages_, 0)),
        genomes_(ants_),
        fit_(ants_, 0.0) {}

  /// The initial pheromone tau_0 on every edge, then iteration 0. With exclusive options,
  /// evoplay::Error if a stage s has options(s) <= s (an ant could find every option taken).
  /// A cancel (stop.cancel) seen while iteration 0's ants build and are evaluated stops it
  /// soon: then no iteration counts, nothing is recorded or shown to the hook, there are no
  /// ants, and done() says kCancelled (step() must not follow).
  void start() {
    for (std::size_t s = 0; s < stages_; ++s) {
      const std::size_t k = problem_.options(s);
      if (exclusive_ && k <= s) {
        throw Error("ACO with exclusive options: stage " + std::to_string(s) + " offers " +
                    std::to_string(k) + " options, fewer than the " + std::to_string(s + 1) +
                    " an ant may need there");
      }
      tau_[s].assign(k, params_.initial_pheromone);
      eta_beta_[s].resize(k);
      for (std::size_t o = 0; o < k; ++o) {
        eta_beta_[s][o] = std::pow(std::max(problem_.heuristic(s, o), 1e-300), params_.beta);
      }
    }
    iterate(true);
  }

  /// Whether a stopping rule holds after the iterations run (result().stop says which).
  bool done() {
    if (cancelled_start_) {
      result_.stop = StopReason::kCancelled;
      return true;
    }
    // Iterations 0 ... iteration_ - 1 are done; the last one is iteration_ - 1.
    result_.stop =
        tracker_.check(params_.stop, iteration_, iteration_ - 1, evaluations_, result_.best_fitness,
                       is_solved(problem_, result_.best, result_.best_fitness), clock_.seconds());
    return result_.stop != StopReason::kNone;
  }

  /// One more iteration: the ants build and are evaluated, then the pheromone is updated.
  void step() { iterate(); }

  std::size_t generation() const { return iteration_; }
  const RunResult<G>& result() const { return result_; }
  const std::vector<std::vector<double>>& pheromone() const { return tau_; }
  const std::vector<int>& best_choices() const { return best_choices_; }

  RunResult<G> finish() {
    return close_result(std::move(result_), problem_, iteration_, evaluations_, clock_.seconds(),
                        std::move(genomes_), std::move(fit_));
  }

  /// The `m` best ants of the last iteration, best first (ties: ant order): what a colony sends
  /// at a migration.
  std::vector<Migrant<G>> emigrants(std::size_t m) const {
    const auto order = ranking(fit_, dir_);
    std::vector<Migrant<G>> out;
    for (std::size_t k = 0; k < std::min(m, ants_); ++k)
      out.push_back({genomes_[order[k]], fit_[order[k]]});
    return out;
  }

  /// An immigrant better than the colony's best so far becomes its best so far: the next
  /// pheromone update lays the best-so-far deposit on its path (multi-colony ACO's exchange of
  /// the best solutions). Needs a problem that gives a genome's path (HasPath).
  void immigrate(const std::vector<Migrant<G>>& migrants) requires HasPath<P> {
    for (const auto& m : migrants) {
      if (tracker_.offer(result_, iteration_ == 0 ? 0 : iteration_ - 1, m.genome, m.fitness))
        best_choices_ = problem_.path(m.genome);
    }
  }

 private:
  // One iteration; with `cancellable` (iteration 0), a cancel stops it before anything counts.
  void iterate(bool cancellable = false) {
    for (std::size_t s = 0; s < stages_; ++s) {
      const auto& t = tau_[s];
      weight_[s].resize(t.size());
      for (std::size_t o = 0; o < t.size(); ++o) {
        weight_[s][o] =
            (params_.alpha == 1.0 ? t[o] : std::pow(t[o], params_.alpha)) * eta_beta_[s][o];
      }
    }
    // Construction and evaluation, one ant per slot.
    workers_.for_each(ants_, [&](std::size_t a) {
      if (cancellable && cancel_requested(params_.stop)) return;
      Rng rng = master_.split({iteration_, a});
      if (exclusive_) {
        construct_exclusive(rng, choices_[a]);
      } else {
        for (std::size_t s = 0; s < stages_; ++s) {
          const auto pick = rng.weighted(weight_[s]);
          choices_[a][s] = static_cast<int>(pick < 0 ? rng.index(weight_[s].size())
                                                     : static_cast<std::size_t>(pick));
        }
      }
      genomes_[a] = problem_.build(std::span<const int>(choices_[a]));
      if constexpr (!HasBatchEvaluation<P>) fit_[a] = problem_.evaluate(genomes_[a]);
    });
    if (cancellable && cancel_requested(params_.stop)) {
      cancelled_start_ = true;
      genomes_.clear();
      fit_.clear();
      return;
    }
    if constexpr (HasBatchEvaluation<P>) {  // the iteration's ants in one call
      std::vector<const G*> all;
      for (const auto& g : genomes_) all.push_back(&g);
      fit_ = evaluate_together(problem_, all);
    }
    evaluations_ += ants_;
    for (std::size_t a = 0; a < ants_; ++a) {
      if (on_evaluated_) on_evaluated_(genomes_[a], fit_[a]);
    }

    const FitnessSummary sum = summarize(fit_, dir_);
    GenerationRecord r = generation_record(iteration_, evaluations_, fit_, sum);
    r.diversity = sample_diversity(problem_, genomes_, params_.diversity_sample, workers_);
    if (tracker_.offer(result_, iteration_, genomes_[sum.best], fit_[sum.best])) {
      best_choices_ = choices_[sum.best];
    }
    r.extra = {{"pheromone_entropy", update_pheromone()}};
    r.elapsed = clock_.seconds();
    tracker_.add(result_, std::move(r));
    ++iteration_;
  }

  // One ant's path when options are exclusive: at each stage, an option not taken yet, with
  // probability proportional to its weight (the taken ones' weights masked to 0), or uniformly
  // among the untaken ones when all their weights are 0.
  void construct_exclusive(Rng& rng, std::vector<int>& path) const {
    std::vector<char> taken;
    std::vector<double> w;
    for (std::size_t s = 0; s < stages_; ++s) {
      const std::size_t k = weight_[s].size();
      if (taken.size() < k) taken.resize(k, 0);
      w.assign(weight_[s].begin(), weight_[s].end());
      std::size_t free = 0;
      for (std::size_t o = 0; o < k; ++o) {
        if (taken[o]) {
          w[o] = 0;
        } else {
          ++free;
        }
      }
      const auto pick = rng.weighted(w);
      std::size_t o = 0;
      if (pick >= 0) {
        o = static_cast<std::size_t>(pick);
      } else {
        // The (r+1)-th untaken option.
        for (std::size_t r = rng.index(free);; ++o) {
          if (!taken[o] && r-- == 0) break;
        }
      }
      taken[o] = 1;
      path[s] = static_cast<int>(o);
    }
  }

  // Evaporation, deposits, bounds; returns the mean entropy of the stages' trails, in bits.
  double update_pheromone() {
    for (auto& row : tau_) {
      for (double& t : row) t *= 1.0 - params_.evaporation;
    }
    auto lay = [&](const std::vector<int>& path, double amount) {
      for (std::size_t s = 0; s < stages_; ++s)
        tau_[s][static_cast<std::size_t>(path[s])] += amount;
    };
    if (params_.rank >= 2) {
      const auto order = ranking(fit_, dir_);
      for (std::size_t r = 1; r < params_.rank && r <= ants_; ++r) {
        lay(choices_[order[r - 1]], static_cast<double>(params_.rank - r) * params_.deposit *
                                        aco_quality(fit_[order[r - 1]], dir_));
      }
    } else {
      for (std::size_t a = 0; a < ants_; ++a) {
        lay(choices_[a], params_.deposit * aco_quality(fit_[a], dir_));
      }
    }
    const double best_weight =
        params_.rank >= 2 ? static_cast<double>(params_.rank) : params_.elitist_weight;
    if (best_weight > 0) {
      lay(best_choices_, best_weight * params_.deposit * aco_quality(result_.best_fitness, dir_));
    }
    double entropy = 0;
    for (auto& row : tau_) {
      double total = 0;
      for (double& t : row) {
        if (params_.tau_min > 0) t = std::max(t, params_.tau_min);
        if (params_.tau_max > 0) t = std::min(t, params_.tau_max);
        total += t;
      }
      for (double t : row) {
        if (t > 0 && total > 0) entropy -= t / total * std::log2(t / total);
      }
    }
    return stages_ ? entropy / static_cast<double>(stages_) : 0.0;
  }

  const P& problem_;
  AcoParams params_;
  EvaluationHook<G> on_evaluated_;
  Direction dir_;
  std::size_t stages_;
  bool exclusive_;  // each option at most once per ant (exclusive_options)
  std::size_t ants_;
  Rng master_;
  Stopwatch clock_;
  Workers workers_;
  Tracker<G> tracker_;
  RunResult<G> result_;
  std::vector<std::vector<double>> tau_, eta_beta_;
  std::vector<std::vector<double>> weight_;  // tau^alpha * eta^beta, per iteration
  std::vector<std::vector<int>> choices_;
  std::vector<int> best_choices_;
  std::vector<G> genomes_;
  std::vector<double> fit_;
  std::uint64_t evaluations_ = 0;
  std::size_t iteration_ = 0;
  bool cancelled_start_ = false;
};

/// Runs ACO to the end (see Aco).
template <ConstructionProblem P>
RunResult<typename P::Genome> run_aco(const P& problem, const AcoParams& params,
                                      Observer* observer = nullptr,
                                      const EvaluationHook<typename P::Genome>& on_evaluated = {}) {
  Aco<P> aco(problem, params, observer, on_evaluated);
  return run_to_end(aco);
}

}  // namespace evoplay::evo
