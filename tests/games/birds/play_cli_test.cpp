// `evoplay birds shoot | play | difficulty` as a user runs them: JSON fields, pictures and
// animations, and mistakes refused before anything is played.
#include <gtest/gtest.h>

#include <fstream>
#include <nlohmann/json.hpp>

#include "support/process.hpp"

using namespace evoplay::test_support;

namespace {

/// A small level: two red birds and a medium pig in the open, 8 units in front of the slingshot.
std::string open_level(const std::filesystem::path& dir) {
  const auto path = dir / "open.xml";
  std::ofstream(path) << R"(<?xml version="1.0" encoding="utf-16"?>
<Level width ="2">
<Camera x="0" y="2" minWidth="20" maxWidth="30">
<Birds>
<Bird type="BirdRed"/>
<Bird type="BirdYellow"/>
</Birds>
<Slingshot x="-8" y="-2.5">
<GameObjects>
<Block type="SquareHole" material="wood" x="3" y="-3.08" rotation="0" />
<Pig type="BasicMedium" material="" x="0" y="-3.12" rotation="0" />
</GameObjects>
</Level>
)";
  return path.string();
}

}  // namespace

TEST(BirdsPlayCli, ShootReportsEveryShotAndDrawsItsPath) {
  const auto dir = scratch_dir("birds-shoot");
  const std::string level = open_level(dir);
  const auto r = run_evoplay("birds shoot " + level + " --angle 60 --angle 20 --tap 0.5 --json");
  ASSERT_EQ(r.status, 0) << r.err;
  const auto j = nlohmann::json::parse(r.out);
  for (const char* key : {"file", "won", "pigs", "pigs_killed", "birds_used", "score", "shots"}) {
    EXPECT_TRUE(j.contains(key)) << key;
  }
  ASSERT_GE(j["shots"].size(), 1u);
  const auto& first = j["shots"][0];
  for (const char* key : {"bird", "angle", "pull", "tap", "ability_used", "pigs_killed",
                          "blocks_destroyed", "damage", "score", "destroyed"}) {
    EXPECT_TRUE(first.contains(key)) << key;
  }
  EXPECT_EQ(first["bird"], "BirdRed");
  EXPECT_EQ(first["angle"], 60.0);
  EXPECT_EQ(first["ability_used"], false);  // Red has no ability
  const auto png = dir / "shots.png", gif = dir / "shots.gif";
  const auto text = run_evoplay("birds shoot " + level + " --angle 25 --render " + png.string());
  ASSERT_EQ(text.status, 0) << text.err;
  EXPECT_NE(text.out.find("shot 1: BirdRed at 25.00 deg"), std::string::npos) << text.out;
  EXPECT_GT(std::filesystem::file_size(png), 1000u);
  ASSERT_EQ(run_evoplay("birds shoot " + level + " --angle 25 --render " + gif.string()).status, 0);
  EXPECT_EQ(slurp(gif).substr(0, 6), "GIF89a");
}

TEST(BirdsPlayCli, MistakesAreRefusedBeforeAnythingIsPlayed) {
  const auto dir = scratch_dir("birds-shoot-bad");
  const std::string level = open_level(dir);
  auto fails = [](const std::string& args, const std::string& says) {
    const auto r = run_evoplay(args);
    EXPECT_EQ(r.status, 2) << args;
    EXPECT_NE(r.err.find(says), std::string::npos) << args << ": " << r.err;
    EXPECT_TRUE(r.out.empty()) << r.out;
  };
  fails("birds shoot " + level + " --angle 20 --angle 30 --angle 40", "3 shots asked for");
  fails("birds shoot " + level + " --angle 20 --angle 30 --pull 1 --pull 1 --pull 1",
        "3 --pull values for 2 --angle values");
  fails("birds shoot " + level + " --angle 20 --render " + (dir / "x.jpg").string(),
        "--render: expected a file name ending in .gif or .png or .svg, not .jpg");
  fails("birds play " + level + " --agent clever", "clever");
}

TEST(BirdsPlayCli, PlayAndDifficultyAsJson) {
  const auto dir = scratch_dir("birds-play");
  const std::string level = open_level(dir);
  const auto play = run_evoplay("birds play " + level +
                                " --agent naive --attempts 3 --seed 4 --threads 2 --json");
  ASSERT_EQ(play.status, 0) << play.err;
  const auto p = nlohmann::json::parse(play.out);
  EXPECT_EQ(p["attempts"], 3);
  EXPECT_EQ(p["games"].size(), 3u);
  EXPECT_EQ(p["settings"]["agent"], "naive");
  const auto again = run_evoplay("birds play " + level +
                                 " --agent naive --attempts 3 --seed 4 --threads 1 --json");
  EXPECT_EQ(again.out, play.out);  // the same games at any thread count
  const auto d =
      run_evoplay("birds difficulty " + level + " --attempts 2 --random-shots 3 --budget 6 --json");
  ASSERT_EQ(d.status, 0) << d.err;
  const auto j = nlohmann::json::parse(d.out);
  ASSERT_EQ(j["levels"].size(), 1u);
  for (const char* key : {"solvable", "naive_win_rate", "random_kill_share", "search_birds_used",
                          "protected_share", "blocks", "pigs"}) {
    EXPECT_TRUE(j["levels"][0].contains(key)) << key;
  }
  EXPECT_EQ(j["summary"]["levels"], 1);
  EXPECT_EQ(j["levels"][0]["solvable"], true);
}
