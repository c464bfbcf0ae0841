// Reading text input: numbers and lines, whole files, and the errors every command shows for a
// path that is not a readable file (missing, or a directory), naming the path.
#include "evoplay/core/text.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "evoplay/core/error.hpp"
#include "support/process.hpp"

using namespace evoplay;

TEST(Text, NumbersAndLines) {
  EXPECT_EQ(parse_int(" 42 ", "f", 1, "x"), 42);
  EXPECT_THROW(parse_int("4x", "f", 1, "x"), Error);
  EXPECT_THROW(parse_double("", "f", 1, "x"), Error);
  EXPECT_DOUBLE_EQ(parse_double("-2.5e1", "f", 1, "x"), -25);
  const auto lines = split_lines("a\r\nb\n\nc");
  ASSERT_EQ(lines.size(), 4u);
  EXPECT_EQ(lines[0], "a");
  EXPECT_EQ(lines[1], "b");
  EXPECT_EQ(lines[2], "");
  EXPECT_EQ(lines[3], "c");
}

TEST(ReadText, ReadsAWholeFileByteForByte) {
  const auto dir = test_support::scratch_dir("text-read");
  std::ofstream(dir / "a.txt", std::ios::binary) << "one\r\ntwo\n\nthree";
  EXPECT_EQ(read_text((dir / "a.txt").string()), "one\r\ntwo\n\nthree");
}

TEST(ReadText, ADirectoryIsAnErrorNamingIt) {
  const auto dir = test_support::scratch_dir("text-dir");
  const std::string path = dir.string();
  try {
    (void)read_text(path);
    FAIL() << "a directory was read as a file";
  } catch (const Error& e) {
    EXPECT_EQ(e.file(), path);
    EXPECT_EQ(e.line(), 0);
    EXPECT_EQ(e.message(), "is a directory, expected a file");
    EXPECT_EQ(std::string(e.what()), path + ": is a directory, expected a file");
  }
}

TEST(ReadText, AMissingFileIsAnErrorNamingIt) {
  EXPECT_THROW(read_text("/no/such/file"), Error);
  const auto dir = test_support::scratch_dir("text-missing");
  const std::string path = (dir / "nowhere.txt").string();
  try {
    (void)read_text(path);
    FAIL() << "a missing file was read";
  } catch (const Error& e) {
    EXPECT_EQ(e.file(), path);
    EXPECT_NE(e.message().find("cannot open"), std::string::npos) << e.what();
  }
}
