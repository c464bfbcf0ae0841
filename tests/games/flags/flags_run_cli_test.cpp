// `flags play` and `flags tournament` runs as a user sees them: Ctrl-C (exit 130, the result so
// far, whole files), the run folder named "run_dir" in --json output, and a run repeated from its
// config.json alone.
#include <gtest/gtest.h>

#include <chrono>
#include <nlohmann/json.hpp>
#include <thread>

#include "support/cancel.hpp"
#include "support/process.hpp"

using namespace evoplay::test_support;

namespace {

void wait_for(const std::filesystem::path& file) {
  while (!std::filesystem::exists(file)) std::this_thread::sleep_for(std::chrono::milliseconds(20));
}

}  // namespace

TEST(FlagsRunCli, CtrlCStopsALongSeriesWithWhatItFinished) {
  const auto dir = scratch_dir("flags-play-sigint") / "run";
  const pid_t pid = start_evoplay({"flags", "play", source_path("data/flags/04-crossroads.map"),
                                   "--a", "alphabeta:100ms", "--b", "mcts:100ms", "--games",
                                   "100000", "--threads", "1", "--quiet", "--out", dir.string()},
                                  true);
  ASSERT_GT(pid, 0);
  wait_for(dir / "config.json");
  const auto result = expect_cancelled(pid, dir);
  EXPECT_LT(result.value("games", 100000), 100000);
  for (const char* file : {"history.csv", "games.txt"})
    EXPECT_TRUE(std::filesystem::exists(dir / file)) << file;
}

TEST(FlagsRunCli, CtrlCStopsALongTournamentWithWhatItFinished) {
  const auto dir = scratch_dir("flags-tournament-sigint") / "run";
  const pid_t pid =
      start_evoplay({"flags", "tournament", "--bots", "alphabeta:100ms,mcts:100ms,greedy", "--maps",
                     source_path("data/flags"), "--games", "1000", "--threads", "1", "--quiet",
                     "--out", dir.string()},
                    true);
  ASSERT_GT(pid, 0);
  wait_for(dir / "config.json");
  const auto result = expect_cancelled(pid, dir);
  EXPECT_TRUE(result.contains("bots")) << result.dump();
  for (const char* file : {"standings.csv", "games.csv", "standings.md"})
    EXPECT_TRUE(std::filesystem::exists(dir / file)) << file;
}

TEST(FlagsRunCli, JsonNamesTheRunFolderRunDir) {
  const auto dir = scratch_dir("flags-run-dir");
  const std::string map = source_path("data/flags/01-duel.map");
  for (const auto& [args, out] :
       {std::pair{"flags play " + map + " --a greedy --b random --json", dir / "play"},
        std::pair{"flags tournament --bots random,greedy --maps " + map + " --json",
                  dir / "tournament"}}) {
    const auto r = run_evoplay(args + " --out " + out.string());
    ASSERT_EQ(r.status, 0) << args << r.err;
    const auto j = nlohmann::json::parse(r.out);
    EXPECT_EQ(j["run_dir"], out.string()) << args;
    EXPECT_FALSE(j.contains("run")) << args;
  }
}

TEST(FlagsRunCli, ARunIsRepeatedFromItsConfigAlone) {
  const auto dir = scratch_dir("flags-repeat");
  const auto first = run_evoplay("flags play " + source_path("data/flags/02-marsh.map") +
                                 " --a alphabeta:2 --b mcts:100 --games 3 --seed 4 --quiet --out " +
                                 (dir / "first").string());
  ASSERT_EQ(first.status, 0) << first.err;
  const auto config = nlohmann::json::parse(slurp(dir / "first" / "config.json"));
  EXPECT_EQ(config["player_settings"]["A"]["kind"], "alphabeta");
  EXPECT_EQ(config["player_settings"]["A"]["depth"], 2);
  EXPECT_EQ(config["player_settings"]["B"]["iterations"], 100);
  // Everything the second run is told comes from the first one's config.json.
  const auto again =
      run_evoplay("flags play " + config["map"].get<std::string>() + " --a " +
                  config["players"]["A"].get<std::string>() + " --b " +
                  config["players"]["B"].get<std::string>() + " --games " + config["games"].dump() +
                  " --seed " + config["seed"].dump() + " --threads " + config["threads"].dump() +
                  " --quiet --out " + (dir / "again").string());
  ASSERT_EQ(again.status, 0) << again.err;
  EXPECT_EQ(slurp(dir / "again" / "games.txt"), slurp(dir / "first" / "games.txt"));
  EXPECT_EQ(nlohmann::json::parse(slurp(dir / "again" / "config.json")), config);
}
