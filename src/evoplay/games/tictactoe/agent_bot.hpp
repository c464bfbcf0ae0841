#pragma once
// A learned agent as a player of the search engine (`play --o agent:DIR[:RANK]`).
//
// Why it exists: people play the agents a learning run saved, as the original program's "Play
// against the computer" did, and the board says how many games were drawn and how many of the
// agent's moves a rule chose (the rest were random: no rule fired).

#include <atomic>
#include <cstdint>
#include <memory>
#include <string>

#include "evoplay/games/tictactoe/agent.hpp"
#include "evoplay/games/tictactoe/board.hpp"
#include "evoplay/search/bots.hpp"

namespace evoplay::games::tictactoe {

/// What the agents did in one play command (shared by its bots and its board display).
struct AgentTally {
  std::atomic<bool> active{false};  // an agent plays
  std::atomic<std::uint64_t> moves{0}, rule_moves{0}, games{0}, draws{0};

  /// "draws: 1 of 2 games; the agent's moves from rules: 7 of 9" (empty when no agent plays).
  std::string status() const;
};

class AgentBot : public search::Bot<Board> {
 public:
  AgentBot(std::string name, const Agent& agent, bool symmetry, Rng rng,
           std::shared_ptr<AgentTally> tally);
  search::SearchResult<Board::Move> choose(const Board& b) override;

 private:
  AgentPolicy policy_;
  Rng rng_;
  std::shared_ptr<AgentTally> tally_;
};

/// Adds the kind `agent:DIR[:RANK]`: agent RANK (1 = the best, the default) of the population
/// saved in the run folder DIR by `tictactoe learn`. Each folder is read once.
void add_agent_bots(search::BotFactory<Board>& factory, std::shared_ptr<AgentTally> tally);

}  // namespace evoplay::games::tictactoe
