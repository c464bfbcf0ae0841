// Reading text input: whole files, and the errors every command shows for a path that is not a
// readable file (missing, or a directory), naming the path.
#include "evoplay/core/text.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "evoplay/core/error.hpp"
#include "support/process.hpp"

using namespace evoplay;

TEST(ReadText, ReadsAWholeFile) {
  const auto dir = test_support::scratch_dir("text-read");
  std::ofstream(dir / "a.txt", std::ios::binary) << "one\r\ntwo\n\nthree";
  const std::string text = read_text((dir / "a.txt").string());
  EXPECT_EQ(text, "one\r\ntwo\n\nthree");
  const auto lines = split_lines(text);
  ASSERT_EQ(lines.size(), 4u);
  EXPECT_EQ(lines[0], "one");
  EXPECT_EQ(lines[2], "");
  EXPECT_EQ(lines[3], "three");
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
