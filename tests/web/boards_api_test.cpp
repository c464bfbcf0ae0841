// The board games' routes as the board pages use them (docs/web.md): a bot's score in words for
// the side that moved and whether it is proven, Connect Four's column scores with their meaning,
// capture the flag's board (terrain, units, each unit's legal moves and the cells they aim at),
// and a learned agent named without the server's paths.
#include <fmt/format.h>
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "support/process.hpp"
#include "web/server_support.hpp"

namespace evoplay::web {
namespace {

using nlohmann::json;
using test_support::data_file;
using test_support::TestServer;

/// The position's moves as the page sends them: "4453" -> ["4", "4", "5", "3"].
json moves_of(const std::string& text) {
  json out = json::array();
  for (const char c : text) out.push_back(std::string(1, c));
  return out;
}

/// Plays `bot` against itself from `moves` to the end: every reply in order.
std::vector<json> play_out(const TestServer& server, const std::string& game, json moves,
                           const std::string& bot) {
  std::vector<json> replies;
  for (;;) {
    const auto [status, reply] =
        server.post("/api/" + game + "/move", json{{"moves", moves}, {"bot", bot}});
    EXPECT_EQ(status, 200) << reply;
    if (status != 200) break;
    replies.push_back(reply);
    moves = reply["moves"];
    if (reply["terminal"]) break;
  }
  return replies;
}

// A solved score says who wins and with how many of the winner's own moves: two perfect players
// from the position then finish the game in exactly that many moves of the winner. Positions
// from Pons' test set (late in the game: solved at once).
TEST(BoardsApi, AProvenScoreIsTheGameTwoPerfectPlayersPlay) {
  TestServer server;
  std::istringstream lines(data_file("connect4/Test_L3_R1"));
  std::string line;
  for (int i = 0; i < 4 && std::getline(lines, line); ++i) {
    const std::string moves = line.substr(0, line.find(' '));
    const int pons = std::stoi(line.substr(line.find(' ') + 1));
    const auto replies = play_out(server, "connect4", moves_of(moves), "perfect");
    ASSERT_FALSE(replies.empty());
    const json& first = replies.front()["played"];
    const json& score = first["score"];
    EXPECT_EQ(score["exact"], true) << line;
    EXPECT_FALSE(score.contains("note")) << line;
    const int mover = first["side"];
    const int winner = replies.back()["winner"];
    if (pons == 0) {
      EXPECT_EQ(score["outcome"], "draw") << line;
      EXPECT_EQ(score["text"], "draw");
      EXPECT_EQ(winner, -1) << line;
      continue;
    }
    EXPECT_EQ(score["outcome"], pons > 0 ? "win" : "loss") << line;
    EXPECT_EQ(winner, pons > 0 ? mover : 1 - mover) << line;
    int winner_moves = 0;
    for (const auto& r : replies) winner_moves += r["played"]["side"] == winner ? 1 : 0;
    EXPECT_EQ(score["moves"], winner_moves) << line;
    EXPECT_EQ(score["text"], fmt::format("{} in {}", pons > 0 ? "win" : "loss", winner_moves));
  }
}

// The engine's scale says the same: a winning move now is a win in 1; a fork that cannot be
// stopped is a loss in 1 for the side to move; a search to the end of tic-tac-toe's empty board
// proves the draw.
TEST(BoardsApi, ScoresInWordsFromTheSideToMove) {
  TestServer server;
  auto played = [&](const std::string& game, const std::string& moves, const std::string& bot) {
    const auto [status, reply] =
        server.post("/api/" + game + "/move", json{{"moves", moves_of(moves)}, {"bot", bot}});
    EXPECT_EQ(status, 200) << reply;
    return reply["played"];
  };
  const auto win = played("connect4", "121212", "alphabeta:4");
  EXPECT_EQ(win["score"]["text"], "win in 1");
  EXPECT_EQ(win["score"]["exact"], true);
  EXPECT_EQ(win["move"], "1");
  EXPECT_EQ(win["side"], 0);
  // X holds 5, 1 and 7: two lines to complete (4 and 3); O (2, 9) to move cannot block both.
  const auto fork = played("tictactoe", "52197", "alphabeta:9");
  EXPECT_EQ(fork["score"]["text"], "loss in 1");
  EXPECT_EQ(fork["side"], 1);
  const auto draw = played("tictactoe", "", "alphabeta:9");
  EXPECT_EQ(draw["score"]["outcome"], "draw");
  EXPECT_EQ(draw["score"]["exact"], true);
  EXPECT_EQ(played("tictactoe", "", "perfect")["score"]["text"], "draw");
  EXPECT_EQ(played("tictactoe", "", "random")["score"]["outcome"], "none");
}

// A bot limited by time that cannot see to the end says so: alpha-beta's 20 ms and the solver's
// 1 ms on Connect Four's empty board (solved in minutes, docs/connect4.md).
TEST(BoardsApi, ATimedMoveThatIsNotProvenSaysSo) {
  TestServer server;
  for (const char* bot : {"alphabeta:20ms", "perfect:1ms"}) {
    const auto [status, reply] =
        server.post("/api/connect4/move", json{{"moves", json::array()}, {"bot", bot}});
    ASSERT_EQ(status, 200) << reply;
    const json& score = reply["played"]["score"];
    EXPECT_EQ(score["exact"], false) << bot;
    EXPECT_EQ(score["outcome"], "estimate") << bot;
    ASSERT_TRUE(score.contains("note")) << bot;
    EXPECT_NE(score["note"].get<std::string>().find("not proven"), std::string::npos);
  }
  // A depth-limited search is not timed: no note, however shallow.
  const auto [status, reply] =
      server.post("/api/connect4/move", json{{"moves", json::array()}, {"bot", "alphabeta:2"}});
  ASSERT_EQ(status, 200) << reply;
  EXPECT_EQ(reply["played"]["score"]["exact"], false);
  EXPECT_FALSE(reply["played"]["score"].contains("note"));
  // An estimate in words, with what the evaluation counts; the move by its column.
  const auto& played = reply["played"];
  const std::string text = played["score"]["text"];
  const int value = played["score"]["value"];
  EXPECT_EQ(text.rfind(value > 0 ? "ahead" : value < 0 ? "behind" : "even", 0), 0u) << text;
  EXPECT_NE(text.find(fmt::format("by its evaluation ({:+d}; a cell that would complete four "
                                  "counts 16",
                                  value)),
            std::string::npos)
      << text;
  EXPECT_EQ(played["label"], fmt::format("column {}", played["move"].get<std::string>()));
  // Tic-tac-toe's cells by their places, with the number people type.
  const auto [ttt_status, ttt] =
      server.post("/api/tictactoe/move", json{{"moves", json::array({5})}, {"bot", "alphabeta:1"}});
  ASSERT_EQ(ttt_status, 200) << ttt;
  EXPECT_EQ(ttt["labels"][0], "centre (5)");
  const auto& score = ttt["played"]["score"];
  EXPECT_NE(score["text"].get<std::string>().find(
                fmt::format("by its evaluation ({:+d}; a line open to one side only counts 10 "
                            "with two stones",
                            score["value"].get<int>())),
            std::string::npos)
      << score;
}

// Column scores carry their meaning for the side to move: in "121212" X wins at once in column
// 1, and any column but 1 and 2 lets O complete column 2.
TEST(BoardsApi, ColumnScoresSayWhatEachColumnLeadsTo) {
  TestServer server;
  const auto [status, started] =
      server.post("/api/connect4/scores", json{{"moves", moves_of("121212")}});
  ASSERT_EQ(status, 202) << started;
  auto c = server.client();
  std::string events;
  c.Get("/api/jobs/" + started["job"].get<std::string>() + "/events",
        [&](const char* data, std::size_t n) {
          events.append(data, n);
          return events.find("\"type\":\"done\"") == std::string::npos &&
                 events.find("\"type\":\"error\"") == std::string::npos;
        });
  const auto at = events.rfind("data: ");
  ASSERT_NE(at, std::string::npos);
  const json done = json::parse(events.substr(at + 6, events.find('\n', at) - at - 6));
  ASSERT_EQ(done["type"], "done") << done;
  for (const auto& col : done["result"]["columns"]) {
    const int n = col["column"];
    if (n == 2) continue;
    EXPECT_EQ(col["meaning"]["text"], n == 1 ? "win in 1" : "loss in 1") << col;
    EXPECT_EQ(col["meaning"]["exact"], true);
  }
}

// Capture the flag's board: the terrain is the map's grid (data/flags/01-duel.map, players and
// flags on floor), every legal move belongs to a living unit of the side to move with a
// readable name, a step aims at the next cell that way, and playing it puts the unit there; a
// bot's estimate is in points, next to what a flag is worth.
TEST(BoardsApi, CaptureTheFlagsUnitsAndTheirMoves) {
  TestServer server;
  const std::string map = data_file("flags/01-duel.map");
  const auto [status, start] = server.post("/api/flags/state", json{{"map", map}});
  ASSERT_EQ(status, 200) << start;
  const json& board = start["cells"];
  std::vector<std::string> grid;
  std::istringstream in(map);
  for (std::string line; std::getline(in, line);) {
    if (!line.empty() && line.find(':') == std::string::npos) grid.push_back(line);
  }
  ASSERT_EQ(board["terrain"].size(), grid.size());
  for (std::size_t r = 0; r < grid.size(); ++r) {
    std::string expected = grid[r];
    for (char& ch : expected) ch = (ch == 'a' || ch == 'b' || ch == 'A' || ch == 'B') ? '.' : ch;
    EXPECT_EQ(board["terrain"][r], expected) << "row " << r;
  }
  ASSERT_EQ(board["units"].size(), start["legal"].size());
  const json& a1 = board["players"][0];
  EXPECT_EQ(a1["name"], "A1");
  for (const auto& m : board["units"]) {
    EXPECT_EQ(m["player"], 1);
    EXPECT_EQ(m["label"], "A1 " + m["action"].get<std::string>());
    if (m["action"] != "south") continue;
    const json target = {a1["cell"][0].get<int>() + 1, a1["cell"][1]};
    EXPECT_EQ(m["targets"], json::array({target}));
    const auto [moved, after] =
        server.post("/api/flags/state", json{{"map", map}, {"moves", {m["move"]}}});
    ASSERT_EQ(moved, 200) << after;
    EXPECT_EQ(after["cells"]["players"][0]["cell"], target);
    EXPECT_EQ(after["labels"], json::array({"A1 south"}));
    EXPECT_EQ(after["cells"]["units"][0]["label"].get<std::string>().substr(0, 2), "B1");
  }
  // A bot's estimate in the game's terms: on the duel a flag is worth 10,000 points
  // (docs/flags.md); its move and line are named as people read them.
  const auto [played, reply] =
      server.post("/api/flags/move", json{{"map", map}, {"bot", "alphabeta:2"}});
  ASSERT_EQ(played, 200) << reply;
  const std::string text = reply["played"]["score"]["text"];
  EXPECT_NE(text.find(" by its evaluation ("), std::string::npos) << text;
  EXPECT_NE(text.find(" points; a flag is worth 10000)"), std::string::npos) << text;
  EXPECT_EQ(reply["played"]["label"].get<std::string>().substr(0, 3), "A1 ");
  EXPECT_EQ(reply["played"]["pv_labels"].size(), reply["played"]["pv"].size());
  EXPECT_EQ(reply["labels"][0], reply["played"]["label"]);
}

// A learned agent is named by its run folder under --runs, never by the server's path.
TEST(BoardsApi, ALearnedAgentIsNamedWithoutTheServersPath) {
  const auto runs = test_support::scratch_dir("boards-agent");
  const auto learned = test_support::run_evoplay(
      "tictactoe learn --agents 6 --rules 20 --cycles 2 --measure-every 2 --eval-games 4 "
      "--quiet --out " +
      (runs / "ttt-agent").string());
  ASSERT_EQ(learned.status, 0) << learned.err;
  ServerSettings s;
  s.runs = runs.string();
  TestServer server(s);
  auto c = server.client();
  const auto r =
      c.Post("/api/tictactoe/move", json{{"bot", "agent:ttt-agent"}}.dump(), "application/json");
  ASSERT_TRUE(r);
  ASSERT_EQ(r->status, 200) << r->body;
  EXPECT_EQ(json::parse(r->body)["played"]["bot"], "agent:ttt-agent");
  EXPECT_EQ(r->body.find(runs.string()), std::string::npos) << r->body;
}

}  // namespace
}  // namespace evoplay::web
