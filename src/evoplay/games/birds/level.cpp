#include "evoplay/games/birds/level.hpp"

#include <fmt/format.h>

#include <algorithm>

namespace evoplay::games::birds {

void Bounds::add(const Bounds& b) {
  min_x = std::min(min_x, b.min_x);
  min_y = std::min(min_y, b.min_y);
  max_x = std::max(max_x, b.max_x);
  max_y = std::max(max_y, b.max_y);
}

int Level::count(Kind kind) const {
  return static_cast<int>(std::count_if(objects.begin(), objects.end(),
                                        [&](const Object& o) { return o.kind() == kind; }));
}

int Level::pieces() const {
  return static_cast<int>(
      std::count_if(objects.begin(), objects.end(), [](const Object& o) { return o.is_piece(); }));
}

Bounds bounds(const Object& o) {
  const auto outline = world_outline(o.type, o.x, o.y, o.rotation, o.scale_x, o.scale_y);
  Bounds b{outline[0].x, outline[0].y, outline[0].x, outline[0].y};
  for (const auto& p : outline) b.add({p.x, p.y, p.x, p.y});
  return b;
}

Bounds bounds(const std::vector<Object>& objects) {
  if (objects.empty()) return {};
  Bounds b = bounds(objects.front());
  for (const auto& o : objects) b.add(bounds(o));
  return b;
}

std::string describe(const Object& o) {
  switch (o.kind()) {
    case Kind::kBlock:
      return fmt::format("Block {} ({}) at ({:g}, {:g})", o.shape().name, material_name(o.material),
                         o.x, o.y);
    case Kind::kPig:
      return fmt::format("Pig {} at ({:g}, {:g})", o.shape().name, o.x, o.y);
    case Kind::kTnt:
      return fmt::format("TNT at ({:g}, {:g})", o.x, o.y);
    case Kind::kPlatform:
      break;
  }
  return fmt::format("Platform at ({:g}, {:g})", o.x, o.y);
}

}  // namespace evoplay::games::birds
