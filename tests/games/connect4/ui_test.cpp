// Connect Four as people type it: columns 1 to 7, a full column refused with a reason.
#include "evoplay/games/connect4/ui.hpp"

#include <gtest/gtest.h>

using namespace evoplay::games::connect4;

TEST(Connect4Ui, ColumnsAreTypedFromOneToSeven) {
  const auto ui = game_ui();
  const Board empty;
  Board::Move m = 0;
  std::string why;
  ASSERT_TRUE(ui->parse_move(empty, "4", m, why)) << why;
  EXPECT_EQ(m, 3);
  EXPECT_EQ(ui->move_name(m), "4");
  EXPECT_FALSE(ui->parse_move(empty, "8", m, why));
  EXPECT_FALSE(why.empty());
  EXPECT_FALSE(ui->parse_move(empty, "0", m, why));
}

TEST(Connect4Ui, AFullColumnIsRefusedByName) {
  const auto ui = game_ui();
  const Board full = Board::from_moves("444444");  // column 4 holds six discs
  Board::Move m = 0;
  std::string why;
  EXPECT_FALSE(ui->parse_move(full, "4", m, why));
  EXPECT_EQ(why, "column 4 is full: choose another");
  EXPECT_TRUE(ui->parse_move(full, "5", m, why));
}
