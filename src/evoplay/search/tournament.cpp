#include "evoplay/search/tournament.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <numeric>

#include "evoplay/core/history.hpp"
#include "evoplay/core/stats.hpp"
#include "evoplay/core/units.hpp"

namespace evoplay::search {

std::optional<double> spec_time_limit(const std::string& spec) {
  const BotSpec s = parse_bot_spec(spec);
  if (s.args.empty()) return std::nullopt;
  return parse_duration(s.args[0]);
}

void apply_time_rule(TournamentGame& game) {
  for (std::size_t s = 0; s < 2; ++s) {
    game.outcome[s] = game.winner < 0 ? 'D' : game.winner == static_cast<int>(s) ? 'W' : 'L';
  }
  if (game.overran[0] || game.overran[1]) {
    for (std::size_t s = 0; s < 2; ++s) game.outcome[s] = game.overran[s] ? 'L' : 'W';
  }
}

std::vector<double> fit_elo(int n, const std::vector<EloGame>& games) {
  const auto size = static_cast<std::size_t>(n);
  std::vector<double> elo(size, 0.0);
  if (n < 2) return elo;
  // Games and scores, with one virtual draw between every two bots.
  std::vector<std::vector<double>> count(size, std::vector<double>(size, 1.0));
  std::vector<double> score(size, 0.5 * (n - 1));
  for (std::size_t i = 0; i < size; ++i) count[i][i] = 0;
  for (const auto& g : games) {
    const auto a = static_cast<std::size_t>(g.a), b = static_cast<std::size_t>(g.b);
    count[a][b] += 1;
    count[b][a] += 1;
    score[a] += g.score_a;
    score[b] += 1 - g.score_a;
  }
  // Hunter's minorization-maximization iteration for Bradley–Terry strengths.
  std::vector<double> gamma(size, 1.0), next(size);
  for (int iteration = 0; iteration < 100000; ++iteration) {
    for (std::size_t i = 0; i < size; ++i) {
      double denominator = 0;
      for (std::size_t j = 0; j < size; ++j) {
        if (j != i && count[i][j] > 0) denominator += count[i][j] / (gamma[i] + gamma[j]);
      }
      next[i] = score[i] / denominator;
    }
    double mean_log = 0;
    for (double g : next) mean_log += std::log(g);
    mean_log /= n;
    double change = 0;
    for (std::size_t i = 0; i < size; ++i) {
      next[i] /= std::exp(mean_log);
      change = std::max(change, std::fabs(std::log(next[i] / gamma[i])));
    }
    gamma.swap(next);
    if (change < 1e-12) break;
  }
  for (std::size_t i = 0; i < size; ++i) elo[i] = 400 * std::log10(gamma[i]);
  const double mean = std::accumulate(elo.begin(), elo.end(), 0.0) / n;
  for (double& e : elo) e -= mean;
  return elo;
}

std::vector<TournamentGame> round_robin_schedule(int bots, int starts, int repeats) {
  std::vector<TournamentGame> games;
  for (int i = 0; i < bots; ++i) {
    for (int j = i + 1; j < bots; ++j) {
      for (int s = 0; s < starts; ++s) {
        for (int r = 0; r < repeats; ++r) {
          for (const auto& seats : {std::array{i, j}, std::array{j, i}}) {
            TournamentGame g;
            g.index = static_cast<int>(games.size());
            g.bots = seats;
            g.start = s;
            g.repeat = r;
            games.push_back(g);
          }
        }
      }
    }
  }
  return games;
}

TournamentResult summarize_tournament(std::vector<std::string> bots,
                                      std::vector<std::string> starts,
                                      std::vector<TournamentGame> games, Rng rng, int samples) {
  TournamentResult r;
  r.bots = std::move(bots);
  r.starts = std::move(starts);
  r.games = std::move(games);
  r.bootstrap_samples = samples;
  const int n = static_cast<int>(r.bots.size());
  const auto size = static_cast<std::size_t>(n);
  r.standings.resize(size);
  r.crosstable.assign(size, std::vector<std::array<int, 3>>(size, std::array<int, 3>{}));
  std::vector<double> thinking(size, 0.0);
  std::vector<EloGame> elo_games;
  for (std::size_t b = 0; b < size; ++b) {
    r.standings[b].name = r.bots[b];
    r.standings[b].time_limit = spec_time_limit(r.bots[b]);
  }
  for (const auto& g : r.games) {
    for (std::size_t s = 0; s < 2; ++s) {
      const auto b = static_cast<std::size_t>(g.bots[s]);
      const auto o = static_cast<std::size_t>(g.bots[1 - s]);
      Standing& st = r.standings[b];
      ++st.games;
      st.max_points += 3;
      const char out = g.outcome[s];
      const int k = out == 'W' ? 0 : out == 'D' ? 1 : 2;
      ++r.crosstable[b][o][static_cast<std::size_t>(k)];
      st.wins += k == 0;
      st.draws += k == 1;
      st.losses += k == 2;
      st.points += k == 0 ? 3 : k == 1 ? 1 : 0;
      st.lost_on_time += g.overran[s] ? 1 : 0;
      st.longest_move = std::max(st.longest_move, g.longest[s]);
      st.longest_move_cpu = std::max(st.longest_move_cpu, g.longest_cpu[s]);
      st.moves += g.moves[s];
      thinking[b] += g.thinking[s];
    }
    if (g.outcome[0] == 'L' && g.outcome[1] == 'L') continue;  // both lost on time
    elo_games.push_back({g.bots[0], g.bots[1],
                         g.outcome[0] == 'W'   ? 1.0
                         : g.outcome[0] == 'D' ? 0.5
                                               : 0.0});
  }
  for (std::size_t b = 0; b < size; ++b) {
    Standing& st = r.standings[b];
    st.mean_move = st.moves > 0 ? thinking[b] / st.moves : 0.0;
  }
  const auto elo = fit_elo(n, elo_games);
  std::vector<std::vector<double>> boot(size);
  if (!elo_games.empty()) {
    std::vector<EloGame> sample(elo_games.size());
    for (int k = 0; k < samples; ++k) {
      for (auto& g : sample) g = elo_games[rng.index(elo_games.size())];
      const auto e = fit_elo(n, sample);
      for (std::size_t b = 0; b < size; ++b) boot[b].push_back(e[b]);
    }
  }
  for (std::size_t b = 0; b < size; ++b) {
    Standing& st = r.standings[b];
    st.elo = elo[b];
    st.elo_low = boot[b].empty() ? elo[b] : stats::quantile(boot[b], 0.025);
    st.elo_high = boot[b].empty() ? elo[b] : stats::quantile(boot[b], 0.975);
    st.elo_sd = boot[b].empty() ? 0.0 : stats::stddev(boot[b]);
  }
  r.ranking.resize(size);
  std::iota(r.ranking.begin(), r.ranking.end(), 0);
  std::stable_sort(r.ranking.begin(), r.ranking.end(), [&](int a, int b) {
    const auto& x = r.standings[static_cast<std::size_t>(a)];
    const auto& y = r.standings[static_cast<std::size_t>(b)];
    if (x.points * y.max_points != y.points * x.max_points)
      return x.points * y.max_points > y.points * x.max_points;  // share of the points
    return x.elo > y.elo;
  });
  return r;
}

namespace {

std::string percent(int points, int max_points) {
  return max_points > 0 ? fmt::format("{:.1f}%", 100.0 * points / max_points) : "-";
}

std::string ms(double seconds) { return fmt::format("{:.1f} ms", 1e3 * seconds); }

}  // namespace

std::string to_markdown(const TournamentResult& r, const std::string& title) {
  std::string out = fmt::format("## {}\n\n", title);
  out += fmt::format(
      "{} bots, {} start position{}, {} games (every pair on every one, sides swapped); points: "
      "win 3, draw 1, loss 0.\n\n",
      r.bots.size(), r.starts.size(), r.starts.size() == 1 ? "" : "s", r.games.size());
  out +=
      "| rank | bot | games | W | D | L | points | of | share | Elo | 95% interval | lost on time "
      "| longest move | longest (CPU) | mean move |\n"
      "|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|---|---:|---:|---:|---:|\n";
  int rank = 0;
  for (int b : r.ranking) {
    const Standing& s = r.standings[static_cast<std::size_t>(b)];
    out += fmt::format(
        "| {} | {} | {} | {} | {} | {} | {} | {} | {} | {:+.0f} | {:+.0f} to {:+.0f} "
        "| {} | {} | {} | {} |\n",
        ++rank, s.name, s.games, s.wins, s.draws, s.losses, s.points, s.max_points,
        percent(s.points, s.max_points), s.elo, s.elo_low, s.elo_high,
        s.time_limit ? std::to_string(s.lost_on_time) : "-", ms(s.longest_move),
        ms(s.longest_move_cpu), ms(s.mean_move));
  }
  out += "\nCrosstable: wins-draws-losses of the row's bot against the column's.\n\n| |";
  for (int b : r.ranking) out += fmt::format(" {} |", r.bots[static_cast<std::size_t>(b)]);
  out += "\n|---|";
  for (std::size_t i = 0; i < r.ranking.size(); ++i) out += "---|";
  out += '\n';
  for (int a : r.ranking) {
    out += fmt::format("| {} |", r.bots[static_cast<std::size_t>(a)]);
    for (int b : r.ranking) {
      if (a == b) {
        out += " - |";
      } else {
        const auto& c = r.crosstable[static_cast<std::size_t>(a)][static_cast<std::size_t>(b)];
        out += fmt::format(" {}-{}-{} |", c[0], c[1], c[2]);
      }
    }
    out += '\n';
  }
  int overruns = 0;
  for (const auto& g : r.games) overruns += g.overran[0] + g.overran[1];
  out += fmt::format(
      "\nElo: maximum-likelihood Bradley–Terry fit (draws count half), one virtual draw per pair, "
      "mean 0; 95% intervals from {} bootstrap resamples of the games. Lost on time: games lost "
      "because a move used more than 1.5 times the bot's time limit in CPU time ({} in all); the "
      "longest move is also shown in wall-clock time, which includes waiting for a busy "
      "machine's cores.\n",
      r.bootstrap_samples, overruns);
  return out;
}

std::string standings_csv(const TournamentResult& r) {
  std::string out =
      csv_row({"rank", "bot", "games", "wins", "draws", "losses", "points", "max_points", "elo",
               "elo_low", "elo_high", "elo_sd", "time_limit_ms", "lost_on_time", "longest_move_ms",
               "mean_move_ms", "longest_move_cpu_ms"});
  int rank = 0;
  for (int b : r.ranking) {
    const Standing& s = r.standings[static_cast<std::size_t>(b)];
    out += csv_row({std::to_string(++rank), s.name, std::to_string(s.games), std::to_string(s.wins),
                    std::to_string(s.draws), std::to_string(s.losses), std::to_string(s.points),
                    std::to_string(s.max_points), fmt::format("{:.1f}", s.elo),
                    fmt::format("{:.1f}", s.elo_low), fmt::format("{:.1f}", s.elo_high),
                    fmt::format("{:.1f}", s.elo_sd),
                    s.time_limit ? format_number(1e3 * *s.time_limit) : "",
                    std::to_string(s.lost_on_time), fmt::format("{:.3f}", 1e3 * s.longest_move),
                    fmt::format("{:.3f}", 1e3 * s.mean_move),
                    fmt::format("{:.3f}", 1e3 * s.longest_move_cpu)});
  }
  return out;
}

nlohmann::json game_outcome_json(const TournamentGame& g) {
  nlohmann::json extra = nlohmann::json::array();
  for (const auto& [name, value] : g.extra) extra.push_back({name, value});
  return {{"winner", g.winner},
          {"outcome", std::string(g.outcome.begin(), g.outcome.end())},
          {"overran", g.overran},
          {"longest", g.longest},
          {"longest_cpu", g.longest_cpu},
          {"thinking", g.thinking},
          {"moves", g.moves},
          {"plies", g.plies},
          {"extra", extra}};
}

void read_game_outcome(const nlohmann::json& j, TournamentGame& g) {
  g.winner = json_integer<int>(j.at("winner"));
  const auto outcome = j.at("outcome").get<std::string>();
  for (std::size_t s = 0; s < 2 && s < outcome.size(); ++s) g.outcome[s] = outcome[s];
  g.overran = j.at("overran").get<std::array<bool, 2>>();
  g.longest = j.at("longest").get<std::array<double, 2>>();
  g.longest_cpu = j.at("longest_cpu").get<std::array<double, 2>>();
  g.thinking = j.at("thinking").get<std::array<double, 2>>();
  for (std::size_t s = 0; s < 2; ++s) g.moves[s] = json_integer<int>(j.at("moves").at(s));
  g.plies = json_integer<int>(j.at("plies"));
  g.extra.clear();
  for (const auto& e : j.at("extra")) {
    g.extra.emplace_back(e.at(0).get<std::string>(), e.at(1).get<std::string>());
  }
  // A saved outcome is trusted only as play_tournament_games could have made it.
  if (g.winner < -1 || g.winner > 1)
    throw Error(fmt::format("winner {}: expected 0, 1 or -1 (a draw)", g.winner));
  if (g.plies < 0 || g.plies > 100000)
    throw Error(fmt::format("{} plies: expected 0 to 100000", g.plies));
  if (g.moves != std::array<int, 2>{(g.plies + 1) / 2, g.plies / 2})
    throw Error(
        fmt::format("moves {} and {} do not add up to {} plies", g.moves[0], g.moves[1], g.plies));
  for (std::size_t s = 0; s < 2; ++s) {
    for (double t : {g.longest[s], g.longest_cpu[s], g.thinking[s]}) {
      if (!(t >= 0) || !std::isfinite(t)) throw Error("a time that is negative or not a number");
    }
  }
  TournamentGame ruled = g;
  apply_time_rule(ruled);
  if (outcome.size() != 2 || ruled.outcome != g.outcome)
    throw Error(fmt::format("outcome \"{}\": the winner and the time rule give \"{}{}\"", outcome,
                            ruled.outcome[0], ruled.outcome[1]));
}

std::string games_csv(const TournamentResult& r) {
  std::vector<std::string> header = {"game",
                                     "start",
                                     "first",
                                     "second",
                                     "winner",
                                     "first_result",
                                     "second_result",
                                     "plies",
                                     "first_longest_ms",
                                     "second_longest_ms",
                                     "first_overran",
                                     "second_overran",
                                     "first_longest_cpu_ms",
                                     "second_longest_cpu_ms"};
  if (!r.games.empty()) {
    for (const auto& [name, value] : r.games.front().extra) header.push_back(name);
  }
  std::string out = csv_row(header);
  for (const auto& g : r.games) {
    std::vector<std::string> row = {std::to_string(g.index + 1),
                                    r.starts[static_cast<std::size_t>(g.start)],
                                    r.bots[static_cast<std::size_t>(g.bots[0])],
                                    r.bots[static_cast<std::size_t>(g.bots[1])],
                                    g.winner < 0    ? "draw"
                                    : g.winner == 0 ? "first"
                                                    : "second",
                                    std::string(1, g.outcome[0]),
                                    std::string(1, g.outcome[1]),
                                    std::to_string(g.plies),
                                    fmt::format("{:.3f}", 1e3 * g.longest[0]),
                                    fmt::format("{:.3f}", 1e3 * g.longest[1]),
                                    g.overran[0] ? "1" : "0",
                                    g.overran[1] ? "1" : "0",
                                    fmt::format("{:.3f}", 1e3 * g.longest_cpu[0]),
                                    fmt::format("{:.3f}", 1e3 * g.longest_cpu[1])};
    for (const auto& [name, value] : g.extra) row.push_back(value);
    out += csv_row(row);
  }
  return out;
}

nlohmann::json to_json(const TournamentResult& r) {
  nlohmann::json bots = nlohmann::json::array();
  int rank = 0;
  for (int b : r.ranking) {
    const Standing& s = r.standings[static_cast<std::size_t>(b)];
    nlohmann::json j = {{"rank", ++rank},
                        {"name", s.name},
                        {"games", s.games},
                        {"wins", s.wins},
                        {"draws", s.draws},
                        {"losses", s.losses},
                        {"points", s.points},
                        {"max_points", s.max_points},
                        {"share", s.max_points > 0 ? double(s.points) / s.max_points : 0.0},
                        {"elo", s.elo},
                        {"elo_ci95", {s.elo_low, s.elo_high}},
                        {"elo_sd", s.elo_sd},
                        {"lost_on_time", s.lost_on_time},
                        {"longest_move_ms", 1e3 * s.longest_move},
                        {"longest_move_cpu_ms", 1e3 * s.longest_move_cpu},
                        {"mean_move_ms", 1e3 * s.mean_move},
                        {"moves", s.moves}};
    j["time_limit_ms"] = s.time_limit ? nlohmann::json(1e3 * *s.time_limit) : nlohmann::json();
    bots.push_back(j);
  }
  nlohmann::json cross = nlohmann::json::object();
  for (std::size_t a = 0; a < r.bots.size(); ++a) {
    for (std::size_t b = 0; b < r.bots.size(); ++b) {
      if (a == b) continue;
      const auto& c = r.crosstable[a][b];
      cross[r.bots[a]][r.bots[b]] = {{"wins", c[0]}, {"draws", c[1]}, {"losses", c[2]}};
    }
  }
  return {
      {"bots", bots},
      {"crosstable", cross},
      {"starts", r.starts},
      {"games", r.games.size()},
      {"seconds", r.seconds},
      {"threads", r.threads},
      {"points", {{"win", 3}, {"draw", 1}, {"loss", 0}}},
      {"elo_method",
       "maximum-likelihood Bradley-Terry (draws count half), one virtual draw per pair, mean 0"},
      {"bootstrap_samples", r.bootstrap_samples}};
}

}  // namespace evoplay::search
