#pragma once
// A series of games between two players of any Game: the library call under `tictactoe play`,
// `connect4 play` and `flags play`.
//
// Why it exists: the command line, Python and the web server play the same series with the same
// results for the same seed. Game k draws its players' randomness from
// Rng(seed).split({k, seat}), so bots not limited by time play the same games at any number of
// threads. Games are independent units, played in parallel and reported in game order; a
// cancelled series returns the games finished by then. A caller that watches the games one by one
// (a person plays, or one game is shown as it goes) gives a SeriesView: the games are then
// played in order on the caller's thread.

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <cstdint>
#include <cstring>
#include <functional>
#include <memory>
#include <nlohmann/json.hpp>
#include <span>
#include <string>
#include <vector>

#include "evoplay/core/control.hpp"
#include "evoplay/core/fields.hpp"
#include "evoplay/core/limits.hpp"
#include "evoplay/core/parallel.hpp"
#include "evoplay/core/rng.hpp"
#include "evoplay/core/stopwatch.hpp"
#include "evoplay/core/units.hpp"
#include "evoplay/search/bots.hpp"

namespace evoplay::search {

struct SeriesSettings {
  std::array<std::string, 2> players;  // bot specs of the first and second seat
  int games = 1;
  std::uint64_t seed = 1;
  int threads = 0;  // games played at once; 0 = every hardware thread

  /// The settings besides the players (each game names its seats' options: --x, --a, ...).
  template <class S, class V>
  static void fields(S& s, V& v) {
    v(s.games, {.name = "games",
                .help = "games to play (bots only: in parallel, then a summary)",
                .lo = 1,
                .hi = limits::kGames});
    v(s.seed, fields::kSeed);
    v(s.threads, fields::kThreads);
  }

  /// Checks the numbers and that each seat has a player; throws Error naming the field.
  void validate() const;
  /// ... and the players' specs against the game's bots.
  template <Game G>
  void validate(const BotFactory<G>& factory) const {
    validate();
    for (const auto& spec : players) factory.validate(spec);
  }
  /// config.json: command, version, seed, threads, players (spec and resolved settings of each
  /// seat, from `factory`), games.
  template <Game G>
  nlohmann::json to_json(const std::string& command, const std::array<std::string, 2>& seats,
                         const BotFactory<G>& factory) const {
    std::array<nlohmann::json, 2> resolved;
    for (std::size_t s = 0; s < 2; ++s) resolved[s] = factory.make(players[s], Rng(0))->settings();
    return config_json(command, seats, resolved);
  }
  nlohmann::json config_json(const std::string& command, const std::array<std::string, 2>& seats,
                             const std::array<nlohmann::json, 2>& resolved) const;
};

/// One game of a series, its moves named (the part that does not depend on the game's type).
struct PlayedGame {
  int number = 1;  // in the series, from 1
  std::vector<std::string> moves;
  int winner = -1;  // 0 or 1; -1 draw or unfinished
  bool finished = false;
  std::array<SearchStats, 2> stats{};
  std::array<double, 2> seconds{}, longest{};
};

struct SeriesResult {
  std::array<std::string, 2> seats;    // e.g. {"X", "O"}
  std::array<std::string, 2> players;  // their specs
  std::vector<PlayedGame> games;       // in game order
  bool quit = false;                   // a person quit
  bool cancelled = false;
  double seconds = 0;

  /// result.json: games, draws, each seat's wins, draws, losses, win rate (95% interval), moves,
  /// nodes and milliseconds per move; "stopped": whether a person quit, or "cancelled".
  nlohmann::json to_json() const;
  /// history.csv: one row per game (winner, plies, nodes and seconds of each seat): the header,
  /// then each game's line.
  std::string history_csv() const;
  static std::string history_header();
  static std::string history_line(const PlayedGame& game);
  /// games.txt: one line per game, its moves.
  std::string games_text() const;
  /// The summary table for people (several games).
  std::string summary_text() const;
};

/// Watches a series game by game (on the caller's thread, in order).
template <Game G>
struct SeriesView {
  using Move = typename G::Move;
  /// Before game `number` (from 1) starts, with its players.
  std::function<void(int number, const std::array<Bot<G>*, 2>& players)> on_game_start;
  /// Before each move is played.
  std::function<void(const G& state, const Move& move, const SearchResult<Move>& result,
                     const Bot<G>& mover)>
      on_move;
  /// After a game ends (not after a person quits or a cancel).
  std::function<void(const GameRecord<G>& record)> on_game_end;
};

/// The games of a series, with the records of the moves (for pictures of them).
template <Game G>
struct Series {
  SeriesResult result;
  std::vector<GameRecord<G>> records;  // one per game of result.games
};

/// A game's record as JSON (moves as the bits of G::Move, at most 16) and back: what the unit
/// store and MPI ranks pass on.
template <Game G>
nlohmann::json game_record_json(const GameRecord<G>& r) {
  nlohmann::json moves = nlohmann::json::array(), stats = nlohmann::json::array();
  for (const auto& m : r.moves) {
    std::uint16_t bits = 0;
    std::memcpy(&bits, &m, sizeof m);
    moves.push_back(bits);
  }
  for (const auto& s : r.stats)
    stats.push_back({s.nodes, s.leaves, s.cutoffs, s.tt_probes, s.tt_hits});
  return {{"moves", moves},
          {"winner", r.winner},
          {"finished", r.finished},
          {"stats", stats},
          {"seconds", r.seconds},
          {"longest", r.longest},
          {"longest_cpu", r.longest_cpu}};
}

template <Game G>
GameRecord<G> game_record_from_json(const nlohmann::json& j) {
  GameRecord<G> r;
  for (const auto& b : j.at("moves")) {
    const auto bits = json_integer<std::uint16_t>(b);
    typename G::Move m{};
    std::memcpy(&m, &bits, sizeof m);
    r.moves.push_back(m);
  }
  r.winner = json_integer<int>(j.at("winner"));
  r.finished = j.at("finished").get<bool>();
  for (std::size_t s = 0; s < 2; ++s) {
    const auto& x = j.at("stats").at(s);
    r.stats[s] = {json_integer<std::uint64_t>(x.at(0)), json_integer<std::uint64_t>(x.at(1)),
                  json_integer<std::uint64_t>(x.at(2)), json_integer<std::uint64_t>(x.at(3)),
                  json_integer<std::uint64_t>(x.at(4))};
  }
  r.seconds = j.at("seconds").get<std::array<double, 2>>();
  r.longest = j.at("longest").get<std::array<double, 2>>();
  r.longest_cpu = j.at("longest_cpu").get<std::array<double, 2>>();
  return r;
}

/// Games per unit of a series of `games` games: about 64 units (so threads and ranks share the
/// work), at most 1,000 games each (so a long series saves at most 1,000 unit files).
inline std::size_t series_block_games(std::size_t games) {
  return std::clamp<std::size_t>((games + 63) / 64, 1, 1000);
}

/// A game's record as the series reports it: its moves named by `move_name`.
template <Game G>
PlayedGame played_game(int number, const GameRecord<G>& r,
                       const std::function<std::string(const typename G::Move&)>& move_name) {
  PlayedGame g;
  g.number = number;
  for (const auto& m : r.moves) g.moves.push_back(move_name(m));
  g.winner = r.winner;
  g.finished = r.finished;
  g.stats = r.stats;
  g.seconds = r.seconds;
  g.longest = r.longest;
  return g;
}

/// Plays settings.games games from `start` between settings.players (made by `factory`);
/// `move_name` names a move for games.txt. Settings must be valid (validate(factory)).
/// `on_played`, when given, sees the games as they are known, in game order, on the calling
/// thread, a block at a time: games reused by --resume first, then each block of games once it
/// and every block before it have finished (one game at a time when watched; what history.csv
/// is written from as the series goes).
template <Game G>
Series<G> play_series(const G& start, const BotFactory<G>& factory, const SeriesSettings& settings,
                      const std::array<std::string, 2>& seats,
                      const std::function<std::string(const typename G::Move&)>& move_name,
                      const Control& control = {}, const SeriesView<G>* view = nullptr,
                      const std::function<void(std::span<const PlayedGame>)>& on_played = {}) {
  const Rng master(settings.seed);
  const auto games = static_cast<std::size_t>(settings.games);
  auto make_players = [&](std::size_t game) {
    std::array<std::unique_ptr<Bot<G>>, 2> bots;
    for (std::size_t s = 0; s < 2; ++s)
      bots[s] = factory.make(settings.players[s], master.split({game, s}));
    return bots;
  };
  const auto* cancel = control.cancel.flag();
  const Stopwatch clock;
  Series<G> out;
  out.result.seats = seats;
  out.result.players = settings.players;
  std::vector<GameRecord<G>> records(games);
  std::vector<char> played(games, 0);
  if (view) {
    for (std::size_t game = 0; game < games && !control.cancelled(); ++game) {
      auto bots = make_players(game);
      const std::array<Bot<G>*, 2> seated = {bots[0].get(), bots[1].get()};
      if (view->on_game_start) view->on_game_start(static_cast<int>(game + 1), seated);
      try {
        records[game] = play_game(
            start, seated,
            [&](const G& state, const typename G::Move& m,
                const SearchResult<typename G::Move>& r) {
              if (view->on_move)
                view->on_move(state, m, r, *seated[static_cast<std::size_t>(state.to_move())]);
            },
            100000, cancel);
      } catch (const QuitGame&) {
        out.result.quit = true;
        break;
      }
      if (control.cancelled()) break;
      played[game] = 1;
      if (view->on_game_end) view->on_game_end(records[game]);
      if (on_played) {
        const PlayedGame g = played_game(static_cast<int>(game + 1), records[game], move_name);
        on_played({&g, 1});
      }
      control.report(game + 1, games);
    }
  } else {
    // Blocks of consecutive games are units of work (core/units.hpp): on threads, or over MPI
    // ranks, one saved unit file per block (series_block_games).
    const std::size_t per_unit = series_block_games(games);
    const std::size_t units = (games + per_unit - 1) / per_unit;
    auto first_game = [&](std::size_t u) { return u * per_unit; };
    auto end_game = [&](std::size_t u) { return std::min(games, (u + 1) * per_unit); };
    UnitJob job;
    job.name = "series";
    job.count = units;
    job.threads = settings.threads;
    job.fingerprint = {{"start", start_fingerprint(start)},
                       {"seed", settings.seed},
                       {"players", settings.players}};
    const std::string fingerprint = job.fingerprint.dump();
    job.key = [&](std::size_t u) {
      return "series games " + std::to_string(first_game(u) + 1) + "-" +
             std::to_string(end_game(u)) + " " + fingerprint;
    };
    job.run = [&](std::size_t u, const CancelToken& token) -> std::optional<nlohmann::json> {
      nlohmann::json block = nlohmann::json::array();
      for (std::size_t game = first_game(u); game < end_game(u); ++game) {
        auto bots = make_players(game);
        auto record = play_game(
            start, {bots[0].get(), bots[1].get()},
            [](const G&, const typename G::Move&, const auto&) {}, 100000, token.flag());
        if (token.cancelled()) return std::nullopt;  // its finished games are reported below
        block.push_back(game_record_json(record));
        records[game] = std::move(record);
        played[game] = 1;
      }
      return nlohmann::json{{"games", std::move(block)}};
    };
    job.check = [&](std::size_t u, const nlohmann::json& r) {
      const auto& block = r.at("games");
      if (!block.is_array() || block.size() != end_game(u) - first_game(u))
        throw Error(fmt::format("expected the {} games {}-{}", end_game(u) - first_game(u),
                                first_game(u) + 1, end_game(u)));
      for (const auto& g : block) check_game_record(start, game_record_from_json<G>(g));
    };
    // Blocks finish in any order: each is held until the blocks before it are reported.
    std::vector<std::vector<PlayedGame>> waiting(on_played ? units : 0);
    std::vector<char> arrived(waiting.size(), 0);
    std::size_t next_block = 0;
    if (on_played) {
      job.on_result = [&](std::size_t u, const nlohmann::json& r) {
        const auto& block = r.at("games");
        for (std::size_t game = first_game(u); game < end_game(u); ++game)
          waiting[u].push_back(played_game(static_cast<int>(game + 1),
                                           game_record_from_json<G>(block.at(game - first_game(u))),
                                           move_name));
        arrived[u] = 1;
        for (; next_block < units && arrived[next_block]; ++next_block) {
          on_played(waiting[next_block]);
          waiting[next_block].clear();
        }
      };
    }
    Control by_blocks = control;
    by_blocks.progress = [&](std::uint64_t done, std::uint64_t) {
      control.report(std::min<std::uint64_t>(done * per_unit, games), games);
    };
    const UnitResults done = run_units(job, by_blocks);
    for (std::size_t u = 0; u < units; ++u) {
      if (!done[u]) continue;
      for (std::size_t game = first_game(u); game < end_game(u); ++game) {
        records[game] = game_record_from_json<G>(done[u]->at("games").at(game - first_game(u)));
        played[game] = 1;
      }
    }
  }
  out.result.cancelled = control.cancelled();
  for (std::size_t game = 0; game < games; ++game) {
    if (!played[game]) continue;
    out.result.games.push_back(played_game(static_cast<int>(game + 1), records[game], move_name));
    out.records.push_back(std::move(records[game]));
  }
  out.result.seconds = clock.seconds();
  return out;
}

/// Wins, draws and losses of `first` against `second` over `games` games from `start`, game g's
/// players drawing from rng.split({g, seat}) (a quick tally on one thread, no records).
template <Game G>
std::array<int, 3> win_draw_loss(const G& start, const BotFactory<G>& factory,
                                 const std::string& first, const std::string& second, int games,
                                 const Rng& rng) {
  std::array<int, 3> out{};
  for (int g = 0; g < games; ++g) {
    auto a = factory.make(first, rng.split({static_cast<std::uint64_t>(g), 0}));
    auto b = factory.make(second, rng.split({static_cast<std::uint64_t>(g), 1}));
    const auto r =
        play_game(start, {a.get(), b.get()}, [](const G&, const typename G::Move&, const auto&) {});
    ++out[static_cast<std::size_t>(r.winner == 0 ? 0 : r.winner < 0 ? 1 : 2)];
  }
  return out;
}

}  // namespace evoplay::search
