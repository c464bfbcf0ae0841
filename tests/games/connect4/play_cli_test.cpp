// `connect4 play` as a series of bots: --json names the run folder "run_dir", and config.json
// records each bot's resolved settings.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "support/process.hpp"

using namespace evoplay::test_support;

TEST(Connect4PlayCli, JsonNamesTheRunFolderAndConfigTheBotsSettings) {
  const auto dir = scratch_dir("c4-play-json") / "run";
  const auto r = run_evoplay(
      "connect4 play --x alphabeta:4 --o mcts:300 --games 2 --seed 3 --json --out " + dir.string());
  ASSERT_EQ(r.status, 0) << r.err;
  const auto j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["run_dir"], dir.string());
  EXPECT_EQ(j["games"], 2);
  const auto config = nlohmann::json::parse(slurp(dir / "config.json"));
  EXPECT_EQ(config["player_settings"]["X"]["depth"], 4);
  EXPECT_EQ(config["player_settings"]["X"]["seconds"], 0.0);
  EXPECT_EQ(config["player_settings"]["O"]["iterations"], 300);
}
