// `evoplay lemmings ...` as a user runs it.
#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <nlohmann/json.hpp>
#include <thread>

#include "evoplay/core/text.hpp"
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
    const auto r = run_evoplay("lemmings render " + kLevel + " --plan " + kPlan + " --image " +
                               (dir / out).string() + extra);
    ASSERT_EQ(r.status, 0) << r.err;
  }
  EXPECT_EQ(slurp(dir / "replay.gif").substr(0, 6), "GIF89a");
  EXPECT_EQ(slurp(dir / "paths.png").substr(1, 3), "PNG");
  EXPECT_EQ(slurp(dir / "step.png").substr(1, 3), "PNG");
  const auto bad =
      run_evoplay("lemmings render " + kLevel + " --image " + (dir / "x.jpg").string());
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
  // A level without a reference plan fails the check too, and the message names it.
  std::ofstream(dir / "planless.lvl") << "lemmings: 1\nsave: 1\ntime: 10\nrelease: 1\n"
                                         "skills: digger=1\n---\nE.X\n###\n";
  const auto planless = run_evoplay("lemmings check " + (dir / "planless.lvl").string());
  EXPECT_EQ(planless.status, 2);
  EXPECT_NE(planless.out.find("NO REFERENCE PLAN"), std::string::npos) << planless.out;
  EXPECT_NE(planless.err.find("1 of 1 levels failed the check; first: " +
                              (dir / "planless.lvl").string() + ": no reference plan (expected " +
                              (dir / "solutions" / "planless.plan").string() + ")"),
            std::string::npos)
      << planless.err;
  const auto both = run_evoplay("lemmings check " + (dir / "planless.lvl").string() + " " +
                                source_path("data/lemmings/easy-01-down-the-hole.lvl") + " --json");
  EXPECT_EQ(both.status, 2);
  const auto checked = nlohmann::json::parse(both.out);
  EXPECT_EQ(checked["failed"], 1);
  EXPECT_EQ(checked["levels"][0]["ok"], false);
  EXPECT_EQ(checked["levels"][0]["plan"], nullptr);
  EXPECT_EQ(checked["levels"][1]["ok"], true);
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
                             " --method cro --evaluations 800 --population 30 --seed 3 --quiet "
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
  EXPECT_EQ(j["run_dir"], dir.string());
  EXPECT_EQ(nlohmann::json::parse(slurp(dir / "result.json"))["best_plan"], j["best_plan"]);
  // best.plan replays to a solution; the run folder holds the usual records.
  const auto replay =
      run_evoplay("lemmings run " + kLevel + " --json --plan " + (dir / "best.plan").string());
  ASSERT_EQ(replay.status, 0) << replay.err;
  EXPECT_EQ(nlohmann::json::parse(replay.out)["solved"], true);
  EXPECT_EQ(slurp(dir / "replay.gif").substr(0, 6), "GIF89a");
  EXPECT_EQ(slurp(dir / "fitness.png").substr(1, 3), "PNG");
  EXPECT_EQ(slurp(dir / "history.csv").rfind("generation,evaluations,best,mean", 0), 0u);
  const auto config = nlohmann::json::parse(slurp(dir / "config.json"));
  EXPECT_EQ(config["solver"]["cro"]["max_copies"], 0);  // the default, sl-unique
  EXPECT_EQ(config["seed"], 3);
}

TEST(LemmingsCli, SolveTakesEpochsOrEvaluationsNotBoth) {
  // (What a run of a fixed number of epochs does: solve_level_test.cpp.)
  const auto dir = scratch_dir("lemmings-epochs");
  const auto r =
      run_evoplay("lemmings solve " + kLevel +
                  " --method ga --epochs 3 --population 20 --quiet --json --out " + dir.string());
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(nlohmann::json::parse(r.out)["generations"], 3);
  const auto config = nlohmann::json::parse(slurp(dir / "config.json"));
  EXPECT_EQ(config["solver"]["epochs"], 3);
  EXPECT_EQ(config["solver"]["evaluations"], nullptr);
  const auto both = run_evoplay("lemmings solve " + kLevel + " --epochs 5 --evaluations 100");
  EXPECT_EQ(both.status, 2);
  EXPECT_NE(both.err.find("excludes"), std::string::npos) << both.err;
  const auto negative = run_evoplay("lemmings solve " + kLevel + " --epochs -1");
  EXPECT_EQ(negative.status, 2);
  EXPECT_NE(negative.err.find("--epochs: expected a whole number from 0"), std::string::npos)
      << negative.err;
}

TEST(LemmingsCli, SolveTakesTheGasSelectionAndTheAcoVariant) {
  const auto dir = scratch_dir("lemmings-variants");
  const auto ga = run_evoplay("lemmings solve " + kLevel +
                              " --method ga --selection tournament:4 --evaluations 300 "
                              "--population 20 --quiet --json --out " +
                              (dir / "ga").string());
  ASSERT_EQ(ga.status, 0) << ga.err;
  EXPECT_EQ(nlohmann::json::parse(slurp(dir / "ga" / "config.json"))["solver"]["ga"]["selection"],
            "tournament:4");
  const auto aco = run_evoplay("lemmings solve " + kLevel +
                               " --method aco --aco-variant plain --evaluations 300 "
                               "--population 20 --quiet --json --out " +
                               (dir / "aco").string());
  ASSERT_EQ(aco.status, 0) << aco.err;
  const auto config = nlohmann::json::parse(slurp(dir / "aco" / "config.json"))["solver"]["aco"];
  EXPECT_EQ(config["variant"], "plain");
  EXPECT_EQ(config["rank"], 0);
  EXPECT_EQ(config["tau_max"], 0);
  const auto rank = run_evoplay("lemmings solve " + kLevel +
                                " --method aco --evaluations 100 --population 20 --quiet --out " +
                                (dir / "rank").string());
  ASSERT_EQ(rank.status, 0) << rank.err;
  EXPECT_EQ(nlohmann::json::parse(slurp(dir / "rank" / "config.json"))["solver"]["aco"]["variant"],
            "rank-maxmin");
  const auto bad_selection = run_evoplay("lemmings solve " + kLevel + " --selection best");
  EXPECT_EQ(bad_selection.status, 2);
  EXPECT_NE(bad_selection.err.find("best"), std::string::npos) << bad_selection.err;
  const auto bad_variant = run_evoplay("lemmings compare " + kLevel + " --aco-variant x");
  EXPECT_EQ(bad_variant.status, 2);
  EXPECT_NE(bad_variant.err.find("--aco-variant: expected rank-maxmin or plain, found 'x'"),
            std::string::npos)
      << bad_variant.err;
}

TEST(LemmingsCli, SolveAndCompareRejectBadInput) {
  const auto dir = scratch_dir("lemmings-bad-solve");
  const auto algo = run_evoplay("lemmings solve " + kLevel + " --method pso --out " + dir.string());
  EXPECT_EQ(algo.status, 2);
  EXPECT_NE(algo.err.find("--method: expected cro, ga or aco, found 'pso'"), std::string::npos)
      << algo.err;
  const auto fitness = run_evoplay("lemmings solve " + kLevel + " --fitness best");
  EXPECT_EQ(fitness.status, 2);
  EXPECT_NE(fitness.err.find("--fitness: expected original or heuristic, found 'best'"),
            std::string::npos)
      << fitness.err;
  const auto runs = run_evoplay("lemmings compare " + kLevel + " --runs 0");
  EXPECT_EQ(runs.status, 2);
  EXPECT_NE(runs.err.find("--runs: expected a whole number from 1 to 1000000, found '0'"),
            std::string::npos)
      << runs.err;
  const auto pattern = run_evoplay("lemmings compare '" + dir.string() + "/nothing-*.lvl'");
  EXPECT_EQ(pattern.status, 2);
  EXPECT_NE(pattern.err.find("nothing-*.lvl: no files match this pattern"), std::string::npos)
      << pattern.err;
  std::ofstream(dir / "broken.lvl") << "lemmings: 1\nsave: 1\ntime: 10\nrelease: 1\n---\nE.?X\n";
  const auto level = run_evoplay("lemmings compare " + (dir / "broken.lvl").string());
  EXPECT_EQ(level.status, 2);
  EXPECT_NE(level.err.find("broken.lvl:6:3: unknown cell '?'"), std::string::npos) << level.err;
  std::ofstream(dir / "skill-less.lvl") << "lemmings: 1\nsave: 1\ntime: 10\nrelease: 1\n---\nE.X\n"
                                           "###\n";
  const auto none = run_evoplay("lemmings solve " + (dir / "skill-less.lvl").string());
  EXPECT_EQ(none.status, 2);
  EXPECT_NE(none.err.find("the level offers no skill"), std::string::npos) << none.err;
  const auto algos = run_evoplay("lemmings compare " + kLevel + " --methods cro,pso");
  EXPECT_EQ(algos.status, 2);
  EXPECT_NE(algos.err.find("--methods: expected cro, ga or aco"), std::string::npos) << algos.err;
}

TEST(LemmingsCli, CompareWritesTablesCsvAndPlots) {
  const auto dir = scratch_dir("lemmings-compare");
  const auto r =
      run_evoplay("lemmings compare '" + source_path("data/lemmings/easy-0[12]-*.lvl") +
                  "' --runs 2 --evaluations 300 --population 20 --quiet --out " + dir.string());
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.out.find("| easy-01-down-the-hole |"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("| easy-02-up-the-stairs |"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("| difficulty | CRO | GA | ACO | any |"), std::string::npos) << r.out;
  const auto md = slurp(dir / "tables.md");
  EXPECT_EQ(md.substr(0, 12), "# Lemmings: ");
  EXPECT_NE(md.find("## Original fitness"), std::string::npos);
  EXPECT_NE(md.find("## Heuristic fitness"), std::string::npos);
  // Both fitnesses: the table of the document's Table 5.7, one column per algorithm and
  // fitness, a row per level and a total row whose numbers are the sums of the rows'.
  const auto table = md.find("## Original against heuristic fitness");
  ASSERT_NE(table, std::string::npos) << md;
  EXPECT_NE(md.find("| level | CRO original | CRO heuristic | GA original | GA heuristic | ACO "
                    "original | ACO heuristic |",
                    table),
            std::string::npos)
      << md.substr(table);
  const auto result = nlohmann::json::parse(slurp(dir / "result.json"));
  std::vector<long> sums(6, 0), totals;
  const std::string tail = md.substr(table);
  for (const auto line : evoplay::split_lines(tail)) {
    const std::string row(line);
    if (row.rfind("| easy-", 0) != 0 && row.rfind("| **total** |", 0) != 0) continue;
    std::vector<long> numbers;
    for (const auto cell : evoplay::split(row, '|')) {
      std::string text(evoplay::trim(cell));
      text.erase(std::remove(text.begin(), text.end(), '*'), text.end());
      if (!text.empty() && std::isdigit(static_cast<unsigned char>(text[0])))
        numbers.push_back(std::stol(text));
    }
    ASSERT_EQ(numbers.size(), 6u) << row;
    if (row.rfind("| **total** |", 0) == 0) {
      totals = numbers;
    } else {
      for (std::size_t i = 0; i < 6; ++i) sums[i] += numbers[i];
    }
  }
  EXPECT_EQ(totals, sums);
  // The same numbers as result.json's distinct solutions over all runs.
  long union_total = 0;
  for (const auto& c : result["cells"]) union_total += c["distinct_union"].get<long>();
  long table_total = 0;
  for (long t : totals) table_total += t;
  EXPECT_EQ(table_total, union_total);

  EXPECT_EQ(result["cells"].size(), 2u * 2 * 3);
  EXPECT_EQ(result["runs"], 2 * 2 * 3 * 2);
  EXPECT_EQ(result["evaluations"], 300 * 2 * 2 * 3 * 2);
  EXPECT_EQ(slurp(dir / "summary.csv").rfind("level,difficulty,fitness,algorithm,runs,solved", 0),
            0u);
  for (const std::string f : {"original", "heuristic"}) {
    for (const std::string plot : {"distinct-", "solved-"}) {
      EXPECT_EQ(slurp(dir / "plots" / (plot + f + ".png")).substr(1, 3), "PNG") << plot << f;
    }
    EXPECT_EQ(slurp(dir / "plots" / ("fitness-" + f + "-easy-02-up-the-stairs.png")).substr(1, 3),
              "PNG");
  }
  // curves.csv: the header, then one row per level, fitness, algorithm and point (50), with as
  // many fields as the header, evaluations rising to the budget and fitnesses in [0, 1].
  const auto curves = slurp(dir / "curves.csv");
  const auto lines = evoplay::split_lines(curves);
  ASSERT_FALSE(lines.empty());
  EXPECT_EQ(lines[0], "level,fitness,algorithm,evaluations,best,mean");
  std::size_t rows = 0;
  for (std::size_t i = 1; i < lines.size(); ++i) {
    if (lines[i].empty()) continue;
    const auto fields = evoplay::split(lines[i], ',');
    ASSERT_EQ(fields.size(), 6u) << lines[i];
    const int k = static_cast<int>(rows % 50);
    EXPECT_EQ(std::stol(std::string(fields[3])), 300L * (k + 1) / 50) << lines[i];
    if (!fields[4].empty()) {
      const double best = std::stod(std::string(fields[4]));
      EXPECT_GE(best, 0);
      EXPECT_LT(best, 1.01);
    }
    ++rows;
  }
  EXPECT_EQ(rows, 2u * 2 * 3 * 50);
}

TEST(LemmingsCli, CompareJsonNamesTheRunFolder) {
  const auto dir = scratch_dir("lemmings-compare-json");
  const auto r = run_evoplay("lemmings compare " + kLevel +
                             " --methods ga --fitness heuristic --runs 1 --evaluations 100 "
                             "--population 20 --quiet --json --out " +
                             dir.string());
  ASSERT_EQ(r.status, 0) << r.err;
  const auto j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["run_dir"], dir.string());
  EXPECT_EQ(j["runs"], 1);
  EXPECT_FALSE(nlohmann::json::parse(slurp(dir / "result.json")).contains("stopped"));
}

namespace {

/// Starts `args` (a long run writing into `dir`), waits until it has written config.json, sends
/// Ctrl-C and checks what it leaves: exit status 130, result.json saying it was cancelled, every
/// JSON file whole, no temporary file. Returns result.json.
nlohmann::json interrupt(std::vector<std::string> args, const std::filesystem::path& dir) {
  args.insert(args.end(), {"--quiet", "--out", dir.string()});
  const pid_t pid = start_evoplay(args);
  EXPECT_GT(pid, 0);
  while (!std::filesystem::exists(dir / "config.json")) {
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  EXPECT_EQ(kill(pid, SIGINT), 0);
  int status = 0;
  EXPECT_EQ(waitpid(pid, &status, 0), pid);
  EXPECT_TRUE(WIFEXITED(status)) << "killed by the signal instead of stopping";
  EXPECT_EQ(WEXITSTATUS(status), 130);
  for (const auto& e : std::filesystem::recursive_directory_iterator(dir)) {
    const auto name = e.path().filename().string();
    EXPECT_EQ(name.find(".tmp-"), std::string::npos) << name;
    if (e.path().extension() == ".json") {
      EXPECT_TRUE(nlohmann::json::accept(slurp(e.path()))) << name;
    }
  }
  const auto result = nlohmann::json::parse(slurp(dir / "result.json"));
  EXPECT_EQ(result["stopped"], "cancelled");
  return result;
}

}  // namespace

TEST(LemmingsCli, CtrlCStopsASolveWithWhatItFound) {
  const auto dir = scratch_dir("lemmings-solve-sigint") / "run";
  const auto result = interrupt({"lemmings", "solve", kLevel, "--method", "ga", "--evaluations",
                                 "1000000000000", "--population", "20"},
                                dir);
  EXPECT_EQ(result["stop_reason"], "cancelled");
  // The signal may come before the first population is scored (then nothing was found and no
  // plan is written) or after (the best plan found and its history): both are right, and what
  // is written must say which.
  const auto evaluations = result.value("evaluations", -1LL);
  ASSERT_GE(evaluations, 0) << result.dump();
  const bool found = evaluations > 0;
  EXPECT_EQ(std::filesystem::exists(dir / "best.plan"), found) << result.dump();
  EXPECT_EQ(std::filesystem::exists(dir / "history.csv"), found) << result.dump();
}

TEST(LemmingsCli, CtrlCStopsACompareWithTheRunsItFinished) {
  const auto dir = scratch_dir("lemmings-compare-sigint") / "run";
  const auto result = interrupt(
      {"lemmings", "compare", kLevel, "--methods", "ga,aco", "--fitness", "heuristic", "--runs",
       "3", "--evaluations", "1000000000000", "--population", "20", "--threads", "2"},
      dir);
  EXPECT_EQ(result["runs"], 0);  // none of these runs can finish
  EXPECT_TRUE(std::filesystem::exists(dir / "tables.md"));
  EXPECT_TRUE(std::filesystem::exists(dir / "runs.csv"));
}
