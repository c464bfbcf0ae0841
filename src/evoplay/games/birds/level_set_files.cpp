// Clearing an earlier `birds generate` run out of the folder a new one writes into (see
// level_set.hpp): only the generator's own file and folder names, only from a folder whose
// config.json says `birds generate` wrote it.
#include <fmt/format.h>

#include <algorithm>
#include <iterator>
#include <string_view>

#include "evoplay/core/error.hpp"
#include "evoplay/core/json_input.hpp"
#include "evoplay/core/text.hpp"
#include "evoplay/games/birds/level_set.hpp"

namespace evoplay::games::birds {

namespace {

/// `prefix`, one or more digits, `suffix` ("level-04.xml", "layer-2").
bool numbered_name(std::string_view name, std::string_view prefix, std::string_view suffix) {
  if (name.size() <= prefix.size() + suffix.size() || !name.starts_with(prefix) ||
      !name.ends_with(suffix)) {
    return false;
  }
  const std::string_view digits =
      name.substr(prefix.size(), name.size() - prefix.size() - suffix.size());
  return std::all_of(digits.begin(), digits.end(), [](char c) { return c >= '0' && c <= '9'; });
}

/// Names `birds generate` writes into a run folder (and into its block-N/ and layer-N/ folders).
bool generator_file(const std::string& name) {
  static constexpr std::string_view kFixed[] = {
      "sheet.png",      "history.csv",          "fitness.png", "hamming.png", "composites.json",
      "composites.png", "composites-next.json", "config.json", "result.json"};
  if (std::find(std::begin(kFixed), std::end(kFixed), name) != std::end(kFixed)) return true;
  return numbered_name(name, "level-", ".xml") || numbered_name(name, "level-", ".png");
}

bool generator_folder(const std::string& name) {
  return numbered_name(name, "layer-", "") || numbered_name(name, "block-", "");
}

/// The generator's own files in `dir` (block-N/ and layer-N/ folders searched too).
void list_generator_outputs(const std::filesystem::path& dir,
                            std::vector<std::filesystem::path>& files,
                            std::vector<std::filesystem::path>& folders) {
  for (const auto& entry : std::filesystem::directory_iterator(dir)) {
    const std::string name = entry.path().filename().string();
    if (entry.is_directory() && generator_folder(name)) {
      list_generator_outputs(entry.path(), files, folders);
      folders.push_back(entry.path());
    } else if (entry.is_regular_file() && generator_file(name)) {
      files.push_back(entry.path());
    }
  }
}

}  // namespace

/// --out names a folder that may hold an earlier run: its levels, pictures, layer-N/ and block-N/
/// folders go before this run writes, so that no stale level sits next to the new result.json
/// (a run with fewer levels, blocks or layers leaves nothing of the earlier one). Only the
/// generator's own names go, and only from a folder whose config.json says `birds generate`
/// wrote it; a folder holding such names without that is refused (nothing is deleted).
void clear_earlier_run(const std::filesystem::path& dir) {
  std::error_code ec;
  if (!std::filesystem::is_directory(dir, ec)) return;
  std::vector<std::filesystem::path> files, folders;
  list_generator_outputs(dir, files, folders);
  const auto specific = std::find_if(files.begin(), files.end(), [](const auto& f) {
    const std::string name = f.filename().string();
    return name != "config.json" && name != "result.json" && name != "history.csv";
  });
  if (specific == files.end() && folders.empty()) return;  // nothing of ours to mix with
  bool ours = false;
  try {
    const auto file = (dir / "config.json").string();
    const auto config = parse_json(read_text(file), file);
    ours = config.is_object() && config.value("command", "") == "birds generate";
  } catch (const std::exception&) {
    ours = false;
  }
  if (!ours) {
    const auto example = specific != files.end() ? *specific : folders.front();
    throw Error(dir.string(), 0,
                fmt::format("--out: the folder holds {} but is not an earlier `birds generate` "
                            "run (no config.json saying so): choose an empty or new folder",
                            std::filesystem::relative(example, dir).string()));
  }
  for (const auto& f : files) std::filesystem::remove(f);
  for (const auto& f : folders) {
    if (std::filesystem::is_empty(f, ec)) std::filesystem::remove(f, ec);
  }
}

}  // namespace evoplay::games::birds
