#pragma once
// A run directory: where one command's results go, so that every run is a record.
//
// Layout: config.json (every resolved setting and the seed), history.csv (one row per
// generation), result.json, and the run's artefacts. Every file is written atomically.
//
// The life of a run: create() makes (or reuses) the folder, write_json("config.json", ...)
// records the settings, the work writes its artefacts, finish() writes result.json. A folder
// made for a run that ends in an error before finish() (an exception leaves the scope of its
// RunDir) is removed, so that no half-made run is left behind; a folder that existed before is
// left as it was (only the files written since stay). A run stopped early (cancelled) still
// calls finish(), with what it finished: its folder stays.
//
// While a RunDir made by create() lives, its folder holds the marker `.running` (the process's
// id and start time, docs/runs.md), removed when the RunDir ends: run_state() tells a running
// run from one that stopped without result.json (killed, crashed, or still on another machine).

#include <filesystem>
#include <functional>
#include <nlohmann/json.hpp>
#include <ostream>
#include <string>
#include <string_view>

namespace evoplay {

class RunDir {
 public:
  /// Opens `out` (created if missing) or, when `out` is empty, a new folder
  /// runs/<command>-<yyyymmdd-hhmmss> (with -2, -3... if that exists already).
  static RunDir create(const std::string& out, const std::string& command);
  /// A scratch folder at `path` (created, emptied first if it exists): removed when the RunDir
  /// ends, whatever happened (a worker rank's copy of the run folder, see dist/runner.hpp).
  static RunDir scratch(const std::filesystem::path& path);
  /// Throws Error as create(out) would for an `out` that cannot be a run folder (a file), without
  /// creating anything.
  static void check_out(const std::string& out);

  RunDir() = default;
  RunDir(RunDir&& other) noexcept;
  RunDir& operator=(RunDir&& other) noexcept;
  RunDir(const RunDir&) = delete;
  RunDir& operator=(const RunDir&) = delete;
  ~RunDir();

  const std::filesystem::path& path() const { return path_; }
  std::filesystem::path file(std::string_view name) const { return path_ / name; }

  void write_text(std::string_view name, std::string_view content) const;
  void write_json(std::string_view name, const nlohmann::json& value) const;

  /// Writes result.json: `result`, with "stopped" set to `stopped` when given (e.g.
  /// "cancelled"). The run is then complete: its folder stays whatever happens next.
  void finish(nlohmann::json result, std::string_view stopped = {});
  /// finish() for a large result written as JSON text by a writer of its own, streamed into
  /// result.json (e.g. the puzzles of `sudoku solve`), "stopped" included.
  void finish_with(const std::function<void(std::ostream&)>& write_result_json);
  bool finished() const { return finished_; }
  /// The folder holds work worth keeping (saved units a --resume can use): it stays even if an
  /// error ends the run before finish().
  void keep() { created_ = false; }

 private:
  RunDir(std::filesystem::path path, bool created);
  void mark_running();
  void unmark_running() noexcept;
  std::filesystem::path path_;
  bool created_ = false;  // made by this run: removed if an exception ends it before finish()
  bool finished_ = false;
  bool scratch_ = false;  // removed at the end whatever happened
  int exceptions_ = 0;    // std::uncaught_exceptions() when opened
  bool marked_ = false;   // wrote the .running marker (removed when the RunDir ends)
};

/// The marker's file name in a run folder while the run's process runs.
inline constexpr std::string_view kRunningMarker = ".running";

enum class RunState { kRunning, kStopped, kComplete };

/// A run folder's state: kRunning while the process named by its marker runs (on this machine;
/// a marker from another host counts as running), else kComplete with result.json, else
/// kStopped.
RunState run_state(const std::filesystem::path& dir);
/// "running", "stopped" or "complete".
std::string_view run_state_name(RunState state);

/// Local time as yyyymmdd-hhmmss.
std::string timestamp_now();

}  // namespace evoplay
