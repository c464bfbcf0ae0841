#pragma once
// The unit runner of the command line: units on this process's threads or over MPI ranks, each
// finished unit saved in the run folder's unit store, --resume skipping the saved ones.
//
// Why it exists: a library call that splits into units (core/units.hpp) does not know where
// they run. Under `mpirun -np N`, every rank runs the same command up to its units; rank 0
// hands out unit indices as ranks ask for them (and runs units itself on a thread of its own),
// receives each result as JSON text, saves it, and the call assembles the results in unit
// order, so the run folder is the same as one process's. Worker ranks leave the command when
// the units are done (WorkerFinished): only rank 0 writes results. A unit that fails on any
// rank stops the handing out; rank 0 waits for the units under way, saves them, and throws the
// error with the rank's message (no MPI_Abort, no hang).

#include <atomic>
#include <filesystem>
#include <functional>
#include <mutex>
#include <optional>

#include "evoplay/core/run_dir.hpp"
#include "evoplay/core/units.hpp"
#include "evoplay/dist/unit_store.hpp"

namespace evoplay::dist {

/// Thrown on a worker rank when its part of the work is over: the program ends with status 0
/// (rank 0 reports the results, or the error). Not an std::exception on purpose: nothing but
/// the program's entry point catches it.
struct WorkerFinished {};

struct RunnerOptions {
  std::filesystem::path run_folder;   // the store's folder (empty: no store)
  bool resume = false;                // reuse the units saved there
  bool quiet = false;                 // no progress lines in logs
  std::function<void()> keep_folder;  // called once, when the first unit is saved
  bool scheduler_rank = false;        // under MPI, rank 0 only hands out units (many ranks)
  /// The command's settings as config.json records them: with the job's own fingerprint
  /// (UnitJob::fingerprint) and the version, what a --resume must match ("threads" and "ranks"
  /// left out: a resume may use others).
  nlohmann::json config;
  /// Called once units may run: at once for a new run, after the saved units' fingerprint
  /// matched for --resume (so a refused resume writes nothing, config.json included).
  std::function<void()> accepted;
};

/// The run folder of a command on this rank: a scratch folder of its own on a worker rank (rank
/// 0 writes the real one), else `resume` (which must hold a config.json) or `out` (empty: a new
/// runs/<command>-<time>). Throws Error naming a --resume folder that is not a run folder.
RunDir open_run_folder(const std::string& out, const std::string& resume,
                       const std::string& command);

class Runner : public UnitRunner {
 public:
  explicit Runner(RunnerOptions options);
  UnitResults run(const UnitJob& job, const Control& control) override;

 private:
  void save(const UnitJob& job, std::size_t index, const nlohmann::json& result);
  /// What the units of `job` depend on (saved as units/fingerprint.json).
  nlohmann::json fingerprint(const UnitJob& job) const;
  /// The saved units --resume may reuse; throws Error when the folder's fingerprint differs.
  UnitResults resumed(const UnitJob& job) const;

  RunnerOptions options_;
  std::optional<UnitStore> store_;
  std::once_flag kept_;
};

/// Rank 0's side of the MPI units protocol: runs the units whose slot in `results` is empty
/// over every rank (this one included, on a thread), calling save(i, result) for each finished
/// unit and control.report from this thread. Throws Error with the first failing rank's message
/// once every rank has stopped. `work_here` false: rank 0 only hands out units (a scheduler rank
/// of its own, for many ranks; bench/dist_bench.cpp measures both).
void lead_units(const UnitJob& job, const Control& control, UnitResults& results,
                const std::function<void(std::size_t, nlohmann::json&)>& save,
                bool work_here = true);

/// The key of a unit's result that carries the files it wrote on a worker rank (job.folder):
/// {relative path: base64 content}. pack_unit_files adds it (and removes the files from the
/// worker's scratch folder); unpack_unit_files writes the files under `run_folder` (each
/// atomically) and removes the key.
inline constexpr const char* kUnitFilesKey = "unit_files";
void pack_unit_files(const std::filesystem::path& run_folder, const std::string& folder,
                     nlohmann::json& result);
void unpack_unit_files(const std::filesystem::path& run_folder, const std::string& folder,
                       nlohmann::json& result);

/// A worker rank's side: asks rank 0 for units, runs them, sends their results (or its error),
/// until rank 0 says stop.
void serve_units(const UnitJob& job, const Control& control);

/// Environment variable of the fault tests: the unit with this index throws an error on the
/// rank that runs it (tests/dist; see docs/cluster.md).
inline constexpr const char* kFailUnitVariable = "EVOPLAY_TEST_FAIL_UNIT";

/// job.run, failing as kFailUnitVariable asks.
std::optional<nlohmann::json> run_unit(const UnitJob& job, std::size_t index,
                                       const CancelToken& cancel);

}  // namespace evoplay::dist
