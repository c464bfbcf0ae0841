// The program as a user runs it: help, version, errors and exit codes, demo (its parts that
// write files: tsp, birdsgen, birdsplay, tictactoe-learn, flags), plot.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <set>
#include <sstream>
#include <string>

#include "evoplay/core/history.hpp"
#include "evoplay/games/birds/check.hpp"
#include "evoplay/games/birds/xml.hpp"
#include "support/history.hpp"
#include "support/process.hpp"

using namespace evoplay::test_support;

TEST(Cli, HelpListsEveryGroup) {
  const auto r = run_evoplay("--help");
  EXPECT_EQ(r.status, 0);
  for (const char* group : {"demo", "plot"}) {
    EXPECT_NE(r.out.find(group), std::string::npos) << group;
  }
}

TEST(Cli, Version) {
  const auto r = run_evoplay("--version");
  EXPECT_EQ(r.status, 0);
  EXPECT_NE(r.out.find("evoplay 0."), std::string::npos);
}

TEST(Cli, BadOptionIsAUsageError) {
  const auto r = run_evoplay("plot --no-such-option x");
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.err.find("evoplay: error:"), std::string::npos);
  EXPECT_NE(r.err.find("--no-such-option"), std::string::npos);
}

TEST(Cli, UnknownCommandIsAUsageError) {
  const auto r = run_evoplay("frobnicate");
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.err.find("evoplay: error: unknown command 'frobnicate'"), std::string::npos) << r.err;
}

TEST(Cli, AGroupAloneListsItsCommands) {
  const auto top = run_evoplay("");
  EXPECT_EQ(top.status, 2);
  EXPECT_NE(top.err.find("`evoplay` needs a command:"), std::string::npos) << top.err;
  EXPECT_NE(top.err.find("\n  lemmings "), std::string::npos) << top.err;
  const auto sudoku = run_evoplay("sudoku");
  EXPECT_EQ(sudoku.status, 2);
  EXPECT_NE(sudoku.err.find("`evoplay sudoku` needs a command:"), std::string::npos) << sudoku.err;
  EXPECT_NE(sudoku.err.find("\n  solve "), std::string::npos) << sudoku.err;
  EXPECT_NE(sudoku.err.find("Run `evoplay sudoku COMMAND --help`"), std::string::npos);
}

TEST(Cli, MissingFileIsAnInputError) {
  const auto r = run_evoplay("plot /no/such/run");
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.err.find("evoplay: error: /no/such/run"), std::string::npos) << r.err;
}

TEST(Cli, BrokenHistoryNamesTheLine) {
  const auto dir = scratch_dir("broken-history");
  std::ofstream(dir / "history.csv") << "generation,best\n0,1\n1\n";
  const auto r = run_evoplay("plot " + dir.string());
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.err.find("history.csv:3:"), std::string::npos) << r.err;
  EXPECT_FALSE(std::filesystem::exists(dir / "fitness.png"));  // nothing half-written
}

TEST(Cli, DemoIsDeterministicAcrossThreadCountsAndPlots) {
  const auto dir = scratch_dir("demo");
  const auto one =
      run_evoplay("demo --only tsp --quiet --threads 1 --out " + (dir / "one").string());
  const auto two =
      run_evoplay("demo --only tsp --quiet --threads 2 --out " + (dir / "two").string());
  ASSERT_EQ(one.status, 0) << one.err;
  ASSERT_EQ(two.status, 0) << two.err;
  const auto h1 = slurp(dir / "one" / "tsp" / "history.csv");
  ASSERT_FALSE(h1.empty());
  EXPECT_EQ(rows_without_time(h1), rows_without_time(slurp(dir / "two" / "tsp" / "history.csv")));
  EXPECT_TRUE(std::filesystem::file_size(dir / "one" / "tsp" / "fitness.png") > 10000);
  EXPECT_NE(one.out.find("solved"), std::string::npos);
  EXPECT_EQ(nlohmann::json::parse(slurp(dir / "one" / "tsp" / "config.json"))["command"],
            "demo tsp");

  // `plot` redraws the curves from the run folder, to PNG and to SVG.
  const auto plot = run_evoplay("plot " + (dir / "one" / "tsp").string() + " --image " +
                                (dir / "p.svg").string());
  EXPECT_EQ(plot.status, 0) << plot.err;
  EXPECT_NE(slurp(dir / "p.svg").find("<svg"), std::string::npos);
  const auto bad = run_evoplay("plot " + (dir / "one" / "tsp").string() + " --left nope");
  EXPECT_EQ(bad.status, 2);
  EXPECT_NE(bad.err.find("no column 'nope'"), std::string::npos);
}

// The other demo parts that write files, each alone (one demo run each, so that a slow part
// does not hide which one failed). Under the sanitizers these are the slowest tests of the
// program (the birds generator simulates two layers of 10 x 50 levels): the demo has no smaller
// setting, so each is run once, at one thread.
TEST(Cli, DemoBirdsGeneratorWritesFiveLevelsAndASheet) {
  const auto dir = scratch_dir("demo-birdsgen");
  const auto r = run_evoplay("demo --only birdsgen --quiet --threads 1 --out " + dir.string());
  ASSERT_EQ(r.status, 0) << r.err;
  const auto part = dir / "birdsgen";
  EXPECT_GT(std::filesystem::file_size(part / "sheet.png"), 10000u);
  for (int i = 4; i <= 8; ++i) {
    const auto file = part / ("level-0" + std::to_string(i) + ".xml");
    ASSERT_TRUE(std::filesystem::exists(file)) << file;
    const auto level = evoplay::games::birds::read_level(file.string());  // throws if broken
    EXPECT_GT(level.count(evoplay::games::birds::Kind::kBlock), 0) << file;
    EXPECT_GE(level.count(evoplay::games::birds::Kind::kPig), 2) << file;  // the demo's 2-4
    EXPECT_LE(level.count(evoplay::games::birds::Kind::kPig), 4) << file;
    EXPECT_TRUE(evoplay::games::birds::find_overlaps(level).empty()) << file;
  }
  EXPECT_FALSE(std::filesystem::exists(part / "level-09.xml"));
  const auto result = nlohmann::json::parse(slurp(part / "result.json"));
  EXPECT_EQ(result["levels"].size(), 5u);
  EXPECT_EQ(nlohmann::json::parse(slurp(part / "config.json"))["command"], "demo birdsgen");
  EXPECT_NE(r.out.find("5 levels in"), std::string::npos) << r.out;
}

TEST(Cli, DemoBirdsPlayWinsTheGeneratedLevelAndWritesTheGif) {
  const auto dir = scratch_dir("demo-birdsplay");
  const auto r = run_evoplay("demo --only birdsplay --quiet --threads 1 --out " + dir.string());
  ASSERT_EQ(r.status, 0) << r.err;
  const auto part = dir / "birdsplay";
  EXPECT_EQ(slurp(part / "game.gif").substr(0, 6), "GIF89a");
  EXPECT_GT(std::filesystem::file_size(part / "game.png"), 10000u);
  const auto result = nlohmann::json::parse(slurp(part / "result.json"));
  EXPECT_EQ(result["won"], true);  // the level was generated as solvable by the search agent
  EXPECT_EQ(result["agent"], "search");
  EXPECT_EQ(nlohmann::json::parse(slurp(part / "config.json"))["command"], "demo birdsplay");
  EXPECT_NE(r.out.find("won with"), std::string::npos) << r.out;
  // The closing list: every path in one column, after the longest label (a label longer than
  // 28 characters once pushed its path out of line).
  std::istringstream listing(r.out.substr(r.out.find("Pictures and files:")));
  std::set<std::size_t> columns;
  for (std::string line; std::getline(listing, line);) {
    if (const auto at = line.find(dir.string()); at != std::string::npos && line.starts_with("  "))
      columns.insert(at);
  }
  EXPECT_EQ(columns.size(), 1u) << r.out;
}

TEST(Cli, DemoTicTacToeLearningWritesItsCurvesAndPopulation) {
  const auto dir = scratch_dir("demo-ttt-learn");
  const auto r =
      run_evoplay("demo --only tictactoe-learn --quiet --threads 1 --out " + dir.string());
  ASSERT_EQ(r.status, 0) << r.err;
  const auto part = dir / "tictactoe-learn";
  for (const char* f : {"results.png", "knowledge.png", "fitness.png"}) {
    EXPECT_GT(std::filesystem::file_size(part / f), 1000u) << f;
  }
  for (const char* f : {"history.csv", "population.txt", "config.json", "result.json"}) {
    EXPECT_FALSE(slurp(part / f).empty()) << f;
  }
  const auto result = nlohmann::json::parse(slurp(part / "result.json"));
  EXPECT_TRUE(result.contains("cycles"));
  EXPECT_NE(r.out.find("strong preset"), std::string::npos) << r.out;
}

TEST(Cli, DemoFlagsWritesATournamentAndAGame) {
  const auto dir = scratch_dir("demo-flags");
  const auto r = run_evoplay("demo --only flags --quiet --threads 1 --out " + dir.string());
  ASSERT_EQ(r.status, 0) << r.err;
  // The program finds data/flags next to its build folder, wherever it is run from.
  EXPECT_EQ(r.out.find("skipped"), std::string::npos) << r.out;
  const auto part = dir / "flags";
  for (const char* f : {"game.gif", "game-end.png"}) {
    EXPECT_GT(std::filesystem::file_size(part / f), 1000u) << f;
  }
  for (const char* f : {"standings.csv", "games.csv", "result.json"}) {
    EXPECT_FALSE(slurp(part / f).empty()) << f;
  }
  EXPECT_TRUE(nlohmann::json::accept(slurp(part / "result.json")));
  const auto config = nlohmann::json::parse(slurp(part / "config.json"));
  EXPECT_EQ(config["command"], "demo flags");
  EXPECT_EQ(config["bots"].size(), 4u);  // the tournament's settings under the part's head
}

TEST(Cli, DemoRejectsUnknownPart) {
  const auto r = run_evoplay("demo --only nothing");
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.err.find("unknown demo part 'nothing'"), std::string::npos);
}
