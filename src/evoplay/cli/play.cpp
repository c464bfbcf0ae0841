// The parts of the play command that do not depend on the game: options, run folder, records
// and the summary.
#include "evoplay/cli/play.hpp"

#include <nlohmann/json.hpp>

#include "evoplay/core/history.hpp"
#include "evoplay/core/json_text.hpp"
#include "evoplay/core/stats.hpp"

namespace evoplay::cli {

bool read_number(std::string_view text, int lo, int hi, std::string_view what, int& out,
                 std::string& why) {
  long long n = 0;
  if (!try_parse_int(text, n) || n < lo || n > hi) {
    why =
        fmt::format("'{}' is not a {}: type a number from {} to {} (q quits)", text, what, lo, hi);
    return false;
  }
  out = static_cast<int>(n);
  return true;
}

RunDir begin_play(const std::string& command, const std::array<std::string, 2>& seat_names,
                  const PlayOptions& opt, int threads) {
  RunDir run = open_run_dir(opt.common, command + "-play");
  auto config = base_config(command + " play", opt.common);
  config["threads"] = resolve_threads(threads);
  config["players"] = {{seat_names[0], opt.players[0]}, {seat_names[1], opt.players[1]}};
  config["games"] = opt.games;
  run.write_json("config.json", config);
  return run;
}

namespace {

nlohmann::json seat_summary(const std::vector<PlayedGame>& games, int seat,
                            const std::string& spec) {
  const auto s = static_cast<std::size_t>(seat);
  std::uint64_t wins = 0, draws = 0, losses = 0, moves = 0, nodes = 0;
  double seconds = 0, longest = 0;
  std::size_t finished = 0;
  for (const auto& g : games) {
    if (!g.finished) continue;
    ++finished;
    wins += g.winner == seat;
    losses += g.winner == 1 - seat;
    draws += g.winner < 0;
    moves += (g.moves.size() + 1 - s) / 2;  // the first seat plays the odd plies
    nodes += g.stats[s].nodes;
    seconds += g.seconds[s];
    longest = std::max(longest, g.longest[s]);
  }
  const auto rate = stats::success_rate(wins, finished);
  const double per_move = moves ? 1.0 / static_cast<double>(moves) : 0.0;
  return {{"player", spec},
          {"wins", wins},
          {"draws", draws},
          {"losses", losses},
          {"win_rate", rate.rate},
          {"win_rate_ci95", {rate.ci95.low, rate.ci95.high}},
          {"moves", moves},
          {"mean_nodes_per_move", static_cast<double>(nodes) * per_move},
          {"mean_ms_per_move", 1e3 * seconds * per_move},
          {"longest_move_ms", 1e3 * longest}};
}

}  // namespace

void finish_play(const RunDir& run, const std::array<std::string, 2>& seat_names,
                 const PlayOptions& opt, const std::vector<PlayedGame>& games, bool stopped,
                 bool show, double seconds) {
  CsvTable history;
  history.columns = {"game", "winner", "plies", "nodes_0", "nodes_1", "seconds_0", "seconds_1"};
  std::string moves_text;
  int draws = 0;
  for (std::size_t i = 0; i < games.size(); ++i) {
    const auto& g = games[i];
    history.rows.push_back({static_cast<double>(i + 1), static_cast<double>(g.winner),
                            static_cast<double>(g.moves.size()),
                            static_cast<double>(g.stats[0].nodes),
                            static_cast<double>(g.stats[1].nodes), g.seconds[0], g.seconds[1]});
    for (std::size_t k = 0; k < g.moves.size(); ++k) {
      if (k > 0) moves_text += ' ';
      moves_text += g.moves[k];
    }
    moves_text += '\n';
    draws += g.finished && g.winner < 0;
  }
  run.write_text("history.csv", to_csv(history));
  run.write_text("games.txt", moves_text);
  nlohmann::json result = {
      {"games", games.size()},
      {"stopped", stopped},
      {"seconds", seconds},
      {"draws", draws},
      {"players",
       {seat_summary(games, 0, opt.players[0]), seat_summary(games, 1, opt.players[1])}}};
  result["players"][0]["seat"] = seat_names[0];
  result["players"][1]["seat"] = seat_names[1];
  run.write_json("result.json", result);

  if (opt.common.json) {
    result["run"] = run.path().string();
    fmt::print("{}\n", json_text(result, 2));
    return;
  }
  if (games.size() > 1 || !show) {
    fmt::print("\n{} games: {} ({}) against {} ({})\n", games.size(), seat_names[0], opt.players[0],
               seat_names[1], opt.players[1]);
    fmt::print("{:<6} {:<22} {:>6} {:>6} {:>6} {:>7} {:>14} {:>12} {:>10}\n", "seat", "player",
               "wins", "draws", "losses", "win %", "95% interval", "nodes/move", "ms/move");
    for (std::size_t s = 0; s < 2; ++s) {
      const auto& p = result["players"][s];
      const auto interval = fmt::format("{:.1f}-{:.1f}%", 100 * p["win_rate_ci95"][0].get<double>(),
                                        100 * p["win_rate_ci95"][1].get<double>());
      fmt::print("{:<6} {:<22} {:>6} {:>6} {:>6} {:>6.1f}% {:>14} {:>12.0f} {:>10.3f}\n",
                 seat_names[s], opt.players[s], p["wins"].get<std::uint64_t>(),
                 p["draws"].get<std::uint64_t>(), p["losses"].get<std::uint64_t>(),
                 100 * p["win_rate"].get<double>(), interval,
                 p["mean_nodes_per_move"].get<double>(), p["mean_ms_per_move"].get<double>());
    }
  }
  fmt::print("Run folder: {}\n", run.path().string());
}

}  // namespace evoplay::cli
