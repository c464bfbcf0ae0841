#pragma once
// Connect Four as people see it (search/game_ui.hpp): the board as text, columns typed 1 to 7,
// every bot kind of bots.hpp. The command line's `connect4 play` and the web server share it.

#include <memory>

#include "evoplay/games/connect4/board.hpp"
#include "evoplay/search/game_ui.hpp"

namespace evoplay::games::connect4 {

std::shared_ptr<const search::GameUi<Board>> game_ui();

}  // namespace evoplay::games::connect4
