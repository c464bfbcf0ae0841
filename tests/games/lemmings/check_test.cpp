// `lemmings check` as a library call: every shipped level's reference plan solves it; a level
// whose plan fails, that has no plan, or that cannot be read fails the check in its own row.
#include "evoplay/games/lemmings/check.hpp"

#include <gtest/gtest.h>

#include <fstream>

#include "support/process.hpp"

namespace lem = evoplay::games::lemmings;
using evoplay::test_support::scratch_dir;
using evoplay::test_support::source_path;

TEST(LemmingsCheck, EveryShippedLevelIsSolvedByItsReferencePlan) {
  std::vector<std::filesystem::path> files;
  for (const auto& e : std::filesystem::directory_iterator(source_path("data/lemmings"))) {
    if (e.path().extension() == ".lvl") files.push_back(e.path());
  }
  ASSERT_EQ(files.size(), 15u);
  const auto r = lem::check_levels(files);
  EXPECT_EQ(r.failed, 0) << r.text();
  for (const auto& l : r.levels) {
    EXPECT_TRUE(l.ok) << l.line;
    EXPECT_EQ(l.json["outcome"]["solved"], true) << l.file;
    EXPECT_NE(l.line.find("solves: saved"), std::string::npos) << l.line;
  }
  EXPECT_EQ(r.to_json()["levels"].size(), 15u);
  EXPECT_EQ(r.text().rfind("level ", 0), 0u);
}

TEST(LemmingsCheck, FailuresAreReportedInTheirRows) {
  const auto dir = scratch_dir("lemmings-check");
  std::filesystem::create_directories(dir / "solutions");
  std::ofstream(dir / "level.lvl") << "lemmings: 1\nsave: 1\ntime: 10\nrelease: 1\n"
                                      "skills: digger=1\n---\nE..\n###\n.X.\n###\n";
  std::ofstream(dir / "solutions" / "level.plan") << "1 builder\n";
  std::ofstream(dir / "planless.lvl") << "lemmings: 1\nsave: 1\ntime: 10\nrelease: 1\n"
                                         "skills: digger=1\n---\nE.X\n###\n";
  std::ofstream(dir / "broken.lvl") << "lemmings: 5\nsave: 2\ntime: 10\nrelease: 1\n---\nE.X\n"
                                       "#?#\n";
  const auto r = lem::check_levels({dir / "level.lvl", dir / "planless.lvl", dir / "broken.lvl",
                                    source_path("data/lemmings/easy-01-down-the-hole.lvl")});
  EXPECT_EQ(r.failed, 3);
  ASSERT_EQ(r.levels.size(), 4u);
  EXPECT_NE(r.levels[0].line.find("DOES NOT SOLVE: saved 0/1"), std::string::npos);
  EXPECT_EQ(r.levels[0].json["outcome"]["solved"], false);
  EXPECT_NE(r.levels[1].line.find("NO REFERENCE PLAN"), std::string::npos);
  EXPECT_EQ(r.levels[1].json["plan"], nullptr);
  EXPECT_NE(r.levels[2].line.find("broken.lvl:7:2: unknown cell '?'"), std::string::npos)
      << r.levels[2].line;
  EXPECT_EQ(r.levels[2].json["ok"], false);
  EXPECT_TRUE(r.levels[3].ok);
  EXPECT_EQ(r.failure(), "3 of 4 levels failed the check; first: " +
                             (dir / "solutions" / "level.plan").string() +
                             ": the reference plan saves 0 of 1 needed");
  // A folder of plans elsewhere.
  EXPECT_EQ(lem::reference_plan_path(dir / "level.lvl", "/plans"), "/plans/level.plan");
  EXPECT_EQ(lem::reference_plan_path(dir / "level.lvl"), dir / "solutions" / "level.plan");
}
