// evoplay birds shoot | play | difficulty: levels played with shots, agents, and the measures of
// how hard they are. The logic is the library's (games/birds: shot, agents, difficulty,
// play_render); this file binds options to its settings and prints its results.
#include "evoplay/cli/birds_play.hpp"

#include <fmt/format.h>

#include <filesystem>
#include <memory>
#include <string_view>
#include <tuple>
#include <utility>

#include "evoplay/cli/common.hpp"
#include "evoplay/cli/fields.hpp"
#include "evoplay/cli/options.hpp"
#include "evoplay/core/error.hpp"
#include "evoplay/core/fields.hpp"
#include "evoplay/core/input_files.hpp"
#include "evoplay/core/json_text.hpp"
#include "evoplay/core/output_path.hpp"
#include "evoplay/core/parallel.hpp"
#include "evoplay/core/text.hpp"
#include "evoplay/games/birds/agents.hpp"
#include "evoplay/games/birds/describe.hpp"
#include "evoplay/games/birds/difficulty.hpp"
#include "evoplay/games/birds/play_render.hpp"
#include "evoplay/games/birds/shot.hpp"
#include "evoplay/games/birds/xml.hpp"

namespace evoplay::cli {

namespace birds = games::birds;

namespace {

/// --render FILE: a .gif (the shots animated) or .png / .svg (the level after them); checked
/// before anything is played.
void check_render_path(const std::string& path) {
  if (!path.empty()) check_output_file(path, {".gif", ".png", ".svg"}, "--render");
}

/// One value for every shot, or one per shot.
double per_shot(const std::vector<double>& values, std::size_t k, double fallback) {
  if (values.empty()) return fallback;
  return values.size() == 1 ? values[0] : values[k];
}

/// A shot's field as birds::Shot declares it (its help and range), for the options that give one
/// value per shot.
fields::Field shot_field(std::string_view name) {
  for (const auto& info : fields::describe(birds::Shot{})) {
    if (info.slot.name == name) return info.slot.field;
  }
  throw InternalError(fmt::format("birds::Shot declares no field '{}'", name));
}

void add_shoot(CLI::App* group) {
  struct Options {
    std::string file;
    std::vector<double> angles, pulls, taps;
    bool json = false;
    std::string render;
  };
  auto opt = std::make_shared<Options>();
  auto* cmd = group->add_subcommand(
      "shoot", "shoot the level's birds in order, one shot per --angle, and report what happened");
  cmd->add_option("level", opt->file, "Science Birds level file (.xml)")->required();
  const auto angle = shot_field("angle"), pull = shot_field("pull"), tap = shot_field("tap");
  const std::string each = ": one for all shots or one per --angle";
  cmd->add_option("--angle", opt->angles, std::string(angle.help) + "; repeat for each bird")
      ->required()
      ->check(number_in(angle.lo, angle.hi));
  cmd->add_option("--pull", opt->pulls, std::string(pull.help) + each)
      ->check(number_in(pull.lo, pull.hi));
  cmd->add_option("--tap", opt->taps, std::string(tap.help) + each);
  cmd->add_flag("--json", opt->json, "machine-readable output: one JSON object");
  cmd->add_option("--render", opt->render,
                  "FILE.gif: the shots animated; FILE.png or .svg: the level after them with "
                  "their paths");
  cmd->callback([opt] {
    check_render_path(opt->render);
    for (const auto* list : {&opt->pulls, &opt->taps}) {
      if (list->size() > 1 && list->size() != opt->angles.size()) {
        throw Error(fmt::format("{} --{} values for {} --angle values: give one, or one per shot",
                                list->size(), list == &opt->pulls ? "pull" : "tap",
                                opt->angles.size()));
      }
    }
    const birds::Level level = birds::read_level(opt->file);
    if (opt->angles.size() > level.birds.size()) {
      throw Error(opt->file, 0,
                  fmt::format("{} shots asked for, and the level has {} bird{}", opt->angles.size(),
                              level.birds.size(), level.birds.size() == 1 ? "" : "s"));
    }
    std::vector<birds::Shot> shots;
    for (std::size_t k = 0; k < opt->angles.size(); ++k) {
      shots.push_back({opt->angles[k], per_shot(opt->pulls, k, 1), per_shot(opt->taps, k, -1)});
    }
    const birds::PlaySettings play;
    const auto game = birds::play_shots(level, shots, play);
    if (opt->json) {
      nlohmann::json j = {{"file", display_name(opt->file)}};
      j.update(game.to_json(level));
      fmt::print("{}\n", json_text(j));
    } else {
      fmt::print("{}", birds::game_text(display_name(opt->file), level, game));
      if (game.shots.size() < shots.size()) {
        fmt::print("  (the game ended before the last {} shot{})\n",
                   shots.size() - game.shots.size(),
                   shots.size() - game.shots.size() == 1 ? "" : "s");
      }
    }
    if (!opt->render.empty()) {
      birds::save_game_render(opt->render, level, game, play, display_name(opt->file));
      if (!opt->json) fmt::print("picture: {}\n", opt->render);
    }
  });
}

void add_play(CLI::App* group) {
  struct Options {
    std::string file;
    std::shared_ptr<FieldOptions<birds::AgentGamesSettings>> settings;
    CommonOptions common;
    std::string render;
  };
  auto opt = std::make_shared<Options>();
  auto* cmd = group->add_subcommand("play", "play a level with an agent: random, naive or search");
  cmd->add_option("level", opt->file, "Science Birds level file (.xml)")->required();
  opt->settings = bind_fields(cmd, birds::AgentGamesSettings{});
  add_common_options(cmd, opt->common, kSeed | kThreads | kJson | kQuiet);
  cmd->add_option("--render", opt->render,
                  "FILE.gif: the first won game (else the first) animated; FILE.png or .svg: the "
                  "level after it with the shots' paths");
  cmd->callback([opt] {
    check_render_path(opt->render);
    const birds::AgentGamesSettings games_settings = opt->settings->resolve();
    const birds::AgentSettings agent = games_settings.settings();
    const std::string agent_name(birds::agent_name(agent.kind));
    const int attempts = games_settings.attempts;
    const birds::Level level = birds::read_level(opt->file);
    if (level.birds.empty()) throw Error(opt->file, 0, "the level has no bird to play");
    const birds::PlaySettings play;
    Cancellable c;
    Progress progress(opt->common.quiet, "birds play:");
    progress.update(0, fmt::format("{} with the {} agent on {}", counted(attempts, "game"),
                                   agent_name, display_name(opt->file)));
    const auto games = birds::play_attempts(level, agent, attempts, play, opt->common.seed,
                                            resolve_threads(opt->common.threads), c.control.cancel);
    progress.finish();
    if (games.empty()) exit_cancelled();
    const std::string file = display_name(opt->file);
    fmt::print("{}", opt->common.json
                         ? json_text(birds::attempts_json(file, level, agent, games)) + "\n"
                         : birds::attempts_text(file, agent_name, level, games, attempts == 1));
    if (!opt->render.empty()) {
      const auto shown = std::find_if(games.begin(), games.end(),
                                      [](const birds::GameRecord& g) { return g.won(); });
      const auto& game = shown != games.end() ? *shown : games.front();
      birds::save_game_render(opt->render, level, game, play,
                              fmt::format("{} ({})", file, agent_name));
      if (!opt->common.json) fmt::print("picture: {}\n", opt->render);
    }
    if (c.cancelled()) exit_cancelled();
  });
}

void add_difficulty(CLI::App* group) {
  struct Options {
    std::vector<std::string> files;
    std::shared_ptr<FieldOptions<birds::DifficultySettings>> settings;
    CommonOptions common;
    std::string sheet;
  };
  auto opt = std::make_shared<Options>();
  auto* cmd = group->add_subcommand(
      "difficulty",
      "how hard levels are to play: the naive agent's win rate, the share of random shots that "
      "kill a pig, whether the search agent wins (solvable) and with how many birds, the pigs "
      "the structure protects");
  cmd->add_option("levels", opt->files, "level files (.xml) or folders of them")->required();
  opt->settings = bind_fields(cmd, birds::DifficultySettings{});
  add_common_options(cmd, opt->common, kSeed | kThreads | kJson | kQuiet);
  cmd->add_option("--sheet", opt->sheet,
                  "FILE.png or .svg: a contact sheet of the levels with the search agent's shots");
  cmd->callback([opt] {
    if (!opt->sheet.empty()) check_output_file(opt->sheet, {".png", ".svg"}, "--sheet");
    birds::DifficultySettings settings = opt->settings->resolve();
    settings.seed = opt->common.seed;
    settings.threads = resolve_threads(opt->common.threads);
    settings.validate();
    const auto files = expand_input_files(opt->files, ".xml");
    std::vector<birds::Level> levels;
    for (const auto& f : files) levels.push_back(birds::read_level(f));
    std::vector<birds::DifficultyReport> reports;
    Cancellable c;
    Progress progress(opt->common.quiet, "birds difficulty:", levels.size());
    for (std::size_t i = 0; i < levels.size() && !c.cancelled(); ++i) {
      progress.update(
          i, fmt::format("level {} of {}: {}", i + 1, levels.size(), display_name(files[i])));
      reports.push_back(birds::measure_difficulty(levels[i], settings));
      progress.finish();
      if (!opt->common.json)
        fmt::print("{}", birds::difficulty_text(display_name(files[i]), reports.back()));
    }
    levels.resize(reports.size());
    if (!opt->sheet.empty()) birds::save_difficulty_sheet(opt->sheet, levels, files, reports);
    if (opt->common.json) {
      std::vector<std::string> names;
      for (const auto& f : files) names.push_back(display_name(f));
      fmt::print("{}\n", json_text(birds::difficulty_json(settings, names, reports)));
    } else if (levels.size() > 1) {
      fmt::print("{}", birds::difficulty_summary_text(birds::summarise(reports)));
    }
    if (c.cancelled()) exit_cancelled();
  });
}

}  // namespace

void add_birds_play_commands(CLI::App* group) {
  add_shoot(group);
  add_play(group);
  add_difficulty(group);
}

}  // namespace evoplay::cli
