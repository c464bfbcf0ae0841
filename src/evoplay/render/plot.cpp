#include "evoplay/render/plot.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <limits>

#include "evoplay/core/error.hpp"
#include "evoplay/render/canvas.hpp"
#include "evoplay/render/color.hpp"

namespace evoplay::render {

namespace {

const Color kAxis = Color::rgb(40, 40, 40);
const Color kGrid = Color::rgb(225, 225, 225);

struct Range {
  double lo = std::numeric_limits<double>::infinity();
  double hi = -std::numeric_limits<double>::infinity();
  void add(double v) {
    if (std::isfinite(v)) {
      lo = std::min(lo, v);
      hi = std::max(hi, v);
    }
  }
  bool valid() const { return lo <= hi; }
  void widen() {
    if (!valid()) {
      lo = 0;
      hi = 1;
    } else if (lo == hi) {
      const double pad = lo == 0 ? 1 : std::fabs(lo) * 0.1;
      constexpr double kMax = std::numeric_limits<double>::max();
      lo = std::max(lo - pad, -kMax);
      hi = std::min(hi + pad, kMax);
    }
  }
};

double nice_step(double raw) {
  const double mag = std::pow(10, std::floor(std::log10(raw)));
  for (double m : {1.0, 2.0, 2.5, 5.0, 10.0}) {
    if (m * mag >= raw) return m * mag;
  }
  return 10 * mag;
}

/// Maps data to pixels on one axis.
struct Axis {
  double lo, hi;  // data range shown
  double p0, p1;  // pixel positions of lo and hi
  bool log = false;
  std::vector<double> ticks;
  double step = 1;

  // Differences are taken of halves, so that an axis spanning more than the largest double
  // (from -9e307 to 9e307) does not overflow.
  double to_px(double v) const {
    const double a = log ? std::log10(lo) : lo, b = log ? std::log10(hi) : hi;
    const double t = ((log ? std::log10(v) : v) / 2 - a / 2) / (b / 2 - a / 2);
    return p0 + t * (p1 - p0);
  }
};

Axis make_axis(Range r, bool log, std::optional<double> fix_lo, std::optional<double> fix_hi) {
  Axis axis;
  axis.log = log;
  if (fix_lo) r.lo = *fix_lo;
  if (fix_hi) r.hi = *fix_hi;
  if (log) {
    // Only positive values are drawn on a log axis: with none, one decade. At most the decades
    // from 1e-12 to 1e308 (a range up to the largest double must not count decades forever).
    if (!r.valid()) r = {1, 10};
    r.lo = std::min(std::max(r.lo, 1e-12), 1e307);
    const double a = std::floor(std::log10(r.lo)),
                 b = std::min(std::ceil(std::log10(std::max(r.hi, r.lo * 10))), 308.0);
    axis.lo = std::pow(10, a);
    axis.hi = std::pow(10, b);
    for (double e = a; e <= b; ++e) axis.ticks.push_back(std::pow(10, e));
    axis.step = 1;
    return axis;
  }
  r.widen();
  axis.ticks = nice_ticks(r.lo, r.hi);
  axis.step = axis.ticks.size() > 1 ? axis.ticks[1] - axis.ticks[0] : 1;
  axis.lo = fix_lo ? *fix_lo : std::min(r.lo, axis.ticks.front());
  axis.hi = fix_hi ? *fix_hi : std::max(r.hi, axis.ticks.back());
  std::erase_if(axis.ticks, [&](double t) { return t < axis.lo - 1e-12 || t > axis.hi + 1e-12; });
  return axis;
}

void set_dash(cairo_t* cr, bool dashed) {
  if (dashed) {
    const double d[] = {7, 4};
    cairo_set_dash(cr, d, 2, 0);
  } else {
    cairo_set_dash(cr, nullptr, 0, 0);
  }
}

struct Frame {
  double left, right, top, bottom;
};

/// The title, centred over the picture (`width` pixels wide): at 17 px when it fits, else in a
/// smaller font down to 12 px, else on two lines split at a space (shrunk again if need be), so
/// that a long title never runs off the edge.
void draw_frame_and_title(cairo_t* cr, const Frame& f, const std::string& title, double width) {
  if (title.empty()) return;
  set_source(cr, kAxis);
  const double room = width - 24;
  double centre = (f.left + f.right) / 2;
  auto fits = [&](const std::string& text, double size) {
    return text_width(cr, text, size, true) <= room;
  };
  auto place = [&](const std::string& text, double size) {
    const double w = text_width(cr, text, size, true);
    return std::clamp(centre, 12 + w / 2, width - 12 - w / 2);
  };
  for (double size = 17; size >= 12; size -= 1) {
    if (fits(title, size)) {
      draw_text(cr, title, place(title, size), 14, size, 0.5, 0, true);
      return;
    }
  }
  // Two lines: the split at a space that makes the longer line shortest.
  std::size_t best = std::string::npos;
  double best_width = std::numeric_limits<double>::infinity();
  for (std::size_t i = title.find(' '); i != std::string::npos; i = title.find(' ', i + 1)) {
    const double w = std::max(text_width(cr, title.substr(0, i), 13, true),
                              text_width(cr, title.substr(i + 1), 13, true));
    if (w < best_width) best_width = w, best = i;
  }
  if (best == std::string::npos) {  // one long word: shrink it to fit
    const double size = std::max(6.0, 12 * room / text_width(cr, title, 12, true));
    draw_text(cr, title, width / 2, 14, size, 0.5, 0, true);
    return;
  }
  const std::string a = title.substr(0, best), b = title.substr(best + 1);
  const double size = std::min(13.0, 13 * room / best_width);
  centre = width / 2;
  draw_text(cr, a, place(a, size), 4, size, 0.5, 0, true);
  draw_text(cr, b, place(b, size), 6 + size * 1.25, size, 0.5, 0, true);
}

/// Dash patterns and marker shapes that tell series apart when LinePlot::distinct_styles is on.
constexpr int kStyles = 6;

void set_dash_style(cairo_t* cr, int style) {
  static constexpr double kPatterns[kStyles][4] = {{0, 0, 0, 0}, {9, 4, 0, 0},  {3, 3, 0, 0},
                                                   {9, 3, 2, 3}, {14, 5, 0, 0}, {5, 2, 1, 2}};
  static constexpr int kCounts[kStyles] = {0, 2, 2, 4, 2, 4};
  const int k = style % kStyles;
  cairo_set_dash(cr, kCounts[k] ? kPatterns[k] : nullptr, kCounts[k], 0);
}

/// A marker at (x, y): filled circle, hollow square, hollow triangle, diamond, cross, plus.
/// Hollow and differently sized shapes keep series visible where their points coincide.
void draw_marker(cairo_t* cr, double x, double y, int style) {
  cairo_save(cr);
  cairo_set_dash(cr, nullptr, 0, 0);
  cairo_set_line_width(cr, 1.6);
  switch (style % kStyles) {
    case 0:
      cairo_arc(cr, x, y, 3.5, 0, 2 * M_PI);
      cairo_fill(cr);
      break;
    case 1:
      cairo_rectangle(cr, x - 5.5, y - 5.5, 11, 11);
      cairo_stroke(cr);
      break;
    case 2:
      cairo_move_to(cr, x, y - 7.5);
      cairo_line_to(cr, x + 6.5, y + 4.5);
      cairo_line_to(cr, x - 6.5, y + 4.5);
      cairo_close_path(cr);
      cairo_stroke(cr);
      break;
    case 3:
      cairo_move_to(cr, x, y - 8.5);
      cairo_line_to(cr, x + 8.5, y);
      cairo_line_to(cr, x, y + 8.5);
      cairo_line_to(cr, x - 8.5, y);
      cairo_close_path(cr);
      cairo_stroke(cr);
      break;
    case 4:
      cairo_move_to(cr, x - 5, y - 5);
      cairo_line_to(cr, x + 5, y + 5);
      cairo_move_to(cr, x - 5, y + 5);
      cairo_line_to(cr, x + 5, y - 5);
      cairo_stroke(cr);
      break;
    default:
      cairo_move_to(cr, x - 7, y);
      cairo_line_to(cr, x + 7, y);
      cairo_move_to(cr, x, y - 7);
      cairo_line_to(cr, x, y + 7);
      cairo_stroke(cr);
      break;
  }
  cairo_restore(cr);
}

constexpr double kTickFont = 13;

std::vector<std::string> tick_labels(const Axis& axis) {
  if (axis.log) return log_tick_labels(axis.ticks);
  std::vector<std::string> labels;
  for (const double t : axis.ticks) labels.push_back(tick_label(t, axis.step));
  return labels;
}

// Pixels beside a y axis for its tick labels and its title: 88, or more when the widest label is
// wider than 48 px (such as "1,000,000" on a log axis), so that the title stays in the picture.
double y_axis_margin(const Axis& axis) {
  Canvas probe(10, 10);
  double widest = 0;
  for (const auto& label : tick_labels(axis)) {
    widest = std::max(widest, text_width(probe.cr(), label, kTickFont));
  }
  return std::max(88.0, widest + 40);
}

void draw_y_axis(cairo_t* cr, const Frame& f, const Axis& axis, bool right,
                 const std::string& label, bool grid) {
  set_source(cr, kAxis);
  const double x = right ? f.right : f.left;
  double widest = 0;
  const std::vector<std::string> labels = tick_labels(axis);
  for (std::size_t i = 0; i < axis.ticks.size(); ++i) {
    const double t = axis.ticks[i];
    const double y = axis.to_px(t);
    if (grid) {
      set_source(cr, kGrid);
      cairo_set_line_width(cr, 1);
      cairo_move_to(cr, f.left, std::round(y) + 0.5);
      cairo_line_to(cr, f.right, std::round(y) + 0.5);
      cairo_stroke(cr);
    }
    set_source(cr, kAxis);
    cairo_set_line_width(cr, 1.2);
    cairo_move_to(cr, x, y);
    cairo_line_to(cr, x + (right ? 5 : -5), y);
    cairo_stroke(cr);
    widest = std::max(widest, text_width(cr, labels[i], kTickFont));
    draw_text(cr, labels[i], x + (right ? 9 : -9), y, kTickFont, right ? 0 : 1, 0.5);
  }
  if (!label.empty()) {
    cairo_save(cr);
    const double lx = right ? x + 18 + widest : x - 18 - widest;
    cairo_translate(cr, lx, (f.top + f.bottom) / 2);
    cairo_rotate(cr, right ? M_PI / 2 : -M_PI / 2);
    draw_text(cr, label, 0, 0, 15, 0.5, right ? 1 : 1);
    cairo_restore(cr);
  }
}

void draw_x_axis(cairo_t* cr, const Frame& f, const Axis& axis, const std::string& label,
                 bool grid) {
  for (double t : axis.ticks) {
    const double x = axis.to_px(t);
    if (grid) {
      set_source(cr, kGrid);
      cairo_set_line_width(cr, 1);
      cairo_move_to(cr, std::round(x) + 0.5, f.top);
      cairo_line_to(cr, std::round(x) + 0.5, f.bottom);
      cairo_stroke(cr);
    }
    set_source(cr, kAxis);
    cairo_set_line_width(cr, 1.2);
    cairo_move_to(cr, x, f.bottom);
    cairo_line_to(cr, x, f.bottom + 5);
    cairo_stroke(cr);
    draw_text(cr, tick_label(t, axis.step), x, f.bottom + 9, 13, 0.5, 0);
  }
  if (!label.empty()) draw_text(cr, label, (f.left + f.right) / 2, f.bottom + 32, 15, 0.5, 0);
}

void draw_box(cairo_t* cr, const Frame& f) {
  set_source(cr, kAxis);
  cairo_set_line_width(cr, 1.2);
  set_dash(cr, false);
  cairo_rectangle(cr, f.left, f.top, f.right - f.left, f.bottom - f.top);
  cairo_stroke(cr);
}

struct LegendEntry {
  std::string label;
  Color color;
  bool dashed;
  bool bar;
  int style = -1;  // distinct dash and marker (LinePlot::distinct_styles), -1: none
};

// Legend layout, shared by the legend over the chart and the legend below it: row height and
// sample-line length in pixels.
constexpr int kLegendRow = 20, kLegendSwatch = 28;

/// The sample line of a legend entry from x to x + w at height y.
void draw_swatch_line(cairo_t* cr, const LegendEntry& e, double x, double y, double w) {
  cairo_set_line_width(cr, 2.2);
  if (e.style >= 0)
    set_dash_style(cr, e.style);
  else
    set_dash(cr, e.dashed);
  cairo_move_to(cr, x, y);
  cairo_line_to(cr, x + w, y);
  cairo_stroke(cr);
  set_dash(cr, false);
  if (e.style >= 0) draw_marker(cr, x + w / 2, y, e.style);
}

// What the chart has drawn, as points every few pixels along its lines and over its bars: the
// legend goes where it hides the least of it.
class Ink {
 public:
  void line(double x0, double y0, double x1, double y1) {
    const double steps = std::ceil(std::hypot(x1 - x0, y1 - y0) / kStep);
    if (!(steps < 1e5)) return;  // not finite, or far outside the picture
    for (double i = 0; i <= steps; ++i) {
      const double t = steps > 0 ? i / steps : 0;
      points_.emplace_back(x0 + t * (x1 - x0), y0 + t * (y1 - y0));
    }
  }
  void rect(double x0, double y0, double x1, double y1) {
    for (double y = std::min(y0, y1); y <= std::max(y0, y1); y += kStep) line(x0, y, x1, y);
  }
  std::size_t inside(double x0, double y0, double x1, double y1) const {
    return static_cast<std::size_t>(std::count_if(points_.begin(), points_.end(), [&](auto p) {
      return p.first >= x0 && p.first <= x1 && p.second >= y0 && p.second <= y1;
    }));
  }

 private:
  static constexpr double kStep = 3;
  std::vector<std::pair<double, double>> points_;
};

// The legend in the corner of the frame where it hides the least ink (matplotlib's "best"):
// top right, top left, bottom right, bottom left, the first of those on a tie.
void draw_legend(cairo_t* cr, const Frame& f, const std::vector<LegendEntry>& entries,
                 const Ink& ink) {
  if (entries.empty()) return;
  double w = 0;
  for (const auto& e : entries) w = std::max(w, text_width(cr, e.label, 13));
  const double row = kLegendRow, pad = 8, swatch = kLegendSwatch;
  const double bw = pad * 3 + swatch + w, bh = pad * 2 + row * static_cast<double>(entries.size());
  double x0 = f.right - bw - 10, y0 = f.top + 10;
  std::size_t least = ink.inside(x0, y0, x0 + bw, y0 + bh);
  for (const auto& [x, y] : {std::pair{f.left + 10, f.top + 10},
                             {f.right - bw - 10, f.bottom - bh - 10},
                             {f.left + 10, f.bottom - bh - 10}}) {
    if (const std::size_t hidden = ink.inside(x, y, x + bw, y + bh); hidden < least) {
      least = hidden;
      x0 = x;
      y0 = y;
    }
  }
  cairo_set_source_rgba(cr, 1, 1, 1, 0.88);
  cairo_rectangle(cr, x0, y0, bw, bh);
  cairo_fill_preserve(cr);
  set_source(cr, Color::rgb(170, 170, 170));
  cairo_set_line_width(cr, 1);
  set_dash(cr, false);
  cairo_stroke(cr);
  for (std::size_t i = 0; i < entries.size(); ++i) {
    const double y = y0 + pad + row * (static_cast<double>(i) + 0.5);
    set_source(cr, entries[i].color);
    if (entries[i].bar) {
      cairo_rectangle(cr, x0 + pad, y - 6, swatch, 12);
      cairo_fill(cr);
    } else {
      draw_swatch_line(cr, entries[i], x0 + pad, y, swatch);
    }
    set_source(cr, kAxis);
    draw_text(cr, entries[i].label, x0 + pad * 2 + swatch, y, 13, 0, 0.5);
  }
}

// The height the legend below the chart adds to the picture, for `entries` labelled series.
int legend_below_height(std::size_t entries) {
  return static_cast<int>((entries + 1) / 2) * kLegendRow + 16;
}

// The legend in two columns under the chart, from y0 down (legend_below_height made room).
void draw_legend_below(cairo_t* cr, const Frame& f, const std::vector<LegendEntry>& entries,
                       double y0) {
  const double row = kLegendRow, swatch = kLegendSwatch, column = (f.right - f.left) / 2;
  for (std::size_t i = 0; i < entries.size(); ++i) {
    const double x = f.left + column * static_cast<double>(i % 2);
    const double y = y0 + row * (static_cast<double>(i / 2) + 0.5);
    set_source(cr, entries[i].color);
    draw_swatch_line(cr, entries[i], x, y, swatch);
    set_source(cr, kAxis);
    draw_text(cr, entries[i].label, x + swatch + 8, y, 13, 0, 0.5);
  }
}

}  // namespace

std::vector<double> nice_ticks(double lo, double hi, int target) {
  if (!(hi > lo)) return {lo};
  // The span is measured in halves: from -9e307 to 9e307 it exceeds the largest double.
  const double raw = (hi / 2 - lo / 2) / std::max(target - 1, 1) * 2;
  const double step = nice_step(raw);
  double first = std::floor(lo / step + 1e-9) * step;
  if (!std::isfinite(step) || !std::isfinite(first)) return {lo, hi};
  std::vector<double> ticks;
  for (int i = 0; i <= 100; ++i) {
    const double t = first + i * step;
    if (!std::isfinite(t) || t > hi + step * 0.999) break;
    ticks.push_back(std::fabs(t) < step * 1e-9 ? 0 : t);
  }
  if (ticks.empty()) ticks = {lo, hi};
  return ticks;
}

std::string tick_label(double value, double step) {
  int decimals = 0;
  while (decimals < 6 && std::fabs(step * std::pow(10, decimals) -
                                   std::round(step * std::pow(10, decimals))) > 1e-6) {
    ++decimals;
  }
  if (std::fabs(value) >= 1e6 || (std::fabs(value) > 0 && std::fabs(value) < 1e-4)) {
    return fmt::format("{:.2g}", value);
  }
  return fmt::format("{:.{}f}", value, decimals);
}

std::vector<std::string> log_tick_labels(const std::vector<double>& ticks) {
  const bool plain =
      std::all_of(ticks.begin(), ticks.end(), [](double t) { return t >= 1 && t <= 1e6; });
  std::vector<std::string> labels;
  for (const double t : ticks) {
    if (!plain) {
      labels.push_back(fmt::format("1e{}", static_cast<int>(std::lround(std::log10(t)))));
      continue;
    }
    std::string digits = fmt::format("{}", static_cast<long long>(std::llround(t)));
    for (auto i = static_cast<std::ptrdiff_t>(digits.size()) - 3; i > 0; i -= 3) {
      digits.insert(static_cast<std::size_t>(i), ",");
    }
    labels.push_back(std::move(digits));
  }
  return labels;
}

void save_line_plot(const std::filesystem::path& path, const LinePlot& plot) {
  Range xr, yr, y2r;
  bool has_right = false;
  for (const auto& s : plot.series) {
    if (s.x.size() != s.y.size())
      throw InternalError("plot series with x and y of different sizes");
    for (double v : s.x) xr.add(v);
    for (std::size_t i = 0; i < s.y.size(); ++i) {
      Range& r = s.right_axis ? y2r : yr;
      if (plot.log_y && !s.right_axis && !(s.y[i] > 0)) continue;
      r.add(s.y[i]);
      if (!s.low.empty()) r.add(s.low[i]);
      if (!s.high.empty()) r.add(s.high[i]);
    }
    has_right = has_right || s.right_axis;
  }
  Axis ay = make_axis(yr, plot.log_y, plot.y_min, plot.y_max);
  Axis ay2 = make_axis(y2r, false, plot.y2_min, plot.y2_max);
  const Frame f{y_axis_margin(ay), plot.width - (has_right ? y_axis_margin(ay2) : 24.0), 40,
                plot.height - 60.0};
  xr.widen();
  Axis ax;
  ax.ticks = nice_ticks(xr.lo, xr.hi, 8);
  ax.step = ax.ticks.size() > 1 ? ax.ticks[1] - ax.ticks[0] : 1;
  ax.lo = xr.lo;
  ax.hi = xr.hi;
  std::erase_if(ax.ticks, [&](double t) { return t < ax.lo - 1e-9 || t > ax.hi + 1e-9; });
  ax.p0 = f.left;
  ax.p1 = f.right;
  ay.p0 = f.bottom;
  ay.p1 = f.top;
  ay2.p0 = f.bottom;
  ay2.p1 = f.top;

  std::size_t labelled = 0;
  for (const auto& s : plot.series) labelled += !s.label.empty();
  const int below = plot.legend_below ? legend_below_height(labelled) : 0;
  save_picture(path, plot.width, plot.height + below, [&](cairo_t* cr) {
    draw_frame_and_title(cr, f, plot.title, plot.width);
    draw_y_axis(cr, f, ay, false, plot.y_label, true);
    if (has_right) draw_y_axis(cr, f, ay2, true, plot.y2_label, false);
    draw_x_axis(cr, f, ax, plot.x_label, true);

    cairo_save(cr);
    cairo_rectangle(cr, f.left, f.top, f.right - f.left, f.bottom - f.top);
    cairo_clip(cr);
    std::vector<LegendEntry> legend;
    Ink ink;
    int next_color = 0;
    int index = -1;
    for (const auto& s : plot.series) {
      ++index;
      const int style = plot.distinct_styles ? index : -1;
      // With distinct styles, series are also drawn a pixel or two apart vertically (centred on
      // the true value), so that equal series lie side by side instead of on top of each other.
      const double nudge =
          style >= 0 ? 2.0 * (index - (static_cast<double>(plot.series.size()) - 1) / 2) : 0.0;
      const Color color =
          kSeriesColors[static_cast<std::size_t>(s.color >= 0 ? s.color : next_color++) %
                        kSeriesColors.size()];
      const Axis& y_axis = s.right_axis ? ay2 : ay;
      auto ok = [&](double v) { return std::isfinite(v) && (!y_axis.log || v > 0); };
      if (!s.low.empty() && !s.high.empty()) {
        set_source(cr, color.with_alpha(0.18));
        bool open = false;
        std::size_t start = 0;
        for (std::size_t i = 0; i <= s.x.size(); ++i) {
          const bool good =
              i < s.x.size() && ok(s.low[i]) && ok(s.high[i]) && std::isfinite(s.x[i]);
          if (good && !open) {
            open = true;
            start = i;
          }
          if (!good && open) {
            for (std::size_t k = start; k < i; ++k) {
              const double px = ax.to_px(s.x[k]), py = y_axis.to_px(s.high[k]);
              k == start ? cairo_move_to(cr, px, py) : cairo_line_to(cr, px, py);
            }
            for (std::size_t k = i; k-- > start;)
              cairo_line_to(cr, ax.to_px(s.x[k]), y_axis.to_px(s.low[k]));
            cairo_close_path(cr);
            cairo_fill(cr);
            open = false;
          }
        }
      }
      set_source(cr, color);
      cairo_set_line_width(cr, 2.2);
      cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND);
      if (style >= 0)
        set_dash_style(cr, style);
      else
        set_dash(cr, s.dashed);
      bool pen_down = false;
      double last_x = 0, last_y = 0;
      for (std::size_t i = 0; i < s.x.size(); ++i) {
        if (!ok(s.y[i]) || !std::isfinite(s.x[i])) {
          pen_down = false;
          continue;
        }
        const double px = ax.to_px(s.x[i]), py = y_axis.to_px(s.y[i]) + nudge;
        pen_down ? cairo_line_to(cr, px, py) : cairo_move_to(cr, px, py);
        ink.line(pen_down ? last_x : px, pen_down ? last_y : py, px, py);
        last_x = px;
        last_y = py;
        pen_down = true;
      }
      cairo_stroke(cr);
      set_dash(cr, false);
      if (s.markers || s.x.size() == 1 || style >= 0) {
        // Markers may reach past the frame (a point at 0 or at the top): not clipped there.
        cairo_save(cr);
        cairo_reset_clip(cr);
        cairo_rectangle(cr, f.left - 10, f.top - 10, f.right - f.left + 20, f.bottom - f.top + 20);
        cairo_clip(cr);
        for (std::size_t i = 0; i < s.x.size(); ++i) {
          if (!ok(s.y[i]) || !std::isfinite(s.x[i])) continue;
          draw_marker(cr, ax.to_px(s.x[i]), y_axis.to_px(s.y[i]) + nudge, std::max(style, 0));
        }
        cairo_restore(cr);
      }
      if (!s.label.empty()) {
        legend.push_back({s.label + (s.right_axis && has_right ? " (right axis)" : ""), color,
                          s.dashed, false, style});
      }
    }
    cairo_restore(cr);
    draw_box(cr, f);
    if (plot.legend_below)
      draw_legend_below(cr, f, legend, plot.height + 4.0);
    else
      draw_legend(cr, f, legend, ink);
  });
}

void save_bar_chart(const std::filesystem::path& path, const BarChart& chart) {
  Range yr;
  yr.add(0);
  for (const auto& g : chart.groups) {
    for (std::size_t i = 0; i < g.values.size(); ++i) {
      yr.add(g.values[i] + (i < g.errors.size() ? g.errors[i] : 0));
    }
  }
  double longest = 0;
  {
    Canvas probe(10, 10);
    for (const auto& c : chart.categories)
      longest = std::max(longest, text_width(probe.cr(), c, 12));
  }
  const bool slanted = longest * static_cast<double>(chart.categories.size()) > chart.width - 140;
  Axis ay = make_axis(yr, false, 0.0, chart.y_max);
  const Frame f{y_axis_margin(ay), chart.width - 24.0, 40,
                chart.height - (slanted ? 40 + longest * 0.75 : 60.0)};
  ay.p0 = f.bottom;
  ay.p1 = f.top;

  save_picture(path, chart.width, chart.height, [&](cairo_t* cr) {
    draw_frame_and_title(cr, f, chart.title, chart.width);
    draw_y_axis(cr, f, ay, false, chart.y_label, true);
    const double nc = std::max<double>(1, static_cast<double>(chart.categories.size()));
    const double ng = std::max<double>(1, static_cast<double>(chart.groups.size()));
    const double slot = (f.right - f.left) / nc;
    const double bar = slot * 0.8 / ng;
    std::vector<LegendEntry> legend;
    Ink ink;
    for (std::size_t g = 0; g < chart.groups.size(); ++g) {
      const Color color = kSeriesColors[g % kSeriesColors.size()];
      const auto& group = chart.groups[g];
      for (std::size_t c = 0; c < group.values.size() && c < chart.categories.size(); ++c) {
        const double x =
            f.left + slot * (static_cast<double>(c) + 0.1) + bar * static_cast<double>(g);
        const double y = ay.to_px(std::max(0.0, group.values[c]));
        set_source(cr, color);
        cairo_rectangle(cr, x, y, bar * 0.92, f.bottom - y);
        cairo_fill(cr);
        ink.rect(x, y, x + bar * 0.92, f.bottom);
        if (c < group.errors.size() && group.errors[c] > 0) {
          set_source(cr, kAxis);
          cairo_set_line_width(cr, 1.2);
          const double cx = x + bar * 0.46;
          const double top = ay.to_px(group.values[c] + group.errors[c]);
          const double bottom = ay.to_px(std::max(0.0, group.values[c] - group.errors[c]));
          cairo_move_to(cr, cx, top);
          cairo_line_to(cr, cx, bottom);
          cairo_move_to(cr, cx - 3, top);
          cairo_line_to(cr, cx + 3, top);
          cairo_move_to(cr, cx - 3, bottom);
          cairo_line_to(cr, cx + 3, bottom);
          cairo_stroke(cr);
          ink.line(cx, top, cx, bottom);
        }
      }
      legend.push_back({group.label, color, false, true});
    }
    set_source(cr, kAxis);
    for (std::size_t c = 0; c < chart.categories.size(); ++c) {
      const double x = f.left + slot * (static_cast<double>(c) + 0.5);
      if (slanted) {
        cairo_save(cr);
        cairo_translate(cr, x, f.bottom + 8);
        cairo_rotate(cr, -M_PI / 4);
        draw_text(cr, chart.categories[c], 0, 0, 12, 1, 0.5);
        cairo_restore(cr);
      } else {
        draw_text(cr, chart.categories[c], x, f.bottom + 9, 12, 0.5, 0);
      }
    }
    draw_box(cr, f);
    draw_legend(cr, f, legend, ink);
  });
}

}  // namespace evoplay::render
