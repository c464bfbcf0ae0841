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

TEST(HistoryCsv, FromTableGivesBackTheRecordsOfTable) {
  evoplay::History h;
  for (std::size_t g = 0; g < 3; ++g) {
    evoplay::GenerationRecord r;
    r.generation = g;
    r.evaluations = 100 * (g + 1);
    r.best = 0.1 * static_cast<double>(g) + 1.0 / 3;
    r.mean = 2.5;
    r.worst = -1e300;
    r.diversity = g == 1 ? std::nan("") : 7.0;
    r.elapsed = 1e-6 * static_cast<double>(g);
    r.extra = {{"occupancy", 0.9}, {"larvae", static_cast<double>(g)}};
    h.add(r);
  }
  const auto back = evoplay::History::from_table(h.table());
  EXPECT_EQ(back.to_csv(), h.to_csv());
  ASSERT_EQ(back.rows.size(), 3u);
  EXPECT_EQ(back.rows[2].evaluations, 300u);
  EXPECT_EQ(back.rows[2].best, 0.2 + 1.0 / 3);
  EXPECT_TRUE(std::isnan(back.rows[1].diversity));
  EXPECT_EQ(back.rows[2].extra_value("larvae"), 2);
  // A table of other columns is refused.
  EXPECT_THROW(evoplay::History::from_table(parse_csv("generation,best\n0,1\n", "h.csv")), Error);
}
