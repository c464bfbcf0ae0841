// A series of games: the settings' checks and config.json, and the reports of the result.
#include "evoplay/search/series.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "evoplay/core/error.hpp"
#include "evoplay/core/history.hpp"
#include "evoplay/core/run_record.hpp"
#include "evoplay/core/stats.hpp"
#include "evoplay/search/game_ui.hpp"

namespace evoplay::search {

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

void SeriesSettings::validate() const {
  fields::check(*this);
  for (const auto& p : players)
    if (p.empty()) throw Error("players: expected a player for each seat, found an empty one");
}

nlohmann::json SeriesSettings::config_json(const std::string& command,
                                           const std::array<std::string, 2>& seats,
                                           const std::array<nlohmann::json, 2>& resolved) const {
  auto config = run_config(command, seed, threads);
  config.update({{"players", {{seats[0], players[0]}, {seats[1], players[1]}}},
                 {"player_settings", {{seats[0], resolved[0]}, {seats[1], resolved[1]}}},
                 {"games", games}});
  return config;
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

nlohmann::json SeriesResult::to_json() const {
  int draws = 0;
  for (const auto& g : games) draws += g.finished && g.winner < 0;
  nlohmann::json result = {
      {"games", games.size()},
      {"stopped", quit},
      {"seconds", seconds},
      {"draws", draws},
      {"players", {seat_summary(games, 0, players[0]), seat_summary(games, 1, players[1])}}};
  result["players"][0]["seat"] = seats[0];
  result["players"][1]["seat"] = seats[1];
  if (cancelled) result["stopped"] = "cancelled";
  return result;
}

std::string SeriesResult::history_header() {
  return "game,winner,plies,nodes_0,nodes_1,seconds_0,seconds_1\n";
}

std::string SeriesResult::history_line(const PlayedGame& g) {
  return csv_row({format_number(g.number), format_number(g.winner),
                  format_number(static_cast<double>(g.moves.size())),
                  format_number(static_cast<double>(g.stats[0].nodes)),
                  format_number(static_cast<double>(g.stats[1].nodes)), format_number(g.seconds[0]),
                  format_number(g.seconds[1])});
}

std::string SeriesResult::history_csv() const {
  std::string out = history_header();
  for (const auto& g : games) out += history_line(g);
  return out;
}

std::string SeriesResult::games_text() const {
  std::string text;
  for (const auto& g : games) text += fmt::format("{}\n", fmt::join(g.moves, " "));
  return text;
}

std::string SeriesResult::summary_text() const {
  const auto json = to_json();
  std::string out =
      fmt::format("{} game{}: {} ({}) against {} ({})\n", games.size(),
                  games.size() == 1 ? "" : "s", seats[0], players[0], seats[1], players[1]);
  out +=
      fmt::format("{:<6} {:<22} {:>6} {:>6} {:>6} {:>7} {:>14} {:>12} {:>10}\n", "seat", "player",
                  "wins", "draws", "losses", "win %", "95% interval", "nodes/move", "ms/move");
  for (std::size_t s = 0; s < 2; ++s) {
    const auto& p = json["players"][s];
    const auto interval = fmt::format("{:.1f}-{:.1f}%", 100 * p["win_rate_ci95"][0].get<double>(),
                                      100 * p["win_rate_ci95"][1].get<double>());
    out += fmt::format("{:<6} {:<22} {:>6} {:>6} {:>6} {:>6.1f}% {:>14} {:>12.0f} {:>10.3f}\n",
                       seats[s], players[s], p["wins"].get<std::uint64_t>(),
                       p["draws"].get<std::uint64_t>(), p["losses"].get<std::uint64_t>(),
                       100 * p["win_rate"].get<double>(), interval,
                       p["mean_nodes_per_move"].get<double>(), p["mean_ms_per_move"].get<double>());
  }
  return out;
}

}  // namespace evoplay::search
