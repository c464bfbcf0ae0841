// The demo as a library: its parts by name, an unknown name refused before anything runs, and
// each part's folder a run with the record of every run.
#include "evoplay/demo/demo.hpp"

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "support/error.hpp"
#include "support/process.hpp"

using evoplay::test_support::error_from;
using evoplay::test_support::scratch_dir;
namespace demo = evoplay::demo;

TEST(Demo, EveryPartHasAUniqueNameAndATitle) {
  std::set<std::string> names;
  for (const auto& p : demo::parts()) {
    EXPECT_TRUE(names.insert(p.name).second) << p.name;
    EXPECT_FALSE(std::string(p.title).empty()) << p.name;
    EXPECT_TRUE(p.run) << p.name;
  }
  EXPECT_TRUE(names.contains("tsp") && names.contains("lemmings") && names.contains("birds"));
  EXPECT_NE(demo::part_names().find("tictactoe-learn"), std::string::npos);
}

TEST(Demo, AnUnknownPartIsRefusedBeforeAnyPartRuns) {
  const auto root = scratch_dir("demo-unknown");
  std::FILE* out = std::tmpfile();
  ASSERT_NE(out, nullptr);
  demo::Context ctx{root, 1, 1, true, out, {}};
  const auto e = error_from([&] { demo::run(ctx, {"tsp", "chess"}); }, "tsp,chess");
  EXPECT_NE(e.message().find("unknown demo part 'chess'"), std::string::npos) << e.message();
  EXPECT_EQ(std::ftell(out), 0);  // not even the tsp part's title line
  EXPECT_TRUE(ctx.artefacts.empty());
  EXPECT_FALSE(std::filesystem::exists(root / "tsp"));
  std::fclose(out);
}

// A part's folder is a run like any other: config.json says "demo PART" with the version, the
// seed and the threads resolved, then the part's settings (the Runs page lists parts by command;
// demo/tsp showed none, the Lemmings and flags parts had no config.json at all).
TEST(Demo, APartsFolderStartsWithTheRunRecordOfEveryRun) {
  const auto root = scratch_dir("demo-part-record");
  demo::Context ctx{root, 7, 0, true, stdout, {}};
  {
    const evoplay::RunDir run = ctx.begin_part("sudoku", {{"puzzle", "..."}});
    EXPECT_EQ(run.path(), root / "sudoku");
  }
  const auto config =
      nlohmann::json::parse(evoplay::test_support::slurp(root / "sudoku" / "config.json"));
  EXPECT_EQ(config["command"], "demo sudoku");
  EXPECT_EQ(config["seed"], 7);
  EXPECT_GE(config["threads"].get<int>(), 1);  // 0 resolved to the cores
  EXPECT_TRUE(config.contains("version"));
  EXPECT_EQ(config["puzzle"], "...");
  ctx.begin_part("search");  // no settings: the head alone
  EXPECT_EQ(nlohmann::json::parse(
                evoplay::test_support::slurp(root / "search" / "config.json"))["command"],
            "demo search");
}
