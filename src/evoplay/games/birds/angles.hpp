#pragma once
// Degrees (the level files, the slingshot's angles) and radians (Box2D, cmath).

#include <numbers>

namespace evoplay::games::birds {

inline constexpr double kDegreesPerRadian = 180 / std::numbers::pi;
inline constexpr double kRadiansPerDegree = std::numbers::pi / 180;

}  // namespace evoplay::games::birds
