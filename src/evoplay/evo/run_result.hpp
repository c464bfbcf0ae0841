#pragma once
// What every optimiser of the engine returns, and the bookkeeping they share.
//
// Why it exists: the GA, CRO and ACO (and the islands that drive them) report one result type
// with one name per counter (`generations`: the GA's generations, CRO's epochs, ACO's
// iterations), a stop reason as an enum with one spelling, and a history made by one Tracker
// (the best so far, when it last improved, the records, the observer), so that a front end or an
// island model handles them all alike.

#include <algorithm>
#include <cstdint>
#include <nlohmann/json.hpp>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "evoplay/core/history.hpp"
#include "evoplay/evo/population.hpp"
#include "evoplay/evo/problem.hpp"
#include "evoplay/evo/stopping.hpp"

namespace evoplay::evo {

/// The counters of a run, as every optimiser reports them and every game's result holds them
/// (one member, `counters`, of the Sudoku, Lemmings and Birds results).
struct RunCounters {
  double best_fitness = 0;
  bool solved = false;
  std::size_t generations = 0;  // after the first (generation 0); ACO: iterations run
  std::uint64_t evaluations = 0;
  std::size_t restarts = 0;  // the GA's restarts on stagnation
  StopReason stop = StopReason::kNone;
  double seconds = 0;

  /// For result.json: best_fitness, solved, generations, evaluations, restarts, stop_reason,
  /// seconds.
  nlohmann::json to_json() const {
    return {{"best_fitness", best_fitness},
            {"solved", solved},
            {"generations", generations},
            {"evaluations", evaluations},
            {"restarts", restarts},
            {"stop_reason", stop_reason_name(stop)},
            {"seconds", seconds}};
  }
};

template <class G>
struct RunResult : RunCounters {
  G best{};
  History history;
  std::vector<G> population;  // the final population (CRO: the reef's corals; ACO: the ants)
  std::vector<double> fitness;
  /// Counters of the optimiser's own beyond evaluations, by name (the Birds generator's
  /// simulations); an Archipelago's are its islands' summed.
  std::vector<std::pair<std::string, std::uint64_t>> counts;

  /// The counters alone (what a game's result keeps of the run).
  const RunCounters& counters() const { return *this; }
};

/// `result` made final: its counters, whether its best solves `problem`, its last population.
/// A run without a record (its start cancelled) has no best: it solves nothing.
template <class P, class G>
RunResult<G> close_result(RunResult<G>&& result, const P& problem, std::size_t generations,
                          std::uint64_t evaluations, double seconds, std::vector<G> population,
                          std::vector<double> fitness) {
  result.solved = !result.history.empty() && is_solved(problem, result.best, result.best_fitness);
  result.generations = generations;
  result.evaluations = evaluations;
  result.seconds = seconds;
  result.population = std::move(population);
  result.fitness = std::move(fitness);
  return std::move(result);
}

/// Runs a step-wise optimiser (Ga, Cro, Aco: start, then step until done) to its end.
template <class Optimiser>
auto run_to_end(Optimiser& optimiser) {
  optimiser.start();
  while (!optimiser.done()) optimiser.step();
  return optimiser.finish();
}

/// The best, the worst (indices into the fitness) and the mean fitness of a generation.
struct FitnessSummary {
  std::size_t best = 0, worst = 0;
  double mean = 0;
};

/// The summary of `fit[i]` for i in `members` (every index when `members` is empty).
inline FitnessSummary summarize(std::span<const double> fit, Direction dir,
                                std::span<const std::size_t> members = {}) {
  FitnessSummary s;
  const std::size_t n = members.empty() ? fit.size() : members.size();
  if (n == 0) return s;
  auto at = [&](std::size_t k) { return members.empty() ? k : members[k]; };
  s.best = s.worst = at(0);
  double sum = 0;
  for (std::size_t k = 0; k < n; ++k) {
    const std::size_t i = at(k);
    sum += fit[i];
    if (better(fit[i], fit[s.best], dir)) s.best = i;
    if (better(fit[s.worst], fit[i], dir)) s.worst = i;
  }
  s.mean = sum / static_cast<double>(n);
  return s;
}

/// A generation's record, but for its diversity, time and extra columns: its number, the
/// evaluations so far, and the best, mean and worst of `summary`.
inline GenerationRecord generation_record(std::size_t generation, std::uint64_t evaluations,
                                          std::span<const double> fit,
                                          const FitnessSummary& summary) {
  GenerationRecord r;
  r.generation = generation;
  r.evaluations = evaluations;
  r.best = fit[summary.best];
  r.worst = fit[summary.worst];
  r.mean = summary.mean;
  return r;
}

/// An observer that also sees the best genome so far after each generation's record (a live
/// view of the best board or plan): Tracker calls on_best when its observer is one of these.
template <class G>
class BestObserver : public Observer {
 public:
  virtual void on_best(const G& best, double fitness) = 0;
};

/// The bookkeeping of a run: keeps the best so far in the result (and the generation it last
/// improved), appends each generation's record to the history and shows it to the observer, and
/// says when a stopping rule holds.
template <class G>
class Tracker {
 public:
  Tracker(Direction dir, Observer* observer) : dir_(dir), observer_(observer) {}

  /// Offers a generation's best. Kept (true) if it is the first or beats the best so far.
  bool offer(RunResult<G>& result, std::size_t generation, const G& genome, double fitness) {
    if (!has_best_ || better(fitness, result.best_fitness, dir_)) {
      result.best = genome;
      result.best_fitness = fitness;
      last_improvement_ = generation;
      has_best_ = true;
      return true;
    }
    return false;
  }

  /// Appends `record` to the result's history and shows it to the observer.
  void add(RunResult<G>& result, GenerationRecord record) {
    result.history.add(std::move(record));
    if (!observer_) return;
    observer_->on_generation(result.history.back());
    if (auto* best = dynamic_cast<BestObserver<G>*>(observer_)) {
      best->on_best(result.best, result.best_fitness);
    }
  }

  std::size_t last_improvement() const { return last_improvement_; }
  /// Counts from `generation` again for the stagnation rule (after a restart).
  void restarted(std::size_t generation) { last_improvement_ = generation; }

  /// The first stopping rule that holds (stop_reason(), then stagnation), or kNone, once
  /// `done` generations count against the limit and `last` is the last one made (the GA and
  /// CRO count generation 0 apart: done = last; ACO counts every iteration: done = last + 1).
  StopReason check(const Stopping& stop, std::size_t done, std::size_t last,
                   std::uint64_t evaluations, double best, bool solved, double seconds) const {
    const StopReason r = stop_reason(stop, dir_, done, evaluations, best, solved, seconds);
    if (r != StopReason::kNone) return r;
    return stagnated(stop, last, last_improvement_) ? StopReason::kStagnation : StopReason::kNone;
  }

 private:
  Direction dir_;
  Observer* observer_;
  bool has_best_ = false;
  std::size_t last_improvement_ = 0;
};

}  // namespace evoplay::evo
