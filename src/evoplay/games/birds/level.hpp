#pragma once
// A Science Birds level in memory: its width, camera, birds, slingshot and game objects (blocks,
// pigs, TNT, platforms). Plain values; reading and writing files is in xml.hpp, simulating it in
// physics.hpp, drawing it in render.hpp.

#include <string>
#include <vector>

#include "evoplay/games/birds/catalogue.hpp"

namespace evoplay::games::birds {

struct Object {
  ObjectType type = ObjectType::kRectSmall;
  Material material = Material::kNone;  // blocks: wood, stone or ice; others: none
  double x = 0, y = 0;                  // centre, world units
  double rotation = 0;                  // degrees, counter-clockwise
  double scale_x = 1, scale_y = 1;      // platforms only
  int line = 0;                         // line in the file it was read from (0 = made in memory)

  const ShapeInfo& shape() const { return shape_info(type); }
  Kind kind() const { return shape().kind; }
  /// A piece is what stability counts: a block, a pig or TNT (not a platform).
  bool is_piece() const { return kind() != Kind::kPlatform; }
  /// Same object, wherever it was read from (`line` is not compared).
  bool operator==(const Object& o) const {
    return type == o.type && material == o.material && x == o.x && y == o.y &&
           rotation == o.rotation && scale_x == o.scale_x && scale_y == o.scale_y;
  }
};

struct Camera {
  double x = 0, y = 2, min_width = 20, max_width = 30;
  bool operator==(const Camera&) const = default;
};

struct Slingshot {
  double x = -8, y = -2.5;
  bool operator==(const Slingshot&) const = default;
};

/// An axis-aligned box in world units.
struct Bounds {
  double min_x = 0, min_y = 0, max_x = 0, max_y = 0;
  double width() const { return max_x - min_x; }
  double height() const { return max_y - min_y; }
  bool overlaps(const Bounds& b) const {
    return min_x < b.max_x && b.min_x < max_x && min_y < b.max_y && b.min_y < max_y;
  }
  void add(const Bounds& b);
};

struct Level {
  int width = 1;  // Level@width: the level is width x 17.5 units wide, centred on x = 0
  Camera camera;
  std::vector<BirdType> birds;
  Slingshot slingshot;
  std::vector<Object> objects;  // in file order
  bool operator==(const Level&) const = default;

  /// Half the level's width: the ground spans x in [-half_width, half_width].
  double half_width() const { return width * kWidthUnit / 2; }
  int count(Kind kind) const;
  int pieces() const;  // blocks + pigs + TNT
};

/// The bounding box of an object as placed (rotation and platform scale included).
Bounds bounds(const Object& o);
/// The bounding box of a set of objects placed at the given poses (empty: a zero box at 0).
Bounds bounds(const std::vector<Object>& objects);

/// A short description for messages: "Block RectMedium (wood) at (5.25, -3.23)".
std::string describe(const Object& o);

}  // namespace evoplay::games::birds
