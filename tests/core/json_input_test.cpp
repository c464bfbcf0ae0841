// JSON input with lines: objects carry the line they start on; syntax errors name line and column.
#include "evoplay/core/json_input.hpp"

#include <gtest/gtest.h>

#include "evoplay/core/error.hpp"
#include "evoplay/core/json_text.hpp"
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

// A number beyond the range of a double is an input error at its line, not an internal fault;
// plain parse_json adds no line keys.
TEST(JsonInput, NumbersBeyondADoubleAreErrorsAtTheirLine) {
  for (const auto& parse : {parse_json, parse_json_with_lines}) {
    try {
      parse("{\n  \"a\": 1,\n  \"b\": 1e400\n}\n", "big.json");
      FAIL() << "expected an error";
    } catch (const Error& e) {
      EXPECT_EQ(e.file(), "big.json");
      EXPECT_EQ(e.line(), 3);
      EXPECT_EQ(e.column(), 8);
      EXPECT_NE(e.message().find("1e400"), std::string::npos) << e.message();
      EXPECT_EQ(e.message().find("json.exception"), std::string::npos) << e.message();
    }
    // However far the reader looked past the number, the error points at the number.
    try {
      parse("[\n 1E+400   \n\n ,2]", "spaced.json");
      FAIL() << "expected an error";
    } catch (const Error& e) {
      EXPECT_EQ(e.line(), 2);
      EXPECT_EQ(e.column(), 2);
    }
  }
  EXPECT_FALSE(parse_json("{\"a\": {\"b\": 1}}", "f").at("a").contains(kJsonLineKey));
  EXPECT_EQ(parse_json("[1e308]", "f")[0].get<double>(), 1e308);
}

// Output JSON never fails on a name that is not UTF-8 (a file name from the file system): such
// bytes become U+FFFD.
TEST(JsonText, BytesThatAreNotUtf8BecomeReplacementCharacters) {
  const nlohmann::json j = {{"file", "runs/d\xFF/x.lvl"}};
  EXPECT_EQ(json_text(j), "{\"file\":\"runs/d\xEF\xBF\xBD/x.lvl\"}");
  EXPECT_EQ(json_text({{"a", 1}}, 2), "{\n  \"a\": 1\n}");
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
