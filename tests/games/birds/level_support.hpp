#pragma once
// Levels built in tests: objects by type, material and place, and a width-2 level with the
// default slingshot (-8, -2.5), given birds and objects.

#include <utility>
#include <vector>

#include "evoplay/games/birds/catalogue.hpp"
#include "evoplay/games/birds/level.hpp"

namespace evoplay::games::birds::test {

inline Object block(ObjectType type, Material material, double x, double y, double rotation = 0) {
  return Object{type, material, x, y, rotation};
}
inline Object thing(ObjectType type, double x, double y) {
  return Object{type, Material::kNone, x, y};
}
/// The y at which an object of `type` rests on the ground.
inline double on_ground(ObjectType type) { return kGroundY + shape_info(type).height / 2; }

inline Level level_of(std::vector<BirdType> birds, std::vector<Object> objects) {
  Level level;
  level.width = 2;
  level.birds = std::move(birds);
  level.objects = std::move(objects);
  return level;
}

}  // namespace evoplay::games::birds::test
