#include "evoplay/games/lemmings/pingus_render.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>

#include "evoplay/core/error.hpp"
#include "evoplay/games/lemmings/pingus_rules.hpp"
#include "evoplay/render/canvas.hpp"
#include "evoplay/render/gif.hpp"

namespace evoplay::games::lemmings {

namespace {

using render::Color;

constexpr int kPingusHeader = 22;
// A pingu's path in the paths picture, by how it ended.
const Color kPathSaved = Color::rgb(80, 230, 90), kPathOut = Color::rgb(250, 230, 60),
            kPathDied = Color::rgb(240, 70, 60);
const Color kEntrance = Color::rgb(60, 60, 60), kExit = Color::rgb(48, 192, 80);
const Color kBand = Color::rgb(32, 32, 32);  // under the header's text and the key

constexpr std::uint32_t kPingusSky = 0x18243a, kGround = 0x8a5a2e, kSolid = 0x8c8c96,
                        kBridge = 0xd8b878, kWater = 0x2f6fd0, kLava = 0xd8501c;

std::uint32_t ground_color(std::uint8_t g) {
  switch (g) {
    case kGpGround:
      return kGround;
    case kGpSolid:
      return kSolid;
    case kGpBridge:
      return kBridge;
    case kGpWater:
      return kWater;
    case kGpLava:
      return kLava;
    default:
      return kPingusSky;
  }
}

Color action_color(PinguAction a) {
  switch (a) {
    case PinguAction::kWalker:
      return Color::rgb(80, 220, 90);
    case PinguAction::kFaller:
      return Color::rgb(200, 200, 200);
    case PinguAction::kFloater:
      return Color::rgb(240, 240, 255);
    case PinguAction::kClimber:
      return Color::rgb(240, 170, 40);
    case PinguAction::kJumper:
      return Color::rgb(120, 230, 230);
    case PinguAction::kBlocker:
      return Color::rgb(250, 230, 60);
    case PinguAction::kBomber:
      return Color::rgb(255, 60, 60);
    case PinguAction::kBridger:
    case PinguAction::kWaiter:
      return Color::rgb(90, 180, 250);
    case PinguAction::kBasher:
      return Color::rgb(250, 130, 40);
    case PinguAction::kDigger:
      return Color::rgb(170, 110, 240);
    case PinguAction::kMiner:
      return Color::rgb(240, 120, 200);
    case PinguAction::kSlider:
      return Color::rgb(160, 250, 160);
    case PinguAction::kExiter:
      return Color::rgb(255, 255, 255);
    default:
      return Color::rgb(120, 120, 120);
  }
}

std::vector<Color> pingus_colors() {
  std::vector<Color> c;
  for (std::uint32_t rgb : {kPingusSky, kGround, kSolid, kBridge, kWater, kLava, 0xffffffu,
                            0x000000u, 0x30c050u, 0x202020u}) {
    c.push_back(Color::rgb(static_cast<int>(rgb >> 16), static_cast<int>((rgb >> 8) & 255),
                           static_cast<int>(rgb & 255)));
  }
  for (int a = 0; a <= static_cast<int>(PinguAction::kSplashed); ++a) {
    c.push_back(action_color(static_cast<PinguAction>(a)));
  }
  return c;
}

/// Draws frames of a run at 1/d of the level's size.
class Drawer {
 public:
  /// `footer`: pixels under the map for a key (the paths picture's).
  Drawer(const Level& level, const RenderOptions& o, int footer = 0)
      : p_(*level.pingus),
        d_(o.scale > 0 ? o.scale : std::max(1, (p_.width + 799) / 800)),
        w_(std::max(1, p_.width / d_)),
        h_(std::max(1, p_.height / d_)),
        title_(o.title.empty() ? level.name : o.title),
        canvas_(w_, h_ + kPingusHeader + footer) {}

  int width() const { return w_; }
  int height() const { return h_ + kPingusHeader; }  // of the map and its header
  int divisor() const { return d_; }
  const render::Canvas& canvas() const { return canvas_; }

  /// The map at 1/d: each picture pixel shows the most solid pixel of its block.
  void map(const std::vector<std::uint8_t>& colmap) {
    pixels_.assign(static_cast<std::size_t>(w_) * static_cast<std::size_t>(h_), 0);
    for (int y = 0; y < h_; ++y) {
      for (int x = 0; x < w_; ++x) {
        std::uint8_t best = kGpNothing;
        for (int yy = y * d_; yy < std::min(p_.height, (y + 1) * d_); ++yy) {
          for (int xx = x * d_; xx < std::min(p_.width, (x + 1) * d_); ++xx) {
            const std::uint8_t g =
                colmap[static_cast<std::size_t>(yy) * static_cast<std::size_t>(p_.width) +
                       static_cast<std::size_t>(xx)];
            if (g != kGpNothing && (best == kGpNothing || g == kGpSolid)) best = g;
          }
        }
        pixels_[static_cast<std::size_t>(y * w_ + x)] = 0xff000000u | ground_color(best);
      }
    }
    cairo_t* cr = canvas_.cr();
    cairo_surface_t* img = cairo_image_surface_create_for_data(
        reinterpret_cast<unsigned char*>(pixels_.data()), CAIRO_FORMAT_RGB24, w_, h_, w_ * 4);
    cairo_set_source_surface(cr, img, 0, kPingusHeader);
    cairo_paint(cr);
    cairo_surface_destroy(img);
    const double d = d_;
    for (const auto& e : p_.entrances) {
      canvas_.set_color(kEntrance);
      cairo_rectangle(cr, (e.x - 24) / d, kPingusHeader + (e.y - 20) / d, 48 / d + 1, 8 / d + 1);
      cairo_fill(cr);
    }
    for (const auto& e : p_.exits) {
      canvas_.set_color(kExit);
      cairo_rectangle(cr, (e.x - 10) / d, kPingusHeader + (e.y - 28) / d, 20 / d + 1, 28 / d + 1);
      cairo_fill(cr);
    }
  }

  void header(const std::string& text) {
    cairo_t* cr = canvas_.cr();
    canvas_.set_color(kBand);
    cairo_rectangle(cr, 0, 0, w_, kPingusHeader);
    cairo_fill(cr);
    canvas_.set_color(Color::rgb(255, 255, 255));
    render::draw_text(cr, text, 6, kPingusHeader / 2.0, 12, 0, 0.5, false);
  }

  void frame(const PingusSimulator& sim, int tick) {
    map(sim.colmap());
    header(fmt::format("{}   tick {}   saved {}/{} (need {})   dead {}   out {}", title_, tick,
                       sim.saved(), p_.pingus, p_.save, sim.dead(),
                       sim.released() - sim.saved() - sim.dead()));
    cairo_t* cr = canvas_.cr();
    const double d = d_;
    const double pw = std::max(2.0, 8 / d), ph = std::max(3.0, 22 / d);
    for (int i = 0; i < sim.released(); ++i) {
      const PinguState s = sim.pingu(i);
      if (!s.alive) continue;
      canvas_.set_color(action_color(s.action));
      cairo_rectangle(cr, s.x / d - pw / 2, kPingusHeader + s.y / d - ph, pw, ph);
      cairo_fill(cr);
    }
  }

 private:
  const PingusLevel& p_;
  int d_, w_, h_;
  std::string title_;
  render::Canvas canvas_;
  std::vector<std::uint32_t> pixels_;
};

class GifFrames : public PingusObserver {
 public:
  GifFrames(const Level& level, const std::filesystem::path& path, const RenderOptions& o)
      : options_(o),
        drawer_(level, o),
        every_(std::max(1, level.time / 300)),
        gif_(path, drawer_.width(), drawer_.height(), render::palette_with(pingus_colors())) {}
  void on_start(const PingusSimulator& sim) override { draw(sim, 0); }
  void on_step(const PingusSimulator& sim, int step) override {
    if (step % every_ != 0) return;
    gif_.add_frame(pixels_, options_.delay_cs);
    draw(sim, step);
  }
  void close(const PingusSimulator& sim, int last) {
    gif_.add_frame(pixels_, options_.delay_cs);
    draw(sim, last);
    gif_.add_frame(pixels_, options_.hold_cs);
    gif_.close();
  }

 private:
  void draw(const PingusSimulator& sim, int tick) {
    drawer_.frame(sim, tick);
    pixels_ = drawer_.canvas().pixels();
  }
  RenderOptions options_;
  Drawer drawer_;
  int every_;
  render::GifWriter gif_;
  std::vector<std::uint32_t> pixels_;
};

class Snapshot : public PingusObserver {
 public:
  Snapshot(const Level& level, int step, const RenderOptions& o) : step_(step), drawer_(level, o) {}
  void on_start(const PingusSimulator& sim) override { drawer_.frame(sim, 0); }
  void on_step(const PingusSimulator& sim, int step) override {
    if (step == step_) drawer_.frame(sim, step);
    last_ = step;
  }
  void finish(const PingusSimulator& sim) {
    if (last_ < step_) drawer_.frame(sim, last_);
  }
  const render::Canvas& canvas() const { return drawer_.canvas(); }

 private:
  int step_, last_ = 0;
  Drawer drawer_;
};

class Paths : public PingusObserver {
 public:
  void on_step(const PingusSimulator& sim, int step) override {
    if (step % 4 != 0) return;
    paths.resize(static_cast<std::size_t>(sim.released()));
    for (int i = 0; i < sim.released(); ++i) {
      const PinguState s = sim.pingu(i);
      if (s.alive) paths[static_cast<std::size_t>(i)].push_back({s.x, s.y});
    }
  }
  std::vector<std::vector<std::pair<float, float>>> paths;
};

}  // namespace

Outcome render_pingus_file(const Level& level, const Plan& plan, const std::filesystem::path& path,
                           const RenderOptions& o, std::optional<int> step) {
  PingusSimulator sim(level);
  if (path.extension() == ".gif") {
    GifFrames gif(level, path, o);
    Outcome outcome = sim.run(plan, &gif);
    gif.close(sim, outcome.steps);
    return outcome;
  }
  if (step) {
    Snapshot snap(level, std::max(*step, 0), o);
    Outcome outcome = sim.run(plan, &snap);
    snap.finish(sim);
    snap.canvas().save_png(path);
    return outcome;
  }
  Paths paths;
  Outcome outcome = sim.run(plan, &paths);
  constexpr int kFooter = 24;
  Drawer drawer(level, o, kFooter);
  drawer.map(sim.colmap());
  drawer.header(fmt::format("{}: {}, saved {}/{} (need {}), dead {}, {} ticks, {} of {} genes used",
                            o.title.empty() ? level.name : o.title,
                            outcome.solved ? "solved" : "not solved", outcome.saved, level.lemmings,
                            level.save, outcome.dead, outcome.steps, outcome.genes_applied(),
                            plan.size()));
  cairo_t* cr = drawer.canvas().cr();
  const double d = drawer.divisor();
  cairo_set_line_width(cr, 1.2);
  for (std::size_t i = 0; i < paths.paths.size(); ++i) {
    const auto& pts = paths.paths[i];
    if (pts.empty()) continue;
    const Fate f = outcome.lemmings[i].fate;
    drawer.canvas().set_color(f == Fate::kSaved ? kPathSaved
                              : f == Fate::kOut ? kPathOut
                                                : kPathDied);
    const double off = (static_cast<double>(i % 5) - 2) * 0.6;
    cairo_move_to(cr, pts[0].first / d + off, kPingusHeader + (pts[0].second - 10) / d + off);
    for (const auto& [x, y] : pts)
      cairo_line_to(cr, x / d + off, kPingusHeader + (y - 10) / d + off);
    cairo_stroke(cr);
  }
  for (const PinguAssignment& a : sim.assignments()) {
    drawer.canvas().set_color(Color::rgb(255, 255, 255));
    cairo_new_sub_path(cr);
    cairo_arc(cr, a.x / d, kPingusHeader + (a.y - 10) / d, 3, 0, 2 * M_PI);
    cairo_stroke(cr);
    render::draw_text(cr, std::string(skill_name(a.skill)).substr(0, 2), a.x / d + 4,
                      kPingusHeader + (a.y - 14) / d, 9, 0, 1, true);
  }
  // The key, on the header's dark band under the map.
  drawer.canvas().set_color(kBand);
  cairo_rectangle(cr, 0, drawer.height(), drawer.width(), kFooter);
  cairo_fill(cr);
  render::draw_key(cr, drawer.width(), drawer.height() + kFooter / 2.0,
                   {{kPathSaved, "saved"},
                    {kPathDied, "died"},
                    {kPathOut, "still out"},
                    {kEntrance, "entrance"},
                    {kExit, "exit"},
                    {Color::rgb(255, 255, 255), "action given (its first letters)"}},
                   Color::rgb(200, 200, 200));
  drawer.canvas().save_png(path);
  return outcome;
}

}  // namespace evoplay::games::lemmings
