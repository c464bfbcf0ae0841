// Science Birds level files: the game's own (not well-formed) files, round trips, repairs, and
// errors that name the line. Known counts come from the files in data/birds (copied from the
// shared data set).
#include "evoplay/games/birds/xml.hpp"

#include <gtest/gtest.h>

#include <fstream>

#include "evoplay/core/error.hpp"
#include "evoplay/games/birds/catalogue.hpp"
#include "support/birds.hpp"
#include "support/process.hpp"

using namespace evoplay;
using namespace evoplay::games::birds;
using test_support::birds_example;
using test_support::source_path;

namespace {

const char* const kExamples[] = {"baseline_generated_level-22.xml",
                                 "chatgpt4pcg_result_22_wellformed.xml", "sciencebirds_level-1.xml",
                                 "sciencebirds_level-2_platform.xml", "sciencebirds_level-4.xml"};

/// The message of the Error that parsing `text` throws (empty if it parses).
Error parse_error(const std::string& text) {
  try {
    parse_level(text, "bad.xml");
  } catch (const Error& e) {
    return e;
  }
  return Error("no error");
}

std::string level_with_object(const std::string& object_line) {
  return "<?xml version=\"1.0\" encoding=\"utf-16\"?>\n"
         "<Level width =\"2\">\n"
         "<Camera x=\"0\" y=\"2\" minWidth=\"20\" maxWidth=\"30\">\n"
         "<Birds>\n<Bird type=\"BirdRed\"/>\n</Birds>\n"
         "<Slingshot x=\"-8\" y=\"-2.5\">\n"
         "<GameObjects>\n" +
         object_line +
         "\n"
         "</GameObjects>\n</Level>\n";
}

}  // namespace

TEST(BirdsCatalogue, SizesAreTheGamesColliders) {
  EXPECT_EQ(block_catalogue().size(), 12u);
  const auto& medium = shape_info(ObjectType::kRectMedium);
  EXPECT_EQ(medium.name, "RectMedium");
  EXPECT_DOUBLE_EQ(medium.width, 1.68);
  EXPECT_DOUBLE_EQ(medium.height, 0.22);
  EXPECT_DOUBLE_EQ(shape_info(ObjectType::kSquareHole).width, 0.84);
  EXPECT_DOUBLE_EQ(shape_info(ObjectType::kRectBig).width, 2.06);
  EXPECT_DOUBLE_EQ(shape_info(ObjectType::kTnt).width, 0.66);
  EXPECT_EQ(shape_info(ObjectType::kTriangleHole).vertex_count, 6);
  // The game's round blocks are polygons (Circle.prefab: 12 points, CircleSmall.prefab: 8),
  // with a flat bottom: Circle's from x = -0.18 to 0.16 at y = -0.375.
  EXPECT_EQ(shape_info(ObjectType::kCircle).vertex_count, 12);
  EXPECT_EQ(shape_info(ObjectType::kCircleSmall).vertex_count, 8);
  EXPECT_DOUBLE_EQ(shape_info(ObjectType::kCircle).vertices[7].y, -0.375);
  EXPECT_DOUBLE_EQ(shape_info(ObjectType::kCircle).vertices[8].y, -0.375);
  for (const auto& s : shape_catalogue()) {
    EXPECT_LE(s.vertex_count, kMaxVertices) << s.name;
    // Every outline spans the declared size (CircleSmall's sits 0.005 off its centre, as in
    // the game), and is convex, counter-clockwise.
    const auto outline = world_outline(s.type, 0, 0, 0);
    double x0 = 1, x1 = -1, y0 = 1, y1 = -1;
    for (std::size_t i = 0; i < outline.size(); ++i) {
      const auto& p = outline[i];
      const auto& q = outline[(i + 1) % outline.size()];
      const auto& r = outline[(i + 2) % outline.size()];
      x0 = std::min(x0, p.x), x1 = std::max(x1, p.x), y0 = std::min(y0, p.y),
      y1 = std::max(y1, p.y);
      EXPECT_GT((q.x - p.x) * (r.y - p.y) - (q.y - p.y) * (r.x - p.x), 0) << s.name << " " << i;
    }
    EXPECT_NEAR(x1 - x0, s.width, 0.002) << s.name;
    EXPECT_NEAR(y1 - y0, s.height, 0.002) << s.name;
  }
  EXPECT_EQ(block_type_from_name("Triangle"), ObjectType::kTriangle);
  EXPECT_FALSE(block_type_from_name("triangle"));  // names are case-sensitive, as in the game
  EXPECT_EQ(material_from_name("ice"), Material::kIce);
  EXPECT_FALSE(material_from_name("Wood"));
}

TEST(BirdsCatalogue, RotatedOutlineSwapsWidthAndHeight) {
  Object o{ObjectType::kRectMedium, Material::kWood, 1, 2, 90};
  const Bounds b = bounds(o);
  EXPECT_NEAR(b.width(), 0.22, 1e-9);
  EXPECT_NEAR(b.height(), 1.68, 1e-9);
  EXPECT_NEAR(b.min_y, 2 - 0.84, 1e-9);
}

TEST(BirdsXml, ReadsTheBaselineGeneratorsLevel) {
  const Level level = birds_example("baseline_generated_level-22.xml");
  EXPECT_EQ(level.width, 2);
  EXPECT_EQ(level.count(Kind::kBlock), 36);
  EXPECT_EQ(level.count(Kind::kPig), 3);
  EXPECT_EQ(level.count(Kind::kPlatform), 9);
  EXPECT_EQ(level.count(Kind::kTnt), 2);
  EXPECT_EQ(level.pieces(), 41);
  EXPECT_EQ(level.birds, (std::vector<BirdType>{BirdType::kYellow, BirdType::kYellow,
                                                BirdType::kRed, BirdType::kYellow}));
  EXPECT_EQ(level.slingshot, (Slingshot{-8, -2.5}));
  EXPECT_EQ(level.camera, (Camera{0, 2, 20, 30}));
  const Object& first = level.objects.front();
  EXPECT_EQ(first.type, ObjectType::kRectMedium);
  EXPECT_EQ(first.material, Material::kWood);
  EXPECT_DOUBLE_EQ(first.x, 0.7815257975);
  EXPECT_DOUBLE_EQ(first.y, -2.66);
  EXPECT_DOUBLE_EQ(first.rotation, 90);
  EXPECT_EQ(first.line, 12);
  EXPECT_EQ(level.objects.back().type, ObjectType::kTnt);
  EXPECT_EQ(level.objects.back().line, 61);
}

TEST(BirdsXml, ReadsTheGamesOwnLevels) {
  const Level one = birds_example("sciencebirds_level-1.xml");
  EXPECT_EQ(one.width, 1);  // no width attribute: 1
  ASSERT_EQ(one.objects.size(), 4u);
  EXPECT_EQ(one.objects[2].type, ObjectType::kPigMedium);
  EXPECT_DOUBLE_EQ(one.objects[1].rotation, 90.00001);
  EXPECT_EQ(one.objects[3].type, ObjectType::kTnt);
  EXPECT_DOUBLE_EQ(one.objects[3].y, -4);
  EXPECT_EQ(one.birds.size(), 3u);
  EXPECT_EQ(one.slingshot, (Slingshot{-5, -2.5}));

  const Level two = birds_example("sciencebirds_level-2_platform.xml");
  ASSERT_EQ(two.objects.size(), 2u);
  EXPECT_EQ(two.objects[0].type, ObjectType::kPigBig);
  EXPECT_EQ(two.objects[1].type, ObjectType::kPlatform);
  EXPECT_DOUBLE_EQ(two.objects[1].scale_x, 5.5);
  EXPECT_DOUBLE_EQ(two.objects[1].scale_y, 8);

  const Level four = birds_example("sciencebirds_level-4.xml");
  EXPECT_EQ(four.count(Kind::kBlock), 14);
  EXPECT_EQ(four.count(Kind::kPig), 3);
  EXPECT_EQ(four.birds.size(), 4u);

  const Level gpt = birds_example("chatgpt4pcg_result_22_wellformed.xml");
  EXPECT_EQ(gpt.width, 3);
  EXPECT_EQ(gpt.count(Kind::kBlock), 3);
  EXPECT_EQ(gpt.slingshot, (Slingshot{-9, -2.5}));
}

TEST(BirdsXml, RoundTripsEveryExample) {
  for (const char* name : kExamples) {
    const Level level = birds_example(name);
    const std::string written = level_to_xml(level);
    const Level again = parse_level(written, name);
    EXPECT_EQ(again, level) << name;
    EXPECT_EQ(level_to_xml(again), written) << name;  // a fixed point
  }
}

TEST(BirdsXml, WritesTheCompetitionLayout) {
  const std::string text = level_to_xml(birds_example("baseline_generated_level-22.xml"));
  EXPECT_EQ(text.rfind("<?xml version=\"1.0\" encoding=\"utf-16\"?>\n<Level width =\"2\">\n", 0),
            0u);
  EXPECT_NE(text.find("<Camera x=\"0\" y=\"2\" minWidth=\"20\" maxWidth=\"30\">\n"),
            std::string::npos);
  EXPECT_NE(text.find("<Slingshot x=\"-8\" y=\"-2.5\">\n"), std::string::npos);
  EXPECT_NE(text.find("<Block type=\"RectMedium\" material=\"wood\" x=\"0.7815257975\" y=\"-2.66\" "
                      "rotation=\"90\" />"),
            std::string::npos);
  EXPECT_NE(
      text.find("<TNT type=\"\" material=\"\" x=\"5.6165257975\" y=\"-0.12\" rotation=\"0\" />"),
      std::string::npos);
  EXPECT_EQ(text.find("</Camera>"), std::string::npos);  // left open, as the game's files
  // The same layout as the generator's own file, object for object.
  const std::string original =
      test_support::slurp(source_path("data/birds/baseline_generated_level-22.xml"));
  for (const char* line :
       {"<Bird type=\"BirdYellow\"/>",
        "<Pig type=\"BasicSmall\" material=\"\" x=\"1.0965257975\" y=\"0.56\" rotation=\"0\" />"}) {
    EXPECT_NE(original.find(line), std::string::npos) << line;
    EXPECT_NE(text.find(line), std::string::npos) << line;
  }
}

TEST(BirdsXml, RepairClosesOnlyTheUnclosedTags) {
  EXPECT_EQ(repair_level_text("<Level><Camera x=\"1\">\n<Slingshot x=\"2\" y=\"3\">\n</Level>"),
            "<Level><Camera x=\"1\"/>\n<Slingshot x=\"2\" y=\"3\"/>\n</Level>");
  const std::string closed = "<Level><Camera x=\"1\" /><Slingshot x=\"2\"></Slingshot></Level>";
  EXPECT_EQ(repair_level_text(closed), closed);
  EXPECT_EQ(repair_level_text("<CameraMan x=\"1\">"), "<CameraMan x=\"1\">");
}

TEST(BirdsXml, ReadsARealUtf16File) {
  const std::string text = test_support::slurp(source_path("data/birds/sciencebirds_level-4.xml"));
  std::string utf16 = "\xFF\xFE";
  for (const char c : text) {
    utf16 += c;
    utf16 += '\0';
  }
  const auto dir = test_support::scratch_dir("birds-utf16");
  std::ofstream(dir / "level.xml", std::ios::binary) << utf16;
  EXPECT_EQ(read_level((dir / "level.xml").string()), birds_example("sciencebirds_level-4.xml"));
}

TEST(BirdsXml, BadFilesNameTheLine) {
  struct Case {
    std::string object;
    std::string message;
  };
  const Case cases[] = {
      {"<Block type=\"RectHuge\" material=\"wood\" x=\"1\" y=\"2\" />",
       "unknown block type 'RectHuge'"},
      {"<Block type=\"RectFat\" material=\"gold\" x=\"1\" y=\"2\" />", "unknown material 'gold'"},
      {"<Block type=\"RectFat\" x=\"1\" y=\"2\" />", "no material"},
      {"<Block type=\"RectFat\" material=\"wood\" y=\"2\" />", "no x="},
      {"<Block type=\"RectFat\" material=\"wood\" x=\"1\" y=\"two\" />",
       "expected a number, found 'two'"},
      {"<Pig type=\"BasicHuge\" x=\"1\" y=\"2\" />", "unknown pig type 'BasicHuge'"},
      {"<Bomb x=\"1\" y=\"2\" />", "unknown object <Bomb>"},
      {"<Block type=\"RectFat\" material=\"wood\" x=\"1\" y=\"2\" rotation=\"9o\" />",
       "expected a number"},
      {"<Platform type=\"Platform\" x=\"1\" y=\"2\" scaleX=\"-1\" />", "must be positive"},
      {"<TNT type=\"\" x=\"nan\" y=\"2\" />", "expected a finite number"},
      {"<TNT type=\"\" x=\"1\" y=\"1e300\" />", "expected a finite number"},
  };
  for (const auto& c : cases) {
    const Error e = parse_error(level_with_object(c.object));
    EXPECT_EQ(e.file(), "bad.xml") << c.object;
    EXPECT_EQ(e.line(), 9) << c.object;
    EXPECT_NE(e.message().find(c.message), std::string::npos) << e.what();
  }
  const Error broken = parse_error("<Level>\n<GameObjects>\n<Block type=\"RectFat\"\n</Level>\n");
  EXPECT_EQ(broken.line(), 4) << broken.what();
  EXPECT_NE(broken.message().find("malformed XML"), std::string::npos);
  const Error bird =
      parse_error("<Level>\n<Birds>\n<Bird type=\"BirdGreen\"/>\n</Birds>\n</Level>\n");
  EXPECT_EQ(bird.line(), 3);
  EXPECT_NE(bird.message().find("unknown bird type 'BirdGreen'"), std::string::npos);
  const Error not_level = parse_error("<?xml version=\"1.0\"?>\n<Map/>\n");
  EXPECT_NE(not_level.message().find("expected a <Level>"), std::string::npos);
  EXPECT_THROW(read_level("/no/such/level.xml"), Error);
}

TEST(BirdsXml, AMismatchedEndTagSaysWhichWasExpected) {
  // A file cut short: <GameObjects> (line 3) and <Level> (line 2) are never closed.
  const Error cut = parse_error(
      "<?xml version=\"1.0\"?>\n<Level>\n<GameObjects>\n"
      "<Block type=\"RectFat\" material=\"wood\" x=\"0\" y=\"0\" />\n");
  EXPECT_NE(cut.message().find("Start-end tags mismatch"), std::string::npos) << cut.what();
  EXPECT_NE(cut.message().find("expected </GameObjects> closing <GameObjects> of line 3, found "
                               "the end of the file"),
            std::string::npos)
      << cut.what();
  EXPECT_EQ(cut.line(), 4);  // the last line, not the empty one after the final newline
  // A wrong end tag: </Level> where </GameObjects> belongs.
  const Error wrong = parse_error(
      "<Level>\n<Birds>\n<Bird type=\"BirdRed\"/>\n</Birds>\n<GameObjects>\n"
      "<TNT x=\"0\" y=\"0\" />\n</Level>\n");
  EXPECT_EQ(wrong.line(), 7) << wrong.what();
  EXPECT_NE(wrong.message().find("expected </GameObjects> closing <GameObjects> of line 5, found "
                                 "'</Level>'"),
            std::string::npos)
      << wrong.what();
}

TEST(BirdsXml, ErrorsAtTheEndOfTheFileNameItsLastLine) {
  // "hello" and a newline: one line; pugixml's offset is past the newline.
  const Error e = parse_error("hello\n");
  EXPECT_EQ(e.line(), 1) << e.what();
  EXPECT_EQ(e.column(), 6) << e.what();
  const Error no_newline = parse_error("hello");
  EXPECT_EQ(no_newline.line(), 1) << no_newline.what();
}

TEST(BirdsXml, ACameraMissingAnAttributeTakesTheDefaultCamerasValue) {
  // Missing <Camera>: the competition generators' camera (0, 2, 20, 30); a <Camera> without y
  // (or any other attribute) takes that same value for it.
  const Level none = parse_level("<Level>\n<GameObjects>\n</GameObjects>\n</Level>\n", "a.xml");
  EXPECT_EQ(none.camera, (Camera{0, 2, 20, 30}));
  const Level no_y = parse_level(
      "<Level>\n<Camera x=\"1\" minWidth=\"15\">\n<GameObjects>\n</GameObjects>\n</Level>\n",
      "b.xml");
  EXPECT_EQ(no_y.camera, (Camera{1, 2, 15, 30}));
}

// An element of <Level> the game does not read (a typo of <GameObjects>) would drop its objects
// without a word, leaving an empty level that "stands": refused at its line, named, with what a
// level holds.
TEST(BirdsXml, AnUnknownElementOfTheLevelIsRefusedAtItsLine) {
  const std::string typo =
      "<?xml version=\"1.0\" encoding=\"utf-16\"?>\n"
      "<Level width =\"2\">\n"
      "<Camera x=\"0\" y=\"2\" minWidth=\"20\" maxWidth=\"30\">\n"
      "<Birds>\n<Bird type=\"BirdRed\"/>\n</Birds>\n"
      "<Slingshot x=\"-8\" y=\"-2.5\">\n"
      "<GameObject>\n"
      "<Block type=\"RectFat\" material=\"wood\" x=\"0\" y=\"-3\" />\n"
      "</GameObject>\n"
      "</Level>\n";
  const Error e = parse_error(typo);
  EXPECT_EQ(e.file(), "bad.xml");
  EXPECT_EQ(e.line(), 8) << e.what();
  EXPECT_NE(e.message().find("unknown element <GameObject> in <Level> (expected <Camera>, "
                             "<Birds>, <Slingshot> or <GameObjects>)"),
            std::string::npos)
      << e.what();
  // The game's own <Score> is no error; text and comments between the elements are not either.
  EXPECT_NO_THROW(
      parse_level("<Level>\n<Score highScore=\"3000\"/>\n<!-- a note -->\n"
                  "<GameObjects/>\n</Level>\n",
                  "ok.xml"));
}
