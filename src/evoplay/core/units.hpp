#pragma once
// The independent units of work of one library call (the runs of a study, the games of a
// tournament, the puzzles of a file), and who runs them.
//
// Why it exists: a call that splits into units says what they are (how many, how to run unit i
// to a JSON-able result, a key naming unit i's inputs) and hands them to a UnitRunner; the
// runner chooses where they run: threads of this process (run_units_locally, the default), or
// MPI ranks with a store of finished units in the run folder (evoplay/dist). The call then
// assembles the results in unit order, whoever computed them, so results never depend on where
// or in which order units ran.

#include <fmt/format.h>

#include <concepts>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <limits>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "evoplay/core/control.hpp"
#include "evoplay/core/error.hpp"

namespace evoplay {

struct UnitJob {
  std::string name;  // the command, e.g. "lemmings compare" (in keys and messages)
  std::size_t count = 0;
  int threads = 0;                 // threads of a local runner (0 = all cores)
  std::vector<std::size_t> order;  // the order to start units in (empty: 0, 1, ...)
  /// A text naming unit i's inputs and the settings it depends on: a stored result of unit i
  /// is reused (--resume) only under the same key.
  std::function<std::string(std::size_t)> key;
  /// What every unit depends on beyond its key, part by part (e.g. {"levels": content hash of
  /// each, "start": ...}): the unit store records it with the command's settings, and --resume
  /// refuses a run folder whose units were made under another fingerprint, naming the parts
  /// that differ. Inputs go in by content (ContentHash), not by file name.
  nlohmann::json fingerprint = nlohmann::json::object();
  /// Checks a result read back from a unit file (--resume) before it is trusted: throws (Error,
  /// or a JSON type error of the decoder) unless it is a result unit i could have given (types
  /// and ranges). Empty: any JSON but null is taken.
  std::function<void(std::size_t, const nlohmann::json&)> check;
  /// Runs unit i: its result, or nullopt when `cancel` stopped it before the end. May throw
  /// (Error for bad input): the runner stops handing out units and passes the error on.
  std::function<std::optional<nlohmann::json>(std::size_t, const CancelToken&)> run;
  /// For units that write files: the folder, relative to the run folder, where unit i writes
  /// them (empty function: the units write none). A unit that ran on another MPI rank wrote
  /// into that rank's scratch run folder; its files travel with its result and are written
  /// into the same folder of the real run folder before the result is saved.
  std::function<std::string(std::size_t)> folder;
  /// For calls that report units as they come (a history written as it goes): called on the
  /// calling thread (rank 0 under MPI) with each unit's result, first those already there
  /// (reused by --resume) in unit order, then each as it finishes, before control.progress
  /// counts it. An exception stops the job as a unit's would.
  std::function<void(std::size_t, const nlohmann::json&)> on_result;

  /// `order`, or 0 ... count-1 if it is empty.
  std::vector<std::size_t> start_order() const;
};

/// One slot per unit: its result once finished.
using UnitResults = std::vector<std::optional<nlohmann::json>>;

/// Where units run. Implementations: the local threads (run_units_locally) and evoplay/dist's
/// Runner (MPI ranks, the unit store, --resume).
class UnitRunner {
 public:
  virtual ~UnitRunner() = default;
  /// Runs the units of `job` and returns every finished unit's result (all of them unless
  /// control is cancelled); reports control.progress(done, count) from the calling thread.
  virtual UnitResults run(const UnitJob& job, const Control& control) = 0;
};

/// Runs the units whose slot in `results` is empty on job.threads threads, in job's order;
/// after each unit that finishes, calls on_done(i, result) on the worker thread that ran it (if
/// given) and control.report(done, count) from the calling thread (done counts the slots
/// already filled too). When control is cancelled, units not started are skipped. The first
/// exception of a unit or of on_done cancels the units not started and is rethrown after the
/// running ones end.
void run_units_locally(const UnitJob& job, const Control& control, UnitResults& results,
                       const std::function<void(std::size_t, const nlohmann::json&)>& on_done = {});

/// Runs a job through control.units, or run_units_locally when control has no runner.
UnitResults run_units(const UnitJob& job, const Control& control);

/// `j` as an integer of type T, for decoders of saved results: throws Error unless `j` is a whole
/// JSON number within T's range. A float (1e300, 2.5) or -1 for an unsigned type is refused,
/// where j.get<T>() would be undefined behaviour or truncate silently.
template <std::integral T>
T json_integer(const nlohmann::json& j) {
  if (j.is_number_unsigned()) {
    const auto v = j.get<std::uint64_t>();
    if (std::in_range<T>(v)) return static_cast<T>(v);
  } else if (j.is_number_integer()) {
    const auto v = j.get<std::int64_t>();
    if (std::in_range<T>(v)) return static_cast<T>(v);
  }
  throw Error(fmt::format("expected a whole number from {} to {}, found {}",
                          std::numeric_limits<T>::min(), std::numeric_limits<T>::max(),
                          j.dump().substr(0, 40)));
}

/// JSON has no NaN: a double as JSON (null for NaN) and back (null gives NaN).
nlohmann::json json_double(double v);
double double_from_json(const nlohmann::json& j);
nlohmann::json json_doubles(const std::vector<double>& v);
std::vector<double> doubles_from_json(const nlohmann::json& j);

}  // namespace evoplay
