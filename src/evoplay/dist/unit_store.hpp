#pragma once
// The finished units of a run, one file each in the run folder: units/<index>.json.
//
// Why it exists: a long job on a cluster gets killed (a time limit, a dead node, Ctrl-C); each
// unit is saved whole (written atomically) as soon as it finishes, so `--resume RUN_DIR` reruns
// only the units that are missing. A file holds the unit's key (its inputs and settings, see
// UnitJob::key) and its result; a result is reused only under the same key, so a resume with
// other settings reruns every unit whose inputs changed.

#include <filesystem>
#include <nlohmann/json.hpp>
#include <string>

#include "evoplay/core/units.hpp"

namespace evoplay::dist {

class UnitStore {
 public:
  /// The store in `run_folder`/units.
  explicit UnitStore(const std::filesystem::path& run_folder) : dir_(run_folder / "units") {}

  const std::filesystem::path& dir() const { return dir_; }
  /// The results of `job` saved earlier under the same keys (other files are ignored).
  UnitResults load(const UnitJob& job) const;
  /// Saves unit `index`'s result atomically (the folder is made on first use).
  void save(std::size_t index, const std::string& key, const nlohmann::json& result) const;
  /// Removes every saved unit (a new run into a folder that had one).
  void clear() const;

 private:
  std::filesystem::path dir_;
};

}  // namespace evoplay::dist
