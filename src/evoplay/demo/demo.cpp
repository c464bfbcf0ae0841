// The demo's list of parts and the order it runs them in (its own, not the list of games:
// a part may span games, as `search` does, and a game may have several or none).
#include "evoplay/demo/demo.hpp"

#include <algorithm>

#include "evoplay/core/error.hpp"
#include "evoplay/core/run_record.hpp"

namespace evoplay::demo {

std::filesystem::path Context::folder(const std::string& part) const {
  auto path = root / part;
  std::filesystem::create_directories(path);
  return path;
}

RunDir Context::begin_part(const std::string& part, const nlohmann::json& settings) const {
  return begin_run(folder(part).string(), "demo " + part, seed, threads, settings);
}

void Context::show(std::string_view label, std::filesystem::path path) {
  artefacts.emplace_back(std::string(label), std::move(path));
}

// The parts, each defined in its own file (demo/tsp.cpp, demo/sudoku.cpp, ...).
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

std::vector<Part> parts() {
  return {
      {"tsp", "genetic algorithm: a 60-city circle tour, optimum known", tsp},
      {"birds", "Angry Birds levels: stability by Box2D physics, pictures before and after", birds},
      {"birdsgen", "Angry Birds level generator: the document's GA, five stable levels",
       birds_generator},
      {"birdsplay", "Angry Birds played: a generated level won by the search agent, animated",
       birds_play},
      {"sudoku", "Sudoku: a medium puzzle solved by the permutation GA", sudoku},
      {"lemmings", "Lemmings: the level suite replayed, one replay drawn, a level solved by CRO",
       lemmings},
      {"search", "game-tree search: tic-tac-toe solved, Connect Four pruning, exact scores, a game",
       search},
      {"flags", "capture the flag: a tournament of four bots on two maps, one game drawn", flags},
      {"tictactoe-learn", "tic-tac-toe players evolved as rule sets until they never lose",
       tictactoe_learning},
  };
}

std::string part_names() {
  std::string names;
  for (const auto& p : parts()) names += std::string(names.empty() ? "" : ", ") + p.name;
  return names;
}

void check_part_names(const std::vector<std::string>& names) {
  const auto all = parts();
  for (const auto& want : names) {
    if (std::none_of(all.begin(), all.end(), [&](const Part& p) { return want == p.name; }))
      throw Error(fmt::format("--only: unknown demo part '{}' (parts: {})", want, part_names()));
  }
}

std::vector<std::string> run(Context& ctx, const std::vector<std::string>& only) {
  check_part_names(only);
  const auto all = parts();
  std::vector<std::string> done;
  for (const auto& part : all) {
    if (!only.empty() && std::find(only.begin(), only.end(), part.name) == only.end()) continue;
    ctx.say("== {}: {}\n", part.name, part.title);
    std::fflush(ctx.out);
    part.run(ctx);
    done.emplace_back(part.name);
  }
  return done;
}

}  // namespace evoplay::demo
