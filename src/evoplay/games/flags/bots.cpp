#include "evoplay/games/flags/bots.hpp"

#include <fmt/format.h>

namespace evoplay::games::flags {

search::BotFactory<State> bots() {
  search::BotDefaults d;
  d.minimax_depth = 3;
  d.alphabeta_depth = 64;
  d.alphabeta_seconds = 0.1;
  d.mcts_iterations = 2000;
  d.table_mib = 16;
  return search::standard_bots<State>(d);
}

std::string describe_value(search::Score value) {
  if (search::is_win_score(value)) return "win";
  if (search::is_loss_score(value)) return "loss";
  return fmt::format("{:+d}", value);
}

}  // namespace evoplay::games::flags
