#pragma once
// `evoplay demo`: a short showcase of every part of evoplay, each part writing into its own
// folder of one run directory and printing a few lines about what it did. A library of its own
// (evoplay_demo, above the games) so that every front end can run it: the CLI's `demo` command
// binds options to run(); a game adds its part here (one function, one line in parts()).

#include <fmt/format.h>

#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <functional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

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

/// The built-in GA showcase: a circle TSP solved to its known optimum.
void tsp(Context& ctx);
/// Lemmings: the level suite's reference plans replayed, one level's replay drawn, and a medium
/// level solved by Coral Reef Optimization (with its replay).
void lemmings(Context& ctx);
/// Angry Birds levels simulated with Box2D: stability reports, pictures before and after.
void birds(Context& ctx);
/// The Angry Birds level generator: five levels and their contact sheet, two layers of
/// open-ended composites.
void birds_generator(Context& ctx);
/// Angry Birds played: a generated playable level won by the search agent, its GIF.
void birds_play(Context& ctx);
/// Sudoku: a medium puzzle solved by the GA, with the fitness curves of both presets.
void sudoku(Context& ctx);
/// Game-tree search: tic-tac-toe solved, Connect Four pruning, exact scores and a game.
void search(Context& ctx);
/// Capture the flag: a short tournament of four bots on two maps, and one game drawn.
void flags(Context& ctx);
/// Tic-tac-toe agents made of rules learn until they never lose (strong preset), with curves.
void tictactoe_learning(Context& ctx);

}  // namespace evoplay::demo
