#include "evoplay/games/birds/render.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <numbers>

#include "evoplay/core/error.hpp"
#include "evoplay/render/canvas.hpp"

namespace evoplay::games::birds {

namespace {

using render::Color;

constexpr double kPi = std::numbers::pi;

struct MaterialStyle {
  Color fill, outline, detail, hole;
};

MaterialStyle material_style(Material m) {
  switch (m) {
    case Material::kStone:
      return {Color::rgb(170, 174, 179), Color::rgb(78, 82, 88), Color::rgb(140, 144, 150),
              Color::rgb(104, 108, 114)};
    case Material::kIce:
      return {Color::rgb(152, 214, 244), Color::rgb(36, 116, 184), Color::rgb(255, 255, 255),
              Color::rgb(96, 168, 214)};
    case Material::kWood:
    case Material::kNone:
      break;
  }
  return {Color::rgb(219, 164, 92), Color::rgb(122, 78, 28), Color::rgb(186, 128, 60),
          Color::rgb(140, 92, 40)};
}

/// Moves to the object's centre in pixels and turns the axes to its rotation, so that drawing
/// in "local pixels" (x right, y up, scaled) follows the object.
void enter_object(cairo_t* cr, const View& v, double x, double y, double rotation_deg) {
  cairo_translate(cr, v.px(x), v.py(y));
  cairo_rotate(cr, -rotation_deg * kPi / 180);
}

void outline_path(cairo_t* cr, const View& v, const Object& o) {
  const auto points = world_outline(o.type, o.x, o.y, o.rotation, o.scale_x, o.scale_y);
  cairo_move_to(cr, v.px(points[0].x), v.py(points[0].y));
  for (std::size_t i = 1; i < points.size(); ++i)
    cairo_line_to(cr, v.px(points[i].x), v.py(points[i].y));
  cairo_close_path(cr);
}

double line_width(const View& v) { return std::clamp(v.scale * 0.03, 0.6, 2.4); }

void draw_block(cairo_t* cr, const View& v, const Object& o) {
  const ShapeInfo& s = o.shape();
  const MaterialStyle st = material_style(o.material);
  const double k = v.scale;
  outline_path(cr, v, o);
  render::set_source(cr, st.fill);
  cairo_fill_preserve(cr);
  cairo_save(cr);
  cairo_clip_preserve(cr);
  cairo_new_path(cr);
  enter_object(cr, v, o.x, o.y, o.rotation);
  const double w = s.width * k, h = s.height * k;
  // Texture, in the block's own frame: wood grain along the long side, a shine on ice, a bevel
  // on stone.
  cairo_set_line_width(cr, std::max(0.5, line_width(v) * 0.6));
  if (s.geometry == Geometry::kBox && o.material == Material::kWood) {
    render::set_source(cr, st.detail);
    const bool wide = w >= h;
    for (int i = 1; i <= 2; ++i) {
      const double f = i / 3.0 - 0.5;
      if (wide) {
        cairo_move_to(cr, -w * 0.42, f * h);
        cairo_line_to(cr, w * 0.42, f * h);
      } else {
        cairo_move_to(cr, f * w, -h * 0.42);
        cairo_line_to(cr, f * w, h * 0.42);
      }
    }
    cairo_stroke(cr);
  } else if (o.material == Material::kIce) {
    render::set_source(cr, st.detail.with_alpha(0.75));
    cairo_set_line_width(cr, std::max(1.0, 0.05 * k));
    cairo_move_to(cr, -w * 0.3, h * 0.3);
    cairo_line_to(cr, -w * 0.1, -h * 0.05);
    cairo_stroke(cr);
  } else if (o.material == Material::kStone) {
    render::set_source(cr, Color::rgb(255, 255, 255).with_alpha(0.35));
    cairo_set_line_width(cr, std::max(1.0, 0.06 * k));
    cairo_move_to(cr, -w * 0.5, h * 0.5 - 0.03 * k);
    cairo_line_to(cr, w * 0.5, h * 0.5 - 0.03 * k);
    cairo_stroke(cr);
  }
  // The hole the game draws in SquareHole and TriangleHole (physics treats them as solid).
  if (s.hole != Hole::kNone) {
    render::set_source(cr, st.hole);
    if (s.hole == Hole::kSquare) {
      cairo_arc(cr, 0, 0, 0.25 * k, 0, 2 * kPi);
    } else {
      cairo_move_to(cr, -0.22 * k, 0.26 * k);
      cairo_line_to(cr, 0.22 * k, 0.26 * k);
      cairo_line_to(cr, 0, -0.14 * k);
      cairo_close_path(cr);
    }
    cairo_fill_preserve(cr);
    render::set_source(cr, st.outline.with_alpha(0.6));
    cairo_stroke(cr);
  }
  cairo_restore(cr);
  render::set_source(cr, st.outline);
  cairo_set_line_width(cr, line_width(v));
  cairo_stroke(cr);
}

void draw_pig(cairo_t* cr, const View& v, const Object& o) {
  const ShapeInfo& s = o.shape();
  const double rx = s.width / 2 * v.scale, ry = s.height / 2 * v.scale;
  cairo_save(cr);
  enter_object(cr, v, o.x, o.y, o.rotation);
  auto ellipse = [&](double cx, double cy, double ex, double ey) {
    cairo_save(cr);
    cairo_translate(cr, cx, cy);
    cairo_scale(cr, ex, ey);
    cairo_new_sub_path(cr);
    cairo_arc(cr, 0, 0, 1, 0, 2 * kPi);
    cairo_restore(cr);
  };
  ellipse(0, 0, rx, ry);
  render::set_source(cr, Color::rgb(124, 196, 66));
  cairo_fill_preserve(cr);
  render::set_source(cr, Color::rgb(58, 118, 30));
  cairo_set_line_width(cr, line_width(v));
  cairo_stroke(cr);
  // Eyes, then the snout with its nostrils (pixel y grows downwards).
  for (double side : {-1.0, 1.0}) {
    ellipse(side * 0.38 * rx, -0.28 * ry, 0.2 * rx, 0.22 * ry);
    render::set_source(cr, Color::rgb(255, 255, 255));
    cairo_fill(cr);
    ellipse(side * 0.38 * rx + 0.06 * rx, -0.26 * ry, 0.09 * rx, 0.1 * ry);
    render::set_source(cr, Color::rgb(20, 20, 20));
    cairo_fill(cr);
  }
  ellipse(0, 0.2 * ry, 0.36 * rx, 0.26 * ry);
  render::set_source(cr, Color::rgb(164, 222, 110));
  cairo_fill_preserve(cr);
  render::set_source(cr, Color::rgb(58, 118, 30));
  cairo_set_line_width(cr, line_width(v) * 0.7);
  cairo_stroke(cr);
  for (double side : {-1.0, 1.0}) {
    ellipse(side * 0.13 * rx, 0.2 * ry, 0.07 * rx, 0.1 * ry);
    render::set_source(cr, Color::rgb(40, 90, 20));
    cairo_fill(cr);
  }
  cairo_restore(cr);
}

void draw_tnt(cairo_t* cr, const View& v, const Object& o) {
  const ShapeInfo& s = o.shape();
  const double w = s.width * v.scale, h = s.height * v.scale;
  cairo_save(cr);
  enter_object(cr, v, o.x, o.y, o.rotation);
  cairo_rectangle(cr, -w / 2, -h / 2, w, h);
  render::set_source(cr, Color::rgb(214, 150, 72));
  cairo_fill_preserve(cr);
  render::set_source(cr, Color::rgb(110, 64, 20));
  cairo_set_line_width(cr, line_width(v) * 1.3);
  cairo_stroke(cr);
  cairo_rectangle(cr, -w * 0.42, -h * 0.2, w * 0.84, h * 0.4);
  render::set_source(cr, Color::rgb(200, 36, 30));
  cairo_fill(cr);
  if (h > 9) {
    render::set_source(cr, Color::rgb(255, 240, 200));
    render::draw_text(cr, "TNT", 0, 0, h * 0.32, 0.5, 0.5, true);
  }
  cairo_restore(cr);
}

void draw_platform(cairo_t* cr, const View& v, const Object& o) {
  const double tile = kPlatformTile * v.scale;
  const double w = tile * o.scale_x, h = tile * o.scale_y;
  cairo_save(cr);
  enter_object(cr, v, o.x, o.y, o.rotation);
  cairo_rectangle(cr, -w / 2, -h / 2, w, h);
  render::set_source(cr, Color::rgb(118, 104, 88));
  cairo_fill_preserve(cr);
  cairo_save(cr);
  cairo_clip_preserve(cr);
  cairo_new_path(cr);
  render::set_source(cr, Color::rgb(92, 80, 66));
  cairo_set_line_width(cr, std::max(0.5, line_width(v) * 0.5));
  for (double gx = -w / 2 + tile; gx < w / 2 - 1e-6; gx += tile) {
    cairo_move_to(cr, gx, -h / 2);
    cairo_line_to(cr, gx, h / 2);
  }
  for (double gy = -h / 2 + tile; gy < h / 2 - 1e-6; gy += tile) {
    cairo_move_to(cr, -w / 2, gy);
    cairo_line_to(cr, w / 2, gy);
  }
  cairo_stroke(cr);
  render::set_source(cr, Color::rgb(255, 255, 255).with_alpha(0.18));
  cairo_set_line_width(cr, std::max(1.0, 0.05 * v.scale));
  cairo_move_to(cr, -w / 2, -h / 2 + 0.03 * v.scale);
  cairo_line_to(cr, w / 2, -h / 2 + 0.03 * v.scale);
  cairo_stroke(cr);
  cairo_restore(cr);
  cairo_rectangle(cr, -w / 2, -h / 2, w, h);
  render::set_source(cr, Color::rgb(60, 50, 40));
  cairo_set_line_width(cr, line_width(v));
  cairo_stroke(cr);
  cairo_restore(cr);
}

void draw_object(cairo_t* cr, const View& v, const Object& o) {
  switch (o.kind()) {
    case Kind::kBlock:
      draw_block(cr, v, o);
      break;
    case Kind::kPig:
      draw_pig(cr, v, o);
      break;
    case Kind::kTnt:
      draw_tnt(cr, v, o);
      break;
    case Kind::kPlatform:
      draw_platform(cr, v, o);
      break;
  }
}

void draw_slingshot_and_birds(cairo_t* cr, const View& v, const Level& level) {
  const double sx = level.slingshot.x, sy = level.slingshot.y;
  const double k = v.scale;
  cairo_save(cr);
  cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND);
  cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND);
  const double fork = sy + 0.05;
  for (int pass = 0; pass < 2; ++pass) {
    render::set_source(cr, pass == 0 ? Color::rgb(70, 38, 14) : Color::rgb(150, 92, 44));
    cairo_set_line_width(cr, (pass == 0 ? 0.2 : 0.11) * k);
    cairo_move_to(cr, v.px(sx), v.py(kGroundY));
    cairo_line_to(cr, v.px(sx), v.py(fork));
    cairo_move_to(cr, v.px(sx - 0.28), v.py(sy + 0.75));
    cairo_line_to(cr, v.px(sx - 0.05), v.py(fork));
    cairo_line_to(cr, v.px(sx + 0.05), v.py(fork));
    cairo_line_to(cr, v.px(sx + 0.28), v.py(sy + 0.75));
    cairo_stroke(cr);
  }
  // Birds wait on the ground behind the slingshot, the first one nearest.
  double x = sx - 0.6;
  for (const BirdType b : level.birds) {
    const double r = (b == BirdType::kBlue ? 0.13 : b == BirdType::kWhite ? 0.26 : 0.2);
    const double cy = kGroundY + r;
    cairo_new_sub_path(cr);
    cairo_arc(cr, v.px(x), v.py(cy), r * k, 0, 2 * kPi);
    render::set_source(cr, bird_color(b));
    cairo_fill_preserve(cr);
    render::set_source(cr, Color::rgb(40, 30, 20));
    cairo_set_line_width(cr, line_width(v) * 0.8);
    cairo_stroke(cr);
    cairo_new_sub_path(cr);
    cairo_arc(cr, v.px(x + 0.35 * r), v.py(cy + 0.2 * r), 0.28 * r * k, 0, 2 * kPi);
    render::set_source(cr, Color::rgb(255, 255, 255));
    cairo_fill(cr);
    cairo_new_sub_path(cr);
    cairo_arc(cr, v.px(x + 0.45 * r), v.py(cy + 0.2 * r), 0.12 * r * k, 0, 2 * kPi);
    render::set_source(cr, Color::rgb(20, 20, 20));
    cairo_fill(cr);
    cairo_move_to(cr, v.px(x + 0.8 * r), v.py(cy + 0.05 * r));
    cairo_line_to(cr, v.px(x + 1.3 * r), v.py(cy - 0.1 * r));
    cairo_line_to(cr, v.px(x + 0.8 * r), v.py(cy - 0.3 * r));
    cairo_close_path(cr);
    render::set_source(cr, Color::rgb(250, 170, 30));
    cairo_fill(cr);
    x -= 2 * r + 0.18;
  }
  cairo_restore(cr);
}

void draw_background(cairo_t* cr, const View& v, const Level& level, double x, double y, double w,
                     double h) {
  const double ground = v.py(kGroundY);
  cairo_pattern_t* sky = cairo_pattern_create_linear(0, y, 0, std::max(ground, y + 1));
  cairo_pattern_add_color_stop_rgb(sky, 0, 0.47, 0.76, 0.93);
  cairo_pattern_add_color_stop_rgb(sky, 1, 0.86, 0.95, 0.98);
  cairo_rectangle(cr, x, y, w, h);
  cairo_set_source(cr, sky);
  cairo_fill(cr);
  cairo_pattern_destroy(sky);
  // Soft hills on the horizon.
  cairo_save(cr);
  render::set_source(cr, Color::rgb(176, 222, 170).with_alpha(0.7));
  cairo_move_to(cr, x, ground);
  const int bumps = 5;
  for (int i = 0; i < bumps; ++i) {
    const double x0 = x + w * i / bumps, x1 = x + w * (i + 1) / bumps;
    const double top = ground - (0.12 + 0.06 * ((i * 7) % 3)) * h;
    cairo_curve_to(cr, x0 + (x1 - x0) * 0.25, top, x0 + (x1 - x0) * 0.75, top, x1, ground);
  }
  cairo_close_path(cr);
  cairo_fill(cr);
  cairo_restore(cr);
  // The ground spans the level's width; a grass edge on top of the soil.
  const double left = std::max(x, v.px(-level.half_width()));
  const double right = std::min(x + w, v.px(level.half_width()));
  if (right > left && ground < y + h) {
    cairo_pattern_t* soil = cairo_pattern_create_linear(0, ground, 0, y + h);
    cairo_pattern_add_color_stop_rgb(soil, 0, 0.69, 0.52, 0.30);
    cairo_pattern_add_color_stop_rgb(soil, 1, 0.50, 0.35, 0.18);
    cairo_rectangle(cr, left, ground, right - left, y + h - ground);
    cairo_set_source(cr, soil);
    cairo_fill(cr);
    cairo_pattern_destroy(soil);
    const double grass = std::max(2.0, 0.14 * v.scale);
    cairo_rectangle(cr, left, ground, right - left, grass);
    render::set_source(cr, Color::rgb(104, 176, 56));
    cairo_fill(cr);
    cairo_rectangle(cr, left, ground, right - left, std::max(1.0, grass * 0.3));
    render::set_source(cr, Color::rgb(74, 140, 38));
    cairo_fill(cr);
  }
}

/// Start poses of what moved (dashed) and of what was destroyed (crossed out).
void draw_changes(cairo_t* cr, const View& v, const Level& level, const StabilityReport& report,
                  const PhysicsSettings& thresholds) {
  cairo_save(cr);
  const double lw = std::max(1.2, line_width(v) * 1.1);
  const double dash[] = {lw * 3, lw * 2};
  cairo_set_line_width(cr, lw);
  for (std::size_t i = 0; i < level.objects.size() && i < report.objects.size(); ++i) {
    const Object& o = level.objects[i];
    const ObjectOutcome& r = report.objects[i];
    if (!o.is_piece()) continue;
    const bool turned = std::abs(r.rotation_change) >= thresholds.paper_rotation_threshold;
    if (r.destroyed) {
      cairo_set_dash(cr, dash, 2, 0);
      outline_path(cr, v, o);
      render::set_source(cr, Color::rgb(214, 40, 40).with_alpha(0.12));
      cairo_fill_preserve(cr);
      render::set_source(cr, Color::rgb(214, 40, 40));
      cairo_stroke(cr);
      cairo_set_dash(cr, nullptr, 0, 0);
      const Bounds b = bounds(o);
      cairo_set_line_width(cr, lw * 1.6);
      cairo_move_to(cr, v.px(b.min_x), v.py(b.min_y));
      cairo_line_to(cr, v.px(b.max_x), v.py(b.max_y));
      cairo_move_to(cr, v.px(b.min_x), v.py(b.max_y));
      cairo_line_to(cr, v.px(b.max_x), v.py(b.min_y));
      cairo_stroke(cr);
      cairo_set_line_width(cr, lw);
    } else if (r.moved || turned) {
      cairo_set_dash(cr, dash, 2, 0);
      outline_path(cr, v, o);
      render::set_source(cr, Color::rgb(240, 110, 0));
      cairo_stroke(cr);
      cairo_set_dash(cr, nullptr, 0, 0);
      if (r.displacement * v.scale > 6) {
        const double x0 = v.px(o.x), y0 = v.py(o.y), x1 = v.px(r.x), y1 = v.py(r.y);
        const double a = std::atan2(y1 - y0, x1 - x0), head = std::max(5.0, lw * 4);
        cairo_move_to(cr, x0, y0);
        cairo_line_to(cr, x1, y1);
        cairo_stroke(cr);
        cairo_move_to(cr, x1, y1);
        cairo_line_to(cr, x1 - head * std::cos(a - 0.45), y1 - head * std::sin(a - 0.45));
        cairo_line_to(cr, x1 - head * std::cos(a + 0.45), y1 - head * std::sin(a + 0.45));
        cairo_close_path(cr);
        cairo_fill(cr);
      }
    }
  }
  cairo_restore(cr);
}

void draw_badge(cairo_t* cr, const std::string& text, double x, double y, double size,
                const Color& fill, double align) {
  const double tw = render::text_width(cr, text, size, true);
  const double pad = size * 0.45;
  const double left = x - align * (tw + 2 * pad);
  cairo_rectangle(cr, left, y, tw + 2 * pad, size * 1.6);
  render::set_source(cr, fill);
  cairo_fill(cr);
  render::set_source(cr, Color::rgb(255, 255, 255));
  render::draw_text(cr, text, left + pad, y + size * 0.8, size, 0, 0.5, true);
}

std::string status_text(const StabilityReport& r) {
  if (r.stable) return "stable";
  std::string s = "unstable:";
  if (r.destroyed > 0) s += fmt::format(" {} destroyed", r.destroyed);
  if (r.moved > 0) s += fmt::format("{} {} moved", r.destroyed > 0 ? "," : "", r.moved);
  return s;
}

}  // namespace

render::Color material_color(Material material) { return material_style(material).fill; }

Color bird_color(BirdType b) {
  switch (b) {
    case BirdType::kBlue:
      return Color::rgb(74, 163, 223);
    case BirdType::kYellow:
      return Color::rgb(242, 200, 31);
    case BirdType::kBlack:
      return Color::rgb(45, 45, 50);
    case BirdType::kWhite:
      return Color::rgb(244, 244, 240);
    case BirdType::kRed:
      break;
  }
  return Color::rgb(214, 47, 47);
}

Bounds scene_bounds(const Level& level, const StabilityReport* report, bool slingshot) {
  if (!slingshot) {
    // The objects alone, with a thin band of ground, at the sheet's 16:9 or narrower.
    Bounds b =
        level.objects.empty() ? Bounds{-1, kGroundY, 1, kGroundY + 1} : bounds(level.objects);
    b.min_x -= 0.3;
    b.max_x += 0.3;
    b.max_y += 0.3;
    b.min_y = std::min(b.min_y, kGroundY) - 0.3;
    if (b.width() < b.height() * 16 / 9) {
      const double grow = (b.height() * 16 / 9 - b.width()) / 2;
      b.min_x -= grow;
      b.max_x += grow;
    }
    return b;
  }
  const Slingshot& s = level.slingshot;
  Bounds b{s.x - 1.2, kGroundY - 0.8, s.x + 0.8, s.y + 1.0};
  if (!level.birds.empty()) b.min_x -= 0.55 * static_cast<double>(level.birds.size());
  const double limit = level.half_width() + 2;
  for (std::size_t i = 0; i < level.objects.size(); ++i) {
    const Object& o = level.objects[i];
    Bounds ob = bounds(o);
    if (ob.max_x < -limit || ob.min_x > limit) continue;
    b.add(ob);
    if (report && i < report->objects.size() && !report->objects[i].left_world) {
      Object moved = o;
      moved.x = report->objects[i].x;
      moved.y = report->objects[i].y;
      moved.rotation = report->objects[i].rotation;
      b.add(bounds(moved));
    }
  }
  b.min_x -= 0.8;
  b.max_x += 1.0;
  b.max_y += 0.9;
  b.min_y = std::min(b.min_y - 0.2, kGroundY - 0.8);
  // Keep pictures between 1.2:1 and 3:1.
  if (b.height() < b.width() / 3) b.max_y = b.min_y + b.width() / 3;
  if (b.width() < b.height() * 1.2) {
    const double grow = (b.height() * 1.2 - b.width()) / 2;
    b.min_x -= grow;
    b.max_x += grow;
  }
  return b;
}

View fit_view(const Bounds& world, double x, double y, double w, double h) {
  View v;
  v.scale = std::min(w / world.width(), h / world.height());
  v.ox = x + (w - world.width() * v.scale) / 2 - world.min_x * v.scale;
  v.oy = y + h + world.min_y * v.scale;  // the bottom of the world on the bottom of the box
  return v;
}

void draw_scene(cairo_t* cr, const Level& level, const View& v, double x, double y, double w,
                double h, bool slingshot) {
  draw_background(cr, v, level, x, y, w, h);
  if (slingshot) draw_slingshot_and_birds(cr, v, level);
  // Platforms first, pigs last: what is drawn later is in front.
  for (const Kind kind : {Kind::kPlatform, Kind::kBlock, Kind::kTnt, Kind::kPig}) {
    for (const Object& o : level.objects) {
      if (o.kind() == kind) draw_object(cr, v, o);
    }
  }
}

View draw_level(cairo_t* cr, const Level& level, double x, double y, double w, double h,
                const StabilityReport* report, bool slingshot) {
  const View v = fit_view(scene_bounds(level, report, slingshot), x, y, w, h);
  cairo_save(cr);
  cairo_rectangle(cr, x, y, w, h);
  cairo_clip(cr);
  draw_scene(cr, report ? final_level(level, *report) : level, v, x, y, w, h, slingshot);
  if (report) draw_changes(cr, v, level, *report, PhysicsSettings{});
  cairo_restore(cr);
  return v;
}

void save_level_picture(const std::filesystem::path& path, const Level& level,
                        const LevelPicture& options) {
  const Bounds world = scene_bounds(level, options.report);
  const int width = std::max(options.width, 64);
  const int height =
      std::max(48, static_cast<int>(std::lround(width * world.height() / world.width())));
  render::save_picture(path, width, height, [&](cairo_t* cr) {
    draw_level(cr, level, 0, 0, width, height, options.report);
    const double size = std::clamp(width / 75.0, 9.0, 16.0);
    if (!options.title.empty()) {
      draw_badge(cr, options.title, size * 0.6, size * 0.6, size,
                 Color::rgb(30, 40, 60).with_alpha(0.75), 0);
    }
    if (options.report) {
      const StabilityReport& r = *options.report;
      draw_badge(cr, status_text(r), width - size * 0.6, size * 0.6, size,
                 r.stable ? Color::rgb(40, 140, 60) : Color::rgb(200, 50, 40), 1);
      if (width >= 600) {
        draw_badge(cr,
                   fmt::format("score {:.2f}   paper score {:.1f}   dashed: start of what moved   "
                               "crossed: destroyed",
                               r.score, r.paper_score),
                   size * 0.6, height - size * 2.2, size * 0.8,
                   Color::rgb(30, 40, 60).with_alpha(0.6), 0);
      }
    }
  });
}

void save_contact_sheet(const std::filesystem::path& path, std::span<const SheetEntry> entries,
                        int cell_width, int columns) {
  if (entries.empty()) throw Error(path.string(), 0, "a contact sheet needs at least one level");
  const int n = static_cast<int>(entries.size());
  const int cols = columns > 0 ? std::min(columns, n) : static_cast<int>(std::ceil(std::sqrt(n)));
  const int rows = (n + cols - 1) / cols;
  const int cw = std::max(cell_width, 120);
  const int picture_h = cw * 9 / 16;
  const int caption_h = 26;
  const int gap = 8;
  const int width = cols * cw + (cols + 1) * gap;
  const int height = rows * (picture_h + caption_h) + (rows + 1) * gap;
  render::save_picture(path, width, height, [&](cairo_t* cr) {
    cairo_set_source_rgb(cr, 0.93, 0.94, 0.95);
    cairo_paint(cr);
    for (int i = 0; i < n; ++i) {
      const SheetEntry& e = entries[static_cast<std::size_t>(i)];
      const double x = gap + (i % cols) * (cw + gap);
      const double y = gap + (i / cols) * (picture_h + caption_h + gap);
      const View v = draw_level(cr, *e.level, x, y, cw, picture_h, e.report, e.slingshot);
      if (e.overlay) {
        cairo_save(cr);
        cairo_rectangle(cr, x, y, cw, picture_h);
        cairo_clip(cr);
        e.overlay(cr, v);
        cairo_restore(cr);
      }
      cairo_set_source_rgb(cr, 0.15, 0.17, 0.2);
      std::string caption = e.caption;
      const double size = 13;
      while (caption.size() > 4 && render::text_width(cr, caption, size) > cw - 90) {
        caption = caption.substr(0, caption.size() - 4) + "...";
      }
      render::draw_text(cr, caption, x + 4, y + picture_h + caption_h / 2.0, size, 0, 0.5);
      if (e.report) {
        const bool ok = e.report->stable;
        cairo_set_source_rgb(cr, ok ? 0.16 : 0.78, ok ? 0.55 : 0.2, ok ? 0.24 : 0.16);
        render::draw_text(cr, ok ? "stable" : "unstable", x + cw - 4,
                          y + picture_h + caption_h / 2.0, size, 1, 0.5, true);
      }
    }
  });
}

}  // namespace evoplay::games::birds
