// The .lvl and .plan formats: values, defaults, round trips, and errors that name the line and
// column; the exit distance map.
#include "evoplay/games/lemmings/level.hpp"

#include <gtest/gtest.h>

#include <algorithm>

#include "evoplay/core/error.hpp"
#include "evoplay/games/lemmings/plan.hpp"
#include "support/process.hpp"

namespace lem = evoplay::games::lemmings;

namespace {

const char* kGood =
    "# a comment\n"
    "name: Tiny\n"
    "lemmings: 5\n"
    "save: 3\n"
    "time: 40\n"
    "release: 2\n"
    "fuse: 7\n"
    "skills: builder=2 Digger=1, exploder=3\n"
    "---\n"
    "=E..=\n"
    "#.~X#\n"
    "=====\n";

/// The error parse_level throws for `text`, as "line:column: message".
std::string level_error_of(const std::string& text) {
  try {
    lem::parse_level(text, "bad.lvl");
  } catch (const evoplay::Error& e) {
    EXPECT_EQ(e.file(), "bad.lvl");
    return std::to_string(e.line()) + ":" + std::to_string(e.column()) + ": " + e.message();
  }
  return "no error";
}

std::string with_header(const std::string& header, const std::string& map = "EX\n##\n") {
  return header + "---\n" + map;
}

const std::string kHeader = "lemmings: 5\nsave: 3\ntime: 40\nrelease: 2\n";

}  // namespace

TEST(LemmingsLevel, ParsesValuesAndDefaults) {
  const auto level = lem::parse_level(kGood, "tiny.lvl");
  EXPECT_EQ(level.name, "Tiny");
  EXPECT_EQ(level.width, 5);
  EXPECT_EQ(level.height, 3);
  EXPECT_EQ(level.lemmings, 5);
  EXPECT_EQ(level.save, 3);
  EXPECT_EQ(level.time, 40);
  EXPECT_EQ(level.release, 2);
  EXPECT_EQ(level.fall, 4);    // default
  EXPECT_EQ(level.bricks, 6);  // default
  EXPECT_EQ(level.fuse, 7);
  EXPECT_EQ(level.radius, 1);  // default
  EXPECT_EQ(level.skill(lem::Skill::kBuilder), 2);
  EXPECT_EQ(level.skill(lem::Skill::kDigger), 1);  // names in any case
  EXPECT_EQ(level.skill(lem::Skill::kBomber), 3);  // "exploder", the document's name
  EXPECT_EQ(level.skill(lem::Skill::kClimber), 0);
  EXPECT_EQ(level.total_skills(), 6);
  EXPECT_EQ(level.at(1, 0), lem::Cell::kEntrance);
  EXPECT_EQ(level.at(0, 1), lem::Cell::kDirt);
  EXPECT_EQ(level.at(2, 1), lem::Cell::kWater);
  EXPECT_EQ(level.at(3, 1), lem::Cell::kExit);
  EXPECT_EQ(level.at(0, 2), lem::Cell::kSteel);
  EXPECT_EQ(level.entrances(), std::vector<lem::Point>({{1, 0}}));
  EXPECT_EQ(level.exits(), std::vector<lem::Point>({{3, 1}}));
  EXPECT_EQ(lem::estimated_duration(level), 40);
}

TEST(LemmingsLevel, NameDefaultsToTheFileAndTextRoundTrips) {
  const auto level = lem::parse_level(with_header(kHeader), "dir/my-level.lvl");
  EXPECT_EQ(level.name, "my-level");
  const auto tiny = lem::parse_level(kGood, "tiny.lvl");
  const auto again = lem::parse_level(lem::to_text(tiny), "again.lvl");
  EXPECT_EQ(again.name, tiny.name);
  EXPECT_EQ(again.cells, tiny.cells);
  EXPECT_EQ(again.skills, tiny.skills);
  EXPECT_EQ(again.fuse, tiny.fuse);
  EXPECT_EQ(lem::to_text(again), lem::to_text(tiny));
}

TEST(LemmingsLevel, ErrorsNameTheLineAndColumn) {
  EXPECT_EQ(level_error_of(with_header(kHeader + "colour: red\n")).substr(0, 21),
            "5:1: unknown key 'col");
  EXPECT_EQ(level_error_of(with_header(kHeader, "EX\n#?\n")),
            "7:2: unknown cell '?' (expected . air, # dirt, = steel, ~ water, E entrance or X "
            "exit)");
  EXPECT_EQ(level_error_of(with_header(kHeader, "EX.\n##\n")).substr(0, 16), "7:3: ragged map:");
  // A missing entrance or exit: the first map row (line 6, after the header and '---').
  EXPECT_EQ(level_error_of(with_header(kHeader, "..X\n###\n")),
            "6:1: the map has no entrance: expected at least one 'E'");
  EXPECT_EQ(level_error_of(with_header(kHeader, "E..\n###\n")),
            "6:1: the map has no exit: expected at least one 'X'");
  EXPECT_EQ(level_error_of(with_header("lemmings: 5\nsave: 3\ntime: -4\nrelease: 2\n")),
            "3:7: time: expected a number from 1 to 1000000, found -4");
  EXPECT_EQ(level_error_of(with_header("lemmings: five\nsave: 3\ntime: 4\nrelease: 2\n")),
            "1:11: lemmings: expected a whole number, found 'five'");
  EXPECT_EQ(level_error_of(with_header("lemmings: 5\nsave: 6\ntime: 4\nrelease: 2\n")),
            "2:7: save: expected at most lemmings (5), found 6");
  EXPECT_EQ(level_error_of(with_header("lemmings: 5\nsave: 3\ntime: 4\n")),
            "4:0: missing 'release: N' in the header");
  EXPECT_EQ(level_error_of(with_header(kHeader + "release: 3\n")), "5:1: 'release' given twice");
  EXPECT_EQ(level_error_of(with_header(kHeader + "skills: builder=2 jumper=1\n")).substr(0, 37),
            "5:19: skills: unknown skill 'jumper' ");
  EXPECT_EQ(level_error_of(with_header(kHeader + "skills: builder=-1\n")),
            "5:17: builder: expected a number from 0 to 10000, found -1");
  EXPECT_EQ(level_error_of(with_header(kHeader + "skills: builder\n")).substr(0, 35),
            "5:9: skills: expected 'skill=N' (e.");
  EXPECT_EQ(level_error_of(kHeader), "4:0: expected a line '---' before the map");
  EXPECT_EQ(level_error_of(kHeader + "EX\n##\n"),
            "5:1: expected 'key: value' or the line '---' before the map, found 'EX'");
  EXPECT_EQ(level_error_of(with_header(kHeader + "just words\n")).substr(0, 30),
            "5:1: expected 'key: value' or ");
  EXPECT_EQ(level_error_of(with_header(kHeader, "\n")), "5:0: expected map rows after '---'");
}

TEST(LemmingsLevel, ExitDistancesGoAroundSteelAndWaterAndThroughDirtAtACost) {
  // X . .      distances: 0 1 2
  // . = .                 1 - 3
  // . # E                 2 5 4   (the dirt cell: 2 + kDirtCost from the left)
  // ~ . .                 - 6 5   (water is a wall)
  const auto level = lem::parse_level(with_header(kHeader, "X..\n.=.\n.#E\n~..\n"), "d.lvl");
  const auto d = lem::exit_distances(level);
  ASSERT_EQ(lem::kDirtCost, 3);
  const std::vector<int> expected = {0, 1, 2, 1, lem::kUnreachable, 3, 2, 5, 4, lem::kUnreachable,
                                     6, 5};
  EXPECT_EQ(d, expected);
}

TEST(LemmingsPlan, ParsesGenesWithCommentsAndRoundTrips) {
  const auto plan = lem::parse_plan(
      "# the document's encoding\n"
      "3 digger      # at step 3 assign a digger\n"
      "\n"
      "12 Builder 2\n"
      "  0\tfloater\n",
      "p.plan");
  ASSERT_EQ(plan.size(), 3u);
  EXPECT_EQ(plan[0], (lem::Gene{3, lem::Skill::kDigger, 0}));
  EXPECT_EQ(plan[1], (lem::Gene{12, lem::Skill::kBuilder, 2}));
  EXPECT_EQ(plan[2], (lem::Gene{0, lem::Skill::kFloater, 0}));
  EXPECT_EQ(lem::parse_plan(lem::to_text(plan), "again.plan"), plan);
}

TEST(LemmingsPlan, ErrorsNameTheLineAndColumn) {
  auto error_of_plan = [](const std::string& text) -> std::string {
    try {
      lem::parse_plan(text, "bad.plan");
    } catch (const evoplay::Error& e) {
      return std::to_string(e.line()) + ":" + std::to_string(e.column()) + ": " + e.message();
    }
    return "no error";
  };
  EXPECT_EQ(error_of_plan("3 digger\n-1 builder\n"),
            "2:1: step: expected a whole number from 0 to 100000000, found '-1'");
  EXPECT_EQ(error_of_plan("3 swimmer\n").substr(0, 28), "1:3: unknown skill 'swimmer'");
  EXPECT_EQ(error_of_plan("3 digger 0\n").substr(0, 44),
            "1:10: lemming: expected a number from 1 to 1");
  EXPECT_EQ(error_of_plan("3\n").substr(0, 31), "1:1: expected 'STEP SKILL [LEMM");
  EXPECT_EQ(error_of_plan("3 digger 1 2\n").substr(0, 31), "1:1: expected 'STEP SKILL [LEMM");
}

TEST(LemmingsPlan, RandomPlansFollowTheDocumentsInitialisation) {
  const auto level = lem::parse_level(with_header(kHeader + "skills: builder=3 digger=1\n"), "r");
  evoplay::Rng rng(5);
  int builders = 0, genes = 0;
  std::size_t longest = 0;
  for (int i = 0; i < 400; ++i) {
    const auto plan = lem::random_plan(level, 20, rng);
    ASSERT_GE(plan.size(), 1u);
    ASSERT_LE(plan.size(), 20u);
    longest = std::max(longest, plan.size());
    for (const auto& g : plan) {
      ASSERT_GE(g.step, 0);
      ASSERT_LT(g.step, 20);
      ASSERT_TRUE(g.skill == lem::Skill::kBuilder || g.skill == lem::Skill::kDigger);
      ASSERT_EQ(g.lemming, 0);
      builders += g.skill == lem::Skill::kBuilder;
      ++genes;
    }
  }
  EXPECT_EQ(longest, 20u);
  // Skills in proportion to what the level allows: 3 builders for 1 digger.
  EXPECT_NEAR(static_cast<double>(builders) / genes, 0.75, 0.03);
  // The same stream gives the same plan.
  evoplay::Rng a(9), b(9);
  EXPECT_EQ(lem::random_plan(level, 30, a), lem::random_plan(level, 30, b));
  // No skill on offer: an empty plan.
  const auto none = lem::parse_level(with_header(kHeader), "n");
  EXPECT_TRUE(lem::random_plan(none, 30, a).empty());
}
