#include "evoplay/games/birds/protection.hpp"

#include <cmath>

#include "evoplay/core/error.hpp"
#include "evoplay/games/birds/outline.hpp"
#include "evoplay/games/birds/settings_check.hpp"
#include "evoplay/games/birds/sling.hpp"

namespace evoplay::games::birds {

void ProtectionSettings::validate() const {
  within("min_angle", min_angle, -90, 90);
  within("max_angle", max_angle, min_angle, 90);
  positive("angle_step", angle_step);
  positive("radius", radius);
  if (pulls.empty()) throw Error("pulls: expected at least one pull");
  for (double p : pulls) within("pulls", p, 0.05, 1);
}

nlohmann::json ProtectionReport::to_json() const {
  nlohmann::json list = nlohmann::json::array();
  for (const PigExposure& p : pigs) {
    nlohmann::json j = {{"index", p.object}, {"protected", !p.exposed && !p.out_of_reach}};
    if (p.out_of_reach) j["out_of_reach"] = true;
    if (p.exposed) j["angle"] = p.angle;
    list.push_back(std::move(j));
  }
  return {{"pigs", pigs.size()},
          {"protected_pigs", protected_pigs},
          {"out_of_reach", out_of_reach},
          {"protected_share", share},
          {"per_pig", list}};
}

Flights::Flights(const Level& level, const ProtectionSettings& s) : radius_(s.radius) {
  s.validate();
  std::vector<Solid> solids;
  Bounds all{1e300, 1e300, -1e300, -1e300};
  for (const Object& o : level.objects) {
    if (o.kind() == Kind::kPig) continue;
    solids.push_back(solid_of(o));
    all.add(solids.back().box);
  }
  const double g = flight_gravity(BirdType::kRed);
  const double dt = 0.02, r = s.radius, edge = level.half_width() + 1;
  const int angles =
      static_cast<int>(std::floor((s.max_angle - s.min_angle) / s.angle_step + 1e-9));
  // The points of every flight until the ground or the level's edge, counted first: one
  // reservation instead of a dozen growing copies of a list of tens of thousands of points.
  std::size_t most = 0;
  for (const double pull : s.pulls) {
    for (int k = 0; k <= angles; ++k) {
      const Launch launch =
          launch_of(level.slingshot, BirdType::kRed, s.min_angle + k * s.angle_step, pull);
      for (int n = 1; n < 2000; ++n, ++most) {
        const Point at = flight_point(launch, g, dt, n);
        if (at.y - r <= kGroundY || std::abs(at.x) > edge) break;
      }
    }
  }
  points_.reserve(most);
  angle_of_.reserve(most);
  Bounds span{1e300, 1e300, -1e300, -1e300};
  for (const double pull : s.pulls) {
    for (int k = 0; k <= angles; ++k) {
      const double angle = s.min_angle + k * s.angle_step;
      const Launch launch = launch_of(level.slingshot, BirdType::kRed, angle, pull);
      for (int n = 1; n < 2000; ++n) {
        const Point at = flight_point(launch, g, dt, n);
        if (at.y - r <= kGroundY || std::abs(at.x) > edge) break;
        const Bounds disc{at.x - r, at.y - r, at.x + r, at.y + r};
        bool blocked = false;
        if (disc.overlaps(all)) {
          Solid bird;
          bird.round = true;
          bird.centre = at;
          bird.radius = r;
          bird.box = disc;
          for (std::size_t i = 0; i < solids.size() && !blocked; ++i) {
            blocked = disc.overlaps(solids[i].box) && distance_between(bird, solids[i]) <= 0;
          }
        }
        if (blocked) break;
        points_.push_back(at);
        angle_of_.push_back(angle);
        span.add({at.x, at.y, at.x, at.y});
      }
    }
  }
  if (points_.empty()) return;
  x0_ = span.min_x - r;
  y0_ = span.min_y - r;
  columns_ = static_cast<int>(std::floor((span.max_x + r - x0_) / kCell)) + 1;
  rows_ = static_cast<int>(std::floor((span.max_y + r - y0_) / kCell)) + 1;
  cells_.assign(static_cast<std::size_t>(columns_) * static_cast<std::size_t>(rows_), {});
  for (std::size_t i = 0; i < points_.size(); ++i) {
    const int c = static_cast<int>((points_[i].x - x0_) / kCell);
    const int row = static_cast<int>((points_[i].y - y0_) / kCell);
    cells_[static_cast<std::size_t>(row) * static_cast<std::size_t>(columns_) +
           static_cast<std::size_t>(c)]
        .push_back(static_cast<int>(i));
  }
}

std::optional<double> Flights::reaches(const Solid& target) const {
  if (cells_.empty()) return std::nullopt;
  const double r = radius_;
  const int c0 = std::max(0, static_cast<int>(std::floor((target.box.min_x - r - x0_) / kCell)));
  const int c1 =
      std::min(columns_ - 1, static_cast<int>(std::floor((target.box.max_x + r - x0_) / kCell)));
  const int r0 = std::max(0, static_cast<int>(std::floor((target.box.min_y - r - y0_) / kCell)));
  const int r1 =
      std::min(rows_ - 1, static_cast<int>(std::floor((target.box.max_y + r - y0_) / kCell)));
  std::optional<double> best;
  for (int row = r0; row <= r1; ++row) {
    for (int c = c0; c <= c1; ++c) {
      for (int i : cells_[static_cast<std::size_t>(row) * static_cast<std::size_t>(columns_) +
                          static_cast<std::size_t>(c)]) {
        const Point& at = points_[static_cast<std::size_t>(i)];
        const double angle = angle_of_[static_cast<std::size_t>(i)];
        if (best && angle >= *best) continue;
        Solid bird;
        bird.round = true;
        bird.centre = at;
        bird.radius = r;
        bird.box = {at.x - r, at.y - r, at.x + r, at.y + r};
        if (bird.box.overlaps(target.box) && distance_between(bird, target) <= 0) best = angle;
      }
    }
  }
  return best;
}

Flights open_flights(const Level& level, const ProtectionSettings& settings) {
  Level empty;
  empty.width = level.width;
  empty.slingshot = level.slingshot;
  return Flights(empty, settings);
}

ProtectionReport pig_protection(const Level& level, const ProtectionSettings& s,
                                const Flights* open_given) {
  ProtectionReport report;
  std::vector<std::size_t> pigs;
  for (std::size_t i = 0; i < level.objects.size(); ++i) {
    if (level.objects[i].kind() == Kind::kPig) pigs.push_back(i);
  }
  if (pigs.empty()) return report;
  const Flights flights(level, s);
  std::optional<Flights> open_here;
  if (!open_given) open_here.emplace(open_flights(level, s));
  const Flights& open = open_given ? *open_given : *open_here;
  for (std::size_t i : pigs) {
    PigExposure p{static_cast<int>(i)};
    const Solid pig = solid_of(level.objects[i]);
    if (const auto angle = flights.reaches(pig)) {
      p.exposed = true;
      p.angle = *angle;
    } else if (!open.reaches(pig)) {
      p.out_of_reach = true;
      ++report.out_of_reach;
    } else {
      ++report.protected_pigs;
    }
    report.pigs.push_back(p);
  }
  report.share = static_cast<double>(report.protected_pigs) / static_cast<double>(pigs.size());
  return report;
}

}  // namespace evoplay::games::birds
