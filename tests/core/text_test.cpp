// Reading text input: numbers and lines, whole files, and the errors every command shows for a
// path that is not a readable file (missing, or a directory), naming the path.
#include "evoplay/core/text.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "evoplay/core/error.hpp"
#include "support/error.hpp"
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

// Every text input is UTF-8: a byte-order mark is dropped, and a byte that is not UTF-8 is an
// error at its line and column (columns count characters, not bytes).
TEST(CheckedText, ByteOrderMarkIsDroppedAndBadBytesAreLocated) {
  EXPECT_EQ(checked_text("\xEF\xBB\xBFname: x\n", "f"), "name: x\n");
  EXPECT_EQ(checked_text("caf\xC3\xA9 \xE2\x82\xAC \xF0\x9F\x90\xA6\n", "f"),
            "caf\xC3\xA9 \xE2\x82\xAC \xF0\x9F\x90\xA6\n");  // 2, 3 and 4 byte characters
  const auto e = test_support::error_from(
      [] { (void)checked_text("ok\n\xC3\xA9t\xE9\n", "level.lvl"); }, "latin-1");
  EXPECT_EQ(e.file(), "level.lvl");
  EXPECT_EQ(e.line(), 2);
  EXPECT_EQ(e.column(), 3);
  EXPECT_NE(e.message().find("not UTF-8"), std::string::npos) << e.message();
}

TEST(CheckedText, MalformedSequencesAreFound) {
  // Well-formed UTF-8 is accepted whole; each malformed form is found at its first byte.
  EXPECT_EQ(first_non_utf8("a\xC2\x80\xDF\xBF\xE0\xA0\x80\xED\x9F\xBF\xF4\x8F\xBF\xBF"), 15u);
  const std::pair<std::string, std::size_t> bad[] = {
      {"a\x80", 1},                    // a lone continuation byte
      {"ab\xC0\xAF", 2},               // overlong '/'
      {"\xC1\xBF", 0},                 // overlong
      {"x\xE0\x80\xAF", 1},            // overlong three-byte form
      {"\xED\xA0\x80", 0},             // a surrogate
      {"\xF4\x90\x80\x80", 0},         // past U+10FFFF
      {"\xF5\x80\x80\x80", 0},         // no such lead byte
      {"abc\xE2\x82", 3},              // cut short by the end
      {"\xE2(\xA1", 0},                // a continuation missing
      {std::string("a\0\xFF", 3), 2},  // NUL is text; 0xFF never is
  };
  for (const auto& [text, at] : bad) EXPECT_EQ(first_non_utf8(text), at) << text.size();
}

TEST(ReadText, ReadsBytesAsTheyAreAndTextAsUtf8) {
  const auto dir = test_support::scratch_dir("read-bytes");
  const auto file = dir / "utf16.xml";
  std::ofstream(file, std::ios::binary) << std::string("\xFF\xFE<\0L\0", 6);
  EXPECT_EQ(read_bytes(file.string()).size(), 6u);
  const auto e = test_support::error_from([&] { (void)read_text(file.string()); }, "utf-16");
  EXPECT_EQ(e.file(), file.string());
  EXPECT_EQ(e.line(), 1);
}

TEST(Text, ParseDoubleRefusesWhatIsNotAFiniteNumber) {
  for (const char* s : {"nan", "inf", "-inf", "1e400", "infinity"}) {
    EXPECT_THROW(parse_double(s, "f", 1, "x"), Error) << s;
  }
  EXPECT_DOUBLE_EQ(parse_double("1e300", "f", 1, "x"), 1e300);
}
