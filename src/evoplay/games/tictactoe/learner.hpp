#pragma once
// The learning cycle of the tic-tac-toe program: a population of rule-set agents that play,
// are sorted by weight, and whose best breed over the worst.
//
// Why it exists: the original program's cycle is co-evolutionary (the agents' weights come from
// games against each other, and the rules' weights change inside those games), which does not
// fit the evo engine's run_ga; it is written here, with the engine's pieces: Rng streams,
// Workers, History. Every random draw of cycle c comes from Rng(seed).split({c, purpose, slot}),
// so a run is the same at any --threads and a saved population resumes exactly: the state is the
// population and the cycle number, nothing else.
//
// One cycle (fitness "pairs", the original): pair the agents; each pair plays `games_per_pair`
// games alternating who starts; points to the winner and from the loser, and +1 / -1 to the
// weight of each rule used in a won / lost game (in every agent that has it, with shared
// knowledge); sort by weight; breed. With fitness "panel" (the strong preset) the weight is the
// result against a fixed panel of players instead, computed exactly.

#include <atomic>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "evoplay/core/history.hpp"
#include "evoplay/core/parallel.hpp"
#include "evoplay/games/tictactoe/agent.hpp"
#include "evoplay/games/tictactoe/learn_settings.hpp"
#include "evoplay/games/tictactoe/measures.hpp"

namespace evoplay::games::tictactoe {

/// Everything a run needs to continue: saved by --resume's population file.
struct Population {
  std::uint64_t cycle = 0;
  std::vector<Agent> agents;        // best first after each cycle
  std::vector<Agent> hall_of_fame;  // oldest first
  std::uint64_t evaluations = 0;    // games played (pairs) or agents evaluated (panel), in all
  double seconds = 0;               // learning time of the sessions so far
};

/// What the last cycle did.
struct CycleStats {
  double best = 0, mean = 0, worst = 0;  // agents' weights when they were sorted
  std::uint64_t games = 0, draws = 0, moves = 0, rule_moves = 0;  // its games (pairs fitness)
};

/// The perfect player as rules: for each seat, one full-pattern rule (priority 3) per position
/// it can face when it plays the search engine's perfect moves (fastest wins): 507 rules (81 as
/// X, 426 as O), ordered by ply with both seats interleaved, so that a child inheriting only its
/// first --rules rules gets the openings of both seats.
Agent perfect_agent(const Referee& referee);

/// Which agents (indices into the population sorted best first) breed and which are replaced by
/// the children, for a selection scheme and population size.
struct BreedingPlan {
  std::vector<std::size_t> parents, replaced;
};
BreedingPlan breeding_plan(const LearnSettings& settings, std::size_t agents);

/// The extra columns of history.csv, in order, for these settings: the names of the one list of
/// columns (history_row.cpp) whose values Learner::record writes after the standard ones.
std::vector<std::string> history_columns(const LearnSettings& settings);

class Learner {
 public:
  /// A new random population (cycle 0); with panel fitness it is evaluated and sorted.
  Learner(const LearnSettings& settings, std::uint64_t seed, const Referee& referee,
          Workers& workers);
  /// Continues a saved population.
  Learner(const LearnSettings& settings, std::uint64_t seed, const Referee& referee,
          Population saved);

  /// Runs cycle cycle()+1: with pairs fitness play_pairs, sort_agents, breed, inject, cull;
  /// with panel fitness a restart or breed, inject, evaluate, sort (hall of fame), cull.
  void run_cycle(Workers& workers);

  // The steps of a cycle, in the order run_cycle calls them (public for the tests, which build
  // small populations by hand and check each step's result). `c` is the cycle being run.

  /// Pairs fitness: the agents play in pairs; points to the agents, +1 / -1 to the rules used in
  /// won / lost games (in every agent that has them, with shared knowledge).
  void play_pairs(std::uint64_t c, Workers& workers);
  /// Sorts best first by weight (minus the sharing penalty); sets last_stats' best/mean/worst.
  void sort_agents();
  /// The children of cycle c replace the agents breeding_plan names.
  void breed(std::uint64_t c);
  /// At the cycle --inject-perfect names: the perfect player takes the last slot (the worst
  /// agent's, after breeding), with the highest weight in the population (pairs fitness) or
  /// to be evaluated (panel). True when it joined.
  bool inject(std::uint64_t c);
  /// At multiples of --cull-every: rules with weight <= --cull-weight become new random rules.
  /// True when some rule changed.
  bool cull(std::uint64_t c);
  /// Child `which` (0 or 1) of parents a and b, born at cycle c.
  Agent child(const Agent& a, const Agent& b, int which, std::uint64_t c, Rng& rng,
              const std::vector<int>& losing = {}) const;

  std::uint64_t cycle() const { return pop_.cycle; }
  const Population& population() const { return pop_; }
  Population& population() { return pop_; }
  const CycleStats& last_stats() const { return stats_; }
  const LearnSettings& settings() const { return s_; }
  const Referee& referee() const { return referee_; }

  /// The history row of the current population: weights, the last cycle's games, and the
  /// measures of the best agent and the population (docs/tictactoe-learning.md lists them).
  /// Its work grows with the square of the population times the rules (hours for 10,000 agents
  /// of 10,000 rules): once `stop` is set it returns soon, with nothing (no row).
  std::optional<GenerationRecord> record(Workers& workers, double elapsed,
                                         const std::atomic<bool>* stop = nullptr) const;
  /// The measures of the best agent (those of record()), with its exact measures when given.
  AgentMeasures measure_best(const ExactMeasures* exact = nullptr) const;

 private:
  void evaluate(std::uint64_t c, Workers& workers);
  Rule new_rule(Rng& rng) const;
  // The positions of the games `agent` can lose (covering's targets).
  std::vector<int> losing_positions(const Agent& agent) const;
  void replace_repeated(Agent& agent, Rng& rng) const;

  LearnSettings s_;
  Rng master_;
  const Referee& referee_;
  Population pop_;
  CycleStats stats_;
  std::vector<char> evaluated_;  // panel fitness: weight is current
};

/// How a learning session ended.
struct LearnOutcome {
  bool unbeatable = false;   // the best agent passed the exhaustive check in both seats
  bool interrupted = false;  // a stop request (Ctrl-C)
  std::uint64_t unbeatable_cycle = 0;
  double unbeatable_seconds = 0;
};

struct LearnHooks {
  const std::atomic<bool>* stop = nullptr;  // checked after every cycle
  /// After each cycle (progress display): the learner, and the new history row if any.
  std::function<void(const Learner&, const GenerationRecord*)> on_cycle;
  /// Saves the state (population and history) every measured cycle and at the end.
  std::function<void(const Learner&, const History&)> checkpoint;
};

/// Runs cycles until settings.cycles, a stop request, or (until_unbeatable) an unbeatable best
/// agent. `history` holds the rows so far (one per `measure_every` cycles, and one at the end).
LearnOutcome learn(Learner& learner, History& history, Workers& workers, const LearnHooks& hooks);

}  // namespace evoplay::games::tictactoe
