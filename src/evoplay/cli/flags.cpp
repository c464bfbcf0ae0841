// evoplay flags: capture the flag. `play` (people and bots, pictures of the game), `tournament`
// (round robin of bots on maps, standings, crosstable, Elo) and `show` (a map and the
// evaluation parameters derived from it); and the game's part of `evoplay demo`.
#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <filesystem>

#include "evoplay/cli/commands.hpp"
#include "evoplay/cli/common.hpp"
#include "evoplay/cli/demo.hpp"
#include "evoplay/cli/options.hpp"
#include "evoplay/cli/play.hpp"
#include "evoplay/core/error.hpp"
#include "evoplay/core/input_files.hpp"
#include "evoplay/core/json_text.hpp"
#include "evoplay/core/output_path.hpp"
#include "evoplay/core/progress.hpp"
#include "evoplay/core/text.hpp"
#include "evoplay/games/flags/bots.hpp"
#include "evoplay/games/flags/map.hpp"
#include "evoplay/games/flags/render.hpp"
#include "evoplay/games/flags/state.hpp"
#include "evoplay/search/tournament.hpp"

namespace evoplay::cli {

namespace fl = games::flags;

namespace {

constexpr const char* kActionHelp = "n, e, s, w (move), rest, attack or dig";
constexpr const char* kThreadsHelp =
    "games played at once (0 = all cores). Bots limited by depth or iterations play the same "
    "games at any number; bots limited by time (alphabeta:100ms) search as deep as the machine "
    "allows, so their games depend on the load: use 1 for them";

/// Reads "1 n", "2 dig", "1north", "3 rest" into a move of the side to move.
bool parse_flags_move(const fl::State& s, std::string_view text, fl::State::Move& m,
                      std::string& why) {
  std::size_t digits = 0;
  while (digits < text.size() && std::isdigit(static_cast<unsigned char>(text[digits]))) ++digits;
  const std::string_view action = trim(text.substr(digits));
  int player = 0;
  if (!read_number(text.substr(0, digits), 1, s.player_count(s.to_move()), "player number", player,
                   why)) {
    why = fmt::format(
        "'{}': type a player number from 1 to {} and an action ({}), e.g. '1 n' (q quits)", text,
        s.player_count(s.to_move()), kActionHelp);
    return false;
  }
  std::string word(action);
  for (char& c : word) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  int a = -1;
  static constexpr std::array<std::array<const char*, 3>, fl::kActions> kWords = {
      {{"n", "north", "up"},
       {"e", "east", "right"},
       {"s", "south", "down"},
       {"w", "west", "left"},
       {"r", "rest", "wait"},
       {"a", "attack", "hit"},
       {"d", "dig", "dig"}}};
  for (int k = 0; k < fl::kActions; ++k) {
    for (const char* w : kWords[static_cast<std::size_t>(k)]) a = word == w ? k : a;
  }
  if (a < 0) {
    why = fmt::format("'{}' is not an action: type {} after the player number (q quits)", action,
                      kActionHelp);
    return false;
  }
  m = fl::State::make_move(player - 1, a);
  if (!s.is_legal(m)) {
    why = s.why_illegal(m) + ": choose another action (q quits)";
    return false;
  }
  return true;
}

std::shared_ptr<GameUi<fl::State>> flags_ui(const std::shared_ptr<const fl::Map>& map) {
  auto ui = std::make_shared<GameUi<fl::State>>();
  ui->command = "flags";
  ui->seat_names = {"A", "B"};
  ui->start = fl::State(map);
  ui->draw = [](const fl::State& s, bool) { return s.to_text(); };
  ui->move_name = [](const fl::State::Move& m) { return fl::State::move_name(m); };
  ui->move_help = fmt::format("a player and an action, e.g. '1 n' or '2 dig' ({})", kActionHelp);
  ui->parse_move = parse_flags_move;
  ui->bots = [] { return fl::bots(); };
  ui->describe_value = fl::describe_value;
  return ui;
}

/// Map files from --maps: files, folders (their *.map files) and glob patterns, each sorted.
std::vector<std::string> expand_maps(const std::vector<std::string>& patterns) {
  auto files = expand_input_files(patterns, ".map");
  if (files.empty()) throw Error("--maps: no map given");
  return files;
}

std::string end_reason(const fl::State& s) {
  if (!s.is_terminal()) return "unfinished";
  for (int t = 0; t < fl::kTeams; ++t) {
    if (s.captured(t) == static_cast<int>(s.map().flags[static_cast<std::size_t>(1 - t)].size()))
      return "flags";
  }
  if (s.living(0) == 0 || s.living(1) == 0) return "eliminated";
  return "turns";
}

std::vector<std::pair<std::string, std::string>> describe_end(const fl::State& s) {
  return {{"end", end_reason(s)},
          {"first_flags", std::to_string(s.captured(0))},
          {"second_flags", std::to_string(s.captured(1))},
          {"first_energy", std::to_string(s.total_energy(0))},
          {"second_energy", std::to_string(s.total_energy(1))}};
}

void render_games(const std::string& dir, const fl::State& start,
                  const std::vector<search::GameRecord<fl::State>>& records,
                  const std::array<std::string, 2>& players, bool quiet) {
  std::filesystem::create_directories(dir);
  fl::save_state_picture(
      std::filesystem::path(dir) / "start.png", start,
      fmt::format("{}: A {} against B {}", start.map().name, players[0], players[1]));
  for (std::size_t g = 0; g < records.size(); ++g) {
    fl::State end = start;
    for (const auto m : records[g].moves) end.play(m);
    const std::string stem = records.size() == 1 ? "game" : fmt::format("game-{}", g + 1);
    const std::string caption =
        fmt::format("{}: A {} against B {}", start.map().name, players[0], players[1]);
    fl::save_state_picture(std::filesystem::path(dir) / (stem + "-end.png"), end, caption);
    fl::save_game_gif(std::filesystem::path(dir) / (stem + ".gif"), start, records[g].moves,
                      caption);
  }
  if (!quiet) fmt::print("Pictures: {}\n", dir);
}

// ---- show ----

nlohmann::json map_json(const fl::Map& m) {
  return {{"name", m.name},
          {"file", m.file},
          {"width", m.width},
          {"height", m.height},
          {"energy", m.energy},
          {"turns", m.turns},
          {"players", {m.players[0].size(), m.players[1].size()}},
          {"flags", {m.flags[0].size(), m.flags[1].size()}},
          {"evaluation",
           {{"flag_value", m.params.flag_value},
            {"start_distance", m.params.start_distance},
            {"distance_value", m.params.distance_value},
            {"distance_scale", m.params.distance_scale},
            {"energy_value", m.params.energy_value}}}};
}

void run_show(const std::string& path, bool json, const std::string& picture) {
  if (!picture.empty()) check_output_file(picture, {".png", ".svg"}, "--png");
  const auto map = fl::load_map(path);
  const fl::State start(map);
  if (!picture.empty()) {
    fl::save_state_picture(picture, start,
                           fmt::format("{} ({}x{})", map->name, map->height, map->width));
  }
  if (json) {
    fmt::print("{}\n", json_text(map_json(*map), 2));
    return;
  }
  const auto& p = map->params;
  fmt::print("{}: {} rows x {} columns, {} vs {} players, {} vs {} flags, energy {}, {} plies\n",
             map->name, map->height, map->width, map->players[0].size(), map->players[1].size(),
             map->flags[0].size(), map->flags[1].size(), map->energy, map->turns);
  fmt::print("{}", start.to_text());
  fmt::print(
      "evaluation (calcularParametrosEspecificos): flag {:.0f} points; distance term "
      "{:.0f} * exp(-x / {:.2f}) per flag (D0 = {:.2f}); energy {:.3f} points per unit\n",
      p.flag_value, p.distance_value, p.distance_scale, p.start_distance, p.energy_value);
  if (!picture.empty()) fmt::print("Picture: {}\n", picture);
}

// ---- tournament ----

struct TournamentOptions {
  CommonOptions common;
  std::string bots;  // comma-separated
  std::vector<std::string> maps;
  int games = 1;
};

/// Refuses what a tournament cannot play: fewer than two bots, a bot listed twice, `human`, a
/// bad spec, fewer than one game per pairing. Called before the run folder exists.
void check_tournament(const std::vector<std::string>& specs, int repeats,
                      const search::BotFactory<fl::State>& factory) {
  if (specs.size() < 2) throw Error("--bots: expected at least two bots, e.g. random,greedy");
  if (repeats < 1) throw Error(fmt::format("--games: expected at least 1, found {}", repeats));
  for (const auto& s : specs) {
    if (search::parse_bot_spec(s).kind == "human")
      throw Error(fmt::format("--bots: '{}' cannot play in a tournament (bots only)", s));
    factory.validate(s);
  }
  for (std::size_t i = 0; i < specs.size(); ++i) {
    for (std::size_t j = i + 1; j < specs.size(); ++j) {
      if (specs[i] == specs[j]) throw Error(fmt::format("--bots: '{}' is listed twice", specs[i]));
    }
  }
}

/// A tournament's start positions, one a map, and their names (the files' stems).
struct TournamentMaps {
  std::vector<fl::State> starts;
  std::vector<std::string> names;
};

/// Reads every map (throws on the first broken one).
TournamentMaps load_tournament_maps(const std::vector<std::string>& map_files) {
  TournamentMaps maps;
  for (const auto& f : map_files) {
    maps.starts.emplace_back(fl::load_map(f));
    maps.names.push_back(std::filesystem::path(f).stem().string());
  }
  return maps;
}

/// Plays a tournament that check_tournament accepted.
search::TournamentResult run_flags_tournament(const std::vector<std::string>& specs,
                                              const TournamentMaps& maps, int repeats,
                                              std::uint64_t seed, int threads, bool quiet) {
  const auto factory = fl::bots();
  auto schedule = search::round_robin_schedule(static_cast<int>(specs.size()),
                                               static_cast<int>(maps.starts.size()), repeats);
  const Rng master(seed);
  Progress progress(quiet, "tournament", schedule.size());
  const Stopwatch clock;
  search::play_tournament_games<fl::State>(
      schedule, maps.starts, factory, specs, master.split(1), threads, describe_end,
      [&](std::size_t done, std::size_t total) {
        progress.update(done, fmt::format("{} of {} games", done, total));
      });
  progress.finish();
  auto result =
      search::summarize_tournament(specs, maps.names, std::move(schedule), master.split(2));
  result.seconds = clock.seconds();
  result.threads = resolve_threads(threads);
  return result;
}

void run_tournament(const TournamentOptions& opt) {
  const auto files = expand_maps(opt.maps);
  std::vector<std::string> specs;
  for (const auto b : split(opt.bots, ',')) {
    const auto t = trim(b);
    if (t.empty())
      throw Error(
          fmt::format("--bots '{}': an empty name: expected bots separated by commas, "
                      "e.g. random,greedy",
                      opt.bots));
    specs.emplace_back(t);
  }
  // Check the bots and read every map before the run folder exists: a bad spec, a broken map or
  // an impossible tournament must not leave a half-made run behind.
  check_tournament(specs, opt.games, fl::bots());
  const TournamentMaps maps = load_tournament_maps(files);
  const RunDir run = open_run_dir(opt.common, "flags-tournament");
  auto config = base_config("flags tournament", opt.common);
  config["bots"] = specs;
  config["maps"] = files;
  config["games_per_pairing"] = opt.games;
  config["time_rule"] =
      "a move using more than 1.5 x the bot's time limit in thread CPU time loses the game";
  run.write_json("config.json", config);
  const auto result = run_flags_tournament(specs, maps, opt.games, opt.common.seed,
                                           opt.common.threads, opt.common.quiet);
  const std::string markdown =
      search::to_markdown(result, fmt::format("Capture the flag: {} bots on {} map{}", specs.size(),
                                              files.size(), files.size() == 1 ? "" : "s"));
  run.write_text("standings.csv", search::standings_csv(result));
  run.write_text("games.csv", search::games_csv(result));
  run.write_text("standings.md", markdown);
  auto json = search::to_json(result);
  run.write_json("result.json", json);
  if (opt.common.json) {
    json["run"] = run.path().string();
    fmt::print("{}\n", json_text(json, 2));
    return;
  }
  fmt::print("{}\n{} games in {:.1f} s on {} thread{}. Run folder: {}\n", markdown,
             result.games.size(), result.seconds, result.threads, result.threads == 1 ? "" : "s",
             run.path().string());
}

}  // namespace

void add_flags_commands(CLI::App& app) {
  auto* cmd = app.add_subcommand("flags",
                                 "capture the flag: play (people and bots), bot tournaments, maps");
  cmd->require_subcommand(1);

  // play
  struct PlayCommand {
    PlayOptions play;
    std::string map;
    std::string render;
  };
  auto play = std::make_shared<PlayCommand>();
  play->play.players = {"human", "alphabeta:100ms"};
  auto* p = cmd->add_subcommand("play", "play a game on a map: a person at the terminal, or bots");
  p->add_option("map", play->map, "map file (data/flags/*.map)")->required();
  const std::string kinds = fl::bots().usage() + ", human";
  p->add_option("--a,--first", play->play.players[0], "who plays team A (moves first): " + kinds)
      ->capture_default_str();
  p->add_option("--b,--second", play->play.players[1], "who plays team B: same choices")
      ->capture_default_str();
  p->add_option("--games", play->play.games,
                "games to play (bots only: in parallel, then a summary)")
      ->capture_default_str()
      ->check(whole_in(1, kMaxGames));
  p->add_option("--render", play->render,
                "folder for pictures: the start, the end and an animated GIF of each game");
  add_common_options(p, play->play.common, kSeed | kThreads | kOut | kJson | kQuiet);
  p->get_option("--quiet")->description(
      "print only the result (no board after every ply; several games: only the summary)");
  p->get_option("--threads")->description(kThreadsHelp);
  p->callback([play] {
    if (!play->render.empty()) prepare_output_folder(play->render, "--render");
    const auto map = fl::load_map(play->map);
    const auto ui = flags_ui(map);
    const auto records = run_play(*ui, play->play);
    if (!play->render.empty() && !records.empty())
      render_games(play->render, ui->start, records, play->play.players, play->play.common.json);
  });

  // tournament
  auto topt = std::make_shared<TournamentOptions>();
  auto* t = cmd->add_subcommand(
      "tournament",
      "round robin of bots on maps (sides swapped): standings, crosstable, Elo, CSV and JSON");
  t->add_option("--bots", topt->bots, "bots, comma-separated: " + fl::bots().usage())->required();
  t->add_option("--maps", topt->maps,
                "maps: files, folders or glob patterns such as 'data/flags/*.map'")
      ->required();
  t->add_option("--games", topt->games, "games per pairing, map and side")
      ->capture_default_str()
      ->check(whole_in(1, kMaxGames));
  add_common_options(t, topt->common, kSeed | kThreads | kOut | kJson | kQuiet);
  t->get_option("--threads")->description(kThreadsHelp);
  t->callback([topt] { run_tournament(*topt); });

  // show
  struct ShowOptions {
    std::string map, picture;
    bool json = false;
  };
  auto sopt = std::make_shared<ShowOptions>();
  auto* s = cmd->add_subcommand(
      "show", "a map: its board, players, flags and the evaluation parameters derived from it");
  s->add_option("map", sopt->map, "map file")->required();
  s->add_option("--png", sopt->picture, "also draw the map to this PNG or SVG file");
  s->add_flag("--json", sopt->json, "machine-readable output: JSON");
  s->callback([sopt] { run_show(sopt->map, sopt->json, sopt->picture); });
}

void demo_flags(DemoContext& ctx) {
  const auto data = find_data_dir("flags");
  if (data.empty()) {
    fmt::print("  skipped: data/flags not found (run from the source folder)\n");
    return;
  }
  const auto dir = ctx.folder("flags");
  const std::vector<std::string> specs = {"random", "greedy", "minimax:2", "alphabeta:4"};
  const std::vector<std::string> maps = {(data / "01-duel.map").string(),
                                         (data / "04-crossroads.map").string()};
  const TournamentMaps tournament = load_tournament_maps(maps);
  const auto result = run_flags_tournament(specs, tournament, 1, ctx.seed, ctx.threads, ctx.quiet);
  const RunDir run = RunDir::create(dir.string(), "flags");
  run.write_json("result.json", search::to_json(result));
  run.write_text("standings.csv", search::standings_csv(result));
  run.write_text("games.csv", search::games_csv(result));
  for (int b : result.ranking) {
    const auto& s = result.standings[static_cast<std::size_t>(b)];
    fmt::print(
        "  {:<12} {:>3} of {:>3} points ({:>2}-{}-{:<2}), Elo {:+5.0f} ({:+.0f} to {:+.0f})\n",
        s.name, s.points, s.max_points, s.wins, s.draws, s.losses, s.elo, s.elo_low, s.elo_high);
  }
  // One game of the winner against the runner-up on the crossroads, drawn.
  const auto factory = fl::bots();
  const fl::State& start = tournament.starts[1];
  auto a = factory.make(specs[3], Rng(ctx.seed).split({3, 0}));
  auto b = factory.make(specs[2], Rng(ctx.seed).split({3, 1}));
  const auto record = search::play_game(start, {a.get(), b.get()},
                                        [](const fl::State&, fl::State::Move, const auto&) {});
  fl::State end = start;
  for (const auto m : record.moves) end.play(m);
  const std::string caption =
      fmt::format("{}: A {} against B {}", start.map().name, specs[3], specs[2]);
  fl::save_game_gif(dir / "game.gif", start, record.moves, caption);
  fl::save_state_picture(dir / "game_end.png", end, caption);
  fmt::print("  a game on {}: {} after {} plies\n", start.map().name,
             end.result() == fl::State::kDraw
                 ? std::string("draw")
                 : fmt::format("team {} won", fl::team_letter(end.result())),
             record.moves.size());
  ctx.show("flags game (GIF)", dir / "game.gif");
  ctx.show("flags game, last position", dir / "game_end.png");
  ctx.show("flags tournament standings", dir / "standings.csv");
}

}  // namespace evoplay::cli
