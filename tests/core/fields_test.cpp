#include "evoplay/core/fields.hpp"

#include <gtest/gtest.h>

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "evoplay/core/fields_schema.hpp"

namespace evoplay::fields {
namespace {

enum class Shape { kRing, kStar };
constexpr EnumName<Shape> kShapeNames[] = {{Shape::kRing, "ring"}, {Shape::kStar, "star"}};

}  // namespace

template <>
struct FieldValue<Shape> : EnumValue<Shape, kShapeNames> {};

namespace {

constexpr std::string_view kMoods[] = {"calm", "wild"};

struct Inner {
  std::string preset = "small";
  int cells = 4;
  double rate = 0.5;

  static Inner preset_named(std::string_view name) {
    if (name == "small") return {};
    if (name == "big") return {"big", 100, 0.9};
    throw Error(fmt::format("preset: '{}' is not a preset", name));
  }
  template <class S, class V>
  static void fields(S& s, V& v) {
    static constexpr std::string_view kPresets[] = {"small", "big"};
    v(s.preset, {.name = "preset", .help = "where to start", .choices = kPresets});
    v(s.cells, {.name = "cells", .help = "how many cells", .lo = 2, .hi = 1000});
    v(s.rate, {.name = "rate", .help = "a probability", .lo = 0, .hi = 1});
  }
};

struct Outer {
  std::size_t population = 10;
  std::uint64_t seed = 1;
  bool fast = false;
  std::string mood = "calm";
  std::optional<double> target;
  std::vector<Shape> shapes = {Shape::kRing};
  double step = 1;
  Inner inner;

  template <class S, class V>
  static void fields(S& s, V& v) {
    v(s.population, {.name = "population", .help = "individuals", .lo = 2, .hi = 1'000'000});
    v(s.seed, {.name = "seed", .help = "master seed"});
    v(s.fast, {.name = "fast", .help = "go fast"});
    v(s.mood, {.name = "mood", .help = "how", .choices = kMoods});
    v(s.target, {.name = "target", .help = "stop there"});
    v(s.shapes, {.name = "shapes", .help = "shapes to use"});
    v(s.step, {.name = "step-size", .help = "a step", .lo = 0, .hi = 10, .above = true});
    v.group(s.inner, {.name = "inner", .help = "the inner settings"});
  }
};

TEST(Fields, NamesNestGroupsWithTheirPrefix) {
  const auto names = fields::names(Outer{});
  const std::vector<std::string> expected = {
      "population", "seed",      "fast",         "mood",        "target",
      "shapes",     "step-size", "inner-preset", "inner-cells", "inner-rate"};
  EXPECT_EQ(names, expected);
}

TEST(Fields, ToJsonNestsGroupsAndUsesSnakeKeys) {
  Outer o;
  o.target = 3.5;
  const auto j = to_json(o);
  EXPECT_EQ(j["population"], 10);
  EXPECT_EQ(j["step_size"], 1.0);
  EXPECT_EQ(j["shapes"], nlohmann::json::array({"ring"}));
  EXPECT_EQ(j["target"], 3.5);
  EXPECT_EQ(j["inner"]["cells"], 4);
  EXPECT_FALSE(j.contains("inner_cells"));
}

TEST(Fields, ApplyJsonRoundTripsWhatToJsonWrote) {
  Outer o;
  o.population = 77;
  o.fast = true;
  o.mood = "wild";
  o.shapes = {Shape::kStar, Shape::kRing};
  o.inner = Inner::preset_named("big");
  o.inner.rate = 0.25;
  Outer back;
  apply_json(back, to_json(o));
  EXPECT_EQ(to_json(back), to_json(o));
}

TEST(Fields, APresetAppliesBeforeTheOtherKeysWhateverTheirOrder) {
  Outer o;
  apply_json(o, nlohmann::json::parse(R"({"inner": {"rate": 0.1, "preset": "big"}})"));
  EXPECT_EQ(o.inner.cells, 100);  // from the preset
  EXPECT_EQ(o.inner.rate, 0.1);   // given over it
}

TEST(Fields, UnknownKeysAreRefusedWithTheNearestName) {
  Outer o;
  try {
    apply_json(o, nlohmann::json::parse(R"({"popluation": 5})"));
    FAIL();
  } catch (const FieldError& e) {
    EXPECT_EQ(e.field(), "popluation");
    EXPECT_EQ(std::string(e.what()), "popluation: no such setting (did you mean 'population'?)");
  }
  EXPECT_THROW(apply_json(o, nlohmann::json::parse(R"({"inner": {"colour": 1}})")), FieldError);
}

TEST(Fields, BadValuesNameTheFieldTheRangeAndWhatWasFound) {
  Outer o;
  const auto message = [&](const char* json) {
    try {
      apply_json(o, nlohmann::json::parse(json));
    } catch (const FieldError& e) {
      return std::string(e.what());
    }
    return std::string("no error");
  };
  EXPECT_EQ(message(R"({"population": 1})"),
            "population: expected a whole number from 2 to 1000000, found 1");
  EXPECT_EQ(message(R"({"population": -3})"),
            "population: expected a whole number from 2 to 1000000, found -3");
  EXPECT_EQ(message(R"({"population": 2.5})"),
            "population: expected a whole number from 2 to 1000000, found 2.5");
  EXPECT_EQ(message(R"({"mood": "sad"})"), "mood: expected calm or wild, found \"sad\"");
  EXPECT_EQ(message(R"({"fast": "yes"})"), "fast: expected true or false, found \"yes\"");
  EXPECT_EQ(message(R"({"step_size": 0})"),
            "step-size: expected a number above 0 and at most 10, found 0");
  EXPECT_EQ(message(R"({"shapes": ["ring", "cube"]})"),
            "shapes: expected ring or star, found [\"ring\",\"cube\"]");
  EXPECT_EQ(message(R"({"inner": {"cells": 1}})"),
            "inner-cells: expected a whole number from 2 to 1000, found 1");
  EXPECT_EQ(message(R"({"seed": 18446744073709551615})"), "no error");
  EXPECT_EQ(o.seed, 18446744073709551615ULL);
}

TEST(Fields, TextIsReadAsTheCommandLineTypesIt) {
  Outer o;
  set_text(o, "population", "300");
  set_text(o, "fast", "on");
  set_text(o, "shapes", "star, ring");
  set_text(o, "target", "2.5");
  set_text(o, "inner-rate", "0.75");
  EXPECT_EQ(o.population, 300u);
  EXPECT_TRUE(o.fast);
  EXPECT_EQ(o.shapes, (std::vector<Shape>{Shape::kStar, Shape::kRing}));
  EXPECT_EQ(o.target, 2.5);
  EXPECT_EQ(o.inner.rate, 0.75);
  const auto refused = [&](const char* name, const char* text) {
    try {
      set_text(o, name, text);
    } catch (const FieldError& e) {
      return std::string(e.what());
    }
    return std::string("accepted");
  };
  EXPECT_EQ(refused("population", "nan"),
            "population: expected a whole number from 2 to 1000000, found 'nan'");
  EXPECT_EQ(refused("population", "99999999999999999999999"),
            "population: expected a whole number from 2 to 1000000, found "
            "'99999999999999999999999'");
  EXPECT_EQ(refused("fast", ""), "fast: expected on or off, found ''");
  EXPECT_EQ(refused("inner-rate", "nan"), "inner-rate: expected a number from 0 to 1, found 'nan'");
  EXPECT_EQ(refused("seed", "-1"),
            "seed: expected a whole number from 0 to 18446744073709551615, found '-1'");
  EXPECT_EQ(refused("speed", "1"), "speed: no such setting");
  // A long value is echoed by its first 40 characters; one of exactly 40, whole.
  const std::string forty(40, '7');
  EXPECT_EQ(refused("population", (forty + "12345").c_str()),
            "population: expected a whole number from 2 to 1000000, found '" + forty + "...'");
  EXPECT_EQ(refused("population", forty.c_str()),
            "population: expected a whole number from 2 to 1000000, found '" + forty + "'");
}

TEST(Fields, CheckFindsAValueSetOutOfRangeInCode) {
  Outer o;
  EXPECT_NO_THROW(check(o));
  o.inner.rate = 2;
  try {
    check(o);
    FAIL();
  } catch (const FieldError& e) {
    EXPECT_EQ(e.field(), "inner-rate");
    EXPECT_EQ(e.named("--inner-rate").message(),
              "--inner-rate: expected a number from 0 to 1, found 2.0");
  }
}

TEST(Fields, NestTurnsFlatKeywordsIntoTheSettingsObject) {
  const auto j = nest(Outer{}, {{"population", 5}, {"inner_rate", 0.2}, {"inner-cells", 8}});
  EXPECT_EQ(j, nlohmann::json::parse(R"({"population": 5, "inner": {"rate": 0.2, "cells": 8}})"));
  EXPECT_THROW(nest(Outer{}, {{"inner_rte", 1}}), FieldError);
}

TEST(Fields, DescribeGivesKindDefaultAndLimits) {
  const auto infos = describe(Outer{});
  ASSERT_EQ(infos.size(), 10u);
  EXPECT_EQ(infos[0].kind, "N");
  EXPECT_EQ(infos[0].default_text, "10");
  EXPECT_EQ(infos[0].limits, "from 2 to 1000000");
  EXPECT_TRUE(infos[2].flag);
  EXPECT_EQ(infos[3].kind, "calm|wild");
  EXPECT_EQ(infos[3].limits, "one of calm or wild");
  EXPECT_EQ(infos[4].default_text, "");
  EXPECT_EQ(infos[5].kind, "ring|star,...");
  EXPECT_EQ(infos[9].slot.key(), "inner_rate");
}

}  // namespace
}  // namespace evoplay::fields

namespace evoplay::fields {
namespace {

TEST(Fields, APresetGivenAsTextResetsItsGroup) {
  Outer o;
  o.inner.rate = 0.3;
  set_text(o, "inner-preset", "big");
  EXPECT_EQ(o.inner.preset, "big");
  EXPECT_EQ(o.inner.cells, 100);
  EXPECT_EQ(o.inner.rate, 0.9);
  EXPECT_THROW(set_text(o, "inner-preset", "huge"), FieldError);
}

}  // namespace
}  // namespace evoplay::fields

namespace evoplay::fields {
namespace {

struct Bounds {
  Range<int> pigs{2, 4};
  Range<double> band{0.2, 0.6};
  template <class S, class V>
  static void fields(S& s, V& v) {
    v(s.pigs, {.name = "pigs", .help = "pigs per level", .lo = 1, .hi = 30});
    v(s.band, {.name = "band", .help = "a band", .lo = 0, .hi = 1});
  }
};

TEST(Fields, ARangeIsReadAsMinCommaMaxOrAPairAndKeepsMinAtMostMax) {
  Bounds b;
  set_text(b, "pigs", "1,3");
  set_text(b, "band", "0.1:0.9");  // the colon of earlier releases' --difficulty LO:HI
  EXPECT_EQ(b.pigs, (Range<int>{1, 3}));
  EXPECT_EQ(b.band, (Range<double>{0.1, 0.9}));
  apply_json(b, nlohmann::json::parse(R"({"pigs": [5, 5], "band": "0,1"})"));
  EXPECT_EQ(b.pigs, (Range<int>{5, 5}));
  EXPECT_EQ(b.band, (Range<double>{0, 1}));
  EXPECT_EQ(to_json(b), nlohmann::json::parse(R"({"pigs": [5, 5], "band": [0.0, 1.0]})"));
  const auto refused = [&](const char* json) {
    try {
      apply_json(b, nlohmann::json::parse(json));
    } catch (const FieldError& e) {
      return std::string(e.what());
    }
    return std::string("accepted");
  };
  const std::string pigs = "pigs: expected MIN,MAX, whole numbers from 1 to 30, MIN at most MAX";
  EXPECT_EQ(refused(R"({"pigs": [4, 2]})"), pigs + ", found [4,2]");
  EXPECT_EQ(refused(R"({"pigs": [0, 2]})"), pigs + ", found [0,2]");
  EXPECT_EQ(refused(R"({"pigs": [1, 2, 3]})"), pigs + ", found [1,2,3]");
  EXPECT_EQ(refused(R"({"pigs": "3"})"), pigs + ", found \"3\"");
  EXPECT_EQ(refused(R"({"band": [0.5, 1.5]})"),
            "band: expected MIN,MAX, numbers from 0 to 1, MIN at most MAX, found [0.5,1.5]");
  EXPECT_THROW(set_text(b, "pigs", "2,x"), FieldError);
  const auto infos = describe(Bounds{});
  EXPECT_EQ(infos[0].kind, "MIN,MAX");
  EXPECT_EQ(infos[0].default_text, "2,4");
  EXPECT_EQ(infos[0].limits, "MIN and MAX from 1 to 30");
  EXPECT_EQ(infos[1].default_text, "0.2,0.6");
}

}  // namespace
}  // namespace evoplay::fields

namespace evoplay::fields {
namespace {

// The JSON Schema of a declaration: each key's type, range or choices, default and help, as the
// declaration says them; nested groups flat, as the server and Python take them.
TEST(Fields, TheSchemaSaysWhatEachKeyTakes) {
  const auto schema = json_schema(Outer{});
  EXPECT_EQ(schema["type"], "object");
  EXPECT_EQ(schema["additionalProperties"], false);
  const auto& p = schema["properties"];
  EXPECT_EQ(p.size(), describe(Outer{}).size());
  EXPECT_EQ(p["population"]["type"], "integer");
  EXPECT_EQ(p["population"]["minimum"], 2);
  EXPECT_EQ(p["population"]["maximum"], 1000000);
  EXPECT_EQ(p["population"]["default"], 10);
  EXPECT_EQ(p["population"]["description"], "individuals");
  EXPECT_EQ(p["population"]["x-option"], "--population");
  EXPECT_EQ(p["population"]["x-order"], 0);
  EXPECT_EQ(p["inner_rate"]["x-order"], 9);
  EXPECT_EQ(p["seed"]["minimum"], 0);
  EXPECT_FALSE(p["seed"].contains("maximum"));  // 2^64-1: past what JSON numbers hold exactly
  EXPECT_EQ(p["fast"]["type"], "boolean");
  EXPECT_EQ(p["mood"]["enum"], nlohmann::json({"calm", "wild"}));
  EXPECT_EQ(p["target"]["type"], nlohmann::json({"number", "null"}));
  EXPECT_EQ(p["target"]["default"], nullptr);
  EXPECT_EQ(p["shapes"]["items"]["enum"], nlohmann::json({"ring", "star"}));
  EXPECT_EQ(p["step_size"]["exclusiveMinimum"], 0.0);
  EXPECT_EQ(p["inner_cells"]["maximum"], 1000);
  EXPECT_EQ(p["inner_preset"]["enum"], nlohmann::json({"small", "big"}));
  const auto bounds = json_schema(Bounds{})["properties"]["pigs"];
  EXPECT_EQ(bounds["type"], "array");
  EXPECT_EQ(bounds["minItems"], 2);
  EXPECT_EQ(bounds["maxItems"], 2);
  EXPECT_EQ(bounds["items"]["maximum"], 30);
  EXPECT_EQ(bounds["default"], nlohmann::json({2, 4}));
  // Every default the schema gives is read back by the declaration as it is.
  Outer o;
  o.population = 99;
  std::vector<std::pair<std::string, nlohmann::json>> defaults;
  for (const auto& [key, value] : p.items())
    if (!value["default"].is_null()) defaults.emplace_back(key, value["default"]);
  apply_json(o, nest(Outer{}, defaults));
  EXPECT_EQ(to_json(o), to_json(Outer{}));
}

}  // namespace
}  // namespace evoplay::fields
