#pragma once
// Connect Four as people see it (search/game_ui.hpp): the board as text, columns typed 1 to 7,
// and the bots.

#include <memory>

#include "evoplay/games/connect4/board.hpp"
#include "evoplay/search/game_ui.hpp"

namespace evoplay::games::connect4 {

std::shared_ptr<const search::GameUi<Board>> game_ui();

}  // namespace evoplay::games::connect4
