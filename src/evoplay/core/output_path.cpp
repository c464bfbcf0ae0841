#include "evoplay/core/output_path.hpp"

#include <fmt/format.h>
#include <unistd.h>

#include <algorithm>
#include <fstream>
#include <string>
#include <system_error>

#include "evoplay/core/atomic_file.hpp"
#include "evoplay/core/error.hpp"

namespace evoplay {

namespace {

// Creating and removing a small file is the only sure test that a folder takes new files
// (permissions, read-only or special file systems, root's privileges all play a part).
bool takes_new_files(const std::filesystem::path& dir) {
  const auto probe = dir / fmt::format(".evoplay-probe-{}", ::getpid());
  {
    std::ofstream out(probe, std::ios::binary | std::ios::trunc);
    if (!out || !(out << 'x') || !out.flush()) {
      std::error_code ec;
      std::filesystem::remove(probe, ec);
      return false;
    }
  }
  std::error_code ec;
  return std::filesystem::remove(probe, ec) && !ec;
}

}  // namespace

void prepare_output_folder(const std::filesystem::path& dir, std::string_view option) {
  std::error_code ec;
  if (std::filesystem::exists(dir, ec) && !std::filesystem::is_directory(dir, ec)) {
    throw Error(dir.string(), 0, fmt::format("{} needs a folder, and this is a file", option));
  }
  // Nothing is made here: the folder and its missing parents are made when the first file is
  // written into them (AtomicFile), so that a run refused later leaves no empty folders behind.
  // What can be checked now is the nearest folder that exists: every missing part of the path
  // is made inside it, so it must be a folder that takes new files.
  std::filesystem::path existing = dir.empty() ? std::filesystem::path(".") : dir;
  while (!std::filesystem::exists(existing, ec)) {
    existing = existing.has_parent_path() && existing.parent_path() != existing
                   ? existing.parent_path()
                   : std::filesystem::path(".");
  }
  if (!std::filesystem::is_directory(existing, ec)) {
    throw Error(
        dir.string(), 0,
        fmt::format("{}: cannot create the folder: {} is a file", option, existing.string()));
  }
  if (existing == dir) remove_stale_temporaries(dir, false);
  if (!takes_new_files(existing)) {
    throw Error(dir.string(), 0,
                fmt::format("{}: cannot write files in {} (permissions or a read-only "
                            "file system)",
                            option, existing == dir ? "this folder" : existing.string()));
  }
}

void check_output_file(const std::filesystem::path& file,
                       std::initializer_list<std::string_view> extensions,
                       std::string_view option) {
  const std::string ext = file.extension().string();
  if (std::find(extensions.begin(), extensions.end(), ext) == extensions.end()) {
    std::string names;
    for (const auto e : extensions) names += (names.empty() ? "" : " or ") + std::string(e);
    throw Error(file.string(), 0,
                fmt::format("{}: expected a file name ending in {}{}", option, names,
                            ext.empty() ? "" : fmt::format(", not {}", file.extension().string())));
  }
  std::error_code ec;
  if (std::filesystem::is_directory(file, ec)) {
    throw Error(file.string(), 0,
                fmt::format("{} needs a file name, and this is a folder", option));
  }
  const auto parent = file.parent_path().empty() ? std::filesystem::path(".") : file.parent_path();
  prepare_output_folder(parent, option);
}

}  // namespace evoplay
