#pragma once
// One run of one algorithm (CRO, GA or ACO) on one Lemmings level, with a budget of simulations
// (or, as the document runs CRO, of epochs), and what the document measures of it: whether it
// solved the level, after how many evaluations, and how many distinct solutions it found.
//
// Why it exists: `lemmings solve`, `lemmings compare`, the demo and the benchmark all run the
// same thing. The three algorithms share the genome, the fitness, the operators and the budget;
// a run's measures are taken over its first `evaluations` evaluations, in the engine's fixed
// order, so they are the same at any thread count.

#include <cstdint>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>
#include <vector>

#include "evoplay/core/control.hpp"
#include "evoplay/core/history.hpp"
#include "evoplay/evo/aco.hpp"
#include "evoplay/evo/cro.hpp"
#include "evoplay/evo/ga.hpp"
#include "evoplay/evo/islands.hpp"
#include "evoplay/games/lemmings/fitness.hpp"
#include "evoplay/games/lemmings/level.hpp"
#include "evoplay/games/lemmings/plan.hpp"

namespace evoplay::games::lemmings {

enum class Algorithm { kCro, kGa, kAco };
inline constexpr Algorithm kAlgorithms[] = {Algorithm::kCro, Algorithm::kGa, Algorithm::kAco};

/// "cro", "ga" or "aco".
std::string_view algorithm_name(Algorithm a);
/// "CRO", "GA", "ACO".
std::string_view algorithm_label(Algorithm a);
/// The algorithm of a name (any case); throws Error naming the accepted names.
Algorithm algorithm_from_name(std::string_view name);

struct SolverSettings {
  Algorithm algorithm = Algorithm::kCro;
  FitnessKind fitness = FitnessKind::kHeuristic;
  std::uint64_t evaluations = 20000;  // simulations per run: the one budget of all algorithms
  std::size_t epochs = 0;             // > 0: the budget is this many epochs (CRO), generations
                                      // (GA) or iterations (ACO) instead, as the document runs
                                      // CRO; `evaluations` is then ignored and every
                                      // evaluation counts
  std::size_t population = 100;       // reef cells, GA population and ants per iteration
  std::uint64_t seed = 1;
  int threads = 1;
  // The algorithms' own settings; population, stopping rules, seed and threads are set from the
  // fields above when a run starts.
  evo::CroParams cro = evo::CroParams::preset_named(evo::CroParams::kDefaultPreset);
  evo::GaParams ga = default_ga();
  evo::AcoParams aco = default_aco();
  /// The island model (GA and CRO): `population` per island, the evaluation budget shared by
  /// all islands; islands run on MPI ranks when control.exchange has several processes.
  evo::IslandParams islands;

  static evo::GaParams default_ga();
  static evo::AcoParams default_aco();
  /// The plain ant system (every ant deposits in proportion to its fitness, the best so far once
  /// more, no bounds), which the study does not use: see docs/lemmings-solvers.md.
  static evo::AcoParams plain_aco();
  /// "rank-maxmin" (default_aco) or "plain" (plain_aco) from the ACO settings in `aco`.
  std::string aco_variant() const;
  /// Sets `aco` from a variant name; throws Error naming the accepted names.
  void set_aco_variant(std::string_view name);
  /// Throws Error naming the first field out of range (evaluations, epochs, population,
  /// threads) the way the command line names its option.
  void validate() const;
  /// The resolved settings of the algorithm that runs, for config.json.
  nlohmann::json to_json() const;
};

struct SolveResult {
  Algorithm algorithm = Algorithm::kCro;
  FitnessKind fitness = FitnessKind::kHeuristic;
  std::uint64_t evaluations = 0;         // counted: min(budget, what the algorithm evaluated)
  std::size_t generations = 0;           // epochs, generations or iterations run (after the
                                         // initial reef or population for CRO and the GA)
  bool solved = false;                   // some evaluated plan solved the level
  std::uint64_t first_solution = 0;      // 1-based evaluation that first solved it; 0 = never
  std::vector<std::uint64_t> solutions;  // plan_hash of each distinct effective plan that
                                         // solved the level, sorted
  double best_fitness = 0;
  Plan best;  // the plan (genome) of the best fitness, first found
  double seconds = 0;
  double simulation_seconds = 0;  // of `seconds`, spent simulating plans (summed over threads)
  evo::StopReason stop = evo::StopReason::kNone;  // kCancelled: control.cancel stopped it
  History history;  // the algorithm's per-generation records (epochs, generations, iterations)

  std::size_t distinct() const { return solutions.size(); }
};

/// Runs one algorithm on one level (settings validated first). Deterministic for settings.seed
/// at any settings.threads. control.observer sees every generation; control.cancel stops the
/// run after the generation under way, with what it found so far (stop: kCancelled).
SolveResult solve(const Level& level, const SolverSettings& settings, const Control& control = {});

}  // namespace evoplay::games::lemmings
