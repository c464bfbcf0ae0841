#pragma once
// What every command shares: the options --seed, --threads, --out, --json, --quiet, the run
// directory, and the entry point that turns errors into messages and exit codes.

#include <fmt/format.h>

#include <CLI/CLI.hpp>
#include <algorithm>
#include <cstdint>
#include <filesystem>
#include <memory>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>

#include "evoplay/core/cancel.hpp"
#include "evoplay/core/control.hpp"
#include "evoplay/core/data_dir.hpp"
#include "evoplay/core/json_text.hpp"
#include "evoplay/core/progress.hpp"
#include "evoplay/core/run_dir.hpp"
#include "evoplay/dist/mpi_exchange.hpp"
#include "evoplay/dist/mpi_session.hpp"
#include "evoplay/dist/runner.hpp"

namespace evoplay::cli {

struct CommonOptions {
  std::uint64_t seed = 1;
  int threads = 0;  // 0 = every hardware thread
  std::string out;  // run directory; empty = runs/<command>-<timestamp>
  bool json = false;
  bool quiet = false;
  std::string resume;           // --resume RUN_DIR: the run folder, its saved units skipped
  bool scheduler_rank = false;  // --scheduler-rank: under MPI, rank 0 runs no units itself
};

/// kResume: --resume RUN_DIR and --scheduler-rank, for commands whose work runs by units
/// (Cancellable::distribute).
enum Option : unsigned { kSeed = 1, kThreads = 2, kOut = 4, kJson = 8, kQuiet = 16, kResume = 32 };

/// Adds the chosen common options to a command.
void add_common_options(CLI::App* app, CommonOptions& options, unsigned which);

/// The settings every run records in config.json: command, version, seed, threads.
nlohmann::json base_config(const std::string& command, const CommonOptions& options);

/// Creates the run directory for a command from --out or --resume (or the default name). On an
/// MPI worker rank (rank > 0), a private scratch folder instead, removed when the rank's part
/// ends: rank 0 alone writes the run folder.
RunDir open_run_dir(const CommonOptions& options, const std::string& command);

/// The key under which every --json output names its run folder.
inline constexpr const char* kRunDirKey = "run_dir";

/// Says where a run's files are, in the one wording of every command: `run folder: PATH`.
void print_run_dir(const RunDir& run);

/// When `input` is "-" and standard input is a terminal, says on stderr that the command reads
/// `what` from it (a user who forgot the file sees why nothing happens).
void note_reading_terminal(std::string_view input, std::string_view what);

/// The exit status of a command stopped by Ctrl-C after writing what it finished.
inline constexpr int kCancelledStatus = 130;

/// Ends a command with status 130 (its result is written: see RunDir::finish).
[[noreturn]] void exit_cancelled();

/// A long command's cancellation: while it lives, the first Ctrl-C (or SIGTERM) cancels the
/// token in control (the library call then returns what it finished), a second ends the program
/// at once. The command writes its result and calls exit_cancelled() if it was cancelled.
/// distribute() makes the command's units (core/units.hpp) run over the MPI ranks when there are
/// several, and saves each finished unit in the run folder for --resume.
struct Cancellable {
  Control control;
  Interrupts interrupts{control.cancel};
  std::unique_ptr<dist::Runner> runner;
  bool cancelled() const { return control.cancelled(); }
  /// Writes `config` as config.json: at once for a new run; with --resume only once the saved
  /// units are known to come from the same command, settings and inputs (a refused resume
  /// leaves the folder as it was).
  void distribute(const CommonOptions& common, RunDir& run, const nlohmann::json& config);
  /// For a command without a run folder: its units over the MPI ranks when there are several
  /// (no store, no --resume); alone, the command runs as it always does.
  void distribute_over_ranks(const CommonOptions& common);
};

/// A long command's life in its run folder (docs/runs.md), the same for every command:
/// config.json (base_config and `settings`), the work (Ctrl-C cancels its Control; it returns its
/// result as JSON and as text), result.json (marked cancelled if it was), then the output (--json:
/// the result naming its run folder, indented by `indent`; else the text and `run folder: PATH`)
/// and status 130 if cancelled. `command` is "group name"; the folder is group-name-<time>.
template <class Work>
void run_in_folder(const CommonOptions& common, const std::string& command,
                   const nlohmann::json& settings, Work&& work, int indent = -1) {
  Cancellable c;  // before config.json: from then on, Ctrl-C cancels
  std::string folder = command;
  std::replace(folder.begin(), folder.end(), ' ', '-');
  RunDir run = open_run_dir(common, folder);
  auto config = base_config(command, common);
  config.update(settings);
  c.distribute(common, run, config);  // units over MPI ranks, saved for --resume (cluster.md)
  Progress progress(common.quiet || common.json, command, 0);
  auto [json, text] = work(run, c.control, progress);
  progress.finish();
  run.finish(json, c.cancelled() ? "cancelled" : "");
  if (common.json) {
    json[kRunDirKey] = run.path().string();
    fmt::print("{}\n", json_text(json, indent));
  } else {
    fmt::print("{}", text);
    print_run_dir(run);
  }
  if (c.cancelled()) exit_cancelled();
}

}  // namespace evoplay::cli
