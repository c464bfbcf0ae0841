// evoplay lemmings show | run | render | check | solve | compare: the Lemmings simulator and its
// solvers (CRO, GA, ACO) from the command line. Options become settings, the library calls
// (games/lemmings/) do the work, and this file prints their results.
#include <fmt/format.h>

#include <algorithm>
#include <filesystem>

#include "evoplay/cli/commands.hpp"
#include "evoplay/cli/common.hpp"
#include "evoplay/cli/fields.hpp"
#include "evoplay/cli/options.hpp"
#include "evoplay/core/atomic_file.hpp"
#include "evoplay/core/error.hpp"
#include "evoplay/core/history_log.hpp"
#include "evoplay/core/input_files.hpp"
#include "evoplay/core/json_text.hpp"
#include "evoplay/core/output_path.hpp"
#include "evoplay/core/progress.hpp"
#include "evoplay/core/text.hpp"
#include "evoplay/games/lemmings/check.hpp"
#include "evoplay/games/lemmings/pingus_demo.hpp"
#include "evoplay/games/lemmings/pingus_level.hpp"
#include "evoplay/games/lemmings/render.hpp"
#include "evoplay/games/lemmings/report.hpp"
#include "evoplay/games/lemmings/simulator.hpp"
#include "evoplay/games/lemmings/solve_level.hpp"
#include "evoplay/games/lemmings/study_report.hpp"

namespace evoplay::cli {

namespace lem = games::lemmings;

namespace {

/// A level and a plan (none: no skills), of which at most one from standard input.
std::pair<lem::Level, lem::Plan> load_level_and_plan(const std::string& level,
                                                     const std::string& plan) {
  check_stdin_once({level, plan});
  return {lem::load_level(level), plan.empty() ? lem::Plan{} : lem::load_plan(plan)};
}

void add_show(CLI::App& group) {
  auto opt = std::make_shared<std::pair<std::string, bool>>();
  auto* cmd =
      group.add_subcommand("show", "print a level: its header, map and the skills on offer");
  cmd->add_option("level", opt->first,
                  "level file (.lvl; - = standard input) or Pingus level (.pingus)")
      ->required();
  cmd->add_flag("--json", opt->second, "machine-readable output: JSON (with the map as rows)");
  cmd->callback([opt] {
    const lem::Level level = lem::load_level(opt->first);
    if (opt->second) return fmt::print("{}\n", json_text(lem::level_show_json(level), 2));
    fmt::print("{}", lem::level_text(level));
  });
}

void add_run(CLI::App& group) {
  struct Options {
    std::string level, plan;
    bool json = false, trace = false;
  };
  auto opt = std::make_shared<Options>();
  auto* cmd = group.add_subcommand("run", "play a level with a plan and print the outcome");
  cmd->add_option("level", opt->level, "level file (.lvl or .pingus)")->required();
  cmd->add_option("--plan", opt->plan,
                  "plan file: one gene 'STEP SKILL [LEMMING]' per line (default: no skills)");
  cmd->add_flag("--json", opt->json, "machine-readable output: JSON");
  cmd->add_flag("--trace", opt->trace, "also print every step's events and lemmings");
  cmd->callback([opt] {
    const auto [level, plan] = load_level_and_plan(opt->level, opt->plan);
    if (level.pingus) {
      if (opt->trace) throw Error("--trace: only for Lemmings levels (.lvl)");
      const lem::Outcome outcome = lem::simulate(level, plan);
      if (opt->json)
        return fmt::print("{}\n", json_text(lem::outcome_json(level, plan, outcome), 2));
      return fmt::print("{}", lem::outcome_text(level, plan, outcome));
    }
    lem::Simulator sim(level);
    lem::TraceObserver trace(plan);
    const lem::Outcome& outcome = sim.run(plan, opt->trace ? &trace : nullptr);
    if (opt->json) {
      auto j = lem::outcome_json(level, plan, outcome);
      if (opt->trace) j["trace"] = trace.json();
      return fmt::print("{}\n", json_text(j, 2));
    }
    fmt::print("{}{}", opt->trace ? trace.text() : "", lem::outcome_text(level, plan, outcome));
  });
}

void add_lemmings_render(CLI::App& group) {
  struct Options {
    std::string level, plan, out;
    std::shared_ptr<FieldOptions<lem::RenderSettings>> settings;
  };
  auto opt = std::make_shared<Options>();
  auto* cmd = group.add_subcommand(
      "render", "draw a replay: an animated GIF, or a PNG of the level with the lemmings' paths");
  cmd->add_option("level", opt->level, "level file (.lvl or .pingus)")->required();
  cmd->add_option("--plan", opt->plan, "plan file (default: no skills)");
  cmd->add_option("--image", opt->out, "FILE.gif (animated replay) or FILE.png (paths)")
      ->required();
  opt->settings = bind_fields(cmd, lem::RenderSettings{});
  cmd->callback([opt] {
    const std::filesystem::path out = opt->out;
    check_output_file(out, {".gif", ".png"}, "--image");
    const lem::RenderSettings settings = opt->settings->resolve();
    const auto [level, plan] = load_level_and_plan(opt->level, opt->plan);
    const auto outcome = lem::render_file(level, plan, out, settings);
    fmt::print("{}\n{}", out.string(), lem::outcome_text(level, plan, outcome));
  });
}

void add_lemmings_check(CLI::App& group) {
  struct Options {
    std::vector<std::string> levels;
    std::string plans;
    bool json = false;
  };
  auto opt = std::make_shared<Options>();
  auto* cmd = group.add_subcommand(
      "check",
      "validate levels and replay their reference plans (solutions/NAME.plan); a level without "
      "one fails");
  cmd->add_option("levels", opt->levels, "level files, or folders of them")->required();
  cmd->add_option("--plans", opt->plans,
                  "folder of reference plans (default: LEVEL_DIR/solutions)");
  cmd->add_flag("--json", opt->json, "machine-readable output: JSON");
  cmd->callback([opt] {
    const auto r = lem::check_levels(lem::level_files(opt->levels), opt->plans);
    fmt::print("{}", opt->json ? json_text(r.to_json(), 2) + "\n" : r.text());
    if (r.failed > 0) {
      std::fflush(stdout);
      throw Error(r.failure());
    }
  });
}

void add_lemmings_solve(CLI::App& group) {
  struct Options {
    std::string level;
    CommonOptions common;
  };
  auto opt = std::make_shared<Options>();
  auto* cmd = group.add_subcommand(
      "solve", "solve a level with CRO, the GA or ACO: best plan, history, plot and replay");
  cmd->add_option("level", opt->level, "level file (.lvl or .pingus)")->required();
  const auto fields = bind_fields(cmd, lem::SolverSettings{});
  fields->option("epochs")->excludes(fields->option("evaluations"));
  add_common_options(cmd, opt->common, kSeed | kThreads | kOut | kJson | kQuiet);
  cmd->callback([opt, fields] {
    lem::SolverSettings s = fields->resolve();
    s.seed = opt->common.seed;
    s.threads = opt->common.threads;
    s.validate();
    const lem::Level level = lem::load_level_to_solve(opt->level);
    const nlohmann::json settings = {{"level", display_name(opt->level)}, {"solver", s.to_json()}};
    run_in_folder(
        opt->common, "lemmings solve", settings,
        [&](RunDir& run, Control& control, Progress& p) {
          lem::SolveProgress show(p, s);
          HistoryLog live(run.file("history.csv"), &show);  // the history as it grows
          control.observer = &live;
          const auto ranks = s.islands.active() ? dist::world_exchange() : nullptr;
          control.exchange = ranks.get();  // islands over the MPI ranks
          const lem::LevelSolveResult r = lem::solve_level(level, s, control);
          lem::save_solve_files(r, run);
          return std::pair(r.to_json(), r.text());
        },
        2);
  });
}

void add_compare(CLI::App& group) {
  struct Options {
    std::vector<std::string> levels;
    CommonOptions common;
  };
  auto opt = std::make_shared<Options>();
  auto* cmd = group.add_subcommand(
      "compare",
      "the thesis's study: CRO, GA and ACO on levels, by solutions found over repeated runs");
  cmd->add_option("levels", opt->levels,
                  "level files, folders or patterns such as 'data/lemmings/hard-*.lvl', Pingus "
                  "levels (.pingus) or level sets such as pingus:tutorial (default: the shipped "
                  "suite)");
  const auto fields = bind_fields(cmd, lem::StudySpec{});
  add_common_options(cmd, opt->common, kSeed | kThreads | kOut | kJson | kQuiet | kResume);
  cmd->callback([opt, fields] {
    lem::StudySpec spec = fields->resolve();
    spec.solver.seed = opt->common.seed;
    spec.solver.threads = opt->common.threads;
    spec.validate();
    auto levels = lem::load_study_levels(lem::level_files(opt->levels));
    const auto settings = lem::study_config(levels, spec);
    run_in_folder(
        opt->common, "lemmings compare", settings,
        [&](RunDir& run, Control& control, Progress& p) {
          control.progress = [&](std::uint64_t done, std::uint64_t total) {
            p.set_total(total);
            p.update(done, fmt::format("{}/{} runs", done, total));
          };
          const auto result = lem::run_study(std::move(levels), spec, control);
          lem::save_study_files(result, run);
          return std::pair(result.to_json(), lem::study_markdown(result) + "\n");
        },
        2);
  });
}

void add_export_demo(CLI::App& group) {
  struct Options {
    std::string plan, level, out, name;
  };
  auto opt = std::make_shared<Options>();
  auto* cmd = group.add_subcommand(
      "export-demo",
      "write a plan on a Pingus level as a .pingus-demo that the real game plays back "
      "(scripts/pingus-replay)");
  cmd->add_option("plan", opt->plan, "plan file")->required();
  cmd->add_option("level", opt->level, "Pingus level (.pingus)")->required();
  cmd->add_option("--out", opt->out, "FILE.pingus-demo (default: the level's name .pingus-demo)");
  cmd->add_option("--name", opt->name,
                  "the level's name in the demo, under the game's levels/ (default: the level's "
                  "own, or evoplay/NAME for a level outside the game's data)");
  cmd->callback([opt] {
    const auto [level, plan] = load_level_and_plan(opt->level, opt->plan);
    lem::PingusDemo demo;
    try {
      demo = lem::pingus_demo(level, plan, opt->name);
    } catch (const Error& e) {  // the refusal of a drawn level, located at the level's file
      if (e.file() == "level") throw e.in_file(opt->level);
      throw;
    }
    const std::string out = opt->out.empty()
                                ? std::filesystem::path(opt->level).stem().string() + ".pingus-demo"
                                : opt->out;
    check_output_file(out, {".pingus-demo"}, "--out");
    write_file_atomic(out, demo.text);
    fmt::print("{} (level {})\n{}", out, demo.name, lem::outcome_text(level, plan, demo.outcome));
  });
}

void add_pingus_levels(CLI::App& group) {
  struct Options {
    std::vector<std::string> sets;
    bool json = false;
  };
  auto opt = std::make_shared<Options>();
  auto* cmd = group.add_subcommand(
      "pingus-levels",
      "load the levels of Pingus level sets: which load, which are refused and why");
  cmd->add_option("sets", opt->sets,
                  "level sets: tutorial, or a levelsets/NAME of the game's data (default: all)");
  cmd->add_flag("--json", opt->json, "machine-readable output: JSON");
  cmd->callback([opt] {
    const auto r = lem::pingus_load_report(opt->sets, lem::pingus_data_dir());
    fmt::print("{}", opt->json ? json_text(r.to_json(), 2) + "\n" : r.text());
  });
}

}  // namespace

void add_lemmings_commands(CLI::App& app) {
  auto* group = app.add_subcommand(
      "lemmings",
      "Lemmings levels (and Pingus levels): show, run a plan, render a replay, check levels, "
      "solve them with CRO, GA or ACO, compare the three, export a plan as a Pingus demo");
  group->require_subcommand(1);
  add_show(*group);
  add_run(*group);
  add_lemmings_render(*group);
  add_lemmings_check(*group);
  add_lemmings_solve(*group);
  add_compare(*group);
  add_export_demo(*group);
  add_pingus_levels(*group);
}

}  // namespace evoplay::cli
