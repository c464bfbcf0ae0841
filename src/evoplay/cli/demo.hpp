#pragma once
// `evoplay demo`: a short showcase of every part of evoplay, each writing into its own folder
// of one run directory. A game adds its part here (one function and one line in demo.cpp).

#include <fmt/format.h>

#include <cstdint>
#include <filesystem>
#include <string>
#include <utility>
#include <vector>

namespace evoplay::cli {

struct DemoContext {
  std::filesystem::path root;  // the demo's run directory
  std::uint64_t seed = 1;
  int threads = 0;
  bool quiet = false;
  std::vector<std::pair<std::string, std::filesystem::path>> artefacts;  // what to look at

  std::filesystem::path folder(const std::string& part) const;
  void show(std::string label, std::filesystem::path path) {
    artefacts.emplace_back(std::move(label), std::move(path));
  }
};

/// The built-in GA showcase: a circle TSP solved to its known optimum.
void demo_tsp(DemoContext& ctx);
/// Lemmings: the level suite's reference plans replayed, one level's replay drawn, and a medium
/// level solved by Coral Reef Optimization (with its replay).
void demo_lemmings(DemoContext& ctx);

/// Angry Birds levels simulated with Box2D: stability reports, pictures before and after.
void demo_birds(DemoContext& ctx);
/// Sudoku: a medium puzzle solved by the GA, with the fitness curves of both presets.
void demo_sudoku(DemoContext& ctx);
/// Game-tree search: tic-tac-toe solved, Connect Four pruning, exact scores and a game.
void demo_search(DemoContext& ctx);
/// Capture the flag: a short tournament of four bots on two maps, and one game drawn.
void demo_flags(DemoContext& ctx);

/// The Angry Birds level generator: five levels and their contact sheet, two layers of
/// open-ended composites.
void demo_birds_generator(DemoContext& ctx);
/// Angry Birds played: a generated playable level won by the search agent, its GIF.
void demo_birds_play(DemoContext& ctx);
/// Tic-tac-toe agents made of rules learn until they never lose (strong preset), with curves.
void demo_tictactoe_learning(DemoContext& ctx);

}  // namespace evoplay::cli
