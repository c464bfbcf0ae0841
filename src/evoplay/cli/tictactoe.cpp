// evoplay tictactoe: play (people, bots and learned agents), solve (the game's facts and the cost
// of search), learn and agents (the learning program: games/tictactoe/learn_run.hpp).
#include <fmt/format.h>

#include <map>
#include <optional>

#include "evoplay/cli/commands.hpp"
#include "evoplay/cli/common.hpp"
#include "evoplay/cli/fields.hpp"
#include "evoplay/cli/help_format.hpp"
#include "evoplay/cli/options.hpp"
#include "evoplay/cli/play.hpp"
#include "evoplay/core/json_text.hpp"
#include "evoplay/core/progress.hpp"
#include "evoplay/games/tictactoe/agents_report.hpp"
#include "evoplay/games/tictactoe/learn_progress.hpp"
#include "evoplay/games/tictactoe/learn_run.hpp"
#include "evoplay/games/tictactoe/learn_runs.hpp"
#include "evoplay/games/tictactoe/solve_report.hpp"
#include "evoplay/games/tictactoe/ui.hpp"

namespace evoplay::cli {

namespace ttt = games::tictactoe;

namespace {

// The setting options of learn (one per LearnSettings setting) and those the user gave.
struct LearnOptions {
  CommonOptions common;
  std::string preset = "original", resume;
  std::size_t runs = 1;
  std::map<std::string, std::string> given;
};

/// `--runs K` (K > 1), or --resume of such a run folder: the runs as units (learn_runs.hpp).
void run_learn_runs(const LearnOptions& opt, const std::map<std::string, std::string>& given,
                    const std::optional<ttt::SavedRuns>& saved) {
  CommonOptions common = opt.common;
  ttt::LearnRunSettings settings;
  std::size_t runs = opt.runs;
  if (saved) {
    if (!given.empty())
      throw Error(
          "the settings of several runs cannot change on --resume: each run starts again "
          "from its seed with the saved settings");
    settings = saved->settings;
    runs = saved->runs;
    common.resume = opt.resume;
    common.seed = settings.seed;
  } else {
    settings = ttt::new_run_settings(opt.preset, given, opt.common.seed, opt.common.threads);
  }
  const nlohmann::json config = {{"learn", settings.learn.to_json()}, {"runs", runs}};
  run_in_folder(common, "tictactoe learn", config, [&](RunDir& run, Control& control, Progress& p) {
    p.set_total(runs);
    control.progress = [&](std::uint64_t done, std::uint64_t) {
      p.update(done, fmt::format("{} of {} runs", done, runs));
    };
    const auto r = ttt::learn_runs(run.path(), settings, runs, control);
    return std::pair(r.to_json(), r.to_text(run.path().string()));
  });
}

void run_learn(const LearnOptions& opt, const CLI::App& cmd) {
  for (const char* o : {"--preset", "--seed", "--out"})
    if (!opt.resume.empty() && cmd.count(o))
      throw Error(
          fmt::format("{} cannot be given with --resume: the run continues with its "
                      "saved settings and folder",
                      o));
  std::map<std::string, std::string> given = opt.given;
  given.erase("preset");
  if (!opt.resume.empty() && cmd.count("--runs"))
    throw Error("--runs cannot be given with --resume: the run folder says how many runs it has");
  if (opt.runs > 1) return run_learn_runs(opt, given, std::nullopt);
  if (!opt.resume.empty()) {
    if (auto runs = ttt::read_saved_runs(opt.resume, opt.common.threads))
      return run_learn_runs(opt, given, runs);
  }
  ttt::LearnRunSettings settings;
  std::optional<ttt::SavedRun> saved;
  RunDir run;
  if (!opt.resume.empty()) {
    saved = ttt::read_saved_run(opt.resume, given, opt.common.threads);
    run = RunDir::create(opt.resume, "tictactoe-learn");
  } else {
    settings = ttt::new_run_settings(opt.preset, given, opt.common.seed, opt.common.threads);
    run = open_run_dir(opt.common, "tictactoe-learn");
  }
  Cancellable c;
  const auto cycles = (saved ? saved->settings : settings).learn.cycles;
  ttt::LearnProgress progress(opt.common.quiet || opt.common.json, cycles, c.control);
  const auto r = ttt::learn_run(run, settings, c.control, saved ? &*saved : nullptr);
  progress.line.finish();
  if (opt.common.json) {
    print_json(r.to_json(), run);
  } else {
    fmt::print("{}", r.to_text(run.path().string()));
  }
  if (r.cancelled) exit_cancelled();
}

void add_learn(CLI::App* group) {
  auto opt = std::make_shared<LearnOptions>();
  auto* cmd = group->add_subcommand(
      "learn",
      "agents made of rules learn to play by playing (the original program), or faster (strong); "
      "Ctrl-C saves and stops");
  cmd->add_option("--resume", opt->resume,
                  "continue the run saved in this folder (with its settings; --cycles may grow)")
      ->group(kRunOptions);
  const auto fields = bind_fields(cmd, ttt::LearnSettings::preset_named("original"));
  const auto runs = bind_fields(cmd, ttt::LearnRunsSettings{});
  add_common_options(cmd, opt->common, kSeed | kThreads | kOut | kJson | kQuiet);
  cmd->callback([opt, cmd, fields, runs] {
    opt->runs = runs->resolve().runs;
    opt->given = fields->given_texts();
    if (opt->given.contains("preset")) opt->preset = opt->given.at("preset");
    run_learn(*opt, *cmd);
  });
}

void add_agents(CLI::App* group) {
  struct Options {
    std::string dir;
    std::size_t top = 0;
    bool json = false;
  };
  auto opt = std::make_shared<Options>();
  auto* cmd = group->add_subcommand(
      "agents", "the agents of a learning run, best first, with their weights and rules");
  cmd->add_option("dir", opt->dir, "run folder of tictactoe learn (or its population.txt)")
      ->required();
  cmd->add_option("--top", opt->top, "show only the best K agents (0: all)")->capture_default_str();
  cmd->add_flag("--json", opt->json, "machine-readable output: JSON");
  cmd->callback([opt] {
    const auto saved = ttt::read_population(opt->dir);
    fmt::print("{}", opt->json ? json_text(ttt::agents_json(saved, opt->top), 2) + "\n"
                               : ttt::agents_text(saved, opt->top));
  });
}

}  // namespace

void add_tictactoe_commands(CLI::App& app) {
  auto* cmd = app.add_subcommand(
      "tictactoe",
      "tic-tac-toe: play against bots or people, the game solved by search, and agents that learn");
  cmd->require_subcommand(1);
  add_play_command<ttt::Board>(cmd, ttt::game_ui(), {"human", "alphabeta"});
  auto json = std::make_shared<bool>(false);
  auto* solve = cmd->add_subcommand(
      "solve",
      "the value of the game, its exact counts, and the nodes minimax and alpha-beta need");
  solve->add_flag("--json", *json, "machine-readable output: JSON");
  solve->callback([json] {
    const auto report = ttt::solve_game();
    fmt::print("{}", *json ? json_text(report.to_json(), 2) + "\n" : report.to_text());
  });
  add_learn(cmd);
  add_agents(cmd);
}

}  // namespace evoplay::cli
