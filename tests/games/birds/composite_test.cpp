// Composites and catalogues: sizes from the block table, the shipped catalogue file, JSON round
// trips, restrictions, and broken catalogue files reported with their line.
#include "evoplay/games/birds/composite.hpp"

#include <gtest/gtest.h>

#include "evoplay/core/error.hpp"
#include "evoplay/games/birds/check.hpp"
#include "games/birds/catalogue_support.hpp"
#include "support/process.hpp"

using namespace evoplay::games::birds;
using catalogue_support::find;
using evoplay::Error;

namespace {

Error catalogue_error_of(const std::string& text) {
  try {
    parse_catalogue(text, "c.json");
  } catch (const Error& e) {
    return e;
  }
  ADD_FAILURE() << "no error for:\n" << text;
  return Error("none");
}

}  // namespace

TEST(BirdsComposite, TheStartingCatalogue) {
  const Catalogue c = default_catalogue();
  // 12 blocks, 6 turned a quarter, 8 hand-made (the last two houses for pigs), 12 forts (the
  // last two of two materials each: stone walls under an ice roof, stone under wood).
  ASSERT_EQ(c.size(), 38u);
  for (std::size_t i = 0; i < 18; ++i) EXPECT_EQ(c[i].pieces.size(), 1u) << c[i].name;
  // Sizes from the game's colliders (docs/science-birds.md): RectBig 2.06 x 0.22, turned.
  const Composite& big = find(c, "RectBig@90");
  EXPECT_NEAR(big.width(), 0.22, 1e-9);
  EXPECT_NEAR(big.height(), 2.06, 1e-9);
  // A house: two RectMedium walls (1.68 high, 0.22 thick) 1.2 apart under a RectBig roof: 0.98
  // of room between them, for a medium pig (0.78).
  const Composite& house = find(c, "house");
  EXPECT_NEAR(house.height(), 1.68 + 0.22, 1e-9);
  EXPECT_NEAR(house.pieces[1].x - house.pieces[0].x - 0.22, 0.98, 1e-9);
  EXPECT_FALSE(structure_problem(house));
  // A table: two RectSmall (0.85 long) standing under a RectMedium (1.68 x 0.22).
  const Composite& table = find(c, "table");
  EXPECT_NEAR(table.width(), 1.68, 1e-9);
  EXPECT_NEAR(table.height(), 0.85 + 0.22, 1e-9);
  EXPECT_NEAR(table.box.min_x, -0.84, 1e-9);  // centred on its bounding box
  EXPECT_NEAR(table.box.min_y, -0.535, 1e-9);
  EXPECT_NEAR(table.top_point().y, 0.535, 1e-9);
  EXPECT_NEAR(table.top_point().x, 0, 1e-9);
  // Every composite's pieces touch at most, and each stands alone on the ground.
  for (const auto& x : c) {
    EXPECT_TRUE(find_overlaps(composite_level(x)).empty()) << x.name;
    EXPECT_EQ(x.mixed_materials(), &x >= &c[36]) << x.name;
  }
  // A frame spans more than a column's width (2 units): pillars 1.84 apart under a 2.06 beam.
  EXPECT_NEAR(find(c, "frame").width(), 2.06, 1e-9);
  EXPECT_NEAR(find(c, "hall").width(), 2 * 1.95 + 0.22, 1e-9);
}

TEST(BirdsComposite, TheShippedFileIsTheBuiltInCatalogue) {
  const Catalogue file =
      read_catalogue(evoplay::test_support::source_path("data/birds/composites.json"));
  const Catalogue built = default_catalogue();
  ASSERT_EQ(file.size(), built.size());
  for (std::size_t i = 0; i < file.size(); ++i) {
    EXPECT_EQ(file[i].name, built[i].name);
    EXPECT_EQ(file[i].origin, built[i].origin);
    EXPECT_TRUE(file[i].same_shape(built[i])) << file[i].name;
    EXPECT_GT(file[i].line, 0);
  }
}

TEST(BirdsComposite, JsonRoundTripKeepsEverything) {
  Catalogue c = default_catalogue();
  c.push_back(make_composite("mixed",
                             {{ObjectType::kRectFat, 0, 0.215, 0, Material::kStone},
                              {ObjectType::kSquareSmall, 0, 0.645, 0, Material::kIce}},
                             "layer 1, level-05", 1, {"RectFat", "SquareSmall"}));
  const Catalogue back = parse_catalogue(catalogue_to_json(c), "x.json");
  ASSERT_EQ(back.size(), c.size());
  for (std::size_t i = 0; i < c.size(); ++i) {
    EXPECT_TRUE(back[i].same_shape(c[i], 0)) << c[i].name;
    EXPECT_EQ(back[i].origin, c[i].origin);
    EXPECT_EQ(back[i].layer, c[i].layer);
    EXPECT_EQ(back[i].parents, c[i].parents);
  }
  EXPECT_TRUE(back.back().mixed_materials());
  EXPECT_NEAR(back.back().height(), 0.86, 1e-9);
}

TEST(BirdsComposite, RestrictionsChooseTheMaterials) {
  const Catalogue c = default_catalogue();
  Ruleset rules;
  rules.forbidden = {{Material::kWood, ObjectType::kRectMedium}};
  // The table holds a RectMedium: not in wood.
  EXPECT_EQ(allowed_materials(find(c, "table"), rules),
            (std::vector<Material>{Material::kStone, Material::kIce}));
  EXPECT_EQ(allowed_materials(find(c, "RectFat"), rules).size(), 3u);
  rules.forbidden = {{Material::kWood, ObjectType::kCircle},
                     {Material::kStone, ObjectType::kCircle},
                     {Material::kIce, ObjectType::kCircle}};
  EXPECT_TRUE(allowed_materials(find(c, "Circle"), rules).empty());
  // A composite of its own mixed materials may keep them when they are allowed.
  const Composite mixed =
      make_composite("m", {{ObjectType::kRectFat, 0, 0.215, 0, Material::kStone},
                           {ObjectType::kRectFat, 0, 0.645, 0, Material::kIce}});
  rules.forbidden = {{Material::kWood, ObjectType::kRectFat}};
  EXPECT_EQ(allowed_materials(mixed, rules),
            (std::vector<Material>{Material::kStone, Material::kIce, Material::kNone}));
  rules.forbidden = {{Material::kIce, ObjectType::kRectFat}};
  EXPECT_EQ(allowed_materials(mixed, rules),
            (std::vector<Material>{Material::kWood, Material::kStone}));
}

TEST(BirdsComposite, PlacingUsesTheGenesMaterial) {
  const Catalogue c = default_catalogue();
  const Composite& table = find(c, "table");
  std::vector<Object> out;
  place_composite(table, 2, 1, Material::kIce, out);
  ASSERT_EQ(out.size(), 3u);
  for (const auto& o : out) EXPECT_EQ(o.material, Material::kIce);
  EXPECT_NEAR(out[2].x, 2, 1e-9);  // the plank, over the centre
  EXPECT_NEAR(out[2].y, 1 + 0.535 - 0.11, 1e-9);
}

TEST(BirdsComposite, BrokenCatalogueFilesSayWhere) {
  const std::string head = "{\"composites\": [\n";
  Error e = catalogue_error_of(head +
                               "  {\"name\": \"a\", \"pieces\": [\n    {\"type\": \"Rectangle\", "
                               "\"x\": 0, \"y\": 0}]}\n]}\n");
  EXPECT_EQ(e.file(), "c.json");
  EXPECT_EQ(e.line(), 3);
  EXPECT_NE(e.message().find("unknown block type 'Rectangle'"), std::string::npos) << e.message();
  e = catalogue_error_of(
      head +
      "  {\"name\": \"a\", \"pieces\": [{\"type\": \"RectFat\", \"x\": 0, \"y\": 0, "
      "\"material\": \"gold\"}]}\n]}\n");
  EXPECT_EQ(e.line(), 2);
  EXPECT_NE(e.message().find("unknown material 'gold'"), std::string::npos);
  e = catalogue_error_of(
      head +
      "  {\"name\": \"a\", \"pieces\": [{\"type\": \"RectFat\", \"x\": \"left\", "
      "\"y\": 0}]}\n]}\n");
  EXPECT_NE(e.message().find("\"x\" must be a number"), std::string::npos) << e.message();
  e = catalogue_error_of(head + "  {\"name\": \"a\", \"pieces\": []}\n]}\n");
  EXPECT_EQ(e.line(), 2);
  e = catalogue_error_of(
      head +
      "  {\"name\": \"a\", \"pieces\": [{\"type\": \"RectFat\", \"x\": 0, \"y\": 0}]},\n"
      "  {\"name\": \"a\", \"pieces\": [{\"type\": \"RectFat\", \"x\": 0, \"y\": 0}]}\n]}");
  EXPECT_EQ(e.line(), 3);
  EXPECT_NE(e.message().find("used twice"), std::string::npos);
  // Two fat rectangles 0.2 apart overlap (each is 0.85 wide).
  e = catalogue_error_of(
      head +
      "  {\"name\": \"jam\", \"pieces\": [{\"type\": \"RectFat\", \"x\": 0, \"y\": 0},\n"
      "    {\"type\": \"RectFat\", \"x\": 0.2, \"y\": 0}]}\n]}");
  EXPECT_EQ(e.line(), 2);
  EXPECT_NE(e.message().find("overlap"), std::string::npos) << e.message();
  e = catalogue_error_of(
      head +
      "  {\"name\": \"a\", \"pieces\": [{\"type\": \"RectFat\", \"x\": 0, \"y\": 0, "
      "\"rotaton\": 90}]}\n]}\n");
  EXPECT_NE(e.message().find("unknown key \"rotaton\""), std::string::npos) << e.message();
  e = catalogue_error_of("{\"composites\": [\n  {\"name\": \"a\",,}\n]}");
  EXPECT_EQ(e.line(), 2);
  EXPECT_GT(e.column(), 0);
  e = catalogue_error_of("[]");
  EXPECT_NE(e.message().find("\"composites\""), std::string::npos);
  // A top level that is not an object has no line of its own: line 1.
  e = catalogue_error_of("[1,\n 2]");
  EXPECT_EQ(e.line(), 1);
  EXPECT_NE(e.message().find("expected an object"), std::string::npos) << e.message();
}

// Found by the fuzzer (fuzz/birds_composites.cpp): a number beyond double was an internal error.
TEST(BirdsComposite, ANumberBeyondDoubleIsALocatedError) {
  const std::string file = evoplay::test_support::source_path(
      "tests/data/fuzz/birds_composites/crash-number-overflow.json");
  try {
    read_catalogue(file);
    FAIL() << "expected an error";
  } catch (const Error& e) {
    EXPECT_EQ(e.file(), file);
    EXPECT_EQ(e.line(), 3);     // `    {"type": "RectFat", "x": 0, "y": 1E+999}`
    EXPECT_EQ(e.column(), 38);  // at 1E+999
    EXPECT_NE(e.message().find("number overflow"), std::string::npos) << e.what();
  }
}

TEST(BirdsComposite, PiecesMustMakeOneStructure) {
  const std::string head = "{\"composites\": [\n  {\"name\": \"a\", \"pieces\": [\n";
  // A square 2 units above another (0.43 high): it rests on nothing; the error names its line.
  Error e = catalogue_error_of(head +
                               "    {\"type\": \"SquareSmall\", \"x\": 0, \"y\": 0},\n"
                               "    {\"type\": \"SquareSmall\", \"x\": 0, \"y\": 2}]}\n]}\n");
  EXPECT_EQ(e.line(), 4);
  EXPECT_NE(e.message().find("piece 2 (SquareSmall) does not rest on anything: it is 1.570 above "
                             "piece 1"),
            std::string::npos)
      << e.message();
  // Beside another, touching its side, but with nothing under it.
  e = catalogue_error_of(head +
                         "    {\"type\": \"SquareSmall\", \"x\": 0, \"y\": 0},\n"
                         "    {\"type\": \"SquareSmall\", \"x\": 0.43, \"y\": 0.3}]}\n]}\n");
  EXPECT_EQ(e.line(), 4);
  EXPECT_NE(e.message().find("is 0.300 above the composite's base"), std::string::npos)
      << e.message();
  // Two squares on the base, 0.57 apart: each rests, but they are two structures.
  e = catalogue_error_of(head +
                         "    {\"type\": \"SquareSmall\", \"x\": 0, \"y\": 0},\n"
                         "    {\"type\": \"SquareSmall\", \"x\": 1, \"y\": 0}]}\n]}\n");
  EXPECT_EQ(e.line(), 4);
  EXPECT_NE(e.message().find("touches none"), std::string::npos) << e.message();
  // A square held by a triangle's slope (by the true outline, not the bounding box, under which
  // it would be 0.302 in the air) is one structure: its corner at x = -0.11 touches the slope,
  // which there is 0.307 x 0.82 / 0.834 below the triangle's top at y = 0.41.
  const Catalogue ok =
      parse_catalogue(head + "    {\"type\": \"Triangle\", \"x\": 0, \"y\": 0},\n" +
                          "    {\"type\": \"SquareTiny\", \"x\": 0, \"y\": " +
                          std::to_string(0.41 - 0.307 * 0.82 / 0.834 + 0.105) + "}]}\n]}\n",
                      "c.json");
  ASSERT_EQ(ok.size(), 1u);
  EXPECT_FALSE(structure_problem(ok[0]));
  // Every composite of the built-in catalogue holds together.
  for (const Composite& c : default_catalogue()) EXPECT_FALSE(structure_problem(c)) << c.name;
}

// A rotation out of range was called "must be a number": the message says the range and what
// was found.
TEST(BirdsComposite, ARotationOutOfRangeSaysTheRange) {
  const Error e = catalogue_error_of(
      "{\"composites\": [\n  {\"name\": \"a\", \"pieces\": [{\"type\": \"RectFat\", \"x\": 0, "
      "\"y\": 0, \"rotation\": 2e6}]}\n]}\n");
  EXPECT_EQ(e.line(), 2);
  EXPECT_NE(e.message().find("\"rotation\" must be a number within +-1e+06 (degrees), found "
                             "2000000.0"),
            std::string::npos)
      << e.message();
  const Error x = catalogue_error_of(
      "{\"composites\": [\n  {\"name\": \"a\", \"pieces\": [{\"type\": \"RectFat\", \"x\": 51, "
      "\"y\": 0}]}\n]}\n");
  EXPECT_NE(x.message().find("\"x\" must be a number within +-50, found 51"), std::string::npos)
      << x.message();
}
