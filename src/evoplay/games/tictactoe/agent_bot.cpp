#include "evoplay/games/tictactoe/agent_bot.hpp"

#include <fmt/format.h>

#include <map>
#include <mutex>

#include "evoplay/games/tictactoe/population_io.hpp"

namespace evoplay::games::tictactoe {

std::string AgentTally::status() const {
  if (!active.load()) return "";
  return fmt::format("draws: {} of {} games; the agent's moves from rules: {} of {}\n",
                     draws.load(), games.load(), rule_moves.load(), moves.load());
}

AgentBot::AgentBot(std::string name, const Agent& agent, bool symmetry, Rng rng,
                   std::shared_ptr<AgentTally> tally)
    : search::Bot<Board>(std::move(name)),
      policy_(agent, symmetry),
      rng_(rng),
      tally_(std::move(tally)) {
  if (tally_) tally_->active = true;
}

search::SearchResult<Board::Move> AgentBot::choose(const Board& b) {
  search::SearchResult<Board::Move> r;
  if (b.is_terminal()) return r;
  const auto c = policy_.choose(b, rng_);
  r.move = c.cell;
  r.has_move = true;
  r.pv = {c.cell};
  if (tally_) {
    ++tally_->moves;
    if (c.rule >= 0) ++tally_->rule_moves;
  }
  return r;
}

void add_agent_bots(search::BotFactory<Board>& factory, std::shared_ptr<AgentTally> tally) {
  struct Cache {
    std::mutex mutex;
    std::map<std::string, std::shared_ptr<const SavedPopulation>> folders;
  };
  auto cache = std::make_shared<Cache>();
  factory.add(
      "agent", "agent:DIR[:RANK]",
      [cache, tally](const search::BotSpec& s, Rng rng) -> std::unique_ptr<search::Bot<Board>> {
        s.expect_at_most(2);
        if (s.args.empty())
          throw Error(fmt::format(
              "player '{}': expected agent:DIR[:RANK], DIR a run folder of tictactoe learn",
              s.text));
        std::shared_ptr<const SavedPopulation> saved;
        {
          const std::lock_guard lock(cache->mutex);
          auto& slot = cache->folders[s.args[0]];
          if (!slot) slot = std::make_shared<const SavedPopulation>(read_population(s.args[0]));
          saved = slot;
        }
        std::size_t rank = 1;
        const auto& agents = saved->population.agents;
        if (s.args.size() == 2) {
          const auto n = search::parse_count(s.args[1]);
          if (!n || *n > agents.size())
            throw Error(
                fmt::format("player '{}': expected a rank from 1 to {}", s.text, agents.size()));
          rank = static_cast<std::size_t>(*n);
        }
        return std::make_unique<AgentBot>(s.text, agents[rank - 1], saved->symmetry, rng, tally);
      });
}

}  // namespace evoplay::games::tictactoe
