#pragma once
// Repeated seeded GA runs over a set of puzzles, per operator and per value of one parameter,
// summarised the way the paper's figures 2-7 are (success and mean best fitness against the
// varied parameter), with 95% intervals and a Mann-Whitney U comparison of two operators.
//
// Why it exists: the paper's claims are about rates over many runs; this makes them one command
// (`evoplay sudoku experiment`) whose every run is reproducible from the master seed. Run k on
// puzzle p uses the seed Rng(seed).split({p, k}) in every configuration, so configurations are
// compared on the same random streams.

#include <cstdint>
#include <functional>
#include <limits>
#include <string>
#include <vector>

#include "evoplay/core/stats.hpp"
#include "evoplay/games/sudoku/ga.hpp"

namespace evoplay::games::sudoku {

/// The parameters `--vary` accepts.
inline constexpr std::string_view kVaryNames[] = {"population", "generations", "crossover-rate",
                                                  "mutation-rate"};

struct ExperimentSpec {
  GaSettings base;  // preset and overrides; crossover and mutation come from the lists below
  std::vector<std::string> crossovers = {"combined"};
  std::vector<std::string> mutations = {"rotation"};
  std::string vary;            // one of kVaryNames, or empty
  std::vector<double> values;  // its values
  int runs = 1;                // runs per puzzle and configuration
  std::uint64_t seed = 1;
  int threads = 0;
};

/// Parses "NAME=FROM:TO:STEP" (or "NAME=V1,V2,...") into a name of kVaryNames and its values.
/// Throws Error saying what was expected.
void parse_vary(const std::string& text, std::string& name, std::vector<double>& values);

struct RunRecord {
  std::string crossover, mutation;
  double value = std::numeric_limits<double>::quiet_NaN();  // of the varied parameter
  int puzzle = 0, run = 0;
  std::uint64_t seed = 0;
  bool solved = false;
  int fitness = 0;
  std::size_t generations = 0;
  std::uint64_t evaluations = 0;
  double seconds = 0;
};

struct ConfigSummary {
  std::string crossover, mutation, label;
  double value = std::numeric_limits<double>::quiet_NaN();
  std::size_t runs = 0, successes = 0;
  stats::Rate success;
  double median_generations = 0;     // of the solved runs (NaN if none)
  double median_evaluations = 0;     // of the solved runs (NaN if none)
  double median_failed_fitness = 0;  // best fitness of the failed runs (NaN if none)
  double mean_best_fitness = 0;      // over all runs
  double mean_seconds = 0;           // per run
};

struct Comparison {
  std::string a, b;     // the two operators
  std::string measure;  // "best fitness" or "generations"
  stats::MannWhitney test;
  double median_a = 0, median_b = 0;
};

struct ExperimentResult {
  std::vector<RunRecord> runs;
  std::vector<ConfigSummary> configs;
};

/// Runs every configuration on every puzzle `runs` times, over `spec.threads` threads (each run
/// single-threaded; results do not depend on the thread count). `progress(done, total)` is
/// called from the calling thread now and then.
ExperimentResult run_experiment(const std::vector<Board>& puzzles, const ExperimentSpec& spec,
                                const std::function<void(std::size_t, std::size_t)>& progress = {});

/// Mann-Whitney U tests of two operators' runs (on best fitness and on generations, a failed
/// run counting as one generation more than the limit). `a` and `b` name crossovers or
/// mutations present in the result.
std::vector<Comparison> compare_operators(const ExperimentResult& result, const std::string& a,
                                          const std::string& b, std::size_t generation_limit);

/// CSV texts: one row per configuration, and one row per run.
std::string summary_csv(const ExperimentResult& result, const std::string& vary);
std::string runs_csv(const ExperimentResult& result, const std::string& vary);

/// Draws success (with its 95% interval) and mean best fitness: against the varied parameter
/// (line plots, one line per operator), or per operator (bar charts) when nothing is varied.
void save_experiment_plots(const ExperimentResult& result, const std::string& vary,
                           const std::string& title, const std::filesystem::path& success_png,
                           const std::filesystem::path& fitness_png);

}  // namespace evoplay::games::sudoku
