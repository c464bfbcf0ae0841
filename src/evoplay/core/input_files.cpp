#include "evoplay/core/input_files.hpp"

#include <glob.h>

#include <algorithm>

#include "evoplay/core/error.hpp"

namespace evoplay {

std::vector<std::filesystem::path> files_with_extension(const std::filesystem::path& dir,
                                                        std::string_view extension) {
  std::vector<std::filesystem::path> files;
  std::error_code error;
  if (!std::filesystem::is_directory(dir, error)) return files;
  for (const auto& entry : std::filesystem::directory_iterator(dir)) {
    if (entry.is_regular_file() && entry.path().extension() == extension) {
      files.push_back(entry.path());
    }
  }
  std::sort(files.begin(), files.end());
  return files;
}

namespace {

/// Files matching a shell pattern, sorted.
std::vector<std::string> glob_files(const std::string& pattern) {
  glob_t g{};
  const int rc = ::glob(pattern.c_str(), 0, nullptr, &g);
  std::vector<std::string> files;
  for (std::size_t i = 0; rc == 0 && i < g.gl_pathc; ++i) files.emplace_back(g.gl_pathv[i]);
  ::globfree(&g);
  std::sort(files.begin(), files.end());
  return files;
}

}  // namespace

void check_stdin_once(std::initializer_list<std::string_view> inputs) {
  if (std::count(inputs.begin(), inputs.end(), "-") > 1) {
    throw Error("<stdin>", 0,
                "'-' (standard input) is given for more than one input: it can be read once");
  }
}

std::vector<std::string> expand_input_files(const std::vector<std::string>& args,
                                            std::string_view extension) {
  if (std::count(args.begin(), args.end(), "-") > 1) check_stdin_once({"-", "-"});
  std::vector<std::string> files;
  for (const auto& a : args) {
    std::error_code error;
    if (a != "-" && std::filesystem::is_directory(a, error)) {
      const auto found = files_with_extension(a, extension);
      if (found.empty()) {
        throw Error(a, 0, "no " + std::string(extension) + " files in this folder");
      }
      for (const auto& f : found) files.push_back(f.string());
    } else if (a.find_first_of("*?[") != std::string::npos && !std::filesystem::exists(a, error)) {
      const auto found = glob_files(a);
      if (found.empty()) throw Error(a, 0, "no files match this pattern");
      files.insert(files.end(), found.begin(), found.end());
    } else {
      files.push_back(a);
    }
  }
  return files;
}

}  // namespace evoplay
