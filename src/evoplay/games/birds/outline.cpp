#include "evoplay/games/birds/outline.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

namespace evoplay::games::birds {

namespace {

constexpr double kTiny = 1e-12;

double point_segment_distance(const Point& p, const Point& a, const Point& b) {
  const double dx = b.x - a.x, dy = b.y - a.y;
  const double len2 = dx * dx + dy * dy;
  double t = len2 < kTiny ? 0 : ((p.x - a.x) * dx + (p.y - a.y) * dy) / len2;
  t = std::clamp(t, 0.0, 1.0);
  return std::hypot(p.x - (a.x + t * dx), p.y - (a.y + t * dy));
}

bool segments_cross(const Point& a, const Point& b, const Point& c, const Point& d) {
  const double d1 = cross(c, d, a), d2 = cross(c, d, b), d3 = cross(a, b, c), d4 = cross(a, b, d);
  return ((d1 > 0 && d2 < 0) || (d1 < 0 && d2 > 0)) && ((d3 > 0 && d4 < 0) || (d3 < 0 && d4 > 0));
}

/// Inside or on a convex polygon (either orientation).
bool inside(const Point& p, const std::vector<Point>& poly) {
  bool pos = false, neg = false;
  for (std::size_t i = 0; i < poly.size(); ++i) {
    const double c = cross(poly[i], poly[(i + 1) % poly.size()], p);
    pos = pos || c > kTiny;
    neg = neg || c < -kTiny;
  }
  return !(pos && neg);
}

double point_polygon_distance(const Point& p, const std::vector<Point>& poly) {
  if (inside(p, poly)) return 0;
  double d = std::numeric_limits<double>::infinity();
  for (std::size_t i = 0; i < poly.size(); ++i) {
    d = std::min(d, point_segment_distance(p, poly[i], poly[(i + 1) % poly.size()]));
  }
  return d;
}

/// y of the polygon's boundary on the vertical line at x: the highest (`top`) or the lowest.
double polygon_at(const std::vector<Point>& poly, double x, bool top) {
  double best =
      top ? -std::numeric_limits<double>::infinity() : std::numeric_limits<double>::infinity();
  auto take = [&](double y) { best = top ? std::max(best, y) : std::min(best, y); };
  for (std::size_t i = 0; i < poly.size(); ++i) {
    const Point& a = poly[i];
    const Point& b = poly[(i + 1) % poly.size()];
    const double lo = std::min(a.x, b.x), hi = std::max(a.x, b.x);
    if (x < lo - 1e-12 || x > hi + 1e-12) continue;
    if (hi - lo < kTiny) {
      take(a.y);
      take(b.y);
    } else {
      const double t = std::clamp((x - a.x) / (b.x - a.x), 0.0, 1.0);
      take(a.y + t * (b.y - a.y));
    }
  }
  return best;
}

}  // namespace

Solid solid_of(const Object& o) {
  Solid s;
  s.points = world_outline(o.type, o.x, o.y, o.rotation, o.scale_x, o.scale_y);
  s.box = {s.points[0].x, s.points[0].y, s.points[0].x, s.points[0].y};
  for (const Point& p : s.points) s.box.add({p.x, p.y, p.x, p.y});
  return s;
}

Solid shifted(Solid s, double dx, double dy) {
  s.centre.x += dx;
  s.centre.y += dy;
  for (Point& p : s.points) {
    p.x += dx;
    p.y += dy;
  }
  s.box = {s.box.min_x + dx, s.box.min_y + dy, s.box.max_x + dx, s.box.max_y + dy};
  return s;
}

double top_at(const Solid& s, double x) {
  x = std::clamp(x, s.box.min_x, s.box.max_x);
  if (!s.round) return polygon_at(s.points, x, true);
  const double dx = x - s.centre.x;
  return s.centre.y + std::sqrt(std::max(0.0, s.radius * s.radius - dx * dx));
}

double bottom_at(const Solid& s, double x) {
  x = std::clamp(x, s.box.min_x, s.box.max_x);
  if (!s.round) return polygon_at(s.points, x, false);
  const double dx = x - s.centre.x;
  return s.centre.y - std::sqrt(std::max(0.0, s.radius * s.radius - dx * dx));
}

double drop_gap(const Solid& upper, const Solid& lower, bool& has_common) {
  const double lo = std::max(upper.box.min_x, lower.box.min_x);
  const double hi = std::min(upper.box.max_x, lower.box.max_x);
  has_common = hi - lo > 1e-9;
  if (!has_common) return std::numeric_limits<double>::infinity();
  // bottom_at(upper) is convex in x and top_at(lower) concave (both shapes are convex), so the
  // gap is convex: between polygons its minimum is at a vertex or an end of the common range;
  // with a circle, a golden-section search finds it.
  auto gap = [&](double x) { return bottom_at(upper, x) - top_at(lower, x); };
  double best = std::min(gap(lo), gap(hi));
  for (const Solid* s : {&upper, &lower}) {
    for (const Point& p : s->points) {
      if (p.x > lo && p.x < hi) best = std::min(best, gap(p.x));
    }
  }
  if (upper.round || lower.round) {
    constexpr double kRatio = 0.6180339887498949;
    double a = lo, b = hi;
    double c = b - kRatio * (b - a), d = a + kRatio * (b - a);
    double gc = gap(c), gd = gap(d);
    for (int i = 0; i < 80 && b - a > 1e-13; ++i) {
      if (gc < gd) {
        b = d;
        d = c;
        gd = gc;
        c = b - kRatio * (b - a);
        gc = gap(c);
      } else {
        a = c;
        c = d;
        gc = gd;
        d = a + kRatio * (b - a);
        gd = gap(d);
      }
    }
    best = std::min({best, gc, gd, gap((a + b) / 2)});
  }
  return best;
}

double distance_between(const Solid& a, const Solid& b) {
  if (a.round && b.round) {
    return std::max(
        0.0, std::hypot(a.centre.x - b.centre.x, a.centre.y - b.centre.y) - a.radius - b.radius);
  }
  if (a.round || b.round) {
    const Solid& circle = a.round ? a : b;
    const Solid& poly = a.round ? b : a;
    return std::max(0.0, point_polygon_distance(circle.centre, poly.points) - circle.radius);
  }
  const auto& p = a.points;
  const auto& q = b.points;
  double d = std::numeric_limits<double>::infinity();
  for (std::size_t i = 0; i < p.size(); ++i) {
    const Point& p1 = p[i];
    const Point& p2 = p[(i + 1) % p.size()];
    for (std::size_t j = 0; j < q.size(); ++j) {
      const Point& q1 = q[j];
      const Point& q2 = q[(j + 1) % q.size()];
      if (segments_cross(p1, p2, q1, q2)) return 0;
      d = std::min({d, point_segment_distance(p1, q1, q2), point_segment_distance(p2, q1, q2),
                    point_segment_distance(q1, p1, p2), point_segment_distance(q2, p1, p2)});
    }
  }
  if (inside(p[0], q) || inside(q[0], p)) return 0;
  return d;
}

}  // namespace evoplay::games::birds
