#pragma once
// A round-robin tournament between bots: every pair meets on every start position (a map) with
// sides swapped, games in parallel slots; then the standings (points 3 / 1 / 0), a crosstable,
// and Elo ratings with their uncertainty, as Markdown, CSV and JSON.
//
// Why it exists: the minimax document ends in a small competition between bots; this is that
// competition for any Game. Each game draws its players' randomness from
// Rng(seed).split({game, seat}), so a tournament of bots that are not limited by time gives the
// same games at any --threads. A bot limited by time (`alphabeta:100ms`) depends on the
// machine's speed, and loses any game in which one of its moves overran its limit by more than
// half of it (the competition's rule), measured in the thread's CPU time: time spent waiting
// while other processes hold the cores is not the bot's fault (wall-clock times are reported
// next to it).
//
// Elo: a maximum-likelihood Bradley–Terry fit (docs/flags.md, "Elo"): P(i beats j) =
// 1 / (1 + 10^((R_j - R_i) / 400)), a draw counting as half a win and half a loss, one virtual
// draw between every two bots (so that a bot that won or lost everything still gets a finite
// rating), ratings centred on a mean of 0; uncertainty from a bootstrap over the games with a
// fixed seed.

#include <array>
#include <atomic>
#include <cstdint>
#include <functional>
#include <mutex>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "evoplay/core/parallel.hpp"
#include "evoplay/core/rng.hpp"
#include "evoplay/core/units.hpp"
#include "evoplay/search/bots.hpp"
#include "evoplay/search/spec.hpp"

namespace evoplay::search {

/// One game of a tournament.
struct TournamentGame {
  int index = 0;                        // in the schedule
  std::array<int, 2> bots{};            // bot numbers of the first and second seat
  int start = 0;                        // start position (map) number
  int repeat = 0;                       // 0 .. games per pairing - 1
  int winner = -1;                      // seat that won on the board (0, 1) or -1 for a draw
  std::array<char, 2> outcome{};        // per seat after the time rule: 'W', 'D' or 'L'
  std::array<bool, 2> overran{};        // a move used more than 1.5 x the seat's time limit (CPU)
  std::array<double, 2> longest{};      // the seat's longest move, seconds (wall clock)
  std::array<double, 2> longest_cpu{};  // the seat's largest CPU time for one move, seconds
  std::array<double, 2> thinking{};     // the seat's total thinking time, seconds
  std::array<int, 2> moves{};           // moves each seat made (the first seat plays even plies)
  int plies = 0;
  std::vector<std::pair<std::string, std::string>> extra;  // game-specific columns (games.csv)
};

/// The time limit of a bot spec whose argument is a duration (`alphabeta:100ms`), if any.
std::optional<double> spec_time_limit(const std::string& spec);

/// Fills `outcome` from `winner` and the time rule: a seat that overran loses (both overran:
/// both lose).
void apply_time_rule(TournamentGame& game);

/// Elo ratings of `n` bots from games (pairs of bot numbers with the first's score 1, 0.5 or 0):
/// the maximum-likelihood Bradley–Terry fit with one virtual draw per pair, centred on 0.
struct EloGame {
  int a = 0, b = 0;
  double score_a = 0.5;
};
std::vector<double> fit_elo(int n, const std::vector<EloGame>& games);

struct Standing {
  std::string name;
  int games = 0, wins = 0, draws = 0, losses = 0;
  int points = 0, max_points = 0;
  int lost_on_time = 0;  // games lost by the time rule
  double elo = 0, elo_low = 0, elo_high = 0, elo_sd = 0;
  std::optional<double> time_limit;  // seconds
  double longest_move = 0;           // seconds, over all its games (wall clock)
  double longest_move_cpu = 0;       // seconds of thread CPU time, over all its games
  double mean_move = 0;              // seconds per move, over all its moves
  int moves = 0;
};

struct TournamentResult {
  std::vector<std::string> bots;
  std::vector<std::string> starts;
  std::vector<TournamentGame> games;
  std::vector<Standing> standings;  // in the order of `bots`
  std::vector<int> ranking;         // bot numbers, best first (points, then Elo)
  /// crosstable[i][j] = {wins, draws, losses} of bot i against bot j.
  std::vector<std::vector<std::array<int, 3>>> crosstable;
  int bootstrap_samples = 0;
  double seconds = 0;
  int threads = 1;
};

/// Standings, crosstable and Elo (with `samples` bootstrap resamples drawn from `rng`).
TournamentResult summarize_tournament(std::vector<std::string> bots,
                                      std::vector<std::string> starts,
                                      std::vector<TournamentGame> games, Rng rng,
                                      int samples = 1000);

/// Markdown: the standings table, then the crosstable.
std::string to_markdown(const TournamentResult& result, const std::string& title);
/// standings.csv and games.csv.
std::string standings_csv(const TournamentResult& result);
std::string games_csv(const TournamentResult& result);
/// result.json: {"bots": [{name, points, max_points, elo, ...}], "crosstable", "games", ...}.
nlohmann::json to_json(const TournamentResult& result);

/// The schedule: every pair of bots (i < j), every start, both seatings, `repeats` times.
std::vector<TournamentGame> round_robin_schedule(int bots, int starts, int repeats);

/// A played game's outcome as JSON (what the unit store and MPI ranks pass on) and back into
/// `game` (whose schedule fields stay).
nlohmann::json game_outcome_json(const TournamentGame& game);
void read_game_outcome(const nlohmann::json& j, TournamentGame& game);

/// Plays the games of `schedule`, each a unit of work (core/units.hpp) run through
/// control.units (default: `threads` threads); `factory` makes the players of `specs`, `starts`
/// are the start positions, `describe(final_state)` gives a game's extra columns;
/// control.report(done, total) counts games. When control is cancelled, the games not finished
/// by then are left out of `schedule` (in order).
template <Game G>
void play_tournament_games(
    std::vector<TournamentGame>& schedule, const std::vector<G>& starts,
    const BotFactory<G>& factory, const std::vector<std::string>& specs, const Rng& master,
    int threads,
    const std::function<std::vector<std::pair<std::string, std::string>>(const G&)>& describe,
    const Control& control = {}) {
  std::vector<std::optional<double>> limits;
  for (const auto& s : specs) limits.push_back(spec_time_limit(s));
  UnitJob job;
  job.name = "tournament";
  job.count = schedule.size();
  job.threads = threads;
  std::string fingerprint = std::to_string(master.seed());
  for (const auto& s : specs) fingerprint += " " + s;
  job.fingerprint["seed"] = master.seed();
  job.fingerprint["bots"] = specs;
  for (const auto& s : starts) job.fingerprint["starts"].push_back(start_fingerprint(s));
  job.check = [&](std::size_t k, const nlohmann::json& r) {
    TournamentGame copy = schedule[k];
    read_game_outcome(r, copy);
  };
  job.key = [&](std::size_t k) {
    const TournamentGame& g = schedule[k];
    return "tournament game " + std::to_string(g.index) + " " + std::to_string(g.bots[0]) + " " +
           std::to_string(g.bots[1]) + " start " + std::to_string(g.start) + " seed " + fingerprint;
  };
  job.run = [&](std::size_t k, const CancelToken& cancel) -> std::optional<nlohmann::json> {
    TournamentGame game = schedule[k];
    std::array<std::unique_ptr<Bot<G>>, 2> bots;
    for (std::size_t s = 0; s < 2; ++s) {
      bots[s] = factory.make(specs[static_cast<std::size_t>(game.bots[s])],
                             master.split({static_cast<std::uint64_t>(game.index), s}));
    }
    G state = starts[static_cast<std::size_t>(game.start)];
    const auto record = play_game(
        state, {bots[0].get(), bots[1].get()},
        [](const G&, const typename G::Move&, const auto&) {}, 100000, cancel.flag());
    if (cancel.cancelled()) return std::nullopt;
    for (const auto& m : record.moves) state.play(m);
    game.winner = record.winner;
    game.plies = static_cast<int>(record.moves.size());
    game.moves = {(game.plies + 1) / 2, game.plies / 2};
    for (std::size_t s = 0; s < 2; ++s) {
      game.longest[s] = record.longest[s];
      game.longest_cpu[s] = record.longest_cpu[s];
      game.thinking[s] = record.seconds[s];
      const auto& limit = limits[static_cast<std::size_t>(game.bots[s])];
      game.overran[s] = limit && record.longest_cpu[s] > 1.5 * *limit;
    }
    apply_time_rule(game);
    if (describe) game.extra = describe(state);
    return game_outcome_json(game);
  };
  const UnitResults done = run_units(job, control);
  std::size_t kept = 0;
  for (std::size_t k = 0; k < schedule.size(); ++k) {
    if (!done[k]) continue;
    read_game_outcome(*done[k], schedule[k]);
    if (kept != k) schedule[kept] = std::move(schedule[k]);
    ++kept;
  }
  schedule.resize(kept);
}

}  // namespace evoplay::search
