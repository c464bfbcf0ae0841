#pragma once
// How hard a level is to play, measured by playing it: the naive agent's win rate over a number
// of attempts (each a whole game, its own seed), the share of random first shots that kill at
// least one pig, and whether the search agent wins and with how many birds. A level is
// solvable when the search agent wins it. Also what the level holds (pigs, blocks, birds) and how
// well its structure protects its pigs (protection.hpp).
//
// The attempts, the random shots and the search game are independent units computed in parallel
// slots, each with its own stream of the seed: the same report at any number of threads.

#include <cstdint>
#include <nlohmann/json.hpp>
#include <span>
#include <vector>

#include "evoplay/games/birds/agents.hpp"
#include "evoplay/games/birds/protection.hpp"

namespace evoplay::games::birds {

struct DifficultySettings {
  PlaySettings play;
  int naive_attempts = 10;  // whole games by the naive agent
  int random_shots = 40;    // single random shots from the level settled
  AgentSettings search;     // the search agent (kind is set to search)
  ProtectionSettings protection;
  std::uint64_t seed = 1;
  int threads = 1;
  void validate() const;
  nlohmann::json to_json() const;

  /// What `birds difficulty` lets a person choose.
  template <class S, class V>
  static void fields(S& s, V& v) {
    v(s.naive_attempts,
      {.name = "attempts", .help = "games of the naive agent per level", .lo = 0, .hi = 100000});
    v(s.random_shots,
      {.name = "random-shots", .help = "random first shots per level", .lo = 0, .hi = 100000});
    v.group(s.search, {});
    v(s.seed, fields::kSeed);
    v(s.threads, fields::kThreads);
  }
};

struct DifficultyReport {
  int pigs = 0, blocks = 0, tnt = 0, platforms = 0, birds = 0;
  int naive_wins = 0, naive_attempts = 0;
  double naive_win_rate = 0;
  int random_hits = 0, random_shots = 0;  // random first shots killing at least one pig
  double random_kill_share = 0;
  bool solvable = false;  // the search agent won
  GameRecord search;      // its game
  ProtectionReport protection;
  int shots_simulated = 0;  // every shot simulated for this report (the agents' included)
  nlohmann::json to_json() const;
};

DifficultyReport measure_difficulty(const Level& level, const DifficultySettings& settings);

/// Means over a set of levels, and how difficulty spreads over it.
struct DifficultySummary {
  int levels = 0, solvable = 0;
  double naive_win_rate = 0, random_kill_share = 0, protected_share = 0, blocks = 0, pigs = 0;
  double search_birds_used = 0;  // over the solvable levels
  int first_bird_wins = 0;       // levels the search agent won with its first bird
  // The naive agent's win rate over the levels: its spread (standard deviation), lowest and
  // highest; and how many levels the search agent won with 1, 2, 3, ... birds (index 0: not won).
  double naive_win_rate_sd = 0, naive_win_rate_min = 0, naive_win_rate_max = 0;
  std::vector<int> won_with_birds;
  nlohmann::json to_json() const;
};

DifficultySummary summarise(std::span<const DifficultyReport> reports);

}  // namespace evoplay::games::birds
