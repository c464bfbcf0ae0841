#pragma once
// Players of the game: what shot to make with the next bird from a state.
//
// - random: a random angle (full power) and, for birds with an ability, a random tap time within
//   the flight;
// - naive: the AIBIRDS naive agent in world units (the shots doc §6): a random pig, the low
//   trajectory through its centre (the high one with probability 1/6), the bird type's tap at a
//   random share of the horizontal distance to the pig;
// - search: simulates candidate shots (angles, and taps for birds with abilities) from the state
//   and plays the one that kills the most pigs, then does the most damage; `budget` candidates
//   per bird, a coarse sweep of angles then refinements around the best. With a beam wider than
//   1 it looks ahead over the next birds (each of the `beam` best states expanded), and plays the
//   first shot of the best sequence.
//
// Every choice is a function of the state, the settings and the Rng given: the same seed plays
// the same game at any number of threads.

#include <cstdint>
#include <nlohmann/json.hpp>
#include <optional>
#include <string_view>
#include <vector>

#include "evoplay/core/cancel.hpp"
#include "evoplay/core/fields.hpp"
#include "evoplay/core/rng.hpp"
#include "evoplay/games/birds/level.hpp"
#include "evoplay/games/birds/shot.hpp"

namespace evoplay::games::birds {

enum class AgentKind { kRandom, kNaive, kSearch };
inline constexpr fields::EnumName<AgentKind> kAgentNames[] = {
    {AgentKind::kRandom, "random"}, {AgentKind::kNaive, "naive"}, {AgentKind::kSearch, "search"}};
std::string_view agent_name(AgentKind kind);
/// "random", "naive", "search" (any case, as the field reads them); throws Error otherwise.
AgentKind parse_agent(std::string_view name);

}  // namespace evoplay::games::birds

/// Read and written by its names ("random", "naive", "search").
template <>
struct evoplay::fields::FieldValue<evoplay::games::birds::AgentKind>
    : EnumValue<games::birds::AgentKind, games::birds::kAgentNames> {};

namespace evoplay::games::birds {

struct AgentSettings {
  AgentKind kind = AgentKind::kSearch;
  double min_angle = -10, max_angle = 80;  // degrees: random and search shots
  int budget = 100;                        // search: candidate shots simulated per bird
  int beam = 1;                            // search: states kept per bird (1: greedy)
  int depth = 2;                           // search with a beam: birds looked ahead at most
  int threads = 1;                         // search: candidates simulated in parallel
  void validate() const;
  nlohmann::json to_json() const;

  /// The search agent's settings a person chooses (`birds play`, `birds difficulty`).
  template <class S, class V>
  static void fields(S& s, V& v) {
    v(s.budget, {.name = "budget",
                 .help = "search: candidate shots simulated per bird",
                 .lo = 1,
                 .hi = 100000});
    v(s.beam, {.name = "beam",
               .help = "search: states kept per bird when looking ahead over the next birds (1: "
                       "one bird at a time)",
               .lo = 1,
               .hi = 1000});
    v(s.depth, {.name = "depth",
                .help = "search with --beam above 1: birds looked ahead at most",
                .lo = 1,
                .hi = 100});
  }
};

/// `birds play`'s settings: which agent plays how many games, from which seed.
struct AgentGamesSettings {
  AgentKind agent = AgentKind::kSearch;
  int attempts = 1;
  AgentSettings search;
  std::uint64_t seed = 1;
  int threads = 0;

  template <class S, class V>
  static void fields(S& s, V& v) {
    v(s.agent, {.name = "agent", .help = "random, naive (the AIBIRDS naive agent) or search"});
    v(s.attempts,
      {.name = "attempts", .help = "games to play, each with its own seed", .lo = 1, .hi = 100000});
    v.group(s.search, {});
    v(s.seed, fields::kSeed);
    v(s.threads, fields::kThreads);
  }
  /// The agent's settings (its kind, the search's budget, beam and depth).
  AgentSettings settings() const {
    AgentSettings a = search;
    a.kind = agent;
    return a;
  }
};

/// A shot chosen, with what the search expected of it.
struct Decision {
  Shot shot;
  int simulated = 0;  // shots the agent simulated to choose it
  int target = -1;    // naive: the pig aimed at (index in the level)
};

Decision choose_shot(const AgentSettings& agent, const Level& level, const GameState& state,
                     const PlaySettings& play, Rng& rng);

/// A whole game played by an agent, or by a list of shots.
struct GameRecord {
  std::string agent;  // "random", "naive", "search" or "shots"
  std::uint64_t seed = 0;
  std::vector<ShotRecord> shots;
  GameStatus status = GameStatus::kPlaying;  // won, lost, or playing (shots ran out before)
  int pigs = 0;                              // pigs alive before the first shot
  int pigs_killed = 0;
  int birds_used = 0;
  int score = 0;
  int simulated = 0;  // shots the agent simulated to choose its shots
  GameState start;    // the level settled, before the first shot
  GameState end;      // after the last shot
  bool won() const { return status == GameStatus::kWon; }
  nlohmann::json to_json(const Level& level) const;
};

/// Whether the search agent, sweeping `budget` shots of its first bird from the level settled
/// (its first decision's sweep and refinements, stopping at the first shot that wins), finds one
/// that kills every pig: the generator's check that a level needs two birds or more. One
/// thread; deterministic for a seed.
bool first_bird_wins(const Level& level, int budget, const PlaySettings& play, std::uint64_t seed);

/// Plays until the level is won or lost. Decision k draws from Rng(seed).split(k).
GameRecord play_game(const Level& level, const AgentSettings& agent, const PlaySettings& play,
                     std::uint64_t seed);

/// The same, from a given start (the level settled: initial_state).
GameRecord play_game_from(const Level& level, const GameState& start, const AgentSettings& agent,
                          const PlaySettings& play, std::uint64_t seed);

/// `attempts` games from the level settled, game k seeded Rng(seed).split(k) (a single game:
/// `seed` itself). Several games run `threads` at a time; a single game's search uses them. A
/// cancel plays no further game (the vector then holds the games finished, in order).
std::vector<GameRecord> play_attempts(const Level& level, AgentSettings agent, int attempts,
                                      const PlaySettings& play, std::uint64_t seed, int threads,
                                      const CancelToken& cancel = {});

/// Plays the given shots in the level's bird order, stopping early if the game ends.
GameRecord play_shots(const Level& level, std::span<const Shot> shots, const PlaySettings& play);

/// Plays one more shot from the end of `game` (still playing) with its next bird and adds it to
/// the record: the shot, its pigs and points, the game's status and end. `on_step` as
/// play_shot's (the server's frames).
void play_next_shot(const Level& level, GameRecord& game, const Shot& shot,
                    const PlaySettings& play,
                    const std::function<void(const ShotRun&)>& on_step = {});

}  // namespace evoplay::games::birds
