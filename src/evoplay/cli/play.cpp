// The parts of the play command that do not depend on the game: its options, and the run's
// files and report.
#include "evoplay/cli/play.hpp"

#include <nlohmann/json.hpp>

#include "evoplay/cli/options.hpp"
#include "evoplay/core/json_text.hpp"

namespace evoplay::cli {

void add_player_options(CLI::App* cmd, PlayOptions& opt, const std::array<std::string, 2>& names,
                        const std::array<std::string, 2>& seats, const std::string& kinds) {
  cmd->add_option(names[0], opt.players[0],
                  fmt::format("who plays {} (moves first): {}", seats[0], kinds))
      ->capture_default_str();
  cmd->add_option(names[1], opt.players[1], fmt::format("who plays {}: same choices", seats[1]))
      ->capture_default_str();
  opt.series = bind_fields(cmd, search::SeriesSettings{}, {.only = {"games"}});
  cmd->add_flag("--no-board", opt.no_board,
                "one game of bots: print only the result, not the board after every ply");
  add_common_options(cmd, opt.common, kSeed | kThreads | kOut | kJson | kQuiet | kResume);
}

search::SeriesSettings PlayOptions::settings() const {
  search::SeriesSettings s = series->resolve();
  s.players = players;
  s.seed = common.seed;
  s.threads = common.threads;
  return s;
}

void print_json(nlohmann::json json, const RunDir& run) {
  json[kRunDirKey] = run.path().string();
  fmt::print("{}\n", json_text(json, 2));
}

void finish_play(RunDir& run, const search::SeriesResult& result, const PlayOptions& opt,
                 bool show) {
  run.write_text("history.csv", result.history_csv());
  run.write_text("games.txt", result.games_text());
  auto json = result.to_json();
  run.finish(json);
  if (opt.common.json) {
    print_json(json, run);
  } else {
    // After the boards of the games shown, a blank line before the summary.
    if (result.games.size() > 1 || !show)
      fmt::print("{}{}", show ? "\n" : "", result.summary_text());
    print_run_dir(run);
  }
  if (result.cancelled) exit_cancelled();
}

}  // namespace evoplay::cli
