#include "evoplay/games/birds/showcase.hpp"

namespace evoplay::games::birds {

std::vector<std::pair<std::string, Level>> showcase_levels() {
  auto block = [](ObjectType t, Material m, double x, double y, double r = 0) {
    return Object{t, m, x, y, r};
  };
  auto thing = [](ObjectType t, double x, double y) { return Object{t, Material::kNone, x, y}; };
  Level castle;
  castle.width = 2;
  castle.birds = {BirdType::kRed, BirdType::kYellow, BirdType::kBlue};
  castle.objects = {
      block(ObjectType::kSquareHole, Material::kStone, 2.2, -3.08),
      block(ObjectType::kSquareHole, Material::kStone, 2.2, -2.24),
      block(ObjectType::kSquareHole, Material::kStone, 3.4, -3.08),
      block(ObjectType::kSquareHole, Material::kStone, 3.4, -2.24),
      block(ObjectType::kRectBig, Material::kWood, 2.8, -1.71),
      block(ObjectType::kSquareSmall, Material::kIce, 1.99, -1.385),
      block(ObjectType::kSquareSmall, Material::kIce, 3.61, -1.385),
      block(ObjectType::kCircleSmall, Material::kStone, 1.99, -0.963),
      block(ObjectType::kCircleSmall, Material::kStone, 3.61, -0.963),
      thing(ObjectType::kPigMedium, 2.8, -1.22),
      block(ObjectType::kRectSmall, Material::kWood, 5.0, -3.075, 90),
      block(ObjectType::kRectSmall, Material::kWood, 5.8, -3.075, 90),
      block(ObjectType::kRectSmall, Material::kIce, 5.4, -2.54),
      thing(ObjectType::kPigSmall, 5.4, -2.205),
      thing(ObjectType::kTnt, 1.0, -3.17),
  };
  Level collapse = castle;
  collapse.objects = {
      block(ObjectType::kCircle, Material::kStone, 2.0, -3.125),
      block(ObjectType::kCircle, Material::kWood, 2.12, -2.375),
      block(ObjectType::kCircle, Material::kWood, 2.24, -1.625),
      block(ObjectType::kCircle, Material::kIce, 2.36, -0.875),
      thing(ObjectType::kPigSmall, 3.1, -3.275),
      block(ObjectType::kRectSmall, Material::kWood, 5.0, -3.075, 90),
      block(ObjectType::kRectBig, Material::kWood, 5.9, -2.54),
      thing(ObjectType::kPigSmall, 6.6, -2.205),
  };
  return {{"castle", castle}, {"collapse", collapse}};
}

}  // namespace evoplay::games::birds
