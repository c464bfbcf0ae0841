#pragma once
// `lemmings check` as one library call: validates level files and replays each one's reference
// plan (solutions/NAME.plan beside it, or in a folder of plans). A level without a reference
// plan is not known to be solvable: it fails the check.
//
// Why it exists: the shipped suite is checked by the command line, the tests and the demo in
// the same way, and a front end gets the rows as data rather than as printed text.

#include <filesystem>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

namespace evoplay::games::lemmings {

/// The reference plan of a level: solutions/<stem>.plan beside it, or <stem>.plan in
/// `plans_dir` when that is given.
std::filesystem::path reference_plan_path(const std::filesystem::path& level,
                                          const std::string& plans_dir = "");

struct LevelCheck {
  std::string file;
  bool ok = false;
  std::string line;     // the row of the text table (or "NAME invalid: MESSAGE")
  nlohmann::json json;  // file, level, saved_without_skills, plan, outcome, ok
};

struct CheckResult {
  std::vector<LevelCheck> levels;  // in the order of the files
  int failed = 0;
  std::string first_error;  // what went wrong with the first level that failed

  /// {"levels": [...], "failed": N}
  nlohmann::json to_json() const;
  /// The table: a header line, then a row per level.
  std::string text() const;
  /// "N of M levels failed the check; first: ..." (when failed > 0).
  std::string failure() const;
};

/// Checks every level file; bad files are reported in their row, not thrown.
CheckResult check_levels(const std::vector<std::filesystem::path>& files,
                         const std::string& plans_dir = "");

}  // namespace evoplay::games::lemmings
