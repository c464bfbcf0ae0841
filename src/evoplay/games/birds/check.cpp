#include "evoplay/games/birds/check.hpp"

#include "evoplay/games/birds/b2_shapes.hpp"

namespace evoplay::games::birds {

std::vector<Overlap> find_overlaps(const Level& level, double tolerance) {
  const std::size_t n = level.objects.size();
  std::vector<B2Collider> shapes;
  std::vector<b2Transform> where;
  std::vector<Bounds> boxes;
  shapes.reserve(n);
  for (const Object& o : level.objects) {
    shapes.push_back(local_collider(o));
    where.push_back(object_transform(o));
    boxes.push_back(bounds(o));
  }
  B2Collider ground;
  ground.parts[0] = ground_shape(level);
  const b2Transform ground_at = ground_transform();
  std::vector<Overlap> out;
  for (std::size_t i = 0; i < n; ++i) {
    const bool piece_i = level.objects[i].is_piece();
    if (piece_i && boxes[i].min_y < kGroundY - tolerance) {
      const double depth = penetration(shapes[i], where[i], ground, ground_at);
      if (depth > tolerance) out.push_back({static_cast<int>(i), Overlap::kGround, depth});
    }
    for (std::size_t j = i + 1; j < n; ++j) {
      if (!piece_i && !level.objects[j].is_piece()) continue;
      if (!boxes[i].overlaps(boxes[j])) continue;
      const double depth = penetration(shapes[i], where[i], shapes[j], where[j]);
      if (depth > tolerance) out.push_back({static_cast<int>(i), static_cast<int>(j), depth});
    }
  }
  return out;
}

std::vector<int> outside_world(const Level& level) {
  std::vector<int> out;
  const double hw = level.half_width();
  for (std::size_t i = 0; i < level.objects.size(); ++i) {
    const Bounds b = bounds(level.objects[i]);
    if (b.max_x < -hw || b.min_x > hw) out.push_back(static_cast<int>(i));
  }
  return out;
}

}  // namespace evoplay::games::birds
