#include "evoplay/games/birds/catalogue.hpp"

#include <cmath>
#include <numbers>

namespace evoplay::games::birds {

namespace {

constexpr ShapeInfo box(ObjectType type, std::string_view name, Kind kind, double w, double h,
                        Hole hole = Hole::kNone, double life = 0, double mass = 0,
                        double gravity_scale = 0.5) {
  const double x = w / 2, y = h / 2;
  return {type,
          name,
          kind,
          w,
          h,
          Geometry::kBox,
          0,
          {{{-x, -y}, {x, -y}, {x, y}, {-x, y}}},
          4,
          hole,
          life,
          mass,
          gravity_scale};
}

// The game's round blocks are polygons with flat bottoms and tops (SB-orig prefabs
// Blocks/Circle.prefab and Blocks/CircleSmall.prefab, PolygonCollider2D m_Points, scale 1).
constexpr ShapeInfo polygon(ObjectType type, std::string_view name, double w, double h,
                            std::span<const Point> points) {
  ShapeInfo s{type,        name, Kind::kBlock,
              w,           h,    Geometry::kPolygon,
              0,           {},   static_cast<int>(points.size()),
              Hole::kNone, 0,    0,
              0.5};
  for (std::size_t i = 0; i < points.size(); ++i) s.vertices[i] = points[i];
  return s;
}

constexpr std::array<Point, 12> kCircle12 = {{{0.19, 0.375},
                                              {-0.17, 0.375},
                                              {-0.21, 0.345},
                                              {-0.35, 0.195},
                                              {-0.38, 0.145},
                                              {-0.38, -0.075},
                                              {-0.35, -0.235},
                                              {-0.18, -0.375},
                                              {0.16, -0.375},
                                              {0.38, -0.205},
                                              {0.38, 0.145},
                                              {0.33, 0.235}}};
constexpr std::array<Point, 8> kCircle8 = {{{-0.091299415, 0.20391178},
                                            {-0.20999992, 0.059123993},
                                            {-0.19782495, -0.07564354},
                                            {-0.11, -0.21},
                                            {0.063474536, -0.20695591},
                                            {0.20086855, -0.09000015},
                                            {0.2008686, 0.09912491},
                                            {0.059562206, 0.20391178}}};

// Pigs: the game's BasicSmall collider, an octagon with a flat base (0.47 x 0.45), scaled to each
// pig's size. Round colliders would roll off any slightly tilted support.
constexpr ShapeInfo pig(ObjectType type, std::string_view name, double w, double h, double life,
                        double mass, double gravity_scale) {
  constexpr std::array<Point, 8> kSmall = {{{-0.165, 0.225},
                                            {-0.235, 0.105},
                                            {-0.235, -0.175},
                                            {-0.165, -0.225},
                                            {0.215, -0.225},
                                            {0.235, -0.175},
                                            {0.235, 0.115},
                                            {0.115, 0.225}}};
  ShapeInfo s{type, name, Kind::kPig,  w,    h,    Geometry::kPolygon, h / 2,
              {},   8,    Hole::kNone, life, mass, gravity_scale};
  for (std::size_t i = 0; i < kSmall.size(); ++i) {
    s.vertices[i] = {kSmall[i].x * w / 0.47, kSmall[i].y * h / 0.45};
  }
  return s;
}

// Sizes are the game's collider sizes (docs/science-birds.md of the shared data).
constexpr std::array<ShapeInfo, kObjectTypeCount> kCatalogue = {{
    box(ObjectType::kSquareHole, "SquareHole", Kind::kBlock, 0.84, 0.84, Hole::kSquare),
    box(ObjectType::kRectFat, "RectFat", Kind::kBlock, 0.85, 0.43),
    box(ObjectType::kSquareSmall, "SquareSmall", Kind::kBlock, 0.43, 0.43),
    box(ObjectType::kSquareTiny, "SquareTiny", Kind::kBlock, 0.22, 0.21),
    box(ObjectType::kRectTiny, "RectTiny", Kind::kBlock, 0.43, 0.22),
    box(ObjectType::kRectSmall, "RectSmall", Kind::kBlock, 0.85, 0.22),
    box(ObjectType::kRectMedium, "RectMedium", Kind::kBlock, 1.68, 0.22),
    box(ObjectType::kRectBig, "RectBig", Kind::kBlock, 2.06, 0.22),
    // Right angle at the bottom left, hypotenuse from the top left to the bottom right.
    {ObjectType::kTriangle,
     "Triangle",
     Kind::kBlock,
     0.834,
     0.82,
     Geometry::kPolygon,
     0,
     {{{-0.417, -0.41}, {0.417, -0.41}, {-0.417, 0.41}}},
     3,
     Hole::kNone,
     0,
     0,
     0.5},
    // The outer outline of the game's collider; the triangular hole is only drawn.
    {ObjectType::kTriangleHole,
     "TriangleHole",
     Kind::kBlock,
     0.84,
     0.84,
     Geometry::kPolygon,
     0,
     {{{-0.42, -0.42}, {0.42, -0.42}, {0.42, -0.27}, {0.04, 0.42}, {-0.04, 0.42}, {-0.42, -0.26}}},
     6,
     Hole::kTriangle,
     0,
     0,
     0.5},
    polygon(ObjectType::kCircle, "Circle", 0.76, 0.75, kCircle12),
    polygon(ObjectType::kCircleSmall, "CircleSmall", 0.411, 0.414, kCircle8),
    pig(ObjectType::kPigSmall, "BasicSmall", 0.47, 0.45, 2, 0.1, 0.5),
    pig(ObjectType::kPigMedium, "BasicMedium", 0.78, 0.76, 4, 1, 1),
    pig(ObjectType::kPigBig, "BasicBig", 0.99, 0.97, 6, 1, 1),
    box(ObjectType::kTnt, "", Kind::kTnt, 0.66, 0.66, Hole::kNone, 2, 1, 1),
    box(ObjectType::kPlatform, "Platform", Kind::kPlatform, kPlatformTile, kPlatformTile,
        Hole::kNone, 0, 0, 0),
}};

constexpr std::array<std::string_view, 4> kMaterialNames = {"", "wood", "stone", "ice"};
constexpr std::array<std::string_view, kBirdTypeCount> kBirdNames = {
    "BirdRed", "BirdBlue", "BirdYellow", "BirdBlack", "BirdWhite"};

}  // namespace

const ShapeInfo& shape_info(ObjectType type) { return kCatalogue[static_cast<std::size_t>(type)]; }

std::span<const ShapeInfo> shape_catalogue() { return kCatalogue; }

std::span<const ShapeInfo> block_catalogue() {
  return std::span<const ShapeInfo>(kCatalogue).first(kBlockTypeCount);
}

std::optional<ObjectType> block_type_from_name(std::string_view name) {
  for (const auto& s : block_catalogue()) {
    if (s.name == name) return s.type;
  }
  return std::nullopt;
}

std::optional<ObjectType> pig_type_from_name(std::string_view name) {
  for (const auto& s : kCatalogue) {
    if (s.kind == Kind::kPig && s.name == name) return s.type;
  }
  return std::nullopt;
}

std::string_view material_name(Material material) {
  return kMaterialNames[static_cast<std::size_t>(material)];
}

std::optional<Material> material_from_name(std::string_view name) {
  for (std::size_t i = 1; i < kMaterialNames.size(); ++i) {
    if (kMaterialNames[i] == name) return static_cast<Material>(i);
  }
  return std::nullopt;
}

std::string_view bird_name(BirdType bird) { return kBirdNames[static_cast<std::size_t>(bird)]; }

std::optional<BirdType> bird_from_name(std::string_view name) {
  for (std::size_t i = 0; i < kBirdNames.size(); ++i) {
    if (kBirdNames[i] == name) return static_cast<BirdType>(i);
  }
  return std::nullopt;
}

std::string_view block_names() {
  return "SquareHole, RectFat, SquareSmall, SquareTiny, RectTiny, RectSmall, RectMedium, RectBig, "
         "Triangle, TriangleHole, Circle, CircleSmall";
}
std::string_view pig_names() { return "BasicSmall, BasicMedium, BasicBig"; }
std::string_view bird_names() { return "BirdRed, BirdBlue, BirdYellow, BirdBlack, BirdWhite"; }

std::vector<Point> world_outline(ObjectType type, double x, double y, double rotation_deg,
                                 double scale_x, double scale_y) {
  const ShapeInfo& s = shape_info(type);
  std::vector<Point> local(s.vertices.begin(), s.vertices.begin() + s.vertex_count);
  const double a = rotation_deg * std::numbers::pi / 180;
  const double c = std::cos(a), sn = std::sin(a);
  for (auto& p : local) {
    const double px = p.x * scale_x, py = p.y * scale_y;
    p = {x + c * px - sn * py, y + sn * px + c * py};
  }
  return local;
}

}  // namespace evoplay::games::birds
