// A series of games between two bots (search/series.hpp) on tic-tac-toe, in-process: the same
// games at any thread count, a cancelled series, the reports, a person typing moves, and the
// resolved settings of the bots.
#include "evoplay/search/series.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <span>
#include <sstream>

#include "evoplay/core/error.hpp"
#include "evoplay/games/tictactoe/perfect.hpp"
#include "evoplay/games/tictactoe/ui.hpp"

using namespace evoplay;
namespace ttt = evoplay::games::tictactoe;

namespace {

search::Series<ttt::Board> play(const search::SeriesSettings& s, const Control& control = {}) {
  return search::play_series<ttt::Board>(
      {}, ttt::bots(), s, {"X", "O"},
      [](const ttt::Board::Move& m) { return std::to_string(m + 1); }, control);
}

}  // namespace

TEST(Series, TheSameGamesAtAnyThreadCountInGameOrder) {
  search::SeriesSettings s{{"random", "mcts:200"}, 12, 5, 1};
  const auto one = play(s).result;
  s.threads = 2;
  const auto two = play(s).result;
  EXPECT_EQ(one.games_text(), two.games_text());
  ASSERT_EQ(one.games.size(), 12u);
  for (std::size_t i = 0; i < one.games.size(); ++i) EXPECT_EQ(one.games[i].number, int(i) + 1);
  EXPECT_FALSE(one.cancelled);
  EXPECT_EQ(one.to_json()["stopped"], false);
}

TEST(Series, GamesAreSeenAsTheyAreKnownInGameOrderAtAnyThreadCount) {
  // 300 games: blocks of 5 (series_block_games), finishing in any order on two threads.
  for (int threads : {1, 2}) {
    const search::SeriesSettings s{{"random", "greedy"}, 300, 6, threads};
    std::string live;
    std::vector<int> numbers;
    const auto r = search::play_series<ttt::Board>(
        {}, ttt::bots(), s, {"X", "O"},
        [](const ttt::Board::Move& m) { return std::to_string(m + 1); }, {}, nullptr,
        [&](std::span<const search::PlayedGame> block) {
          EXPECT_EQ(block.size(), 5u);
          for (const auto& g : block) {
            numbers.push_back(g.number);
            live += search::SeriesResult::history_line(g);
          }
        });
    ASSERT_EQ(numbers.size(), 300u) << threads;
    for (std::size_t i = 0; i < numbers.size(); ++i) EXPECT_EQ(numbers[i], int(i) + 1);
    // The lines seen one by one are the final history's.
    EXPECT_EQ(search::SeriesResult::history_header() + live, r.result.history_csv());
  }
}

TEST(Series, PerfectPlayNeverLosesAndDrawsItself) {
  // Tic-tac-toe is a draw (Zermelo; the census of docs/tictactoe.md): perfect against perfect
  // draws every game, and perfect never loses to random in either seat.
  const auto self = play({{"perfect", "perfect"}, 5, 1, 1}).result.to_json();
  EXPECT_EQ(self["draws"], 5);
  const auto first = play({{"perfect", "random"}, 30, 2, 1}).result.to_json();
  EXPECT_EQ(first["players"][0]["losses"], 0);
  const auto second = play({{"random", "perfect"}, 30, 3, 1}).result.to_json();
  EXPECT_EQ(second["players"][1]["losses"], 0);
  EXPECT_EQ(second["players"][1]["seat"], "O");
}

TEST(Series, ACancelledSeriesReturnsWhatItFinished) {
  Control control;
  control.cancel.cancel();
  const auto r = play({{"random", "random"}, 50, 1, 2}, control).result;
  EXPECT_TRUE(r.cancelled);
  EXPECT_TRUE(r.games.empty());
  EXPECT_EQ(r.to_json()["stopped"], "cancelled");
  // Cancelled after the third game (the progress of a watched series counts games).
  Control after3;
  after3.progress = [&](std::uint64_t done, std::uint64_t) {
    if (done == 3) after3.cancel.cancel();
  };
  search::SeriesView<ttt::Board> view;
  const auto watched = search::play_series<ttt::Board>(
      {}, ttt::bots(), {{"random", "random"}, 10, 1, 1}, {"X", "O"},
      [](const ttt::Board::Move& m) { return std::to_string(m + 1); }, after3, &view);
  EXPECT_EQ(watched.result.games.size(), 3u);
  EXPECT_EQ(watched.records.size(), 3u);
}

TEST(Series, ReportsHaveOneRowOrLinePerGame) {
  const auto r = play({{"random", "greedy"}, 4, 9, 1}).result;
  const auto csv = r.history_csv();
  EXPECT_EQ(csv.substr(0, csv.find('\n')), "game,winner,plies,nodes_0,nodes_1,seconds_0,seconds_1");
  EXPECT_EQ(std::count(csv.begin(), csv.end(), '\n'), 5);
  const auto text = r.games_text();
  EXPECT_EQ(std::count(text.begin(), text.end(), '\n'), 4);
  EXPECT_EQ(r.summary_text().substr(0, r.summary_text().find('\n')),
            "4 games: X (random) against O (greedy)");  // no blank line first
  const auto one = play({{"random", "greedy"}, 1, 9, 1}).result;
  EXPECT_EQ(one.summary_text().substr(0, one.summary_text().find('\n')),
            "1 game: X (random) against O (greedy)");
}

TEST(Series, SettingsAreCheckedNamingTheField) {
  EXPECT_THROW((search::SeriesSettings{{"random", "random"}, 0, 1, 1}.validate()), Error);
  EXPECT_THROW((search::SeriesSettings{{"random", "random"}, 1, 1, -1}.validate()), Error);
  try {
    search::SeriesSettings{{"random", "nobody"}, 1, 1, 1}.validate(ttt::bots());
    FAIL() << "an unknown player was accepted";
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("unknown player 'nobody'"), std::string::npos);
  }
}

TEST(Series, ConfigRecordsEveryBotsResolvedSettings) {
  const search::SeriesSettings s{{"alphabeta:3", "mcts:150"}, 2, 7, 1};
  const auto config = s.to_json("tictactoe play", {"X", "O"}, ttt::bots());
  EXPECT_EQ(config["players"]["X"], "alphabeta:3");
  const auto& x = config["player_settings"]["X"];
  EXPECT_EQ(x["kind"], "alphabeta");
  EXPECT_EQ(x["depth"], 3);
  EXPECT_EQ(x["seconds"], 0.0);
  for (const char* key : {"table", "table_mib", "quiescence", "iterative_deepening", "pvs"})
    EXPECT_TRUE(x.contains(key)) << key;
  const auto& o = config["player_settings"]["O"];
  EXPECT_EQ(o["kind"], "mcts");
  EXPECT_EQ(o["iterations"], 150);
  EXPECT_TRUE(o.contains("exploration"));
  EXPECT_EQ(config["seed"], 7);
  EXPECT_EQ(config["games"], 2);
}

TEST(Series, APersonTypesMovesAndQuits) {
  const auto ui = ttt::game_ui();
  std::istringstream in("0\nten\n5\n5\nq\n");
  std::ostringstream out;
  const auto factory = search::bots_and_human(*ui, in, out);
  const search::SeriesSettings s{{"human", "greedy"}, 1, 1, 1};
  std::FILE* shown = std::tmpfile();
  const auto view = search::commentary(*ui, s, true, shown);
  const auto r = search::play_series<ttt::Board>(ui->start, factory, s, ui->seat_names,
                                                 ui->move_name, {}, &view);
  std::fclose(shown);
  EXPECT_TRUE(r.result.quit);
  EXPECT_TRUE(r.result.games.empty());
  const auto text = out.str();
  EXPECT_NE(text.find("'0' is not a cell: type a number from 1 to 9"), std::string::npos) << text;
  EXPECT_NE(text.find("'ten' is not a cell"), std::string::npos) << text;
  EXPECT_NE(text.find("cell 5 is taken"), std::string::npos) << text;
}
