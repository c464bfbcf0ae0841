#include "evoplay/games/tictactoe/ui.hpp"

#include <fmt/format.h>

#include "evoplay/games/tictactoe/agent_bot.hpp"
#include "evoplay/games/tictactoe/perfect.hpp"

namespace evoplay::games::tictactoe {

std::shared_ptr<const search::GameUi<Board>> game_ui() {
  auto ui = std::make_shared<search::GameUi<Board>>();
  auto tally = std::make_shared<AgentTally>();
  ui->command = "tictactoe";
  ui->seat_names = {"X", "O"};
  ui->draw = [tally](const Board& b, bool human) { return b.to_text(human) + tally->status(); };
  ui->on_game_end = [tally](const Board&, int winner) {
    ++tally->games;
    if (winner < 0) ++tally->draws;
  };
  ui->move_name = [](const Board::Move& m) { return std::to_string(m + 1); };
  ui->move_help = "a cell from 1 to 9";
  ui->parse_move = [](const Board& b, std::string_view text, Board::Move& m, std::string& why) {
    int cell = 0;
    if (!search::read_number(text, 1, 9, "cell", cell, why)) return false;
    if (!(b.empty() >> (cell - 1) & 1)) {
      why = fmt::format("cell {} is taken: choose an empty cell", cell);
      return false;
    }
    m = static_cast<Board::Move>(cell - 1);
    return true;
  };
  ui->bots = [tally] {
    auto f = bots();
    add_agent_bots(f, tally);
    return f;
  };
  return ui;
}

}  // namespace evoplay::games::tictactoe
