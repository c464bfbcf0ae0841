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
#include <filesystem>
#include <limits>
#include <nlohmann/json.hpp>
#include <span>
#include <string>
#include <vector>

#include "evoplay/core/control.hpp"
#include "evoplay/core/run_dir.hpp"
#include "evoplay/core/stats.hpp"
#include "evoplay/games/sudoku/ga.hpp"

namespace evoplay::games::sudoku {

/// The parameters `--vary` accepts.
inline constexpr std::string_view kVaryNames[] = {"population", "generations", "crossover-rate",
                                                  "mutation-rate"};

struct ExperimentSettings {
  GaSettings base;  // preset and overrides; crossover and mutation come from the lists below
  // As a user gives them (resolve() reads them into the lists below): "all" or "a,b" (empty:
  // the base's operator), "A,B" (or empty), "NAME=FROM:TO:STEP" or "NAME=V1,V2" (or empty).
  std::string crossover_text, mutation_text, compare_text, vary_text;
  std::vector<std::string> crossovers = {"combined"};
  std::vector<std::string> mutations = {"rotation"};
  std::string vary;                  // one of kVaryNames, or empty
  std::vector<double> values;        // its values
  std::vector<std::string> compare;  // empty, or two crossovers or two mutations to test
  int runs = 1;                      // runs per puzzle and configuration
  std::uint64_t seed = 1;
  int threads = 0;

  /// Settings from the command line's texts (Python and the server take the same): `base`,
  /// the crossovers and mutations to run ("all" or "a,b"; empty: the base's), `compare`
  /// ("A,B" or empty, see parse_compare) and `vary` ("NAME=FROM:TO:STEP" or "NAME=V1,V2" or
  /// empty, see parse_vary). Runs, seed and threads keep their defaults.
  static ExperimentSettings from_texts(const GaSettings& base, const std::string& crossovers,
                                       const std::string& mutations, const std::string& compare,
                                       const std::string& vary);
  /// Throws Error naming the first bad field (operator names, the varied values, runs, ...).
  void validate() const;
  /// config.json's keys: runs, ga (with the seed), crossovers, mutations, vary.
  nlohmann::json to_json() const;
  /// The lists from the texts (from_texts), after the fields given are set.
  void resolve(const fields::Given&);

  template <class S, class V>
  static void fields(S& s, V& v) {
    v.group(s.base, {}, [](auto& g, auto& w) {
      GaSettings::preset_field(g, w);
      GaSettings::run_fields(g, w);
    });
    v(s.crossover_text, {.name = "crossover",
                         .help = "crossovers to run, comma-separated, or all (default: the "
                                 "preset's)",
                         .value_name = "LIST"});
    v(s.mutation_text, {.name = "mutation",
                        .help = "mutations to run, comma-separated, or all (default: the "
                                "preset's)",
                        .value_name = "LIST"});
    v(s.vary_text, {.name = "vary",
                    .help = "vary one parameter: population=FROM:TO:STEP, generations=..., "
                            "crossover-rate=..., mutation-rate=... (or NAME=V1,V2,...)",
                    .value_name = "NAME=RANGE"});
    v(s.compare_text, {.name = "compare",
                       .help = "A,B: Mann-Whitney U test of two crossovers (or two mutations) on "
                               "best fitness and generations",
                       .value_name = "A,B"});
    v(s.runs, {.name = "runs",
               .help = "runs per puzzle and configuration",
               .lo = 1,
               .hi = limits::kRuns,
               .run_limit = true});
    v(s.seed, fields::kSeed);
    v(s.threads, fields::kThreads);
  }
};

/// "all" (every name of `known`) or "a,b,...", each checked against `known`; empty text gives
/// {fallback}. `what` names the kind in messages ("crossover").
std::vector<std::string> parse_operator_list(const std::string& text,
                                             std::span<const std::string_view> known,
                                             const std::string& fallback, const char* what);

/// Reads --compare "A,B" (two crossovers or two mutations) into settings.compare and adds A and
/// B to the crossover (or mutation) list. Throws Error saying what was expected.
void parse_compare(const std::string& text, ExperimentSettings& settings);

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

/// A run's record as JSON (the unit store and MPI ranks pass it on) and back; NaN is null.
nlohmann::json run_record_json(const RunRecord& r);
RunRecord run_record_from_json(const nlohmann::json& j);

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
  std::string vary;  // the varied parameter, or empty
  std::vector<RunRecord> runs;
  std::vector<ConfigSummary> configs;
  std::vector<Comparison> comparisons;  // of settings.compare
  bool cancelled = false;               // then runs holds the runs that finished

  /// result.json: configs, comparisons (and stopped: cancelled).
  nlohmann::json to_json() const;
  /// The table for people (one row per configuration) and the comparisons' lines.
  std::string text() const;
};

/// Runs every configuration on every puzzle `runs` times (the units of work: each run
/// single-threaded, through control.units, by default on `settings.threads` threads; results do
/// not depend on where they ran), then the comparison of
/// settings.compare. The control's progress counts runs; a cancel returns soon with the runs
/// that finished (a run under way is dropped).
ExperimentResult run_experiment(const std::vector<Board>& puzzles,
                                const ExperimentSettings& settings, const Control& control = {});

/// Mann-Whitney U tests of two operators' runs (on best fitness and on generations, a failed
/// run counting as one generation more than the limit). `a` and `b` name crossovers or
/// mutations present in the result.
std::vector<Comparison> compare_operators(const ExperimentResult& result, const std::string& a,
                                          const std::string& b, std::size_t generation_limit);

/// CSV texts: one row per configuration, and one row per run. The varied parameter's column is
/// named after it (generation_limit for generations, beside the runs' own generations).
std::string summary_csv(const ExperimentResult& result);
std::string runs_csv(const ExperimentResult& result);

/// Draws success (with its 95% interval) and mean best fitness: against the varied parameter
/// (line plots, one line per operator), or per operator (bar charts) when nothing is varied.
void save_experiment_plots(const ExperimentResult& result, const std::string& title,
                           const std::filesystem::path& success_png,
                           const std::filesystem::path& fitness_png);

/// An experiment run's files besides config.json and result.json: summary.csv, runs.csv,
/// success.png and fitness.png (titled with the puzzle file's name, the number of puzzles, the
/// runs and the preset).
void save_experiment_files(const RunDir& run, const ExperimentResult& result,
                           const ExperimentSettings& settings, const std::string& puzzle_file,
                           std::size_t puzzles);

}  // namespace evoplay::games::sudoku
