#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "evoplay/core/atomic_file.hpp"
#include "evoplay/core/error.hpp"
#include "evoplay/core/history.hpp"
#include "evoplay/core/run_dir.hpp"
#include "evoplay/core/text.hpp"
#include "support/process.hpp"

namespace fs = std::filesystem;
using namespace evoplay;

namespace {
std::size_t entries(const fs::path& dir) {
  return static_cast<std::size_t>(
      std::distance(fs::directory_iterator(dir), fs::directory_iterator()));
}
}  // namespace

TEST(AtomicFile, WritesAndReplaces) {
  const auto dir = test_support::scratch_dir("atomic");
  write_file_atomic(dir / "a.txt", "one");
  write_file_atomic(dir / "a.txt", "two");
  EXPECT_EQ(read_text((dir / "a.txt").string()), "two");
  EXPECT_EQ(entries(dir), 1u);  // no temporary left behind
}

TEST(AtomicFile, UncommittedLeavesOldContentAndNoTemp) {
  const auto dir = test_support::scratch_dir("abort");
  write_file_atomic(dir / "a.txt", "old");
  {
    AtomicFile f(dir / "a.txt");
    f.out() << "half written";
    // destroyed without commit, as when an error is thrown midway
  }
  EXPECT_EQ(read_text((dir / "a.txt").string()), "old");
  EXPECT_EQ(entries(dir), 1u);
}

TEST(AtomicFile, CreatesParentFolders) {
  const auto dir = test_support::scratch_dir("parents");
  write_file_atomic(dir / "x" / "y" / "z.txt", "deep");
  EXPECT_EQ(read_text((dir / "x" / "y" / "z.txt").string()), "deep");
}

TEST(RunDir, DefaultNameIsCommandAndTimestamp) {
  const auto dir = test_support::scratch_dir("rundir");
  const auto old = fs::current_path();
  fs::current_path(dir);
  const auto a = RunDir::create("", "sudoku");
  const auto b = RunDir::create("", "sudoku");
  fs::current_path(old);
  EXPECT_TRUE(a.path().string().starts_with("runs/sudoku-"));
  EXPECT_NE(a.path(), b.path());  // a second run in the same second gets its own folder
}

TEST(RunDir, RefusesAFile) {
  const auto dir = test_support::scratch_dir("rundir-file");
  write_file_atomic(dir / "f", "x");
  EXPECT_THROW(RunDir::create((dir / "f").string(), "x"), Error);
}

TEST(History, CsvRoundTrip) {
  History h;
  GenerationRecord r;
  r.generation = 0;
  r.evaluations = 100;
  r.best = 1.5;
  r.mean = 2.25;
  r.worst = 3;
  r.extra = {{"occupancy", 0.8}};
  h.add(r);
  r.generation = 1;
  r.evaluations = 200;
  r.diversity = 0.5;
  h.add(r);
  const auto table = parse_csv(h.to_csv(), "h.csv");
  ASSERT_EQ(table.rows.size(), 2u);
  EXPECT_EQ(table.columns.back(), "occupancy");
  EXPECT_TRUE(std::isnan(table.values("diversity")[0]));
  EXPECT_DOUBLE_EQ(table.values("diversity")[1], 0.5);
  EXPECT_DOUBLE_EQ(table.values("mean")[0], 2.25);
  EXPECT_DOUBLE_EQ(table.values("evaluations")[1], 200);
}

TEST(History, CsvErrorsNameTheLine) {
  try {
    parse_csv("a,b\n1,2\n3\n", "bad.csv");
    FAIL() << "expected an error";
  } catch (const Error& e) {
    EXPECT_EQ(e.file(), "bad.csv");
    EXPECT_EQ(e.line(), 3);
    EXPECT_NE(std::string(e.what()).find("bad.csv:3:"), std::string::npos);
  }
}

TEST(Error, Formats) {
  EXPECT_STREQ(Error("a.txt", 3, "bad").what(), "a.txt:3: bad");
  EXPECT_STREQ(Error("a.txt", 3, 7, "bad").what(), "a.txt:3:7: bad");
  EXPECT_STREQ(Error("a.txt", 0, "bad").what(), "a.txt: bad");
  EXPECT_STREQ(Error("bad").what(), "bad");
  EXPECT_STREQ(Error("", 2, "bad").in_file("x").what(), "x:2: bad");
}
