#include "evoplay/games/birds/shelter.hpp"

#include <algorithm>

namespace evoplay::games::birds {

namespace {

/// A segment as a sliver of an outline (half a thousandth wide), for distance_between.
Solid segment(Point a, Point b) {
  constexpr double kHalf = 0.0005;
  Solid s;
  if (a.x == b.x) {
    s.points = {{a.x - kHalf, std::min(a.y, b.y)},
                {a.x + kHalf, std::min(a.y, b.y)},
                {a.x + kHalf, std::max(a.y, b.y)},
                {a.x - kHalf, std::max(a.y, b.y)}};
  } else {
    s.points = {{std::min(a.x, b.x), a.y - kHalf},
                {std::max(a.x, b.x), a.y - kHalf},
                {std::max(a.x, b.x), a.y + kHalf},
                {std::min(a.x, b.x), a.y + kHalf}};
  }
  s.box = {s.points[0].x, s.points[0].y, s.points[2].x, s.points[2].y};
  return s;
}

bool hits(const Solid& ray, const std::vector<Solid>& others) {
  return std::any_of(others.begin(), others.end(), [&](const Solid& o) {
    return ray.box.overlaps(o.box) && distance_between(ray, o) <= 0;
  });
}

}  // namespace

Shelter shelter_of(const Solid& pig, const std::vector<Solid>& others, double reach) {
  const Bounds& b = pig.box;
  const double cx = (b.min_x + b.max_x) / 2, cy = (b.min_y + b.max_y) / 2;
  // Rays start a hair outside the pig, so that what it stands on or touches is not its roof.
  constexpr double kOut = 0.002;
  Shelter s;
  s.roof = hits(segment({cx, b.max_y + kOut}, {cx, b.max_y + reach}), others);
  s.left = hits(segment({b.min_x - kOut, cy}, {b.min_x - reach, cy}), others);
  s.right = hits(segment({b.max_x + kOut, cy}, {b.max_x + reach, cy}), others);
  return s;
}

nlohmann::json ShelterReport::to_json() const {
  nlohmann::json list = nlohmann::json::array();
  for (std::size_t k = 0; k < pigs.size(); ++k) {
    list.push_back({{"index", pigs[k]},
                    {"sheltered", shelter[k].sheltered()},
                    {"roof", shelter[k].roof},
                    {"left_wall", shelter[k].left},
                    {"right_wall", shelter[k].right}});
  }
  return {{"pigs", pigs.size()}, {"sheltered", sheltered}, {"share", share}, {"per_pig", list}};
}

ShelterReport pig_shelter(const Level& level, double reach) {
  ShelterReport r;
  std::vector<Solid> others;
  for (std::size_t i = 0; i < level.objects.size(); ++i) {
    if (level.objects[i].kind() == Kind::kPig) {
      r.pigs.push_back(static_cast<int>(i));
    } else {
      others.push_back(solid_of(level.objects[i]));
    }
  }
  for (int i : r.pigs) {
    r.shelter.push_back(
        shelter_of(solid_of(level.objects[static_cast<std::size_t>(i)]), others, reach));
    r.sheltered += r.shelter.back().sheltered() ? 1 : 0;
  }
  if (!r.pigs.empty()) r.share = static_cast<double>(r.sheltered) / r.pigs.size();
  return r;
}

}  // namespace evoplay::games::birds
