#include "evoplay/games/lemmings/render.hpp"

#include <fmt/format.h>

#include <cmath>
#include <map>

#include "evoplay/core/error.hpp"
#include "evoplay/games/lemmings/pingus_render.hpp"
#include "evoplay/render/canvas.hpp"
#include "evoplay/render/gif.hpp"

namespace evoplay::games::lemmings {

namespace {

using render::Color;

// The palette: a dark sky, earthy dirt, blue-grey steel, and bright, distinct job colours.
const Color kSky = Color::rgb(14, 21, 37);
const Color kTunnel = Color::rgb(42, 36, 44);
const Color kDirt = Color::rgb(150, 98, 52);
const Color kDirtTop = Color::rgb(196, 142, 80);
const Color kDirtDark = Color::rgb(118, 74, 38);
const Color kBrick = Color::rgb(226, 196, 130);
const Color kBrickLine = Color::rgb(176, 140, 84);
const Color kSteel = Color::rgb(124, 134, 150);
const Color kSteelLight = Color::rgb(176, 184, 198);
const Color kSteelDark = Color::rgb(78, 86, 100);
const Color kWater = Color::rgb(40, 104, 200);
const Color kWaterLight = Color::rgb(120, 170, 240);
const Color kEntrance = Color::rgb(186, 120, 220);
const Color kExit = Color::rgb(242, 182, 50);
const Color kExitDoor = Color::rgb(60, 30, 10);
const Color kPanel = Color::rgb(28, 36, 56);
const Color kText = Color::rgb(236, 238, 244);
const Color kTextDim = Color::rgb(150, 160, 180);
const Color kSkin = Color::rgb(250, 214, 180);
const Color kHair = Color::rgb(60, 200, 90);
const Color kSaved = Color::rgb(80, 220, 120);
const Color kDied = Color::rgb(240, 80, 80);
const Color kStillOut = Color::rgb(240, 200, 60);

Color job_color(Job job) {
  switch (job) {
    case Job::kWalker:
      return Color::rgb(64, 200, 110);
    case Job::kFaller:
      return Color::rgb(200, 205, 214);
    case Job::kClimbing:
      return Color::rgb(230, 159, 0);
    case Job::kBlocker:
      return Color::rgb(240, 228, 66);
    case Job::kBuilder:
      return Color::rgb(86, 180, 233);
    case Job::kBasher:
      return Color::rgb(240, 112, 58);
    case Job::kMiner:
      return Color::rgb(214, 121, 177);
    case Job::kDigger:
      return Color::rgb(170, 150, 245);
    default:
      return kText;
  }
}

std::vector<Color> exact_colors() {
  std::vector<Color> c = {kSky,
                          kTunnel,
                          kDirt,
                          kDirtTop,
                          kDirtDark,
                          kBrick,
                          kBrickLine,
                          kSteel,
                          kSteelLight,
                          kSteelDark,
                          kWater,
                          kWaterLight,
                          kEntrance,
                          kExit,
                          kExitDoor,
                          kPanel,
                          kText,
                          kTextDim,
                          kSkin,
                          kHair,
                          kSaved,
                          kDied,
                          kStillOut,
                          Color::rgb(0, 0, 0),
                          Color::rgb(255, 255, 255)};
  for (int j = 0; j < kJobCount; ++j) c.push_back(job_color(static_cast<Job>(j)));
  return c;
}

void rect(cairo_t* cr, double x, double y, double w, double h, const Color& c) {
  render::set_source(cr, c);
  cairo_rectangle(cr, x, y, w, h);
  cairo_fill(cr);
}

/// Where the map is drawn on a picture.
struct Frame {
  double ox = 0, oy = 0, s = 14;
  double cx(double x) const { return ox + (x + 0.5) * s; }
  double cy(double y) const { return oy + (y + 0.5) * s; }
};

/// The terrain as the simulator has it now; dug cells and bricks differ from the level's.
void draw_terrain(cairo_t* cr, const Simulator& sim, const Frame& f) {
  const Level& level = sim.level();
  const double s = f.s;
  rect(cr, f.ox, f.oy, level.width * s, level.height * s, kSky);
  auto solid = [&](int x, int y) {
    if (x < 0 || x >= level.width || y < 0) return true;
    if (y >= level.height) return false;
    const Cell c = sim.cell(x, y);
    return c == Cell::kDirt || c == Cell::kSteel;
  };
  for (int y = 0; y < level.height; ++y) {
    for (int x = 0; x < level.width; ++x) {
      const double px = f.ox + x * s, py = f.oy + y * s;
      const Cell now = sim.cell(x, y);
      const Cell was = level.at(x, y);
      switch (now) {
        case Cell::kDirt:
          if (was != Cell::kDirt) {  // a brick
            rect(cr, px, py, s, s, kBrick);
            rect(cr, px, py + s - std::max(1.0, s / 8), s, std::max(1.0, s / 8), kBrickLine);
            rect(cr, px + s / 2, py, std::max(1.0, s / 10), s, kBrickLine);
          } else {
            rect(cr, px, py, s, s, kDirt);
            if (!solid(x, y - 1)) rect(cr, px, py, s, std::max(2.0, s / 5), kDirtTop);
            if ((x * 7 + y * 13) % 5 == 0) {  // speckles
              rect(cr, px + s * 0.55, py + s * 0.55, std::max(1.0, s / 7), std::max(1.0, s / 7),
                   kDirtDark);
            }
          }
          break;
        case Cell::kSteel: {
          const double b = std::max(1.0, s / 8);
          rect(cr, px, py, s, s, kSteel);
          rect(cr, px, py, s, b, kSteelLight);
          rect(cr, px, py, b, s, kSteelLight);
          rect(cr, px, py + s - b, s, b, kSteelDark);
          rect(cr, px + s - b, py, b, s, kSteelDark);
          break;
        }
        case Cell::kWater:
          rect(cr, px, py, s, s, kWater);
          if (y == 0 || sim.cell(x, y - 1) != Cell::kWater) {
            rect(cr, px, py, s, std::max(2.0, s / 6), kWaterLight);
          }
          break;
        default:
          if (was == Cell::kDirt) rect(cr, px, py, s, s, kTunnel);  // dug out
          break;
      }
    }
  }
  // Entrances: a trapdoor hanging from the ceiling; exits: a lit doorway.
  for (const Point& e : level.entrances()) {
    const double px = f.ox + e.x * s, py = f.oy + e.y * s;
    rect(cr, px - s * 0.2, py, s * 1.4, s * 0.3, kEntrance);
    rect(cr, px - s * 0.1, py + s * 0.3, s * 0.25, s * 0.45, kEntrance);
    rect(cr, px + s * 0.85, py + s * 0.3, s * 0.25, s * 0.45, kEntrance);
  }
  for (const Point& x : level.exits()) {
    const double px = f.ox + x.x * s, py = f.oy + x.y * s;
    render::set_source(cr, kExit);
    cairo_move_to(cr, px + s * 0.08, py + s);
    cairo_line_to(cr, px + s * 0.08, py + s * 0.45);
    cairo_arc(cr, px + s * 0.5, py + s * 0.45, s * 0.42, M_PI, 2 * M_PI);
    cairo_line_to(cr, px + s * 0.92, py + s);
    cairo_close_path(cr);
    cairo_fill(cr);
    render::set_source(cr, kExitDoor);
    cairo_move_to(cr, px + s * 0.28, py + s);
    cairo_line_to(cr, px + s * 0.28, py + s * 0.5);
    cairo_arc(cr, px + s * 0.5, py + s * 0.5, s * 0.22, M_PI, 2 * M_PI);
    cairo_line_to(cr, px + s * 0.72, py + s);
    cairo_close_path(cr);
    cairo_fill(cr);
  }
}

/// One lemming in its cell: a body in its job's colour, a head, green hair, a nose that shows
/// which way it faces; an umbrella when floating; its countdown when it is a bomber.
void draw_lemming(cairo_t* cr, const LemmingState& l, const Frame& f, int count) {
  const double s = f.s;
  const double cx = f.cx(l.x), top = f.oy + l.y * s;
  const Color body = job_color(l.job);
  if (s < 8) {  // too small for a figure: a block in the job's colour
    rect(cr, cx - s * 0.35, top + s * 0.1, s * 0.7, s * 0.9, body);
    return;
  }
  const double line = std::max(1.0, s / 14);
  if (l.job == Job::kBlocker) {  // arms out
    rect(cr, cx - s * 0.5, top + s * 0.42, s, s * 0.16, body);
  }
  cairo_save(cr);  // the body: an ellipse with a dark outline
  cairo_translate(cr, cx, top + s * 0.68);
  cairo_scale(cr, s * 0.3, s * 0.32);
  cairo_arc(cr, 0, 0, 1, 0, 2 * M_PI);
  cairo_restore(cr);
  render::set_source(cr, body);
  cairo_fill_preserve(cr);
  render::set_source(cr, Color::rgb(0, 0, 0));
  cairo_set_line_width(cr, line);
  cairo_stroke(cr);
  render::set_source(cr, kSkin);  // the head, the hair, the nose that shows the way it faces
  cairo_arc(cr, cx, top + s * 0.26, s * 0.19, 0, 2 * M_PI);
  cairo_fill(cr);
  render::set_source(cr, kHair);
  cairo_arc(cr, cx - l.dir * s * 0.05, top + s * 0.19, s * 0.16, M_PI, 2 * M_PI);
  cairo_fill(cr);
  render::set_source(cr, kSkin);
  cairo_move_to(cr, cx + l.dir * s * 0.14, top + s * 0.2);
  cairo_line_to(cr, cx + l.dir * s * 0.36, top + s * 0.3);
  cairo_line_to(cr, cx + l.dir * s * 0.14, top + s * 0.38);
  cairo_close_path(cr);
  cairo_fill(cr);
  if (l.floating()) {  // an umbrella
    render::set_source(cr, Color::rgb(255, 255, 255));
    cairo_arc(cr, cx, top + s * 0.02, s * 0.48, M_PI, 2 * M_PI);
    cairo_close_path(cr);
    cairo_fill(cr);
  }
  if (l.fuse > 0) {
    render::set_source(cr, kDied);
    render::draw_text(cr, std::to_string(l.fuse), cx, top - s * 0.02, std::max(7.0, s * 0.6), 0.5,
                      1.0, true);
  }
  if (count > 1) {
    render::set_source(cr, kText);
    render::draw_text(cr, fmt::format("{}", count), cx + s * 0.55, top, std::max(7.0, s * 0.5), 1.0,
                      0.0, true);
  }
}

int picture_width(const Level& level, double s) {
  return std::max(static_cast<int>(level.width * s) + 16, 560);
}

void draw_header(cairo_t* cr, int width, double height, const std::string& left,
                 const std::string& right) {
  rect(cr, 0, 0, width, height, kPanel);
  render::set_source(cr, kText);
  render::draw_text(cr, left, 10, height / 2, 14, 0, 0.5, true);
  render::draw_text(cr, right, width - 10, height / 2, 14, 1, 0.5, false);
}

/// The jobs that can appear in a level: walker, faller, and the jobs of its skills.
std::vector<std::pair<Color, std::string>> job_legend(const Level& level) {
  std::vector<std::pair<Color, std::string>> items = {{job_color(Job::kWalker), "walker"},
                                                      {job_color(Job::kFaller), "faller"}};
  const std::array<std::pair<Skill, Job>, 6> jobs = {{{Skill::kClimber, Job::kClimbing},
                                                      {Skill::kBlocker, Job::kBlocker},
                                                      {Skill::kBuilder, Job::kBuilder},
                                                      {Skill::kBasher, Job::kBasher},
                                                      {Skill::kMiner, Job::kMiner},
                                                      {Skill::kDigger, Job::kDigger}}};
  for (const auto& [skill, job] : jobs) {
    if (level.skill(skill) > 0) items.emplace_back(job_color(job), job_name(job));
  }
  if (level.skill(Skill::kFloater) > 0) items.emplace_back(Color::rgb(255, 255, 255), "floating");
  if (level.skill(Skill::kBomber) > 0) items.emplace_back(kDied, "bomber (countdown)");
  return items;
}

constexpr double kHeader = 34, kFooter = 30;

/// Draws frames of a run: the header with the counters, the terrain, the lemmings, the legend.
class FrameDrawer {
 public:
  FrameDrawer(const Level& level, const RenderOptions& o)
      : level_(level),
        title_(o.title.empty() ? level.name : o.title),
        width_(picture_width(level, scale(o))),
        height_(static_cast<int>(kHeader + level.height * scale(o) + kFooter + 8)),
        canvas_(width_, height_) {
    frame_.s = scale(o);
    frame_.ox = std::floor((width_ - level.width * frame_.s) / 2);
    frame_.oy = kHeader + 4;
  }
  static double scale(const RenderOptions& o) { return o.scale > 0 ? o.scale : 16; }
  int width() const { return width_; }
  int height() const { return height_; }
  const render::Canvas& canvas() const { return canvas_; }

  /// The state after `step` (-1: before the first step).
  void draw(const Simulator& sim, int step) {
    cairo_t* cr = canvas_.cr();
    canvas_.fill(kPanel);
    int out = 0;
    for (int i = 0; i < sim.released(); ++i) {
      const Job j = sim.lemming(i).job;
      out += j != Job::kSaved && j != Job::kDead;
    }
    const std::string when = step < 0 ? std::string("start") : fmt::format("step {}", step);
    const std::string counters =
        fmt::format("{} of {}   saved {}/{}   dead {}   out {}   to come {}", when, level_.time,
                    sim.saved(), level_.save, sim.dead(), out, level_.lemmings - sim.released());
    draw_header(cr, width_, kHeader, title_, counters);
    draw_terrain(cr, sim, frame_);
    std::map<std::pair<int, int>, int> counts;
    for (int i = 0; i < sim.released(); ++i) {
      const LemmingState l = sim.lemming(i);
      if (l.job != Job::kSaved && l.job != Job::kDead) ++counts[{l.x, l.y}];
    }
    for (int i = sim.released() - 1; i >= 0; --i) {  // the leader on top
      const LemmingState l = sim.lemming(i);
      if (l.job == Job::kSaved || l.job == Job::kDead) continue;
      draw_lemming(cr, l, frame_, counts[{l.x, l.y}]);
    }
    render::draw_key(cr, width_, height_ - kFooter / 2 - 2, job_legend(level_), kTextDim);
  }

 private:
  const Level& level_;
  std::string title_;
  int width_, height_;
  render::Canvas canvas_;
  Frame frame_;
};

class GifObserver : public StepObserver {
 public:
  GifObserver(const Level& level, const std::filesystem::path& path, const RenderOptions& o)
      : options_(o),
        drawer_(level, o),
        gif_(path, drawer_.width(), drawer_.height(), render::palette_with(exact_colors())) {}

  void on_start(const Simulator& sim) override { draw(sim, -1); }
  void on_step(const Simulator& sim, int step, std::span<const Event>) override {
    gif_.add_frame(pixels_, options_.delay_cs);  // the previous frame, now that it is not last
    draw(sim, step);
  }
  void close() {
    gif_.add_frame(pixels_, options_.hold_cs);
    gif_.close();
  }

 private:
  void draw(const Simulator& sim, int step) {
    drawer_.draw(sim, step);
    pixels_ = drawer_.canvas().pixels();
  }

  RenderOptions options_;
  FrameDrawer drawer_;
  render::GifWriter gif_;
  std::vector<std::uint32_t> pixels_;
};

/// Draws the frame of one step (or the last one, if the level ends before it).
class SnapshotObserver : public StepObserver {
 public:
  SnapshotObserver(const Level& level, int step, const RenderOptions& o)
      : step_(step), drawer_(level, o) {}
  void on_start(const Simulator& sim) override { drawer_.draw(sim, -1); }
  void on_step(const Simulator& sim, int step, std::span<const Event>) override {
    if (step <= step_) drawer_.draw(sim, step);
  }
  const render::Canvas& canvas() const { return drawer_.canvas(); }

 private:
  int step_;
  FrameDrawer drawer_;
};

/// Collects every lemming's cells, where genes were assigned, and how lemmings ended.
class PathObserver : public StepObserver {
 public:
  struct Mark {
    int x, y;
    Skill skill;
    int lemming;
  };
  void on_step(const Simulator& sim, int, std::span<const Event> events) override {
    const auto n = static_cast<std::size_t>(sim.released());
    paths.resize(n);
    done.resize(n, false);
    for (const Event& e : events) {  // where the lemming stood when it took the skill
      if (e.kind != EventKind::kAssigned) continue;
      const auto& p = paths[static_cast<std::size_t>(e.lemming - 1)];
      const LemmingState l = sim.lemming(e.lemming - 1);
      const Point at = p.empty() ? Point{l.x, l.y} : p.back();
      marks.push_back({at.x, at.y, e.skill, e.lemming});
    }
    for (std::size_t i = 0; i < n; ++i) {
      if (done[i]) continue;
      const LemmingState l = sim.lemming(static_cast<int>(i));
      auto& path = paths[i];
      if (path.empty() || path.back() != Point{l.x, l.y}) path.push_back({l.x, l.y});
      done[i] = l.job == Job::kSaved || l.job == Job::kDead;
    }
  }
  std::vector<std::vector<Point>> paths;
  std::vector<Mark> marks;
  std::vector<bool> done;
};

}  // namespace

Outcome render_replay_gif(const Level& level, const Plan& plan, const std::filesystem::path& path,
                          const RenderOptions& options) {
  if (level.pingus) return render_pingus_file(level, plan, path, options, std::nullopt);
  Simulator sim(level);
  GifObserver gif(level, path, options);
  Outcome outcome = sim.run(plan, &gif);
  gif.close();
  return outcome;
}

Outcome render_snapshot_png(const Level& level, const Plan& plan, int step,
                            const std::filesystem::path& path, const RenderOptions& options) {
  Simulator sim(level);
  SnapshotObserver snapshot(level, step, options);
  Outcome outcome = sim.run(plan, &snapshot);
  snapshot.canvas().save_png(path);
  return outcome;
}

Outcome render_paths_png(const Level& level, const Plan& plan, const std::filesystem::path& path,
                         const RenderOptions& options) {
  Simulator sim(level);
  PathObserver paths;
  const Outcome outcome = sim.run(plan, &paths);
  const double s = options.scale > 0 ? options.scale : 20;
  const int width = picture_width(level, s);
  const int height = static_cast<int>(kHeader + level.height * s + kFooter + 8);
  Frame f;
  f.s = s;
  f.ox = std::floor((width - level.width * s) / 2);
  f.oy = kHeader + 4;
  render::save_picture(path, width, height, [&](cairo_t* cr) {
    rect(cr, 0, 0, width, height, kPanel);
    draw_header(
        cr, width, kHeader, options.title.empty() ? level.name : options.title,
        fmt::format("{}: saved {}/{} (need {}), dead {}, {} steps, {} of {} genes used",
                    outcome.solved ? "solved" : "not solved", outcome.saved, level.lemmings,
                    level.save, outcome.dead, outcome.steps, outcome.genes_applied(), plan.size()));
    draw_terrain(cr, sim, f);
    // Paths: one line per lemming, coloured by how it ended, fanned out a little so that
    // lemmings that walked the same cells stay visible side by side.
    const int n = static_cast<int>(paths.paths.size());
    cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND);
    cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND);
    for (int i = n - 1; i >= 0; --i) {
      const auto& p = paths.paths[static_cast<std::size_t>(i)];
      const Fate fate = outcome.lemmings[static_cast<std::size_t>(i)].fate;
      const Color c = fate == Fate::kSaved ? kSaved : fate == Fate::kOut ? kStillOut : kDied;
      const double off = n > 1 ? (static_cast<double>(i) / (n - 1) - 0.5) * s * 0.5 : 0;
      render::set_source(cr, c.with_alpha(0.75));
      cairo_set_line_width(cr, std::max(1.5, s / 9));
      for (std::size_t k = 0; k < p.size(); ++k) {
        const double x = f.cx(p[k].x) + off, y = f.cy(p[k].y) + off;
        k == 0 ? cairo_move_to(cr, x, y) : cairo_line_to(cr, x, y);
      }
      cairo_stroke(cr);
      if (p.empty()) continue;
      const double ex = f.cx(p.back().x) + off, ey = f.cy(p.back().y) + off;
      render::set_source(cr, c);
      if (fate == Fate::kOut) {
        cairo_set_line_width(cr, 2);
        cairo_arc(cr, ex, ey, s * 0.18, 0, 2 * M_PI);
        cairo_stroke(cr);
      } else if (fate != Fate::kSaved) {
        const double r = s * 0.18;
        cairo_set_line_width(cr, 2.5);
        cairo_move_to(cr, ex - r, ey - r);
        cairo_line_to(cr, ex + r, ey + r);
        cairo_move_to(cr, ex + r, ey - r);
        cairo_line_to(cr, ex - r, ey + r);
        cairo_stroke(cr);
      }
    }
    // Where each skill was given: a badge with the skill's initials and the lemming's number.
    for (const auto& m : paths.marks) {
      const std::string name(skill_name(m.skill));
      const std::string label =
          fmt::format("{}{}", static_cast<char>(std::toupper(name[0])), name.substr(1, 1));
      const double x = f.cx(m.x), y = f.cy(m.y) - s * 0.9;
      const double r = std::max(9.0, s * 0.5);
      render::set_source(cr, Color::rgb(255, 255, 255));
      cairo_arc(cr, x, y, r, 0, 2 * M_PI);
      cairo_fill(cr);
      render::set_source(cr, Color::rgb(20, 20, 30));
      render::draw_text(cr, label, x, y, r * 0.95, 0.5, 0.5, true);
      cairo_set_line_width(cr, 1.5);
      render::set_source(cr, Color::rgb(255, 255, 255));
      cairo_move_to(cr, x, y + r);
      cairo_line_to(cr, f.cx(m.x), f.cy(m.y));
      cairo_stroke(cr);
    }
    render::draw_key(cr, width, height - kFooter / 2 - 2,
                     {{kSaved, "path of a saved lemming"},
                      {kDied, "died (x)"},
                      {kStillOut, "still out (o)"},
                      {Color::rgb(255, 255, 255), "skill given (Cl Fl Bo Bl Bu Ba Mi Di)"}},
                     kTextDim);
  });
  return outcome;
}

Outcome render_file(const Level& level, const Plan& plan, const std::filesystem::path& path,
                    const RenderSettings& settings) {
  settings.validate();
  const RenderOptions options = settings.options(level.pingus != nullptr);
  const bool gif = path.extension() == ".gif";
  if (settings.step && gif)
    throw Error(path.string(), 0, "step: one frame is a PNG picture (FILE.png), not a GIF");
  if (level.pingus) return render_pingus_file(level, plan, path, options, settings.step);
  if (gif) return render_replay_gif(level, plan, path, options);
  return settings.step ? render_snapshot_png(level, plan, *settings.step, path, options)
                       : render_paths_png(level, plan, path, options);
}

}  // namespace evoplay::games::lemmings
