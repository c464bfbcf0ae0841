// `tictactoe solve` as a library call: the published facts of the game (5,478 positions, 765 up
// to symmetry, 255,168 games: 131,184 won by X, 77,904 by O, 46,080 drawn; a draw with perfect
// play) and the nodes the searches need.
#include "evoplay/games/tictactoe/solve_report.hpp"

#include <gtest/gtest.h>

namespace ttt = evoplay::games::tictactoe;

TEST(SolveReport, TheGamesKnownFactsAndTheCostOfSearch) {
  const auto r = ttt::solve_game();
  EXPECT_EQ(r.value, "draw");
  EXPECT_TRUE(r.every_first_move_equal);
  const auto j = r.to_json();
  EXPECT_EQ(j["positions"], 5478);
  EXPECT_EQ(j["symmetry_classes"], 765);
  EXPECT_EQ(j["games"]["total"], 255168);
  EXPECT_EQ(j["games"]["x_wins"], 131184);
  EXPECT_EQ(j["games"]["o_wins"], 77904);
  EXPECT_EQ(j["games"]["draws"], 46080);
  ASSERT_EQ(r.costs.size(), 3u);
  EXPECT_EQ(r.costs[0].result.stats.nodes, 549946u);  // every node of the game tree
  for (const auto& c : r.costs) EXPECT_EQ(c.result.value, 0) << c.algorithm;
  EXPECT_LT(r.costs[2].result.stats.nodes, r.costs[1].result.stats.nodes);
  EXPECT_NE(r.to_text().find("255168 (X wins 131184, O wins 77904, draws 46080)"),
            std::string::npos);
}
