#include "evoplay/games/connect4/ui.hpp"

#include <fmt/format.h>

#include "evoplay/games/connect4/bots.hpp"

namespace evoplay::games::connect4 {

std::shared_ptr<const search::GameUi<Board>> game_ui() {
  auto ui = std::make_shared<search::GameUi<Board>>();
  ui->command = "connect4";
  ui->seat_names = {"X", "O"};
  ui->draw = [](const Board& b, bool) { return b.to_text(); };
  ui->move_name = [](const Board::Move& m) { return std::to_string(m + 1); };
  ui->move_help = "a column from 1 to 7";
  ui->parse_move = [](const Board& b, std::string_view text, Board::Move& m, std::string& why) {
    int col = 0;
    if (!search::read_number(text, 1, kWidth, "column", col, why)) return false;
    if (!b.can_play(col - 1)) {
      why = fmt::format("column {} is full: choose another", col);
      return false;
    }
    m = static_cast<Board::Move>(col - 1);
    return true;
  };
  ui->bots = [] { return bots(); };
  return ui;
}

}  // namespace evoplay::games::connect4
