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
