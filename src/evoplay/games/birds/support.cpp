#include "evoplay/games/birds/support.hpp"

#include <algorithm>
#include <cmath>

namespace evoplay::games::birds {

namespace {

/// A triangle's side this long or longer, and level, is a floor one can stand on.
constexpr double kLevelSide = 0.2;

bool round_block(ObjectType t) { return t == ObjectType::kCircle || t == ObjectType::kCircleSmall; }
bool triangle(ObjectType t) { return t == ObjectType::kTriangle || t == ObjectType::kTriangleHole; }

}  // namespace

Bearing bearing(const Solid& upper, const Object& lower, const Solid& lower_solid) {
  if (round_block(lower.type)) return Bearing::kRound;
  if (!triangle(lower.type)) return Bearing::kFlat;
  // A level top side of the triangle under the upper outline's bottom.
  const auto& p = lower_solid.points;
  for (std::size_t i = 0; i < p.size(); ++i) {
    const Point& a = p[i];
    const Point& b = p[(i + 1) % p.size()];
    // Counter-clockwise outline: a top side runs from right to left.
    if (std::abs(a.y - b.y) > 1e-6 || a.x - b.x < kLevelSide) continue;
    const double lo = std::max(b.x, upper.box.min_x), hi = std::min(a.x, upper.box.max_x);
    if (hi - lo > 1e-6 && std::abs(upper.box.min_y - a.y) <= kRestTouch) return Bearing::kFlat;
  }
  return Bearing::kTip;
}

nlohmann::json SupportReport::to_json() const {
  return {{"off_ground", off_ground}, {"badly_carried", badly_carried}, {"flagged", flagged}};
}

SupportReport support_report(const Level& level) {
  SupportReport r;
  std::vector<Solid> solids;
  solids.reserve(level.objects.size());
  for (const Object& o : level.objects) solids.push_back(solid_of(o));
  for (std::size_t i = 0; i < level.objects.size(); ++i) {
    if (!level.objects[i].is_piece()) continue;
    const Solid& upper = solids[i];
    if (upper.box.min_y - kGroundY <= kRestTouch) continue;  // on the ground
    ++r.off_ground;
    bool carried = false, well = false;
    for (std::size_t j = 0; j < level.objects.size() && !well; ++j) {
      if (j == i || !upper.box.overlaps({solids[j].box.min_x, solids[j].box.min_y - 1,
                                         solids[j].box.max_x, solids[j].box.max_y + 1})) {
        continue;
      }
      bool common = false;
      const double gap = drop_gap(upper, solids[j], common);
      if (!common || gap > kRestTouch) continue;
      // Resting on it, not beside or under it: the upper outline is mostly above the lower one.
      if (upper.box.min_y < solids[j].box.min_y) continue;
      carried = true;
      well = bearing(upper, level.objects[j], solids[j]) == Bearing::kFlat;
    }
    if (carried && !well) {
      ++r.badly_carried;
      r.flagged.push_back(static_cast<int>(i));
    }
  }
  return r;
}

}  // namespace evoplay::games::birds
