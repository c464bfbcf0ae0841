// Every setting of a command is bound from its declaration (core/fields.hpp), none by hand: for
// each command whose settings are declared, every declared field is an option with the
// declaration's help, and the command has no option beyond them, the common ones and its
// inputs. A field bound by hand (another name, another help) or an option added beside the
// declaration fails here.
#include "evoplay/core/fields.hpp"

#include <gtest/gtest.h>

#include <CLI/CLI.hpp>
#include <set>
#include <string>
#include <vector>

#include "evoplay/cli/commands.hpp"
#include "evoplay/games/birds/agents.hpp"
#include "evoplay/games/birds/difficulty.hpp"
#include "evoplay/games/birds/generate_settings.hpp"
#include "evoplay/games/birds/inspect_settings.hpp"
#include "evoplay/games/birds/robustness.hpp"
#include "evoplay/games/birds/shot.hpp"
#include "evoplay/games/birds/simulation_settings.hpp"
#include "evoplay/games/connect4/solve_file.hpp"
#include "evoplay/games/flags/tournament.hpp"
#include "evoplay/games/lemmings/render.hpp"
#include "evoplay/games/lemmings/study.hpp"
#include "evoplay/games/sudoku/experiment.hpp"
#include "evoplay/games/sudoku/solve_file.hpp"
#include "evoplay/games/tictactoe/learn_runs.hpp"
#include "evoplay/games/tictactoe/learn_settings.hpp"
#include "evoplay/render/history_plot.hpp"
#include "evoplay/search/series.hpp"
#include "evoplay/web/server.hpp"

namespace {

using namespace evoplay;

/// The options every command may have besides its settings.
const std::set<std::string> kCommon = {"--help", "--seed",  "--threads", "--out",
                                       "--json", "--quiet", "--resume",  "--scheduler-rank"};

struct FieldCase {
  std::string group, command;
  std::vector<fields::Info> fields;
  std::set<std::string> inputs;  // the command's own inputs (files, a first-N)
};

/// The command of a case (a command of its own when `command` is empty: serve).
CLI::App* find_command(CLI::App& app, const FieldCase& c) {
  CLI::App* group = app.get_subcommand(c.group);
  return c.command.empty() ? group : group->get_subcommand(c.command);
}

std::vector<FieldCase> cases() {
  const auto series = fields::describe(search::SeriesSettings{});
  const auto physics = fields::describe(games::birds::SimulationSettings{});
  auto simulate = physics;
  for (const auto& info : fields::describe(games::birds::RobustnessSettings{}))
    simulate.push_back(info);
  auto render = fields::describe(games::birds::PictureSettings{});
  for (const auto& info : physics) render.push_back(info);
  auto learn = fields::describe(games::tictactoe::LearnSettings{});
  for (const auto& info : fields::describe(games::tictactoe::LearnRunsSettings{}))
    learn.push_back(info);
  const std::set<std::string> seats = {"--x", "--o", "--no-board"},
                              teams = {"--a", "--b", "--no-board", "--render-dir"};
  return {
      {"lemmings", "solve", fields::describe(games::lemmings::SolverSettings{}), {}},
      {"lemmings", "compare", fields::describe(games::lemmings::StudySpec{}), {}},
      {"sudoku", "solve", fields::describe(games::sudoku::SolveSettings{}), {}},
      {"sudoku", "experiment", fields::describe(games::sudoku::ExperimentSettings{}), {"--first"}},
      {"tictactoe", "learn", learn, {}},
      {"tictactoe", "play", series, seats},
      {"connect4", "play", series, seats},
      {"connect4", "solve", fields::describe(games::connect4::SolveSettings{}), {}},
      {"flags", "play", series, teams},
      {"birds", "simulate", simulate, {"--render-dir", "--robust"}},
      {"birds", "render", render, {"--image"}},
      {"birds", "check", fields::describe(games::birds::CheckSettings{}), {}},
      {"birds", "diversity", fields::describe(games::birds::DiversitySettings{}), {}},
      {"birds", "shoot", fields::describe(games::birds::Shot{}), {"--render"}},
      {"lemmings",
       "render",
       fields::describe(games::lemmings::RenderSettings{}),
       {"--plan", "--image"}},
      {"plot", "", fields::describe(render::HistoryPlotOptions{}), {"--image"}},
      // Commands without settings: only their inputs and outputs.
      {"lemmings", "show", {}, {}},
      {"lemmings", "run", {}, {"--plan", "--trace"}},
      {"lemmings", "check", {}, {"--plans"}},
      {"lemmings", "export-demo", {}, {"--name"}},
      {"lemmings", "pingus-levels", {}, {}},
      {"sudoku", "check", {}, {}},
      {"tictactoe", "solve", {}, {}},
      {"tictactoe", "agents", {}, {"--top"}},
      {"flags", "show", {}, {"--image"}},
      {"demo", "", {}, {"--only"}},
      {"help", "", {}, {"--markdown", "--all"}},
      {"birds", "generate", fields::describe(games::birds::GenerateSettings{}), {}},
      {"birds", "play", fields::describe(games::birds::AgentGamesSettings{}), {"--render"}},
      {"birds", "difficulty", fields::describe(games::birds::DifficultySettings{}), {"--sheet"}},
      {"serve", "", fields::describe(web::ServerSettings{}), {}},
      {"flags",
       "tournament",
       fields::describe(games::flags::TournamentSettings{}),
       {"--bots", "--maps"}},
  };
}

/// Every command.
void add_commands(CLI::App& app) {
  cli::add_demo_command(app);
  cli::add_plot_command(app);
  cli::add_help_command(app);
  cli::add_lemmings_commands(app);
  cli::add_sudoku_commands(app);
  cli::add_tictactoe_commands(app);
  cli::add_connect4_commands(app);
  cli::add_flags_commands(app);
  cli::add_birds_commands(app);
  cli::add_serve_command(app);
}

TEST(DeclaredFields, EveryFieldIsAnOptionWithItsDeclaredHelp) {
  CLI::App app;
  add_commands(app);
  for (const auto& c : cases()) {
    CLI::App* cmd = find_command(app, c);
    for (const auto& info : c.fields) {
      if (info.slot.name == "seed" || info.slot.name == "threads") continue;  // common options
      const std::string name = "--" + info.slot.name;
      const CLI::Option* opt = cmd->get_option_no_throw(name);
      ASSERT_NE(opt, nullptr) << c.group << " " << c.command << ": no option " << name;
      EXPECT_TRUE(opt->get_description().starts_with(info.slot.field.help))
          << name << " of " << c.group << " " << c.command << " says '" << opt->get_description()
          << "', the declaration '" << info.slot.field.help << "'";
    }
  }
}

TEST(DeclaredFields, NoCommandBindsASettingBesideItsDeclaration) {
  CLI::App app;
  add_commands(app);
  for (const auto& c : cases()) {
    std::set<std::string> allowed = kCommon;
    allowed.insert(c.inputs.begin(), c.inputs.end());
    for (const auto& info : c.fields) {
      allowed.insert("--" + info.slot.name);
      if (info.flag) allowed.insert("--no-" + info.slot.name);
    }
    for (const CLI::Option* opt : find_command(app, c)->get_options()) {
      if (opt->get_positional()) continue;  // the inputs: files
      std::string name = opt->get_lnames().empty() ? "" : "--" + opt->get_lnames().front();
      EXPECT_TRUE(allowed.contains(name))
          << c.group << " " << c.command << " binds " << name << " outside its declaration";
    }
  }
}

TEST(DeclaredFields, EveryCommandIsWalked) {
  // A new command is a case above: its declared settings, or the inputs it takes by hand.
  CLI::App app;
  add_commands(app);
  std::set<std::string> walked;
  for (const auto& c : cases()) walked.insert(c.group + " " + c.command);
  const auto all = [](const CLI::App& a) {
    return a.get_subcommands([](const CLI::App* sub) { return !sub->get_name().empty(); });
  };
  for (const CLI::App* top : all(app)) {
    const auto commands = all(*top);
    if (commands.empty()) {
      EXPECT_TRUE(walked.contains(top->get_name() + " ")) << top->get_name() << " is not walked";
    }
    for (const CLI::App* cmd : commands) {
      const std::string name = top->get_name() + " " + cmd->get_name();
      EXPECT_TRUE(walked.contains(name)) << name << " is not walked";
    }
  }
  EXPECT_GE(walked.size(), 30U);
}

TEST(DeclaredFields, TheCommandLineRefusesAValueWithTheLibrarysWords) {
  // The option's check and the library's check are the same declaration.
  CLI::App app;
  cli::add_lemmings_commands(app);
  try {
    app.parse("lemmings solve level.lvl --population 1", false);
    FAIL() << "--population 1 accepted";
  } catch (const CLI::ParseError& e) {
    EXPECT_NE(std::string(e.what()).find("expected a whole number from 2 to 1000000, found '1'"),
              std::string::npos)
        << e.what();
  }
  cli::add_birds_commands(app);
  try {
    app.parse("birds generate --pigs 5,2", false);
    FAIL() << "--pigs 5,2 accepted";
  } catch (const CLI::ParseError& e) {
    EXPECT_NE(std::string(e.what()).find("expected MIN,MAX, whole numbers from 1 to 30, MIN at "
                                         "most MAX, found '5,2'"),
              std::string::npos)
        << e.what();
  }
}

}  // namespace
