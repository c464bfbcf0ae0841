// evoplay flags: capture the flag. `play` (people and bots, pictures of the game), `tournament`
// (round robin of bots on maps: games/flags/tournament.hpp) and `show` (a map and the evaluation
// parameters derived from it).
#include <fmt/format.h>

#include "evoplay/cli/commands.hpp"
#include "evoplay/cli/common.hpp"
#include "evoplay/cli/fields.hpp"
#include "evoplay/cli/options.hpp"
#include "evoplay/cli/play.hpp"
#include "evoplay/core/input_files.hpp"
#include "evoplay/core/json_text.hpp"
#include "evoplay/core/output_path.hpp"
#include "evoplay/core/progress.hpp"
#include "evoplay/games/flags/bots.hpp"
#include "evoplay/games/flags/map.hpp"
#include "evoplay/games/flags/render.hpp"
#include "evoplay/games/flags/text.hpp"
#include "evoplay/games/flags/tournament.hpp"

namespace evoplay::cli {

namespace fl = games::flags;

namespace {

constexpr const char* kThreadsHelp =
    "games played at once (0 = all cores). Bots limited by depth or iterations play the same "
    "games at any number; bots limited by time (alphabeta:100ms) search as deep as the machine "
    "allows, so their games depend on the load: use 1 for them";

void run_show(const std::string& path, bool json, const std::string& picture) {
  if (!picture.empty()) check_output_file(picture, {".png", ".svg"}, "--image");
  const auto map = fl::load_map(path);
  const fl::State start(map);
  if (!picture.empty())
    fl::save_state_picture(picture, start,
                           fmt::format("{} ({}x{})", map->name, map->height, map->width));
  fmt::print("{}", json ? json_text(fl::map_json(*map), 2) + "\n" : fl::map_text(*map, start));
  if (!json && !picture.empty()) fmt::print("Picture: {}\n", picture);
}

struct TournamentOptions {
  CommonOptions common;
  std::string bots;  // comma-separated
  std::vector<std::string> maps;
  std::shared_ptr<FieldOptions<fl::TournamentSettings>> settings;  // --games, declared
};

void run_tournament(const TournamentOptions& opt) {
  auto settings = opt.settings->resolve();
  settings.maps = expand_input_files(opt.maps, ".map");
  settings.bots = fl::TournamentSettings::parse_bots(opt.bots);
  settings.seed = opt.common.seed;
  settings.threads = opt.common.threads;
  // Everything is checked and every map read before the run folder exists.
  settings.validate();
  const auto maps = fl::load_tournament_maps(settings.maps);
  run_in_folder(
      opt.common, "flags tournament", settings.to_json(),
      [&](RunDir& run, Control& control, Progress& progress) {
        control.progress = [&](std::uint64_t done, std::uint64_t total) {
          progress.set_total(total);
          progress.update(
              done, fmt::format("{} of {}", done, counted(static_cast<long long>(total), "game")));
        };
        const auto report = fl::play_tournament(settings, maps, control);
        report.write_files(run);
        const auto& r = report.result;
        return std::pair(report.to_json(),
                         fmt::format("{}\n{} in {:.1f} s on {}.\n", report.markdown(),
                                     counted(static_cast<long long>(r.games.size()), "game"),
                                     r.seconds, counted(r.threads, "thread")));
      },
      2);
}

}  // namespace

void add_flags_commands(CLI::App& app) {
  auto* cmd = app.add_subcommand("flags",
                                 "capture the flag: play (people and bots), bot tournaments, maps");
  cmd->require_subcommand(1);

  struct PlayCommand {
    PlayOptions play;
    std::string map, render;
  };
  auto play = std::make_shared<PlayCommand>();
  play->play.players = {"human", "alphabeta:100ms"};
  auto* p = cmd->add_subcommand("play", "play a game on a map: a person at the terminal, or bots");
  p->add_option("map", play->map, "map file (data/flags/*.map)")->required();
  add_player_options(p, play->play, {"--a,--first", "--b,--second"}, {"team A", "team B"},
                     fl::bots().usage() + ", human");
  p->add_option("--render-dir", play->render,
                "folder for pictures: the start, the end and an animated GIF of each game");
  p->get_option("--threads")->description(kThreadsHelp);
  p->callback([play] {
    if (!play->render.empty()) prepare_output_folder(play->render, "--render-dir");
    const auto ui = fl::game_ui(fl::load_map(play->map));
    ui->about["map"] = play->map;
    const auto records = run_play(*ui, play->play);
    if (play->render.empty() || records.empty()) return;
    std::vector<std::vector<fl::State::Move>> games;
    for (const auto& r : records) games.push_back(r.moves);
    fl::save_game_pictures(play->render, ui->start, games, play->play.players);
    if (!play->play.common.json) fmt::print("Pictures: {}\n", play->render);
  });

  auto topt = std::make_shared<TournamentOptions>();
  auto* t = cmd->add_subcommand(
      "tournament",
      "round robin of bots on maps (sides swapped): standings, crosstable, Elo, CSV and JSON");
  t->add_option("--bots", topt->bots, "bots, comma-separated: " + fl::bots().usage())->required();
  t->add_option("--maps", topt->maps,
                "maps: files, folders or glob patterns such as 'data/flags/*.map'")
      ->required();
  topt->settings = bind_fields(t, fl::TournamentSettings{}, {.only = {"games"}});
  add_common_options(t, topt->common, kSeed | kThreads | kOut | kJson | kQuiet | kResume);
  t->get_option("--threads")->description(kThreadsHelp);
  t->callback([topt] { run_tournament(*topt); });

  struct ShowOptions {
    std::string map, picture;
    bool json = false;
  };
  auto sopt = std::make_shared<ShowOptions>();
  auto* s = cmd->add_subcommand(
      "show", "a map: its board, players, flags and the evaluation parameters derived from it");
  s->add_option("map", sopt->map, "map file (data/flags/*.map)")->required();
  s->add_option("--image", sopt->picture, "also draw the map to this PNG or SVG file");
  s->add_flag("--json", sopt->json, "machine-readable output: JSON");
  s->callback([sopt] { run_show(sopt->map, sopt->json, sopt->picture); });
}

}  // namespace evoplay::cli
