// parse_csv (the reader behind `evoplay plot`): empty cells are NaN, anything else that is not a
// number is an error naming the file, line and column; text columns are read only when named.
#include <gtest/gtest.h>

#include <cmath>

#include "evoplay/core/error.hpp"
#include "evoplay/core/history.hpp"
#include "support/error.hpp"

using evoplay::Error;
using evoplay::parse_csv;

namespace {
Error csv_error(const std::string& text) {
  return evoplay::test_support::error_from([&] { parse_csv(text, "h.csv"); }, text);
}
}  // namespace

TEST(HistoryCsv, EmptyCellsAreNaNAndNumbersParse) {
  const auto t = parse_csv("generation,best,diversity\n0,1.5,\n1, -2e3 ,0.25\n", "h.csv");
  ASSERT_EQ(t.rows.size(), 2u);
  EXPECT_TRUE(std::isnan(t.values("diversity")[0]));
  EXPECT_EQ(t.values("best")[1], -2000);
  EXPECT_EQ(t.values("diversity")[1], 0.25);
  // A blank (spaces only) cell is empty too.
  EXPECT_TRUE(std::isnan(parse_csv("a,b\n1,  \n", "h.csv").rows[0][1]));
}

TEST(HistoryCsv, NonNumbersAreErrorsWithLineAndColumn) {
  {
    const Error e = csv_error("generation,best\n0,1\n1,abc\n");
    EXPECT_EQ(e.file(), "h.csv");
    EXPECT_EQ(e.line(), 3);
    EXPECT_EQ(e.column(), 3);
    EXPECT_NE(std::string(e.what()).find("h.csv:3:3:"), std::string::npos) << e.what();
    EXPECT_NE(e.message().find("'abc' in column best: expected a number"), std::string::npos)
        << e.what();
  }
  {
    const Error e = csv_error("generation,best,mean\n0,1,2\n10,1x,2\n");
    EXPECT_EQ(e.line(), 3);
    EXPECT_EQ(e.column(), 4);
    EXPECT_NE(e.message().find("'1x'"), std::string::npos) << e.what();
  }
  {
    const Error e = csv_error("a,b\n--,1\n");
    EXPECT_EQ(e.line(), 2);
    EXPECT_EQ(e.column(), 1);
  }
}

TEST(HistoryCsv, NamedTextColumnsAreReadAsNaN) {
  const std::string_view names[] = {"crossover"};
  const auto t = parse_csv("crossover,runs\npmx,5\n", "s.csv", names);
  ASSERT_EQ(t.rows.size(), 1u);
  EXPECT_TRUE(std::isnan(t.rows[0][0]));
  EXPECT_EQ(t.rows[0][1], 5);
  // Other columns stay strict.
  EXPECT_THROW(parse_csv("crossover,runs\npmx,five\n", "s.csv", names), Error);
}
