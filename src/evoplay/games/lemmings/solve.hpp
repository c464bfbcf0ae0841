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
#include "evoplay/core/limits.hpp"
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
inline constexpr fields::EnumName<Algorithm> kAlgorithmNames[] = {
    {Algorithm::kCro, "cro"}, {Algorithm::kGa, "ga"}, {Algorithm::kAco, "aco"}};

/// "cro", "ga" or "aco".
std::string_view algorithm_name(Algorithm a);
/// "CRO", "GA", "ACO".
std::string_view algorithm_label(Algorithm a);
/// The algorithm of a name (any case); throws Error naming the accepted names.
Algorithm algorithm_from_name(std::string_view name);

}  // namespace evoplay::games::lemmings

template <>
struct evoplay::fields::FieldValue<evoplay::games::lemmings::Algorithm>
    : EnumValue<games::lemmings::Algorithm, games::lemmings::kAlgorithmNames> {};

namespace evoplay::games::lemmings {

/// The settings of one run (`lemmings solve`); `lemmings compare` shares its budget, operators
/// and CRO settings (shared_fields).
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
  std::string aco_variant = "rank-maxmin";  // default_aco() or plain_aco()
  /// The island model (GA and CRO): `population` per island, the evaluation budget shared by
  /// all islands; islands run on MPI ranks when control.exchange has several processes.
  evo::IslandParams islands;

  static evo::GaParams default_ga();
  static evo::AcoParams default_aco();
  /// The plain ant system (every ant deposits in proportion to its fitness, the best so far once
  /// more, no bounds), which the study does not use: see docs/lemmings-solvers.md.
  static evo::AcoParams plain_aco();
  /// ACO's settings of the variant: default_aco() (rank-maxmin) or plain_aco() (plain).
  evo::AcoParams aco() const;
  /// Throws Error naming the first field out of its range.
  void validate() const;
  /// CRO's settings given for another algorithm are an error (every front end calls it with
  /// the fields a user gave).
  void resolve(const fields::Given& given) const {
    if (algorithm != Algorithm::kCro) fields::refuse_given(*this, given, "cro-", "method cro");
  }

  template <class S, class V>
  static void fields(S& s, V& v) {
    v(s.algorithm, {.name = "method", .help = "the optimiser: cro, ga or aco"});
    v(s.fitness, {.name = "fitness",
                  .help = "original (the thesis's formula 4.4) or heuristic (adds the path "
                          "distance)"});
    shared_fields(s, v);
    v(s.epochs, {.name = "epochs",
                 .help = "instead of --evaluations: run this many epochs (CRO), generations "
                         "(GA) or iterations (ACO), as the thesis runs CRO; every evaluation "
                         "counts (0: the evaluation budget)",
                 .lo = 0,
                 .hi = limits::kGenerations});
    v.group(s.islands, {});
  }

  /// The fields of `lemmings solve` that `lemmings compare` shares: the budget, the
  /// population, the operators' settings, CRO's, seed and threads.
  template <class S, class V>
  static void shared_fields(S& s, V& v) {
    v(s.evaluations, {.name = "evaluations",
                      .help = "simulations per run: the budget every algorithm gets",
                      .lo = 1,
                      .hi = limits::kEvaluations});
    v(s.population, {.name = "population",
                     .help = "reef cells (CRO), population (GA) and ants per iteration (ACO)",
                     .lo = 2,
                     .hi = limits::kPopulation});
    v(s.ga.selection, {.name = "selection",
                       .help = "the GA's parent selection: tournament[:K] (the fittest of K "
                               "drawn at random), roulette (fitness-proportional), ranking[:S] "
                               "(linear, pressure S from 1 to 2) or random"});
    static constexpr std::string_view kVariants[] = {"rank-maxmin", "plain"};
    v(s.aco_variant, {.name = "aco-variant",
                      .help = "ACO's deposits: rank-maxmin (rank-based, MAX-MIN bounds) or plain "
                              "(every ant deposits, no bounds: see docs/lemmings-solvers.md)",
                      .choices = kVariants});
    v.group(
        s.cro,
        {.name = "cro", .help = "Coral Reef Optimization's settings", .heading = "CRO options"});
    v(s.seed, fields::kSeed);
    v(s.threads, fields::kThreads);
  }
  /// The resolved settings of the algorithm that runs, for config.json.
  nlohmann::json to_json() const;
};

struct SolveResult {
  Algorithm algorithm = Algorithm::kCro;
  FitnessKind fitness = FitnessKind::kHeuristic;
  /// The run's counters: evaluations counted up to the budget (min(budget, what the algorithm
  /// evaluated)); generations: epochs, generations or iterations run (after the initial reef or
  /// population for CRO and the GA); solved: some evaluated plan solved the level; the best
  /// fitness of those evaluations; seconds; stop (kCancelled: control.cancel stopped it).
  evo::RunCounters counters;
  std::uint64_t first_solution = 0;      // 1-based evaluation that first solved it; 0 = never
  std::vector<std::uint64_t> solutions;  // plan_hash of each distinct effective plan that
                                         // solved the level, sorted
  Plan best;                             // the plan (genome) of the best fitness, first found
  // If solved: the fewest actions (genes that had an effect) of a solution, and the first
  // solution found (genome) that takes that few.
  std::size_t fewest_actions = 0;
  Plan fewest;
  double simulation_seconds = 0;  // of the seconds, spent simulating plans (summed over threads)
  History history;  // the algorithm's per-generation records (epochs, generations, iterations)

  std::size_t distinct() const { return solutions.size(); }
};

/// Runs one algorithm on one level (settings validated first). Deterministic for settings.seed
/// at any settings.threads. control.observer sees every generation; control.cancel stops the
/// run after the generation under way, with what it found so far (stop: kCancelled).
SolveResult solve(const Level& level, const SolverSettings& settings, const Control& control = {});

}  // namespace evoplay::games::lemmings
