#include "evoplay/games/sudoku/showcase.hpp"

#include <fmt/format.h>

#include <string>

#include "evoplay/core/history_log.hpp"
#include "evoplay/core/run_record.hpp"
#include "evoplay/games/sudoku/render.hpp"
#include "evoplay/render/history_plot.hpp"

namespace evoplay::games::sudoku {

ShowcaseResult run_showcase(std::string_view line, std::uint64_t seed, int threads, RunDir& run) {
  const Board puzzle = parse_puzzles(line, "showcase").at(0).board;
  ShowcaseResult shown;
  // config.json as every run's (the demo's part: "demo sudoku"), then both presets' settings.
  nlohmann::json config = run_config("demo sudoku", seed, threads), result;
  config["puzzle"] = to_line(puzzle);
  for (const std::string preset : {"strong", "paper"}) {
    GaSettings s = GaSettings::preset_named(preset);
    s.seed = seed;
    s.threads = threads;
    const bool strong = preset == "strong";
    GaOutcome& out = strong ? shown.strong : shown.paper;
    const std::string prefix = strong ? "" : "paper-";
    HistoryLog live(run.file(prefix + "history.csv"));  // the history as it grows
    Control control;
    control.observer = &live;
    out = solve_ga(puzzle, s, control);
    config[preset] = s.to_json();
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
  run.write_json("config.json", config);
  run.finish(result);
  return shown;
}

}  // namespace evoplay::games::sudoku
