// `evoplay lemmings ...` as a user runs it.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "support/process.hpp"

using namespace evoplay::test_support;

namespace {
const std::string kLevel = source_path("data/lemmings/easy-01-down-the-hole.lvl");
const std::string kPlan = source_path("data/lemmings/solutions/easy-01-down-the-hole.plan");
}  // namespace

TEST(LemmingsCli, ShowPrintsTheHeaderMapAndSkills) {
  const auto r = run_evoplay("lemmings show " + kLevel);
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.out.find("Down the hole: 24x9 cells, 8 lemmings"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("skills: bomber=2 builder=2 digger=1"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("=====####==========="), std::string::npos) << r.out;
}

TEST(LemmingsCli, RunPrintsTheOutcomeAsJsonAndTraces) {
  const auto r = run_evoplay("lemmings run " + kLevel + " --plan " + kPlan + " --json --trace");
  ASSERT_EQ(r.status, 0) << r.err;
  const auto j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["solved"], true);
  EXPECT_EQ(j["saved"], 8);
  EXPECT_EQ(j["dead"], 0);
  EXPECT_EQ(j["out"], 0);
  EXPECT_EQ(j["deaths"]["splat"], 0);
  EXPECT_EQ(j["skills_used"]["digger"], 1);
  EXPECT_EQ(j["genes"][0]["assigned_to"], 1);
  EXPECT_GT(j["steps"].get<int>(), 0);
  EXPECT_EQ(j["trace"][0]["events"][0], "lemming 1 released");
  // Without a plan nobody is saved; the text form says so.
  const auto nothing = run_evoplay("lemmings run " + kLevel);
  ASSERT_EQ(nothing.status, 0);
  EXPECT_NE(nothing.out.find("not solved, saved 0 of 8"), std::string::npos) << nothing.out;
}

TEST(LemmingsCli, RenderWritesAGifReplayAndPngPictures) {
  const auto dir = scratch_dir("lemmings-render");
  for (const std::string out : {"replay.gif", "paths.png", "step.png"}) {
    const std::string extra = out == "step.png" ? " --step 10" : "";
    const auto r = run_evoplay("lemmings render " + kLevel + " --plan " + kPlan + " --out " +
                               (dir / out).string() + extra);
    ASSERT_EQ(r.status, 0) << r.err;
  }
  EXPECT_EQ(slurp(dir / "replay.gif").substr(0, 6), "GIF89a");
  EXPECT_EQ(slurp(dir / "paths.png").substr(1, 3), "PNG");
  EXPECT_EQ(slurp(dir / "step.png").substr(1, 3), "PNG");
  const auto bad = run_evoplay("lemmings render " + kLevel + " --out " + (dir / "x.jpg").string());
  EXPECT_EQ(bad.status, 2);
  EXPECT_FALSE(std::filesystem::exists(dir / "x.jpg"));
}

TEST(LemmingsCli, CheckReplaysEveryReferencePlan) {
  const auto r = run_evoplay("lemmings check " + source_path("data/lemmings") + " --json");
  ASSERT_EQ(r.status, 0) << r.err;
  const auto j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["failed"], 0);
  EXPECT_EQ(j["levels"].size(), 15u);
}

TEST(LemmingsCli, BrokenInputIsReportedWithItsPlace) {
  const auto dir = scratch_dir("lemmings-broken");
  std::ofstream(dir / "broken.lvl")
      << "lemmings: 5\nsave: 2\ntime: 10\nrelease: 1\n---\nE.X\n#?#\n";
  const auto r = run_evoplay("lemmings show " + (dir / "broken.lvl").string());
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(
      r.err.find("evoplay: error: " + (dir / "broken.lvl").string() + ":7:2: unknown cell '?'"),
      std::string::npos)
      << r.err;
  // A reference plan that does not solve its level fails the check.
  std::filesystem::create_directories(dir / "solutions");
  std::ofstream(dir / "level.lvl") << "lemmings: 1\nsave: 1\ntime: 10\nrelease: 1\n"
                                      "skills: digger=1\n---\nE..\n###\n.X.\n###\n";
  std::ofstream(dir / "solutions" / "level.plan") << "1 builder\n";
  const auto c = run_evoplay("lemmings check " + (dir / "level.lvl").string());
  EXPECT_EQ(c.status, 2);
  EXPECT_NE(c.out.find("DOES NOT SOLVE"), std::string::npos) << c.out;
  EXPECT_NE(c.err.find("1 of 1 levels failed the check"), std::string::npos) << c.err;
  std::ofstream(dir / "bad.plan") << "3 digger\nfour builder\n";
  const auto p = run_evoplay("lemmings run " + (dir / "level.lvl").string() + " --plan " +
                             (dir / "bad.plan").string());
  EXPECT_EQ(p.status, 2);
  EXPECT_NE(p.err.find("bad.plan:2:1: step: expected a whole number"), std::string::npos) << p.err;
}

TEST(LemmingsCli, DemoPartReplaysTheSuiteAndDrawsAReplay) {
  const auto dir = scratch_dir("lemmings-demo");
  const auto r = run_evoplay("demo --only lemmings --quiet --out " + dir.string());
  ASSERT_EQ(r.status, 0) << r.err;
  const auto result = nlohmann::json::parse(slurp(dir / "lemmings" / "result.json"));
  ASSERT_EQ(result["levels"].size(), 15u);
  for (const auto& level : result["levels"]) EXPECT_EQ(level["solved"], true) << level["file"];
  EXPECT_EQ(result["replay"]["solved"], true);
  EXPECT_EQ(slurp(dir / "lemmings" / "replay.gif").substr(0, 6), "GIF89a");
  EXPECT_EQ(slurp(dir / "lemmings" / "paths.png").substr(1, 3), "PNG");
}
