// The competition's parameters file: blocks of four lines, the empty forbidden line, and broken
// files reported with their line and column.
#include "evoplay/games/birds/ruleset.hpp"

#include <gtest/gtest.h>

#include "evoplay/core/error.hpp"
#include "support/process.hpp"

using namespace evoplay::games::birds;
using evoplay::Error;

namespace {

Error ruleset_error_of(const std::string& text) {
  try {
    parse_rulesets(text, "p.txt");
  } catch (const Error& e) {
    return e;
  }
  ADD_FAILURE() << "no error for:\n" << text;
  return Error("none");
}

}  // namespace

TEST(BirdsRuleset, ReadsTheExampleFile) {
  const auto blocks =
      read_rulesets(evoplay::test_support::source_path("data/birds/parameters.txt"));
  ASSERT_EQ(blocks.size(), 2u);
  EXPECT_EQ(blocks[0].levels, 5);
  ASSERT_EQ(blocks[0].forbidden.size(), 3u);
  EXPECT_EQ(blocks[0].forbidden[0], std::pair(Material::kWood, ObjectType::kRectMedium));
  EXPECT_EQ(blocks[0].forbidden[1], std::pair(Material::kWood, ObjectType::kSquareTiny));
  EXPECT_EQ(blocks[0].forbidden[2], std::pair(Material::kIce, ObjectType::kCircleSmall));
  EXPECT_EQ(blocks[0].pigs_min, 8);
  EXPECT_EQ(blocks[0].pigs_max, 10);
  EXPECT_EQ(blocks[0].time_limit_minutes, 30);
  EXPECT_EQ(blocks[0].line, 1);
  EXPECT_FALSE(blocks[0].allows(Material::kWood, ObjectType::kRectMedium));
  EXPECT_TRUE(blocks[0].allows(Material::kStone, ObjectType::kRectMedium));
  // The second block's forbidden line is empty.
  EXPECT_EQ(blocks[1].levels, 3);
  EXPECT_TRUE(blocks[1].forbidden.empty());
  EXPECT_EQ(blocks[1].pigs_min, 1);
  EXPECT_EQ(blocks[1].pigs_max, 3);
  EXPECT_EQ(blocks[1].line, 6);
  // Written back, the blocks read the same.
  EXPECT_EQ(parse_rulesets(ruleset_to_text(blocks[0]) + "\n" + ruleset_to_text(blocks[1]), "x"),
            blocks);
}

TEST(BirdsRuleset, BrokenFilesSayWhereAndWhat) {
  Error e = ruleset_error_of("5\nwood RectMedium\n8-10\n30\n");
  EXPECT_EQ(e.line(), 3);
  EXPECT_NE(e.message().find("min,max"), std::string::npos) << e.message();
  e = ruleset_error_of("5\nwood RectMedium, marble Circle\n8,10\n30\n");
  EXPECT_EQ(e.line(), 2);
  EXPECT_EQ(e.column(), 18);
  EXPECT_NE(e.message().find("unknown material 'marble'"), std::string::npos) << e.message();
  e = ruleset_error_of("5\nwood RectMedium,stone Rectangle\n8,10\n30\n");
  EXPECT_EQ(e.line(), 2);
  EXPECT_EQ(e.column(), 23);
  EXPECT_NE(e.message().find("unknown block type 'Rectangle'"), std::string::npos);
  e = ruleset_error_of("five\n\n8,10\n30\n");
  EXPECT_EQ(e.line(), 1);
  EXPECT_NE(e.message().find("expected an integer"), std::string::npos);
  e = ruleset_error_of("5\n\n10,8\n30\n");
  EXPECT_EQ(e.line(), 3);
  e = ruleset_error_of("5\n\n8,10\n");
  EXPECT_NE(e.message().find("ends early"), std::string::npos) << e.message();
  e = ruleset_error_of("5\n\n8,10\n30\n4\n");
  EXPECT_EQ(e.line(), 5);
  EXPECT_NE(e.message().find("blank line"), std::string::npos);
  e = ruleset_error_of("5\n\n8,10\n0\n");
  EXPECT_EQ(e.line(), 4);
  e = ruleset_error_of("\n\n");
  EXPECT_NE(e.message().find("no block"), std::string::npos);
}

// Numbers past an int were narrowed before they were checked: "number of levels
// -2147483648" for 2147483648. They are checked as read and said as written.
TEST(BirdsRuleset, NumbersOutOfRangeAreSaidAsWritten) {
  Error e = ruleset_error_of("2147483648\n\n8,10\n30\n");
  EXPECT_EQ(e.line(), 1);
  EXPECT_NE(e.message().find("number of levels 2147483648 is out of range (1 to 1000)"),
            std::string::npos)
      << e.message();
  e = ruleset_error_of("99999999999999999999999\n\n8,10\n30\n");
  EXPECT_NE(e.message().find("number of levels 99999999999999999999999 is out of range"),
            std::string::npos)
      << e.message();
  e = ruleset_error_of("5\n\n1,4294967297\n30\n");
  EXPECT_EQ(e.line(), 3);
  EXPECT_NE(e.message().find("pig range 1,4294967297: expected 1 <= min <= max <= "),
            std::string::npos)
      << e.message();
  e = ruleset_error_of("5\n\n-4294967295,3\n30\n");
  EXPECT_NE(e.message().find("pig range -4294967295,3:"), std::string::npos) << e.message();
}
