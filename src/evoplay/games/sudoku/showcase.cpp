#include "evoplay/games/sudoku/showcase.hpp"

#include <fmt/format.h>

#include <string>

#include "evoplay/core/history_log.hpp"
#include "evoplay/games/sudoku/render.hpp"
#include "evoplay/render/history_plot.hpp"

namespace evoplay::games::sudoku {

namespace {

GaSettings preset_settings(const std::string& preset, std::uint64_t seed, int threads) {
  GaSettings s = GaSettings::preset_named(preset);
  s.seed = seed;
  s.threads = threads;
  return s;
}

}  // namespace

nlohmann::json showcase_settings(std::string_view line, std::uint64_t seed, int threads) {
  return {{"puzzle", to_line(parse_puzzles(line, "showcase").at(0).board)},
          {"strong", preset_settings("strong", seed, threads).to_json()},
          {"paper", preset_settings("paper", seed, threads).to_json()}};
}

ShowcaseResult run_showcase(std::string_view line, std::uint64_t seed, int threads, RunDir& run) {
  const Board puzzle = parse_puzzles(line, "showcase").at(0).board;
  ShowcaseResult shown;
  nlohmann::json result;
  for (const std::string preset : {"strong", "paper"}) {
    const GaSettings s = preset_settings(preset, seed, threads);
    const bool strong = preset == "strong";
    GaOutcome& out = strong ? shown.strong : shown.paper;
    const std::string prefix = strong ? "" : "paper-";
    HistoryLog live(run.file(prefix + "history.csv"));  // the history as it grows
    Control control;
    control.observer = &live;
    out = solve_ga(puzzle, s, control);
    result[preset] = {
        {"solved", out.counters.solved},           {"fitness", out.fitness()},
        {"generations", out.counters.generations}, {"evaluations", out.counters.evaluations},
        {"seconds", out.counters.seconds},         {"board", to_line(out.best)}};
    run.write_text(prefix + "history.csv", out.history.to_csv());
    render::HistoryPlotOptions plot;
    plot.title = strong ? fmt::format(
                              "strong preset on a medium Sudoku: solved in {} generations "
                              "({} restart{})",
                              out.counters.generations, out.counters.restarts,
                              out.counters.restarts == 1 ? "" : "s")
                        : fmt::format(
                              "paper preset on the same Sudoku: best fitness {} after {} "
                              "generations",
                              out.fitness(), out.counters.generations);
    plot.y_label = "fitness: digits missing from columns and boxes";
    plot.y2_label = "diversity (cells that differ)";
    render::save_history_plot(run.file(prefix + "fitness.png"), out.history, plot);
    save_board_picture(run.file(prefix + "board.png"), puzzle, out.best,
                       strong ? fmt::format("strong GA: {} in {} generations",
                                            out.counters.solved ? "solved" : "not solved",
                                            out.counters.generations)
                              : fmt::format("paper GA after {} generations: fitness {}",
                                            out.counters.generations, out.fitness()));
  }
  run.finish(result);
  return shown;
}

}  // namespace evoplay::games::sudoku
