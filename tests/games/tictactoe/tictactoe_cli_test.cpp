// `evoplay tictactoe` as a user runs it: solve's figures, a person playing through standard
// input (bad cells refused, q quits, end of input ends cleanly), bot series and their records.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "support/process.hpp"

using namespace evoplay::test_support;

TEST(TicTacToeCli, SolvePrintsTheFacts) {
  const auto r = run_evoplay("tictactoe solve");
  ASSERT_EQ(r.status, 0) << r.err;
  for (const char* fact :
       {"draw", "5478", "765", "255168", "131184", "77904", "46080", "549946", "2936", "1474"}) {
    EXPECT_NE(r.out.find(fact), std::string::npos) << fact << "\n" << r.out;
  }
  const auto j = run_evoplay("tictactoe solve --json");
  ASSERT_EQ(j.status, 0) << j.err;
  const auto out = nlohmann::json::parse(j.out);
  EXPECT_EQ(out["value"], "draw");
  EXPECT_EQ(out["positions"], 5478);
  EXPECT_EQ(out["games"]["draws"], 46080);
  ASSERT_EQ(out["search"].size(), 3u);
  EXPECT_EQ(out["search"][0]["algorithm"], "minimax");
  EXPECT_EQ(out["search"][0]["nodes"], 549946);
  EXPECT_LE(out["search"][2]["nodes"].get<long>() * 10, 549946);
}

TEST(TicTacToeCli, AHumanPlaysThroughStandardInput) {
  const auto dir = scratch_dir("ttt-human");
  // X (human): a bad word, an out-of-range cell, then 5; the perfect O answers; then an occupied
  // cell; then moves until the game ends or the input does.
  const auto r =
      run_evoplay("tictactoe play --x human --o perfect --seed 3 --out " + (dir / "run").string(),
                  "x\n10\n5\n5\n1\n9\n3\n7\n2\n4\n6\n8\n");
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.out.find("'x' is not a cell"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("'10' is not a cell"), std::string::npos);
  EXPECT_NE(r.out.find("cell 5 is taken"), std::string::npos);
  EXPECT_NE(r.out.find("X plays 5"), std::string::npos);
  EXPECT_TRUE(std::filesystem::exists(dir / "run" / "result.json"));
  // The perfect player never loses.
  EXPECT_EQ(r.out.find("X (human) wins"), std::string::npos) << r.out;
}

TEST(TicTacToeCli, QuitAndEndOfInputEndCleanly) {
  const auto dir = scratch_dir("ttt-quit");
  const auto q =
      run_evoplay("tictactoe play --x human --o random --out " + (dir / "q").string(), "5\nq\n");
  EXPECT_EQ(q.status, 0) << q.err;
  EXPECT_NE(q.out.find("Game stopped"), std::string::npos) << q.out;
  const auto eof =
      run_evoplay("tictactoe play --x random --o human --out " + (dir / "eof").string(), "");
  EXPECT_EQ(eof.status, 0) << eof.err;
  EXPECT_NE(eof.out.find("Game stopped"), std::string::npos) << eof.out;
}

TEST(TicTacToeCli, BotSeriesAreTheSameAtAnyThreadCount) {
  const auto dir = scratch_dir("ttt-series");
  const std::string base =
      "tictactoe play --x mcts:300 --o greedy --games 40 --seed 11 --quiet --out ";
  const auto one = run_evoplay(base + (dir / "one").string() + " --threads 1");
  const auto two = run_evoplay(base + (dir / "two").string() + " --threads 2");
  ASSERT_EQ(one.status, 0) << one.err;
  ASSERT_EQ(two.status, 0) << two.err;
  EXPECT_EQ(slurp(dir / "one" / "games.txt"), slurp(dir / "two" / "games.txt"));
  const auto result = nlohmann::json::parse(slurp(dir / "one" / "result.json"));
  EXPECT_EQ(result["games"], 40);
  EXPECT_EQ(result["players"][0]["wins"].get<int>() + result["players"][1]["wins"].get<int>() +
                result["draws"].get<int>(),
            40);
  const auto history = slurp(dir / "one" / "history.csv");
  EXPECT_EQ(history.rfind("game,winner,plies", 0), 0u) << history;
  EXPECT_EQ(std::count(history.begin(), history.end(), '\n'), 41);
}

TEST(TicTacToeCli, BadPlayerSpecsAreUsageErrors) {
  const auto r = run_evoplay("tictactoe play --x wizard --o random");
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.err.find("unknown player 'wizard'"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("perfect"), std::string::npos) << r.err;
  const auto depth = run_evoplay("tictactoe play --x minimax:x --o random");
  EXPECT_EQ(depth.status, 2);
  EXPECT_NE(depth.err.find("minimax:x"), std::string::npos) << depth.err;
}

TEST(TicTacToeCli, JsonNamesTheRunFolderRunDir) {
  const auto dir = scratch_dir("ttt-run-dir");
  for (const auto& [args, out] :
       {std::pair{std::string("tictactoe play --x random --o perfect --games 3 --json"),
                  dir / "play"},
        std::pair{std::string("tictactoe learn --agents 4 --rules 10 --cycles 2 --eval-games 10 "
                              "--quiet --json"),
                  dir / "learn"}}) {
    const auto r = run_evoplay(args + " --out " + out.string());
    ASSERT_EQ(r.status, 0) << args << r.err;
    const auto j = nlohmann::json::parse(r.out);
    EXPECT_EQ(j["run_dir"], out.string()) << args;
    EXPECT_FALSE(j.contains("run")) << args;
  }
}
