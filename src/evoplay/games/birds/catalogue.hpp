#pragma once
// The catalogue of Science Birds objects: every block, pig, TNT and platform tile with its name
// in level files, its collider (box, convex polygon or circle, in the game's sizes) and its
// per-type game facts (life, mass, gravity scale). One table, read by the level files, the
// physics, the pictures and the level generator, so that a shape is defined exactly once.

#include <array>
#include <cstdint>
#include <optional>
#include <span>
#include <string_view>
#include <vector>

namespace evoplay::games::birds {

/// Surface of the ground: every level's floor is the line y = -3.5.
inline constexpr double kGroundY = -3.5;
/// One unit of Level@width is this many world units.
inline constexpr double kWidthUnit = 17.5;
/// Platforms are tiles of this size, scaled by scaleX / scaleY.
inline constexpr double kPlatformTile = 0.64;

enum class Kind : std::uint8_t { kBlock, kPig, kTnt, kPlatform };
enum class Material : std::uint8_t { kNone, kWood, kStone, kIce };

/// Every object type of a level: the 12 blocks, the 3 pigs, TNT and the platform tile.
enum class ObjectType : std::uint8_t {
  kSquareHole,
  kRectFat,
  kSquareSmall,
  kSquareTiny,
  kRectTiny,
  kRectSmall,
  kRectMedium,
  kRectBig,
  kTriangle,
  kTriangleHole,
  kCircle,
  kCircleSmall,
  kPigSmall,
  kPigMedium,
  kPigBig,
  kTnt,
  kPlatform,
};
inline constexpr int kObjectTypeCount = 17;
inline constexpr int kBlockTypeCount = 12;

enum class BirdType : std::uint8_t { kRed, kBlue, kYellow, kBlack, kWhite };
inline constexpr int kBirdTypeCount = 5;

enum class Geometry : std::uint8_t { kBox, kPolygon };

/// The most vertices of an outline (the game's Circle has 12).
inline constexpr int kMaxVertices = 12;

struct Point {
  double x = 0, y = 0;
};

/// The cross product (a - o) x (b - o): > 0 when o, a, b turn counter-clockwise.
inline double cross(const Point& o, const Point& a, const Point& b) {
  return (a.x - o.x) * (b.y - o.y) - (a.y - o.y) * (b.x - o.x);
}

/// What the game draws inside a solid collider (pictures only; physics ignores it).
enum class Hole : std::uint8_t { kNone, kSquare, kTriangle };

struct ShapeInfo {
  ObjectType type;
  std::string_view name;  // the `type` attribute in level files ("" for TNT)
  Kind kind;
  double width, height;  // collider size, unrotated (a platform: one tile)
  Geometry geometry;
  double radius;  // pigs: the radius of their round stand-in (--round-pigs), half the height
  std::array<Point, kMaxVertices> vertices;  // counter-clockwise about the object's centre
  int vertex_count;
  Hole hole;
  double life;           // pigs and TNT: the game's life points; blocks: see PhysicsSettings
  double mass;           // 0 = density 1 (mass = area); pigs and TNT have fixed masses
  double gravity_scale;  // blocks and small pigs 0.5, others 1
};

/// The entry of a type.
const ShapeInfo& shape_info(ObjectType type);
/// All 17 entries, in ObjectType order.
std::span<const ShapeInfo> shape_catalogue();
/// The 12 block types, in ObjectType order.
std::span<const ShapeInfo> block_catalogue();

/// Block types by their name in level files (case-sensitive, as the game reads them).
std::optional<ObjectType> block_type_from_name(std::string_view name);
std::optional<ObjectType> pig_type_from_name(std::string_view name);

std::string_view material_name(Material material);  // "wood", "stone", "ice", ""
std::optional<Material> material_from_name(std::string_view name);

std::string_view bird_name(BirdType bird);  // "BirdRed", ...
std::optional<BirdType> bird_from_name(std::string_view name);

/// Comma-separated names, for error messages ("expected one of ...").
std::string_view block_names();
std::string_view pig_names();
std::string_view bird_names();

/// The outline of an object in world coordinates: its polygon scaled, rotated by `rotation_deg`
/// counter-clockwise and moved to (x, y).
std::vector<Point> world_outline(ObjectType type, double x, double y, double rotation_deg,
                                 double scale_x = 1, double scale_y = 1);

}  // namespace evoplay::games::birds
