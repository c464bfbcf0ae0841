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
  // The level solved by CRO: its best plan, replayed by `lemmings run`, solves the level.
  const auto cro = nlohmann::json::parse(slurp(dir / "lemmings" / "cro.json"));
  EXPECT_EQ(cro["solved"], true);
  EXPECT_GE(cro["distinct_solutions"].get<int>(), 1);
  EXPECT_EQ(slurp(dir / "lemmings" / "cro-replay.gif").substr(0, 6), "GIF89a");
  const auto replay =
      run_evoplay("lemmings run " + source_path("data/lemmings/medium-01-bridge-and-tunnel.lvl") +
                  " --json --plan " + (dir / "lemmings" / "cro-best.plan").string());
  ASSERT_EQ(replay.status, 0) << replay.err;
  EXPECT_EQ(nlohmann::json::parse(replay.out)["solved"], true) << replay.out;
}

TEST(LemmingsCli, SolveWritesTheBestPlanItsReplayAndTheHistory) {
  const auto dir = scratch_dir("lemmings-solve");
  const auto r = run_evoplay("lemmings solve " + kLevel +
                             " --algo cro --evaluations 800 --population 30 --seed 3 --quiet "
                             "--json --out " +
                             dir.string());
  ASSERT_EQ(r.status, 0) << r.err;
  const auto j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["algorithm"], "cro");
  EXPECT_EQ(j["fitness"], "heuristic");
  EXPECT_EQ(j["evaluations"], 800);
  EXPECT_EQ(j["solved"], true);
  EXPECT_GE(j["distinct_solutions"].get<int>(), 1);
  EXPECT_EQ(j["outcome"]["solved"], true);
  // best.plan replays to a solution; the run folder holds the usual records.
  const auto replay =
      run_evoplay("lemmings run " + kLevel + " --json --plan " + (dir / "best.plan").string());
  ASSERT_EQ(replay.status, 0) << replay.err;
  EXPECT_EQ(nlohmann::json::parse(replay.out)["solved"], true);
  EXPECT_EQ(slurp(dir / "replay.gif").substr(0, 6), "GIF89a");
  EXPECT_EQ(slurp(dir / "fitness.png").substr(1, 3), "PNG");
  EXPECT_EQ(slurp(dir / "history.csv").rfind("generation,evaluations,best,mean", 0), 0u);
  const auto config = nlohmann::json::parse(slurp(dir / "config.json"));
  EXPECT_EQ(config["solver"]["cro"]["max_copies_mu"], 3);
  EXPECT_EQ(config["seed"], 3);
}

TEST(LemmingsCli, SolveAndCompareRejectBadInput) {
  const auto dir = scratch_dir("lemmings-bad-solve");
  const auto algo = run_evoplay("lemmings solve " + kLevel + " --algo pso --out " + dir.string());
  EXPECT_EQ(algo.status, 2);
  EXPECT_NE(algo.err.find("unknown algorithm 'pso': expected cro, ga or aco"), std::string::npos)
      << algo.err;
  const auto fitness = run_evoplay("lemmings solve " + kLevel + " --fitness best");
  EXPECT_EQ(fitness.status, 2);
  EXPECT_NE(fitness.err.find("unknown fitness 'best'"), std::string::npos) << fitness.err;
  const auto runs = run_evoplay("lemmings compare --levels " + kLevel + " --runs 0");
  EXPECT_EQ(runs.status, 2);
  EXPECT_NE(runs.err.find("--runs must be at least 1"), std::string::npos) << runs.err;
  const auto pattern =
      run_evoplay("lemmings compare --levels '" + dir.string() + "/nothing-*.lvl'");
  EXPECT_EQ(pattern.status, 2);
  EXPECT_NE(pattern.err.find("nothing-*.lvl: no files match this pattern"), std::string::npos)
      << pattern.err;
  std::ofstream(dir / "broken.lvl") << "lemmings: 1\nsave: 1\ntime: 10\nrelease: 1\n---\nE.?X\n";
  const auto level = run_evoplay("lemmings compare --levels " + (dir / "broken.lvl").string());
  EXPECT_EQ(level.status, 2);
  EXPECT_NE(level.err.find("broken.lvl:6:3: unknown cell '?'"), std::string::npos) << level.err;
  std::ofstream(dir / "skill-less.lvl") << "lemmings: 1\nsave: 1\ntime: 10\nrelease: 1\n---\nE.X\n"
                                           "###\n";
  const auto none = run_evoplay("lemmings solve " + (dir / "skill-less.lvl").string());
  EXPECT_EQ(none.status, 2);
  EXPECT_NE(none.err.find("the level offers no skill"), std::string::npos) << none.err;
  const auto algos = run_evoplay("lemmings compare --levels " + kLevel + " --algos cro,pso");
  EXPECT_EQ(algos.status, 2);
  EXPECT_NE(algos.err.find("unknown algorithm 'pso'"), std::string::npos) << algos.err;
}

TEST(LemmingsCli, CompareWritesTablesCsvAndPlots) {
  const auto dir = scratch_dir("lemmings-compare");
  const auto r =
      run_evoplay("lemmings compare --levels '" + source_path("data/lemmings/easy-0[12]-*.lvl") +
                  "' --runs 2 --evaluations 300 --population 20 --fitness heuristic "
                  "--quiet --out " +
                  dir.string());
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.out.find("| easy-01-down-the-hole |"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("| easy-02-up-the-stairs |"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("| difficulty | CRO | GA | ACO | any |"), std::string::npos) << r.out;
  EXPECT_EQ(slurp(dir / "tables.md").substr(0, 12), "# Lemmings: ");
  const auto result = nlohmann::json::parse(slurp(dir / "result.json"));
  EXPECT_EQ(result["cells"].size(), 2u * 3);
  EXPECT_EQ(result["runs"], 2 * 3 * 2);
  EXPECT_EQ(result["evaluations"], 300 * 2 * 3 * 2);
  EXPECT_EQ(slurp(dir / "summary.csv").rfind("level,difficulty,fitness,algorithm,runs,solved", 0),
            0u);
  EXPECT_EQ(slurp(dir / "plots" / "distinct-heuristic.png").substr(1, 3), "PNG");
  EXPECT_EQ(slurp(dir / "plots" / "fitness-heuristic-easy-02-up-the-stairs.png").substr(1, 3),
            "PNG");
}
