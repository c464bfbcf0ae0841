#pragma once
// The finished units of a run, one file each in the run folder: units/<index>.json, and the
// fingerprint of what they were computed from: units/fingerprint.json.
//
// Why it exists: a long job on a cluster gets killed (a time limit, a dead node, Ctrl-C); each
// unit is saved whole (written atomically) as soon as it finishes, so `--resume RUN_DIR` reruns
// only the units that are missing. A file holds the unit's key (its inputs and settings, see
// UnitJob::key) and its result. Nothing read back is trusted: --resume refuses a folder whose
// fingerprint differs from the command's (Runner), and a unit file that is not a regular file,
// is too large, is not JSON, has another key or a result that fails UnitJob::check is left out
// (the unit runs again) and named.

#include <cstdint>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "evoplay/core/units.hpp"

namespace evoplay::dist {

/// The largest unit or fingerprint file read back (a larger one is left out, never loaded).
inline constexpr std::uintmax_t kMaxUnitFileBytes = 64ull << 20;

class UnitStore {
 public:
  /// The store in `run_folder`/units.
  explicit UnitStore(const std::filesystem::path& run_folder) : dir_(run_folder / "units") {}

  const std::filesystem::path& dir() const { return dir_; }
  /// The results of `job` saved earlier under the same keys. Each unit file left out for a
  /// reason other than a missing file or another key is named in `rejected` ("FILE: why").
  /// Throws Error when units/ is there but not a folder.
  UnitResults load(const UnitJob& job, std::vector<std::string>& rejected) const;
  UnitResults load(const UnitJob& job) const {
    std::vector<std::string> ignored;
    return load(job, ignored);
  }
  /// Saves unit `index`'s result atomically (the folder is made on first use).
  void save(std::size_t index, const std::string& key, const nlohmann::json& result) const;
  /// The fingerprint saved with the units (nullopt: none). Throws Error naming the file when it
  /// cannot be read as a JSON object.
  std::optional<nlohmann::json> fingerprint() const;
  void save_fingerprint(const nlohmann::json& fingerprint) const;
  /// Whether any unit file (units/<index>.json) is there.
  bool has_units() const;
  /// Removes every saved unit (a new run into a folder that had one).
  void clear() const;

 private:
  std::filesystem::path dir_;
};

/// The parts of `now` that differ from `saved`, by dotted path ("config.seed: 1, now 2"), at
/// most `limit` of them (objects compared key by key, anything else as a whole).
std::vector<std::string> fingerprint_changes(const nlohmann::json& saved, const nlohmann::json& now,
                                             std::size_t limit = 5);

}  // namespace evoplay::dist
