#pragma once
// `flags tournament` as a library call: a round robin of bots on maps (sides swapped), with
// standings, crosstable and Elo (search/tournament.hpp).
//
// Why it exists: the command line, Python and the web server run the same tournament with the
// same games for the same seed (bots not limited by time); the games are independent units in
// schedule order, and a cancelled tournament reports the games finished by then.

#include <cstdint>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "evoplay/core/control.hpp"
#include "evoplay/core/fields.hpp"
#include "evoplay/core/limits.hpp"
#include "evoplay/core/run_dir.hpp"
#include "evoplay/games/flags/state.hpp"
#include "evoplay/search/tournament.hpp"

namespace evoplay::games::flags {

struct TournamentSettings {
  std::vector<std::string> bots;  // specs, e.g. {"random", "greedy", "alphabeta:4"}
  std::vector<std::string> maps;  // map files
  int games = 1;                  // per pairing, map and side
  std::uint64_t seed = 1;
  int threads = 0;  // games played at once; 0 = every hardware thread

  /// The bots of a comma-separated list (--bots): throws Error on an empty name.
  static std::vector<std::string> parse_bots(const std::string& list);
  /// The settings besides the bots and the maps (the command's inputs).
  template <class S, class V>
  static void fields(S& s, V& v) {
    v(s.games,
      {.name = "games", .help = "games per pairing, map and side", .lo = 1, .hi = limits::kGames});
    v(s.seed, fields::kSeed);
    v(s.threads, fields::kThreads);
  }
  /// Refuses what a tournament cannot play: fewer than two bots, a bot listed twice, `human`, a
  /// bad spec, no map, a number out of range. Throws Error naming the option.
  void validate() const;
  /// config.json: command, version, seed, threads, bots (and their resolved settings), maps,
  /// games per pairing, the time rule.
  nlohmann::json to_json() const;
};

/// A tournament's start positions, one a map, and their names (the files' stems).
struct TournamentMaps {
  std::vector<State> starts;
  std::vector<std::string> names;
};

/// Reads every map (throws on the first broken one).
TournamentMaps load_tournament_maps(const std::vector<std::string>& files);

struct TournamentReport {
  search::TournamentResult result;
  bool cancelled = false;
  std::string title;  // "Capture the flag: 3 bots on 1 map"

  /// result.json (search::to_json of the result), with "stopped": "cancelled" when cancelled.
  nlohmann::json to_json() const;
  /// standings.md: the standings and the crosstable.
  std::string markdown() const { return search::to_markdown(result, title); }
  /// Writes standings.csv, games.csv and standings.md in `run`.
  void write_files(const RunDir& run) const;
};

/// Plays a tournament of valid settings on `maps` (loaded from settings.maps); progress counts
/// games.
TournamentReport play_tournament(const TournamentSettings& settings, const TournamentMaps& maps,
                                 const Control& control = {});

/// Why a game ended: "flags", "eliminated", "turns" or "unfinished".
std::string end_reason(const State& s);

}  // namespace evoplay::games::flags
