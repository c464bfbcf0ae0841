#pragma once
// `tictactoe learn --runs K`: K independent learning runs of the same settings, as units of work
// (core/units.hpp), and what they say together.
//
// Why it exists: one learning run says what one seed did; a researcher asks how often the
// program learns to never lose, and how fast. Run k (from 1) is exactly `tictactoe learn --seed
// S+k-1` with the same settings, written into the folder run-k of the run folder, so any run can
// be looked at (or resumed) on its own. The runs are units: on the threads of this process, or
// over MPI ranks, each finished run saved for --resume.

#include <cstddef>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "evoplay/core/control.hpp"
#include "evoplay/core/fields.hpp"
#include "evoplay/games/tictactoe/learn_run.hpp"

namespace evoplay::games::tictactoe {

/// The most runs of one `tictactoe learn --runs`.
inline constexpr std::size_t kMostLearnRuns = 10'000;

/// The one setting of `tictactoe learn --runs` beyond each run's own (LearnSettings).
struct LearnRunsSettings {
  std::size_t runs = 1;
  template <class S, class V>
  static void fields(S& s, V& v) {
    v(s.runs, {.name = "runs",
               .help = "independent runs of these settings (run k with seed SEED+k-1, in folder "
                       "run-k), run at once on --threads or over MPI ranks, with a summary",
               .lo = 1,
               .hi = static_cast<double>(kMostLearnRuns),
               .heading = "Run options"});
  }
};

struct LearnRunsResult {
  std::size_t asked = 0;
  std::vector<nlohmann::json> runs;  // each finished run's result.json, in run order (after a
                                     // cancel: the runs before the first unfinished one)
  bool cancelled = false;

  /// result.json: runs (asked), finished, results (each run's result.json with its folder) and
  /// summary (runs that never lose as X, as O, as both; cycles and seconds to unbeatable of
  /// those that got there; the best agents' mean loss rates against the random player).
  nlohmann::json to_json() const;
  /// One line per run, then the summary.
  std::string to_text(const std::string& run_dir) const;
};

/// A `--runs` run folder read back for --resume: its settings (threads as given) and number of
/// runs.
struct SavedRuns {
  LearnRunSettings settings;
  std::size_t runs = 0;
};

/// The settings of the run folder `dir` when it holds several runs (its config.json has "runs"),
/// nullopt when it holds one run. Throws Error naming config.json for a missing or broken file.
std::optional<SavedRuns> read_saved_runs(const std::filesystem::path& dir, int threads);

/// Runs `runs` new learning runs of `settings` (run k with seed settings.seed + k - 1, on one
/// thread, in run_dir/run-k) through run_units(control); settings.threads is how many run at
/// once. The caller writes run_dir's own config.json and result.json.
LearnRunsResult learn_runs(const std::filesystem::path& run_dir, const LearnRunSettings& settings,
                           std::size_t runs, const Control& control);

}  // namespace evoplay::games::tictactoe
