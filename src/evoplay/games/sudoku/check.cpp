#include "evoplay/games/sudoku/check.hpp"

#include <fmt/format.h>

#include <algorithm>

#include "evoplay/core/error.hpp"
#include "evoplay/core/parallel.hpp"
#include "evoplay/games/sudoku/exact.hpp"

namespace evoplay::games::sudoku {

void CheckSettings::validate() const {
  if (threads < 0 || threads > 1024) {
    throw Error(fmt::format("threads: expected a whole number from 0 to 1024, found {}", threads));
  }
}

nlohmann::json CheckResult::puzzle_json(std::size_t i) const {
  const Puzzle& p = puzzles[i];
  return {{"puzzle", i + 1},    {"line", p.line},           {"size", p.size},
          {"givens", p.givens}, {"solutions", p.solutions}, {"unique", p.solutions == 1}};
}

nlohmann::json CheckResult::to_json() const {
  nlohmann::json results = nlohmann::json::array();
  for (std::size_t i = 0; i < puzzles.size(); ++i) results.push_back(puzzle_json(i));
  nlohmann::json j = {{"puzzles", puzzles.size()},
                      {"unique", unique},
                      {"without_solution", without},
                      {"several", several},
                      {"results", results}};
  if (cancelled) j["stopped"] = "cancelled";
  return j;
}

std::string CheckResult::puzzle_text(std::size_t i) const {
  const Puzzle& p = puzzles[i];
  const char* text = p.solutions == 0   ? "no solution"
                     : p.solutions == 1 ? "1 solution (unique)"
                                        : "2 or more solutions";
  return fmt::format("puzzle {} (line {}, {}x{}, {} givens): {}\n", i + 1, p.line, p.size, p.size,
                     p.givens, text);
}

std::string CheckResult::summary_text() const {
  return fmt::format("{} puzzles: {} unique, {} without solution, {} with 2 or more solutions{}\n",
                     puzzles.size(), unique, without, several, cancelled ? " (cancelled)" : "");
}

CheckResult check_puzzles(std::span<const PuzzleEntry> puzzles, const CheckSettings& settings,
                          const Control& control) {
  settings.validate();
  CheckResult result;
  result.puzzles.resize(puzzles.size());
  Workers workers(settings.threads);
  const std::size_t chunk = static_cast<std::size_t>(workers.threads()) * 256;
  std::size_t finished = 0;
  while (finished < puzzles.size() && !control.cancelled()) {
    const std::size_t start = finished, n = std::min(chunk, puzzles.size() - start);
    workers.for_each(n, [&](std::size_t k) {
      const PuzzleEntry& e = puzzles[start + k];
      result.puzzles[start + k] = {e.line, e.board.n(), e.board.givens(),
                                   std::min(solve_exact(e.board, 2).solutions, 2)};
    });
    finished = start + n;
    control.report(finished, puzzles.size());
  }
  result.puzzles.resize(finished);
  result.cancelled = control.cancelled();
  for (const auto& p : result.puzzles) {
    ++(p.solutions == 0 ? result.without : p.solutions == 1 ? result.unique : result.several);
  }
  return result;
}

}  // namespace evoplay::games::sudoku
