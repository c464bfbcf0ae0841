#pragma once
// The Lemmings document's comparison study: CRO, the GA and ACO on a set of levels, with each
// fitness, over repeated runs of the same simulation budget, measured by the levels they solve
// and the number of distinct solutions they find (its Tables 5.5-5.7).
//
// Why it exists: the document's claims are about counts over many runs; this makes them one
// command (`evoplay lemmings compare`), one library call (run_study). Its units of work are the
// runs (study_units): each is independent and single-threaded; run r on a level uses the seed
// Rng(seed).split({fingerprint of the level's file name, r}) for every algorithm and fitness, so
// results do not depend on the thread count, on which worker ran a unit, nor on the other levels
// of the study. Results are kept in unit order.
//
// The tables, CSV files and plots of a study are in study_report.hpp.

#include <cstdint>
#include <filesystem>
#include <limits>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "evoplay/core/control.hpp"
#include "evoplay/core/stats.hpp"
#include "evoplay/games/lemmings/fitness.hpp"
#include "evoplay/games/lemmings/level.hpp"
#include "evoplay/games/lemmings/solve.hpp"

namespace evoplay::games::lemmings {

struct StudyLevel {
  std::string file;        // as given
  std::string id;          // the file name without .lvl, e.g. easy-01-down-the-hole
  std::string difficulty;  // the id's first word if easy, medium or hard; else "other"
  Level level;
};

/// The level files named by `args` (a folder stands for its *.lvl files, a pattern with * ? or [
/// for the files it matches, sorted); no argument: the shipped suite (data/lemmings). Throws
/// Error when nothing is given and the suite is not found.
std::vector<std::filesystem::path> level_files(const std::vector<std::string>& args);

/// Loads level files (errors name the file and line).
std::vector<StudyLevel> load_study_levels(const std::vector<std::filesystem::path>& files);

/// The settings of a study (what `lemmings compare` takes besides the levels): the algorithms,
/// fitnesses and runs, and the solver settings every run shares (its budget, population,
/// operators, CRO's settings, the master seed and the study's threads).
struct StudySpec {
  std::vector<Algorithm> algorithms = {Algorithm::kCro, Algorithm::kGa, Algorithm::kAco};
  std::vector<FitnessKind> fitnesses = {FitnessKind::kOriginal, FitnessKind::kHeuristic};
  int runs = 10;
  std::size_t curve_points = 50;  // points of the mean fitness curves
  SolverSettings solver = shared_defaults();

  /// Sets `algorithms` (`fitnesses`) from comma-separated names, in their order; throws Error
  /// naming the accepted names.
  void set_algorithms(std::string_view names);
  void set_fitnesses(std::string_view names);
  /// Throws Error naming the first bad field.
  void validate() const;
  /// CRO's settings given when CRO does not run are an error.
  void resolve(const fields::Given& given) const {
    if (std::find(algorithms.begin(), algorithms.end(), Algorithm::kCro) == algorithms.end())
      fields::refuse_given(*this, given, "cro-", "cro among the methods");
  }
  nlohmann::json to_json() const;
  /// The solver settings of a run before its algorithm, fitness and seed are set: `solver` on
  /// one thread (the study's threads run units side by side).
  SolverSettings solver_settings() const;

  template <class S, class V>
  static void fields(S& s, V& v) {
    v(s.algorithms, {.name = "methods", .help = "optimisers, comma-separated: cro, ga, aco"});
    v(s.fitnesses, {.name = "fitness", .help = "fitnesses, comma-separated: original, heuristic"});
    v(s.runs, {.name = "runs",
               .help = "runs per level, algorithm and fitness",
               .lo = 1,
               .hi = limits::kRuns,
               .run_limit = true});
    SolverSettings::shared_fields(s.solver, v);
    v(s.curve_points, {.name = "curve-points",
                       .help = "points of the mean fitness curves",
                       .lo = 1,
                       .hi = limits::kRuns,
                       .advanced = true});
  }

 private:
  /// SolverSettings' defaults, on every thread (a study runs its units side by side).
  static SolverSettings shared_defaults() {
    SolverSettings s;
    s.threads = 0;
    return s;
  }
};

/// One unit of work: one run of one algorithm with one fitness on one level; the fields after
/// `seed` are its results.
struct StudyRun {
  std::size_t level = 0;
  Algorithm algorithm = Algorithm::kCro;
  FitnessKind fitness = FitnessKind::kOriginal;
  int run = 0;
  std::uint64_t seed = 0;
  evo::RunCounters counters;  // the optimiser's: solved, best_fitness, evaluations, seconds...
  std::uint64_t first_solution = 0;  // 0 = never
  std::size_t distinct = 0;
  std::size_t fewest_actions = 0;  // if solved: the fewest actions of a solution found
  double simulation_seconds = 0;
  double cpu_seconds = 0;                // the run's thread's CPU time (unaffected by other load)
  std::vector<std::uint64_t> solutions;  // fingerprints of the distinct solutions, sorted
  // At evaluations k * E / curve_points, k = 1 ... curve_points: the best fitness found so far
  // and the population's (reef's, colony's) mean fitness then; NaN before the first record.
  std::vector<double> best_curve, mean_curve;
};

/// One level, algorithm and fitness over all runs.
struct StudyCell {
  std::size_t level = 0;
  Algorithm algorithm = Algorithm::kCro;
  FitnessKind fitness = FitnessKind::kOriginal;
  std::size_t runs = 0, solved = 0;
  stats::Rate solve_rate;
  stats::Summary distinct;         // distinct solutions per run
  std::size_t distinct_union = 0;  // distinct solutions over all runs together
  stats::Summary best_fitness;
  // Evaluations to the first solution over the runs that solved (n = solved; all 0 if none).
  stats::Summary first_solution;
  // The fewest actions of a solution, per run that solved (n = solved; all 0 if none).
  stats::Summary fewest_actions;
  /// first_solution's median; NaN if no run solved.
  double median_first_solution() const {
    return first_solution.n > 0 ? first_solution.median : std::numeric_limits<double>::quiet_NaN();
  }
  // Mann-Whitney U of this cell's distinct solutions per run against CRO's (NaN for CRO).
  double p_vs_cro = std::numeric_limits<double>::quiet_NaN();
};

/// Per difficulty and fitness: the share of runs that solve, per algorithm and by any of them
/// (run r of a level counts for "any" if some algorithm's run r solved it).
struct StudyDifficulty {
  std::string difficulty;
  FitnessKind fitness = FitnessKind::kOriginal;
  std::vector<stats::Rate> by_algorithm;  // in spec.algorithms order
  std::vector<std::size_t> solved;        // runs solved, in spec.algorithms order
  std::size_t runs = 0;                   // per algorithm (levels x runs)
  std::size_t any_solved = 0;
  stats::Rate any;
};

struct StudyResult {
  StudySpec spec;
  std::vector<StudyLevel> levels;
  std::vector<StudyRun> runs;  // the finished units, in unit order (level-major, then fitness,
                               // algorithm, run): all of them unless cancelled
  std::vector<StudyCell> cells;
  std::vector<StudyDifficulty> difficulties;
  double seconds = 0;
  double cpu_seconds = 0;                         // the process's CPU time during the study
  std::uint64_t evaluations = 0;                  // counted over all runs
  evo::StopReason stop = evo::StopReason::kNone;  // kCancelled: stopped before every unit ran

  const StudyCell& cell(std::size_t level, FitnessKind f, Algorithm a) const;
  /// What result.json and --json hold: spec, levels, cells, difficulties, counts, times.
  nlohmann::json to_json() const;
};

/// The study's units of work, in unit order, each with its level, fitness, algorithm, run and
/// seed (the results not filled in).
std::vector<StudyRun> study_units(const std::vector<StudyLevel>& levels, const StudySpec& spec);

/// Runs one unit: fills in its results. `cancel` stops the run early; it returns false then
/// (the unit is not finished and its results mean nothing).
bool run_study_unit(StudyRun& unit, const StudyLevel& level, const StudySpec& spec,
                    const CancelToken& cancel = {});

/// A finished unit as JSON (what the unit store and MPI ranks pass on) and back; NaN is null.
nlohmann::json study_run_json(const StudyRun& run);
StudyRun study_run_from_json(const nlohmann::json& j);

/// Fills in the cells, the difficulties and the evaluations of a result from its runs (the
/// finished units) and levels.
void summarize_study(StudyResult& result);

/// Runs the study (spec validated first): every unit, through control.units (default: on
/// spec.threads threads), then the summaries. control.progress(done, total) is called after each
/// finished unit, from the calling thread; control.cancel stops it soon, with the units finished
/// until then (stop: kCancelled).
StudyResult run_study(std::vector<StudyLevel> levels, const StudySpec& spec,
                      const Control& control = {});

/// The settings a study records in config.json: "study" (the spec), "levels" (the files) and
/// "solvers" (the resolved settings of each algorithm).
nlohmann::json study_config(const std::vector<StudyLevel>& levels, const StudySpec& spec);

}  // namespace evoplay::games::lemmings
