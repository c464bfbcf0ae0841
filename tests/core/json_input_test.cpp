// JSON input with lines: objects carry the line they start on; syntax errors name line and column.
#include "evoplay/core/json_input.hpp"

#include <gtest/gtest.h>

#include "evoplay/core/error.hpp"
#include "evoplay/core/json_text.hpp"

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
      EXPECT_NE(e.message().find("1e400"), std::string::npos) << e.message();
      EXPECT_EQ(e.message().find("json.exception"), std::string::npos) << e.message();
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
