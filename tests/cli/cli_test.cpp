// The program as a user runs it: help, version, errors and exit codes, demo, plot.
#include <gtest/gtest.h>

#include "evoplay/core/history.hpp"
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

  // `plot` redraws the curves from the run folder, to PNG and to SVG.
  const auto plot =
      run_evoplay("plot " + (dir / "one" / "tsp").string() + " --out " + (dir / "p.svg").string());
  EXPECT_EQ(plot.status, 0) << plot.err;
  EXPECT_NE(slurp(dir / "p.svg").find("<svg"), std::string::npos);
  const auto bad = run_evoplay("plot " + (dir / "one" / "tsp").string() + " --columns nope");
  EXPECT_EQ(bad.status, 2);
  EXPECT_NE(bad.err.find("no column 'nope'"), std::string::npos);
}

TEST(Cli, DemoRejectsUnknownPart) {
  const auto r = run_evoplay("demo --only nothing");
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.err.find("unknown demo part 'nothing'"), std::string::npos);
}
