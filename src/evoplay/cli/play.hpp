#pragma once
// `evoplay GAME play`: two players, each a spec (a bot kind or `human`), play one or many games.
// Shared by every board game of the search engine; a game describes itself with a GameUi
// (search/game_ui.hpp) and gets the whole command: a person at the terminal, bot-against-bot
// series (search/series.hpp) with a summary, a run folder, JSON output, Ctrl-C.

#include <CLI/CLI.hpp>
#include <array>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "evoplay/cli/common.hpp"
#include "evoplay/cli/fields.hpp"
#include "evoplay/core/history_log.hpp"
#include "evoplay/search/game_ui.hpp"
#include "evoplay/search/series.hpp"

namespace evoplay::cli {

using search::GameUi;
using search::read_number;

struct PlayOptions {
  CommonOptions common;
  std::array<std::string, 2> players;
  std::shared_ptr<FieldOptions<search::SeriesSettings>> series;  // --games, from the declaration
  bool no_board = false;  // one game of bots: only the result, not the board after every ply

  /// The series' settings: --games, --seed, --threads and the players given.
  search::SeriesSettings settings() const;
};

/// The options of a play command: who plays each seat (`names`, e.g. {"--x,--first",
/// "--o,--second"}; `seats` as people read them, e.g. {"X", "O"}), --games, and the common ones.
void add_player_options(CLI::App* cmd, PlayOptions& opt, const std::array<std::string, 2>& names,
                        const std::array<std::string, 2>& seats, const std::string& kinds);

/// --json output: `json` with the run folder under kRunDirKey.
void print_json(nlohmann::json json, const RunDir& run);

/// Writes the series' files and result.json, then prints the summary (or the JSON); exits 130
/// when it was cancelled.
void finish_play(RunDir& run, const search::SeriesResult& result, const PlayOptions& opt,
                 bool show);

/// Plays the games and reports them; returns the games played (for pictures of them).
template <search::Game G>
std::vector<search::GameRecord<G>> run_play(const GameUi<G>& ui, const PlayOptions& opt) {
  const auto factory = search::bots_and_human(ui);
  search::SeriesSettings settings = opt.settings();
  settings.validate(factory);
  bool human = false;
  for (const auto& spec : opt.players)
    human = human || search::parse_bot_spec(spec).kind == "human";
  if (human) settings.threads = 1;
  const bool show = human || (settings.games == 1 && !opt.common.json && !opt.no_board);
  // A person's moves are read at the terminal: Ctrl-C then ends the program as usual, so only
  // bot series are cancellable (from the moment config.json exists).
  std::optional<Cancellable> cancel;
  if (!human) cancel.emplace();
  RunDir run = open_run_dir(opt.common, ui.command + "-play");
  auto config = settings.to_json(ui.command + " play", ui.seat_names, factory);
  config.update(ui.about);
  config["ranks"] = dist::world().size;
  if (cancel) {
    cancel->distribute(opt.common, run, config);  // bot series: games over MPI ranks
  } else {
    run.write_json("config.json", config);
  }
  const auto view = search::commentary(ui, settings, human);
  // A row per game as the games are known, each block of them in one write.
  AppendLog live(run.file("history.csv"));
  auto append_rows = [&live](std::span<const search::PlayedGame> games) {
    std::string lines;
    for (const auto& g : games) lines += search::SeriesResult::history_line(g);
    live.append(search::SeriesResult::history_header(), lines);
  };
  auto series = search::play_series<G>(ui.start, factory, settings, ui.seat_names, ui.move_name,
                                       cancel ? cancel->control : Control{}, show ? &view : nullptr,
                                       append_rows);
  if (series.result.quit) fmt::print("Game stopped.\n");
  finish_play(run, series.result, opt, show);
  return std::move(series.records);
}

/// Adds `play` under a game's command with --x/--first and --o/--second (defaults given).
template <search::Game G>
void add_play_command(CLI::App* game_cmd, std::shared_ptr<const GameUi<G>> ui,
                      std::array<std::string, 2> defaults) {
  auto opt = std::make_shared<PlayOptions>();
  opt->players = defaults;
  auto* cmd = game_cmd->add_subcommand(
      "play", "play games: a person at the terminal, or bots against each other");
  add_player_options(cmd, *opt, {"--x,--first", "--o,--second"}, ui->seat_names,
                     ui->bots().usage() + ", human");
  cmd->callback([ui, opt] { run_play(*ui, *opt); });
}

}  // namespace evoplay::cli
