// JSON input with lines: objects carry the line they start on; syntax errors name line and column.
#include "evoplay/core/json_input.hpp"

#include <gtest/gtest.h>

#include "evoplay/core/error.hpp"
#include "evoplay/core/text.hpp"
#include "support/error.hpp"
#include "support/process.hpp"

using namespace evoplay;

TEST(JsonInput, ObjectsKnowTheLineTheyStartOn) {
  const std::string text =
      "{\n"
      "  \"list\": [\n"
      "    {\"a\": 1},\n"
      "\n"
      "    {\n"
      "      \"b\": {\"c\": 2}\n"
      "    }\n"
      "  ]\n"
      "}\n";
  const auto j = parse_json_with_lines(text, "x.json");
  EXPECT_EQ(json_line(j), 1);
  EXPECT_EQ(json_line(j["list"][0]), 3);
  EXPECT_EQ(json_line(j["list"][1]), 5);
  EXPECT_EQ(json_line(j["list"][1]["b"]), 6);
  EXPECT_EQ(j["list"][1]["b"]["c"], 2);
  EXPECT_EQ(json_line(j["list"]), 0);  // arrays carry no line
  EXPECT_EQ(json_line(j["list"][0]["a"]), 0);
}

TEST(JsonInput, SyntaxErrorsNameLineAndColumn) {
  try {
    parse_json_with_lines("{\n  \"a\": 1,\n  \"b\" 2\n}\n", "broken.json");
    FAIL() << "expected an error";
  } catch (const Error& e) {
    EXPECT_EQ(e.file(), "broken.json");
    EXPECT_EQ(e.line(), 3);
    EXPECT_EQ(e.column(), 7);
    EXPECT_NE(e.message().find("malformed JSON"), std::string::npos) << e.message();
    EXPECT_EQ(e.message().find("json.exception"), std::string::npos) << e.message();
  }
  EXPECT_THROW(parse_json_with_lines("", "empty.json"), Error);
  EXPECT_THROW(parse_json_with_lines("[1, 2", "cut.json"), Error);
}

// Inputs the fuzzer found (fuzz/core_json.cpp, tests/data/fuzz/core_json/): an error at the end
// of a text that ends with a line break named a line after the last one, and a number beyond
// double escaped as nlohmann-json's out_of_range (an internal error instead of a located one).
TEST(JsonInput, FuzzFindingsAreErrorsInsideTheFile) {
  const auto read = [](const std::string& name) {
    return read_text(test_support::source_path("tests/data/fuzz/core_json/" + name));
  };
  for (const auto parse : {&parse_json_with_lines, &parse_json}) {
    const std::string cut = read("crash-end-after-line-break.json");  // "[1,\n"
    const Error end = test_support::error_from([&] { parse(cut, "cut.json"); }, cut);
    EXPECT_EQ(end.file(), "cut.json");
    EXPECT_EQ(end.line(), 1);
    EXPECT_EQ(end.column(), 4);                                  // after "[1,"
    const std::string big = read("crash-number-overflow.json");  // line 2: `  "x": [1, -1e400]`
    const Error overflow = test_support::error_from([&] { parse(big, "big.json"); }, big);
    EXPECT_EQ(overflow.file(), "big.json");
    EXPECT_EQ(overflow.line(), 2);
    EXPECT_EQ(overflow.column(), 12);  // the number's first character
    EXPECT_NE(overflow.message().find("number overflow parsing '-1e400'"), std::string::npos)
        << overflow.what();
    EXPECT_EQ(overflow.message().find("json.exception"), std::string::npos) << overflow.what();
  }
  // A number that ends the text, and plain JSON without lines.
  EXPECT_EQ(test_support::error_from([] { parse_json("1e999", "n.json"); }, "1e999").column(), 1);
  EXPECT_EQ(parse_json("{\"a\": [1, 2.5]}", "ok.json"), nlohmann::json::parse("{\"a\": [1, 2.5]}"));
}
