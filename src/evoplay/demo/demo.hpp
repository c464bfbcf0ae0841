#pragma once
// `evoplay demo`: a short showcase of every part of evoplay, each part writing into its own
// folder of one run directory and printing a few lines about what it did. A library of its own
// (evoplay_demo, above the games) so that every front end can run it: the CLI's `demo` command
// binds options to run(); a game adds its part in demo.cpp (its function, defined in its own
// file demo/<part>.cpp, and one line in parts()).

#include <fmt/format.h>

#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <functional>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "evoplay/core/run_dir.hpp"

namespace evoplay::demo {

/// What a part needs and what it leaves: where to write, the seed and threads, where to print
/// its lines, and the pictures and files worth a look (label, path).
struct Context {
  std::filesystem::path root;  // the demo's run directory
  std::uint64_t seed = 1;
  int threads = 0;
  bool quiet = false;       // no progress lines
  std::FILE* out = stdout;  // the parts' report lines
  std::vector<std::pair<std::string, std::filesystem::path>> artefacts;

  /// root/part, created.
  std::filesystem::path folder(const std::string& part) const;
  /// The part's run folder root/part, its config.json written as every run's (core/
  /// run_record.hpp): `settings` under the head (command "demo PART", version, seed, threads).
  RunDir begin_part(const std::string& part, const nlohmann::json& settings = {}) const;
  /// Adds a picture or file to the list printed at the end.
  void show(std::string_view label, std::filesystem::path path);
  template <class... Args>
  void say(fmt::format_string<Args...> format, Args&&... args) const {
    fmt::print(out, format, std::forward<Args>(args)...);
  }
};

/// One part of the demo: its name (for --only), a title line and what it runs.
struct Part {
  const char* name;
  const char* title;
  std::function<void(Context&)> run;
};

/// Every part, in the order the demo runs them.
std::vector<Part> parts();

/// The names of parts(), comma-separated (for help texts and errors).
std::string part_names();

/// Throws Error naming the first of `names` that is not a part.
void check_part_names(const std::vector<std::string>& names);

/// Runs the parts named in `only` (every part when empty) in order, each under a `== name:
/// title` line; returns the names run. Throws Error naming an unknown part before running any.
std::vector<std::string> run(Context& ctx, const std::vector<std::string>& only);

}  // namespace evoplay::demo
