#pragma once
// A learning agent of the tic-tac-toe program: a list of rules and a weight, and how it chooses
// a move.
//
// Why it exists: the original program's choice, exactly: B = the rules whose left side matches
// the board; if B is empty, a random legal move; else C = the rules of B with the highest
// priority, D = the rules of C with the highest weight, and a random rule of D. With `symmetry`
// (the strong preset) a rule also matches the board turned or mirrored; the rule chosen then
// plays the cell its action maps to (a random one when it matches under several symmetries).
// AgentPolicy compiles an agent once (rules sorted by priority and weight, symmetric variants
// expanded) so that a choice stops at the first level that fires.

#include <array>
#include <cstdint>
#include <vector>

#include "evoplay/core/rng.hpp"
#include "evoplay/games/tictactoe/board.hpp"
#include "evoplay/games/tictactoe/rule.hpp"

namespace evoplay::games::tictactoe {

struct Agent {
  std::vector<Rule> rules;
  double weight = 0;       // its score (points, or panel fitness)
  std::uint64_t born = 0;  // the cycle that made it (0: the first population)
  bool perfect = false;    // the perfect player put in by --inject-perfect (not its children)
};

/// The probabilities of each cell being played, and whether a rule fired.
struct MoveDist {
  std::array<double, 9> p{};
  bool by_rule = false;
};

class AgentPolicy {
 public:
  AgentPolicy() = default;
  AgentPolicy(const Agent& agent, bool symmetry);

  struct Choice {
    Board::Move cell = 0;
    int rule = -1;  // index into the agent's rules; -1 when no rule fired (a random move)
  };
  /// One move for the side to move in `b` (not terminal), drawing from `rng`.
  Choice choose(const Board& b, Rng& rng) const;
  /// The exact distribution of choose() in `b`.
  MoveDist distribution(const Board& b) const;

 private:
  struct Entry {
    std::uint16_t mine, theirs, empty;
    std::uint8_t cell, priority;
    int weight;
    int rule;
  };
  // The range [first, last) of entries at the highest level that fires, or first == last.
  std::pair<std::size_t, std::size_t> top_level(std::uint16_t me, std::uint16_t opp) const;
  // What a board must show for an entry to fire, packed as mine | theirs << 9 | empty << 18.
  static std::uint32_t packed(std::uint16_t mine, std::uint16_t theirs, std::uint16_t empty) {
    return static_cast<std::uint32_t>(mine) | static_cast<std::uint32_t>(theirs) << 9 |
           static_cast<std::uint32_t>(empty) << 18;
  }
  std::vector<Entry> entries_;       // by priority, then weight (descending), then rule
  std::vector<std::uint32_t> need_;  // packed(entry): fires when (need & ~board) == 0
};

/// Each agent's rule keys (Rule::key: left side and action), sorted: what similarity compares.
std::vector<std::vector<std::uint64_t>> sorted_keys(const std::vector<Agent>& agents);
/// Share of a's rules that b also has, counting repeats once each, from the agents' sorted keys.
double similarity(const std::vector<std::uint64_t>& a, const std::vector<std::uint64_t>& b);

}  // namespace evoplay::games::tictactoe
