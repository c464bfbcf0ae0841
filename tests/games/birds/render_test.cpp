// Pictures of levels: PNG and SVG, blocks coloured by material where they are, pictures after a
// simulation, contact sheets.
#include "evoplay/games/birds/render.hpp"

#include <cairo.h>
#include <gtest/gtest.h>

#include <cmath>
#include <memory>

#include "evoplay/core/error.hpp"
#include "evoplay/games/birds/xml.hpp"
#include "support/process.hpp"

using namespace evoplay::games::birds;
using evoplay::test_support::scratch_dir;
using evoplay::test_support::slurp;
using evoplay::test_support::source_path;

namespace {

using Surface = std::unique_ptr<cairo_surface_t, decltype(&cairo_surface_destroy)>;

Surface load_png(const std::filesystem::path& path) {
  return Surface(cairo_image_surface_create_from_png(path.c_str()), &cairo_surface_destroy);
}

/// The colour at pixel (x, y) as 0..255 RGB.
std::array<int, 3> pixel(cairo_surface_t* s, double x, double y) {
  cairo_surface_flush(s);
  const unsigned char* data = cairo_image_surface_get_data(s);
  const int stride = cairo_image_surface_get_stride(s);
  const auto* p = reinterpret_cast<const std::uint32_t*>(data + static_cast<int>(y) * stride) +
                  static_cast<int>(x);
  return {static_cast<int>((*p >> 16) & 0xFF), static_cast<int>((*p >> 8) & 0xFF),
          static_cast<int>(*p & 0xFF)};
}

bool near(const std::array<int, 3>& got, const evoplay::render::Color& want) {
  return std::abs(got[0] - static_cast<int>(std::lround(want.r * 255))) <= 2 &&
         std::abs(got[1] - static_cast<int>(std::lround(want.g * 255))) <= 2 &&
         std::abs(got[2] - static_cast<int>(std::lround(want.b * 255))) <= 2;
}

Level three_materials() {
  Level level;
  level.width = 2;
  const double y = kGroundY + 0.215;
  level.objects = {{ObjectType::kRectFat, Material::kWood, 0, y},
                   {ObjectType::kRectFat, Material::kStone, 2, y},
                   {ObjectType::kRectFat, Material::kIce, 4, y},
                   {ObjectType::kRectFat, Material::kWood, 6, y + 2}};
  return level;
}

}  // namespace

TEST(BirdsRender, BlocksAreDrawnWhereTheyAreInTheirMaterialsColour) {
  const Level level = three_materials();
  const auto dir = scratch_dir("birds-render");
  save_level_picture(dir / "level.png", level, {1000, "", nullptr});
  const Surface png = load_png(dir / "level.png");
  ASSERT_EQ(cairo_surface_status(png.get()), CAIRO_STATUS_SUCCESS);
  const int w = cairo_image_surface_get_width(png.get());
  const int h = cairo_image_surface_get_height(png.get());
  EXPECT_EQ(w, 1000);
  const Bounds world = scene_bounds(level);
  EXPECT_NEAR(h, 1000 * world.height() / world.width(), 1);
  const View v = fit_view(world, 0, 0, w, h);
  for (const Object& o : level.objects) {
    // A point a quarter of the way from the centre to the right end (clear of the texture).
    const auto got = pixel(png.get(), v.px(o.x + 0.2), v.py(o.y));
    EXPECT_TRUE(near(got, material_color(o.material)))
        << material_name(o.material) << " " << got[0] << "," << got[1] << "," << got[2];
  }
  // Between the blocks, above the ground: sky, not a block.
  EXPECT_FALSE(
      near(pixel(png.get(), v.px(1), v.py(kGroundY + 0.2)), material_color(Material::kWood)));
}

TEST(BirdsRender, AfterASimulationTheStateIsTheFinalOne) {
  const Level level = three_materials();  // the fourth block falls 2 units
  const StabilityReport r = simulate(level);
  ASSERT_FALSE(r.stable);
  const auto dir = scratch_dir("birds-after");
  save_level_picture(dir / "after.png", level, {1000, "after", &r});
  const Surface png = load_png(dir / "after.png");
  const int w = cairo_image_surface_get_width(png.get());
  const int h = cairo_image_surface_get_height(png.get());
  const View v = fit_view(scene_bounds(level, &r), 0, 0, w, h);
  const auto& fell = r.objects[3];
  EXPECT_TRUE(
      near(pixel(png.get(), v.px(fell.x + 0.2), v.py(fell.y)), material_color(Material::kWood)));
  EXPECT_FALSE(near(pixel(png.get(), v.px(6.2), v.py(kGroundY + 0.215 + 2)),
                    material_color(Material::kWood)));  // no longer where it started
}

TEST(BirdsRender, SvgAndContactSheet) {
  const auto dir = scratch_dir("birds-sheet");
  std::vector<Level> levels;
  for (const char* name : {"baseline_generated_level-22.xml", "sciencebirds_level-1.xml",
                           "sciencebirds_level-2_platform.xml", "sciencebirds_level-4.xml",
                           "chatgpt4pcg_result_22_wellformed.xml"}) {
    levels.push_back(read_level(source_path(std::string("data/birds/") + name)));
  }
  save_level_picture(dir / "level.svg", levels[0]);
  const std::string svg = slurp(dir / "level.svg");
  EXPECT_NE(svg.find("<svg"), std::string::npos);
  EXPECT_GT(svg.size(), 5000u);

  std::vector<SheetEntry> entries;
  for (const Level& l : levels) entries.push_back({&l, "level", nullptr});
  save_contact_sheet(dir / "sheet.png", entries, 300, 3);
  const Surface png = load_png(dir / "sheet.png");
  ASSERT_EQ(cairo_surface_status(png.get()), CAIRO_STATUS_SUCCESS);
  EXPECT_EQ(cairo_image_surface_get_width(png.get()), 3 * 300 + 4 * 8);  // 3 columns, 2 rows
  EXPECT_GT(cairo_image_surface_get_height(png.get()), 2 * 300 * 9 / 16);
  EXPECT_THROW(save_contact_sheet(dir / "empty.png", {}, 300, 0), evoplay::Error);
}

namespace {

bool orange(const std::array<int, 3>& p) {
  return p[0] > 170 && p[0] - p[2] > 120 && p[1] < p[0] - 60;
}
bool red(const std::array<int, 3>& p) { return p[0] > 150 && p[1] < 90 && p[2] < 90; }
bool green(const std::array<int, 3>& p) { return p[1] > p[0] + 40 && p[1] > p[2] + 40; }

/// Pixels along the horizontal world segment y, [x0, x1] that `test` accepts in a band of
/// +-1 pixel around it (the outline is antialiased): {hits, columns}.
template <class Test>
std::pair<int, int> along(cairo_surface_t* s, const View& v, double x0, double x1, double y,
                          Test test) {
  int hits = 0, columns = 0;
  for (int px = static_cast<int>(v.px(x0)) + 2; px <= static_cast<int>(v.px(x1)) - 2; ++px) {
    ++columns;
    bool any = false;
    for (int dy = -1; dy <= 1; ++dy) any = any || test(pixel(s, px, v.py(y) + dy));
    hits += any ? 1 : 0;
  }
  return {hits, columns};
}

}  // namespace

TEST(BirdsRender, MovedObjectsAreDashedAtTheirStartAndDestroyedOnesCrossedOut) {
  // The fourth block falls 2 units: its start outline is dashed in orange. A small pig dropped
  // from 1 unit dies: its start is crossed out in red.
  Level level = three_materials();
  const double pig_y = kGroundY + shape_info(ObjectType::kPigSmall).height / 2 + 1;
  level.objects.push_back({ObjectType::kPigSmall, Material::kNone, -3, pig_y});
  const StabilityReport r = simulate(level);
  ASSERT_TRUE(r.objects[3].moved);
  ASSERT_TRUE(r.objects[4].destroyed);
  const auto dir = scratch_dir("birds-marks");
  save_level_picture(dir / "after.png", level, {1200, "", &r});
  save_level_picture(dir / "before.png", level, {1200, "", nullptr});
  const Surface after = load_png(dir / "after.png");
  const Surface before = load_png(dir / "before.png");
  const View v = fit_view(scene_bounds(level, &r), 0, 0, cairo_image_surface_get_width(after.get()),
                          cairo_image_surface_get_height(after.get()));
  ASSERT_GT(v.scale, 20);  // a RectFat is more than 17 pixels wide

  // The top edge of the moved block's start pose: orange dashes with gaps between them.
  const Object& fell = level.objects[3];
  const auto [dashes, columns] =
      along(after.get(), v, fell.x - 0.425, fell.x + 0.425, fell.y + 0.215, orange);
  EXPECT_GT(dashes, columns / 4) << dashes << " of " << columns;
  EXPECT_LT(dashes, columns * 9 / 10) << "a solid line, not dashed";
  // Its bottom edge too, and nothing orange inside it.
  EXPECT_GT(along(after.get(), v, fell.x - 0.425, fell.x + 0.425, fell.y - 0.215, orange).first,
            columns / 4);
  EXPECT_FALSE(orange(pixel(after.get(), v.px(fell.x + 0.2), v.py(fell.y + 0.05))));

  // The destroyed pig: two red diagonals across its box, crossing at its centre.
  const Object& pig = level.objects[4];
  const Bounds b = bounds(pig);
  EXPECT_TRUE(red(pixel(after.get(), v.px(pig.x), v.py(pig.y))));
  for (const double f : {0.25, 0.75}) {
    const double x = b.min_x + f * b.width();
    EXPECT_TRUE(red(pixel(after.get(), v.px(x), v.py(b.min_y + f * b.height())))) << f;
    EXPECT_TRUE(red(pixel(after.get(), v.px(x), v.py(b.max_y - f * b.height())))) << f;
  }
  // Off the diagonals, inside the box, only a faint tint.
  EXPECT_FALSE(red(pixel(after.get(), v.px(pig.x + b.width() * 0.3), v.py(pig.y))));

  // The picture before the simulation has neither mark (same frame: the report's poses are
  // only added to the bounds, so compare the pixels of the start poses' marks loosely).
  const View v0 = fit_view(scene_bounds(level), 0, 0, cairo_image_surface_get_width(before.get()),
                           cairo_image_surface_get_height(before.get()));
  EXPECT_EQ(along(before.get(), v0, fell.x - 0.425, fell.x + 0.425, fell.y + 0.215, orange).first,
            0);
  EXPECT_FALSE(red(
      pixel(before.get(), v0.px(b.min_x + 0.25 * b.width()), v0.py(b.min_y + 0.25 * b.height()))));
}

TEST(BirdsRender, TheContactSheetSaysStableInGreenAndUnstableInRed) {
  const Level stands = [] {
    Level l;
    l.width = 2;
    l.objects = {{ObjectType::kRectFat, Material::kWood, 0, kGroundY + 0.215}};
    return l;
  }();
  const Level falls = three_materials();
  const StabilityReport ok = simulate(stands);
  const StabilityReport bad = simulate(falls);
  ASSERT_TRUE(ok.stable);
  ASSERT_FALSE(bad.stable);
  const std::vector<SheetEntry> entries = {
      {&stands, "a", &ok}, {&falls, "b", &bad}, {&stands, "c", nullptr}};
  const auto dir = scratch_dir("birds-captions");
  const int cw = 300;
  save_contact_sheet(dir / "sheet.png", entries, cw, 3);
  const Surface png = load_png(dir / "sheet.png");
  // Layout: cells of cw x cw * 9 / 16 with a 26-pixel caption band under each, 8 pixels apart.
  const int gap = 8, picture_h = cw * 9 / 16, caption_h = 26;
  auto count = [&](int cell, auto test) {
    int n = 0;
    const int x0 = gap + cell * (cw + gap);
    for (int x = x0 + cw - 90; x < x0 + cw; ++x) {
      for (int y = gap + picture_h; y < gap + picture_h + caption_h; ++y) {
        n += test(pixel(png.get(), x, y)) ? 1 : 0;
      }
    }
    return n;
  };
  EXPECT_GT(count(0, green), 20);
  EXPECT_EQ(count(0, red), 0);
  EXPECT_GT(count(1, red), 20);
  EXPECT_EQ(count(1, green), 0);
  EXPECT_EQ(count(2, red) + count(2, green), 0);  // no report: no verdict
  // "unstable" is longer than "stable".
  EXPECT_GT(count(1, red), count(0, green));
}
