#include "evoplay/games/birds/play_render.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <numbers>

#include "evoplay/games/birds/angles.hpp"
#include "evoplay/games/birds/bird_types.hpp"
#include "evoplay/render/canvas.hpp"
#include "evoplay/render/gif.hpp"

namespace evoplay::games::birds {

namespace {

using render::Color;

/// The frame of a game's pictures: the level as it starts (slingshot and waiting birds
/// included) and every path, within the level's width.
Bounds game_bounds(const Level& level, const GameRecord& game) {
  Bounds b = scene_bounds(level_in_state(level, game.start));
  const double edge = level.half_width();
  for (const ShotRecord& s : game.shots) {
    for (const FlightPath& p : s.paths) {
      for (const Point& q : p.points) {
        if (std::abs(q.x) > edge + 1 || q.y > 25) continue;
        b.add({q.x - 0.8, q.y - 0.5, q.x + 0.8, q.y + 0.8});
      }
    }
  }
  if (b.height() < b.width() / 3) b.max_y = b.min_y + b.width() / 3;
  return b;
}

void draw_flyer(cairo_t* cr, const View& v, const FlyerPose& f) {
  const BirdSpec& spec = bird_spec(f.bird);
  const auto outline =
      f.egg ? reduced_hull(egg_polygon(), 1) : reduced_hull(spec.polygon, spec.scale);
  const double c = std::cos(f.angle), s = std::sin(f.angle);
  for (std::size_t k = 0; k < outline.size(); ++k) {
    const double x = f.x + c * outline[k].x - s * outline[k].y;
    const double y = f.y + s * outline[k].x + c * outline[k].y;
    k == 0 ? cairo_move_to(cr, v.px(x), v.py(y)) : cairo_line_to(cr, v.px(x), v.py(y));
  }
  cairo_close_path(cr);
  render::set_source(cr, f.egg ? Color::rgb(250, 248, 235) : bird_color(f.bird));
  cairo_fill_preserve(cr);
  render::set_source(cr, Color::rgb(40, 30, 20));
  cairo_set_line_width(cr, std::max(1.0, v.scale * 0.025));
  cairo_stroke(cr);
}

/// A label in a rounded box at pixel (x, y).
void label(cairo_t* cr, const std::string& text, double x, double y, double size,
           const Color& fill) {
  const double w = render::text_width(cr, text, size, true) + size * 0.8;
  cairo_rectangle(cr, x, y, w, size * 1.5);
  render::set_source(cr, fill);
  cairo_fill(cr);
  render::set_source(cr, Color::rgb(255, 255, 255));
  render::draw_text(cr, text, x + size * 0.4, y + size * 0.75, size, 0, 0.5, true);
}

std::string game_caption(const GameRecord& game) {
  return fmt::format("{} - {} of {} pigs, {} bird{}, score {}",
                     game.won() ? "won" : status_name(game.status), game.pigs_killed, game.pigs,
                     game.birds_used, game.birds_used == 1 ? "" : "s", game.score);
}

}  // namespace

Level level_in_state(const Level& level, const GameState& state) {
  Level out = level;
  out.objects.clear();
  for (std::size_t i = 0; i < level.objects.size(); ++i) {
    const Object& o = level.objects[i];
    if (!o.is_piece()) {
      out.objects.push_back(o);
      continue;
    }
    const PieceState& p = state.pieces[i];
    if (!p.alive) continue;
    Object moved = o;
    moved.x = p.x;
    moved.y = p.y;
    moved.rotation = p.angle * kDegreesPerRadian;
    out.objects.push_back(moved);
  }
  const auto used = static_cast<std::size_t>(
      std::min<int>(state.birds_used, static_cast<int>(level.birds.size())));
  out.birds.assign(level.birds.begin() + static_cast<std::ptrdiff_t>(used), level.birds.end());
  return out;
}

void draw_paths(cairo_t* cr, const View& v, std::span<const ShotRecord> shots) {
  cairo_save(cr);
  cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND);
  cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND);
  const double lw = std::clamp(v.scale * 0.05, 1.2, 3.0);
  for (std::size_t k = 0; k < shots.size(); ++k) {
    for (const FlightPath& p : shots[k].paths) {
      if (p.points.size() < 2) continue;
      for (int pass = 0; pass < 2; ++pass) {
        for (std::size_t i = 0; i < p.points.size(); ++i) {
          const double x = v.px(p.points[i].x), y = v.py(p.points[i].y);
          i == 0 ? cairo_move_to(cr, x, y) : cairo_line_to(cr, x, y);
        }
        const double dash[] = {lw * 2.5, lw * 2};
        cairo_set_dash(cr, p.egg ? dash : nullptr, p.egg ? 2 : 0, 0);
        render::set_source(cr, pass == 0
                                   ? Color::rgb(255, 255, 255).with_alpha(0.7)
                                   : (p.egg ? Color::rgb(120, 120, 120) : bird_color(p.bird)));
        cairo_set_line_width(cr, pass == 0 ? lw * 2.2 : lw);
        cairo_stroke(cr);
      }
      cairo_set_dash(cr, nullptr, 0, 0);
    }
    // Where the ability was used: a ring on the bird's path.
    const ShotRecord& s = shots[k];
    if (s.tap_time >= 0 && !s.paths.empty() && s.paths[0].points.size() > 1) {
      const auto step = std::min(s.paths[0].points.size() - 1,
                                 static_cast<std::size_t>(std::lround(s.tap_time / 0.02)));
      const Point& at = s.paths[0].points[step];
      cairo_new_sub_path(cr);
      cairo_arc(cr, v.px(at.x), v.py(at.y), lw * 3, 0, 2 * std::numbers::pi);
      render::set_source(cr, Color::rgb(255, 255, 255));
      cairo_fill_preserve(cr);
      render::set_source(cr, bird_color(s.bird));
      cairo_set_line_width(cr, lw);
      cairo_stroke(cr);
    }
    if (!shots[0].paths.empty() && !shots[0].paths[0].points.empty()) {
      // Numbered left of the first release, the labels of later shots stacked above the earlier
      // ones (the releases are close together).
      const Point& start = shots[0].paths[0].points.front();
      const double size = std::max(9.0, lw * 4.5);
      label(cr, fmt::format("{}", k + 1), v.px(start.x) - size * 2.4,
            v.py(start.y) - size * (3 + 1.8 * static_cast<double>(k)), size,
            (s.bird == BirdType::kWhite ? Color::rgb(90, 90, 90) : bird_color(s.bird))
                .with_alpha(0.9));  // white text needs a dark box
    }
  }
  cairo_restore(cr);
}

void save_game_picture(const std::filesystem::path& path, const Level& level,
                       const GameRecord& game, int width, const std::string& title) {
  const Bounds world = game_bounds(level, game);
  width = std::max(width, 64);
  const int height =
      std::max(48, static_cast<int>(std::lround(width * world.height() / world.width())));
  render::save_picture(path, width, height, [&](cairo_t* cr) {
    const View v = fit_view(world, 0, 0, width, height);
    draw_scene(cr, level_in_state(level, game.end), v, 0, 0, width, height);
    draw_paths(cr, v, game.shots);
    const double size = std::clamp(width / 75.0, 9.0, 16.0);
    const std::string text = title.empty() ? game_caption(game) : title + ": " + game_caption(game);
    label(cr, text, size * 0.6, size * 0.6, size,
          game.won() ? Color::rgb(40, 140, 60).with_alpha(0.85)
                     : Color::rgb(30, 40, 60).with_alpha(0.75));
  });
}

void save_game_animation(const std::filesystem::path& path, const Level& level,
                         const GameRecord& game, const PlaySettings& play, int width,
                         const std::string& title, int fps, int max_frames) {
  const Bounds world = game_bounds(level, game);
  width = std::max(width, 64);
  const int height =
      std::max(48, static_cast<int>(std::lround(width * world.height() / world.width())));
  long total = 0;
  for (const ShotRecord& s : game.shots) total += s.steps;
  const double per_second = 1 / play.physics.time_step;
  int every = std::max(1, static_cast<int>(std::lround(per_second / std::max(1, fps))));
  every = std::max(every, static_cast<int>((total + max_frames - 1) / std::max(1, max_frames)));
  const int delay =
      std::max(2, static_cast<int>(std::lround(every * play.physics.time_step * 100)));
  // The sky's gradient, the hills over it and the ground, the materials, pigs, birds.
  std::vector<Color> exact = {
      Color::rgb(120, 194, 237), Color::rgb(145, 206, 240), Color::rgb(170, 218, 243),
      Color::rgb(195, 230, 247), Color::rgb(183, 226, 192), Color::rgb(219, 242, 250),
      Color::rgb(176, 132, 77),  Color::rgb(104, 176, 56),  Color::rgb(219, 164, 92),
      Color::rgb(170, 174, 179), Color::rgb(152, 214, 244), Color::rgb(124, 196, 66),
      Color::rgb(118, 104, 88),  Color::rgb(255, 255, 255), Color::rgb(40, 30, 20),
      Color::rgb(214, 150, 72)};
  for (int b = 0; b < kBirdTypeCount; ++b) exact.push_back(bird_color(static_cast<BirdType>(b)));
  render::GifWriter gif(path, width, height, render::palette_with(exact));
  render::Canvas canvas(width, height);
  const View v = fit_view(world, 0, 0, width, height);
  const double size = std::clamp(width / 60.0, 9.0, 15.0);
  auto frame = [&](const Level& shown, std::span<const ShotRecord> done, const ShotRecord* now,
                   const std::vector<FlyerPose>& flyers, const std::string& caption, int cs) {
    cairo_t* cr = canvas.cr();
    draw_scene(cr, shown, v, 0, 0, width, height);
    std::vector<ShotRecord> paths(done.begin(), done.end());
    if (now) paths.push_back(*now);
    draw_paths(cr, v, paths);
    for (const FlyerPose& f : flyers) draw_flyer(cr, v, f);
    label(cr, caption, size * 0.6, size * 0.6, size, Color::rgb(30, 40, 60).with_alpha(0.75));
    gif.add_frame(canvas.pixels(), cs);
  };
  const std::string head = title.empty() ? std::string() : title + " - ";
  GameState state = game.start;
  std::vector<ShotRecord> done;
  frame(level_in_state(level, state), done, nullptr, {},
        fmt::format("{}{} pigs, {} birds", head, game.pigs, level.birds.size()), 80);
  for (std::size_t k = 0; k < game.shots.size(); ++k) {
    const Shot& shot = game.shots[k].shot;
    ShotRun run(level, state, shot, play);
    const std::string caption =
        fmt::format("{}shot {}: {} at {:.1f} deg{}", head, k + 1, bird_name(game.shots[k].bird),
                    shot.angle, shot.tap >= 0 ? fmt::format(", tap {:.2f} s", shot.tap) : "");
    int steps = 0;
    while (!run.done()) {
      run.step();
      if (++steps % every != 0 && !run.done()) continue;
      GameState now;
      now.pieces = run.pieces();
      now.birds_used = state.birds_used + 1;
      frame(level_in_state(level, now), done, &run.record(), run.flyers(), caption, delay);
    }
    state = run.state();
    done.push_back(run.record());
  }
  frame(level_in_state(level, state), done, nullptr, {}, head + game_caption(game), 250);
  gif.close();
}

void save_difficulty_sheet(const std::filesystem::path& path, std::span<const Level> levels,
                           std::span<const std::string> files,
                           std::span<const DifficultyReport> reports) {
  std::vector<SheetEntry> entries;
  for (std::size_t i = 0; i < levels.size(); ++i) {
    const auto& r = reports[i];
    const std::string name = std::filesystem::path(files[i]).stem().string();
    entries.push_back(
        {&levels[i],
         r.pigs == 0 ? fmt::format("{}: no pig", name)
         : r.solvable
             ? fmt::format("{}: won with {} of {} birds, naive {:.0f}%", name, r.search.birds_used,
                           r.birds, 100 * r.naive_win_rate)
             : fmt::format("{}: not solved ({} of {} pigs)", name, r.search.pigs_killed, r.pigs),
         nullptr, true, [&r](cairo_t* cr, const View& v) { draw_paths(cr, v, r.search.shots); }});
  }
  save_contact_sheet(path, entries, 480, levels.size() <= 4 ? 2 : 3);
}

void save_game_render(const std::filesystem::path& path, const Level& level, const GameRecord& game,
                      const PlaySettings& play, const std::string& title) {
  if (path.extension() == ".gif") {
    save_game_animation(path, level, game, play, 800, title);
  } else {
    save_game_picture(path, level, game, 1200, title);
  }
}

}  // namespace evoplay::games::birds
