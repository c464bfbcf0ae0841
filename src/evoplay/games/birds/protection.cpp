#include "evoplay/games/birds/protection.hpp"

#include <cmath>

#include "evoplay/core/error.hpp"
#include "evoplay/games/birds/outline.hpp"
#include "evoplay/games/birds/settings_check.hpp"

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

namespace {

// The bird in flight at `at`: a disc of radius r.
Solid bird_at(Point at, double r) {
  Solid bird;
  bird.round = true;
  bird.centre = at;
  bird.radius = r;
  bird.box = {at.x - r, at.y - r, at.x + r, at.y + r};
  return bird;
}

}  // namespace

Flights::Flights(const Level& level, const ProtectionSettings& s)
    : radius_(s.radius), gravity_(flight_gravity(BirdType::kRed)) {
  s.validate();
  std::vector<Solid> solids;
  Bounds all{1e300, 1e300, -1e300, -1e300};
  for (const Object& o : level.objects) {
    if (o.kind() == Kind::kPig) continue;
    solids.push_back(solid_of(o));
    all.add(solids.back().box);
  }
  const double r = s.radius, edge = level.half_width() + 1;
  const int angles =
      static_cast<int>(std::floor((s.max_angle - s.min_angle) / s.angle_step + 1e-9));
  flights_.reserve(s.pulls.size() * static_cast<std::size_t>(angles + 1));
  for (const double pull : s.pulls) {
    for (int k = 0; k <= angles; ++k) {
      Flight f;
      f.angle = s.min_angle + k * s.angle_step;
      f.launch = launch_of(level.slingshot, BirdType::kRed, f.angle, pull);
      for (int n = 1; n < 2000; ++n, ++f.length) {
        const Point at = flight_point(f.launch, gravity_, kStep, n);
        if (at.y - r <= kGroundY || std::abs(at.x) > edge) break;
        const Solid bird = bird_at(at, r);
        if (!bird.box.overlaps(all)) continue;
        bool blocked = false;
        for (std::size_t i = 0; i < solids.size() && !blocked; ++i) {
          blocked = bird.box.overlaps(solids[i].box) && distance_between(bird, solids[i]) <= 0;
        }
        if (blocked) break;
      }
      if (f.length > 0) flights_.push_back(f);
    }
  }
}

std::optional<double> Flights::reaches(const Solid& target) const {
  const double r = radius_;
  std::optional<double> best;
  for (const Flight& f : flights_) {
    if (best && f.angle >= *best) continue;
    // The steps whose disc can overlap the target's box in x (a step or two of margin for
    // rounding; each step is then tested exactly).
    int first = 1, last = f.length;
    const double dx = f.launch.velocity.x * kStep;
    if (std::abs(dx) > 1e-9) {
      const double a = (target.box.min_x - r - f.launch.position.x) / dx;
      const double b = (target.box.max_x + r - f.launch.position.x) / dx;
      first = std::max(first, static_cast<int>(std::floor(std::min(a, b))) - 1);
      last = std::min(last, static_cast<int>(std::ceil(std::max(a, b))) + 1);
    }
    for (int n = first; n <= last; ++n) {
      const Solid bird = bird_at(flight_point(f.launch, gravity_, kStep, n), r);
      if (bird.box.overlaps(target.box) && distance_between(bird, target) <= 0) {
        best = f.angle;
        break;
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
