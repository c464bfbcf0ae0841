#include "evoplay/games/birds/protection.hpp"

#include <cmath>

#include "evoplay/games/birds/outline.hpp"
#include "evoplay/games/birds/settings_check.hpp"
#include "evoplay/games/birds/sling.hpp"

namespace evoplay::games::birds {

void ProtectionSettings::validate() const {
  within("min_angle", min_angle, -90, 90);
  within("max_angle", max_angle, min_angle, 90);
  positive("angle_step", angle_step);
  positive("radius", radius);
}

nlohmann::json ProtectionReport::to_json() const {
  nlohmann::json list = nlohmann::json::array();
  for (const PigExposure& p : pigs) {
    nlohmann::json j = {{"index", p.object}, {"protected", !p.exposed}};
    if (p.exposed) j["angle"] = p.angle;
    list.push_back(std::move(j));
  }
  return {{"pigs", pigs.size()},
          {"protected_pigs", protected_pigs},
          {"protected_share", share},
          {"per_pig", list}};
}

ProtectionReport pig_protection(const Level& level, const ProtectionSettings& s) {
  s.validate();
  ProtectionReport report;
  std::vector<Solid> solids;
  Bounds all{1e300, 1e300, -1e300, -1e300};
  for (std::size_t i = 0; i < level.objects.size(); ++i) {
    solids.push_back(solid_of(level.objects[i]));
    all.add(solids.back().box);
    if (level.objects[i].kind() == Kind::kPig) report.pigs.push_back({static_cast<int>(i)});
  }
  if (report.pigs.empty()) return report;
  const double g = flight_gravity(BirdType::kRed);
  const double dt = 0.02, r = s.radius, edge = level.half_width() + 1;
  const int angles =
      static_cast<int>(std::floor((s.max_angle - s.min_angle) / s.angle_step + 1e-9));
  std::vector<std::size_t> touched;
  for (int k = 0; k <= angles; ++k) {
    const double angle = s.min_angle + k * s.angle_step;
    const Launch launch = launch_of(level.slingshot, BirdType::kRed, angle, 1);
    for (int n = 1; n < 2000; ++n) {
      const Point at = flight_point(launch, g, dt, n);
      if (at.y - r <= kGroundY || std::abs(at.x) > edge) break;
      const Bounds disc{at.x - r, at.y - r, at.x + r, at.y + r};
      if (!disc.overlaps(all)) continue;
      Solid bird;
      bird.round = true;
      bird.centre = at;
      bird.radius = r;
      bird.box = disc;
      touched.clear();
      bool blocked = false;
      for (std::size_t i = 0; i < solids.size(); ++i) {
        if (!disc.overlaps(solids[i].box) || distance_between(bird, solids[i]) > 0) continue;
        touched.push_back(i);
        blocked = blocked || level.objects[i].kind() != Kind::kPig;
      }
      if (touched.empty()) continue;
      if (!blocked) {
        for (PigExposure& p : report.pigs) {
          for (std::size_t i : touched) {
            if (static_cast<int>(i) == p.object && !p.exposed) {
              p.exposed = true;
              p.angle = angle;
            }
          }
        }
      }
      break;
    }
  }
  for (const PigExposure& p : report.pigs) report.protected_pigs += p.exposed ? 0 : 1;
  report.share =
      static_cast<double>(report.protected_pigs) / static_cast<double>(report.pigs.size());
  return report;
}

}  // namespace evoplay::games::birds
