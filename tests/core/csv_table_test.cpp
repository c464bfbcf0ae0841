// to_csv(CsvTable) writes what parse_csv reads back; csv_row quotes text fields.
#include <gtest/gtest.h>

#include <cmath>

#include "evoplay/core/history.hpp"

TEST(CsvTable, WritesWhatItReadsBack) {
  evoplay::CsvTable t;
  t.columns = {"game", "winner", "seconds"};
  t.rows = {{1, -1, 0.25}, {2, 0, std::nan("")}};
  const std::string csv = evoplay::to_csv(t);
  EXPECT_EQ(csv, "game,winner,seconds\n1,-1,0.25\n2,0,\n");
  const auto back = evoplay::parse_csv(csv, "t.csv");
  EXPECT_EQ(back.columns, t.columns);
  ASSERT_EQ(back.rows.size(), 2u);
  EXPECT_EQ(back.rows[0][2], 0.25);
  EXPECT_TRUE(std::isnan(back.rows[1][2]));
}

TEST(CsvRow, QuotesOnlyFieldsThatNeedIt) {
  EXPECT_EQ(evoplay::csv_row({"alphabeta:100ms", "3", ""}), "alphabeta:100ms,3,\n");
  EXPECT_EQ(evoplay::csv_row({"a,b", "say \"hi\"", "two\nlines"}),
            "\"a,b\",\"say \"\"hi\"\"\",\"two\nlines\"\n");
}
