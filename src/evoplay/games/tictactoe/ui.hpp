#pragma once
// Tic-tac-toe as people see it (search/game_ui.hpp): the board with cell numbers, cells typed 1
// to 9, the bots (with the learned agents of `agent:DIR`), and, when an agent plays, how many
// games were drawn and how many of its moves its rules chose.

#include <memory>

#include "evoplay/games/tictactoe/board.hpp"
#include "evoplay/search/game_ui.hpp"

namespace evoplay::games::tictactoe {

std::shared_ptr<const search::GameUi<Board>> game_ui();

}  // namespace evoplay::games::tictactoe
