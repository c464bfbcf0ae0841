// evoplay sudoku solve | check | experiment: options into the
// library's settings (games/sudoku: solve_file, check, experiment), results out as text or JSON.
#include <fmt/format.h>
#include <fmt/ranges.h>

#include <filesystem>
#include <iostream>
#include <memory>
#include <optional>

#include "evoplay/cli/commands.hpp"
#include "evoplay/cli/common.hpp"
#include "evoplay/cli/fields.hpp"
#include "evoplay/cli/options.hpp"
#include "evoplay/core/error.hpp"
#include "evoplay/core/history_log.hpp"
#include "evoplay/core/json_text.hpp"
#include "evoplay/core/progress.hpp"
#include "evoplay/core/text.hpp"
#include "evoplay/games/sudoku/check.hpp"
#include "evoplay/games/sudoku/experiment.hpp"
#include "evoplay/games/sudoku/showcase.hpp"
#include "evoplay/games/sudoku/solve_file.hpp"

namespace evoplay::cli {

namespace sd = games::sudoku;

namespace {

/// Writes JSON lines or text for every puzzle, then the plots and files of a solve run.
void report_solve(const sd::SolveResult& result, const std::vector<sd::PuzzleEntry>& puzzles,
                  const sd::SolveSettings& settings, const CommonOptions& common, RunDir& run) {
  result.write_puzzles(std::cout, common.json);
  sd::save_solve_files(run, result, puzzles, settings);
  run.finish_with([&](std::ostream& out) { result.write_result_json(out); });
  if (common.json) {
    auto end = result.summary_json();
    end[kRunDirKey] = run.path().string();
    fmt::print("{}\n", json_text(end));
    return;
  }
  if (puzzles.size() > 1 || result.cancelled) fmt::print("{}", result.summary_text());
  print_run_dir(run);
}

void add_sudoku_solve(CLI::App& group) {
  struct Options {
    CommonOptions common;
    std::string file = "-";
  };
  auto opt = std::make_shared<Options>();
  auto* cmd = group.add_subcommand("solve", "solve puzzles exactly or with the genetic algorithm");
  cmd->add_option("file", opt->file, "puzzle file (one per line, or grids); - reads standard input")
      ->capture_default_str();
  const auto fields = bind_fields(cmd, sd::SolveSettings{});
  add_common_options(cmd, opt->common, kSeed | kThreads | kOut | kJson | kQuiet | kResume);
  cmd->callback([opt, fields] {
    sd::SolveSettings settings = fields->resolve();
    settings.threads = opt->common.threads;
    settings.ga.seed = opt->common.seed;
    settings.validate();  // before reading a long file
    note_reading_terminal(opt->file, "puzzles");
    const auto puzzles = sd::read_puzzles(opt->file);
    RunDir run = open_run_dir(opt->common, "sudoku-solve");
    Cancellable c;  // before config.json: a Ctrl-C from then on cancels
    auto config = base_config("sudoku solve", opt->common);
    config.update(settings.to_json());
    config["file"] = display_name(opt->file);
    config["puzzles"] = puzzles.size();
    // Puzzles over MPI ranks, saved for --resume. The exact solver alone in one process is
    // faster than saving its units (hundreds of thousands of puzzles a second): no store there.
    if (settings.evolutionary() || dist::world().size > 1) {
      c.distribute(opt->common, run, config);
    } else {
      run.write_json("config.json", config);
    }

    // Many puzzles: one line counting puzzles. One puzzle with the GA or CRO: the optimiser's
    // own line (generation, best fitness, evaluations per second, ETA). Both on stderr, only when
    // it is a terminal, and never with --quiet.
    const bool single = puzzles.size() == 1, watch = single && settings.evolutionary();
    Progress progress(opt->common.quiet || single, "sudoku", puzzles.size());
    Progress one_run(opt->common.quiet || !watch, "sudoku " + settings.method,
                     settings.ga.generations);
    ProgressObserver observer(one_run, settings.ga.generations);
    HistoryLog live(run.file("history.csv"), &observer);  // one puzzle's history as it grows
    c.control.observer = watch ? &live : nullptr;
    c.control.progress = [&](std::uint64_t done, std::uint64_t) {
      progress.update(done, fmt::format("{} puzzles", done));
    };
    const auto ranks = settings.ga.islands.active() ? dist::world_exchange() : nullptr;
    c.control.exchange = ranks.get();  // islands over the MPI ranks
    const auto result = sd::solve_puzzles(puzzles, settings, c.control);
    progress.finish();
    one_run.finish();
    report_solve(result, puzzles, settings, opt->common, run);
    if (c.cancelled()) exit_cancelled();
  });
}

void add_sudoku_check(CLI::App& group) {
  struct Options {
    CommonOptions common;
    std::string file;
  };
  auto opt = std::make_shared<Options>();
  auto* cmd =
      group.add_subcommand("check", "validate puzzles and count their solutions (0, 1, 2 or more)");
  cmd->add_option("file", opt->file, "puzzle file; - reads standard input")->required();
  add_common_options(cmd, opt->common, kThreads | kJson);
  cmd->callback([opt] {
    const auto puzzles = sd::read_puzzles(opt->file);
    const auto result = sd::check_puzzles(puzzles, {opt->common.threads});
    std::string out;
    for (std::size_t i = 0; i < result.puzzles.size(); ++i) {
      out += opt->common.json ? json_text(result.puzzle_json(i)) + "\n" : result.puzzle_text(i);
    }
    if (!opt->common.json) out += result.summary_text();
    fmt::print("{}", out);
  });
}

void add_experiment(CLI::App& group) {
  struct Options {
    CommonOptions common;
    std::string puzzles;
    std::size_t first = 0;
  };
  auto opt = std::make_shared<Options>();
  auto* cmd = group.add_subcommand(
      "experiment", "repeated seeded GA runs per operator or parameter value, with plots");
  cmd->add_option("puzzles", opt->puzzles, "puzzle file; - reads standard input")->required();
  cmd->add_option("--first", opt->first, "use only the first N puzzles of the file")
      ->check(whole_in(1, 1'000'000'000));
  const auto fields = bind_fields(cmd, sd::ExperimentSettings{});
  add_common_options(cmd, opt->common, kSeed | kThreads | kOut | kJson | kQuiet | kResume);
  cmd->callback([opt, fields] {
    auto settings = fields->resolve();
    settings.seed = opt->common.seed;
    settings.threads = opt->common.threads;
    settings.validate();

    const auto boards = sd::boards_of(sd::read_puzzles(opt->puzzles), opt->first);

    nlohmann::json config = settings.to_json();
    config["puzzles"] = display_name(opt->puzzles);
    config["puzzle_count"] = boards.size();
    run_in_folder(opt->common, "sudoku experiment", config,
                  [&](RunDir& run, Control& control, Progress& progress) {
                    control.progress = [&](std::uint64_t done, std::uint64_t total) {
                      progress.set_total(total);
                      progress.update(done, fmt::format("{}/{} runs", done, total));
                    };
                    const auto result = sd::run_experiment(boards, settings, control);
                    sd::save_experiment_files(run, result, settings, opt->puzzles, boards.size());
                    return std::pair(result.to_json(), result.text());
                  });
  });
}

}  // namespace

void add_sudoku_commands(CLI::App& app) {
  auto* group =
      app.add_subcommand("sudoku", "Sudoku: exact solver, the paper's permutation GA, experiments");
  group->require_subcommand(1);
  add_sudoku_solve(*group);
  add_sudoku_check(*group);
  add_experiment(*group);
}

}  // namespace evoplay::cli
