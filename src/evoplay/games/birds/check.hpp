#pragma once
// Static checks of a level before any simulation: objects that start inside each other or inside
// the ground, and objects the game removes because they lie wholly outside the level's width.
// Used by `evoplay birds check`, by the stability report and by level generators.

#include <vector>

#include "evoplay/games/birds/level.hpp"

namespace evoplay::games::birds {

/// Objects a and b (indices into Level::objects) start overlapping by `depth` world units;
/// b == kGround for the ground.
struct Overlap {
  static constexpr int kGround = -1;
  int a = 0;
  int b = kGround;
  double depth = 0;
  bool operator==(const Overlap&) const = default;
};

/// Default: deeper than this counts as an overlap (twice Box2D's contact slop; levels written
/// with exact touching positions have depth 0).
inline constexpr double kOverlapTolerance = 0.01;

/// Every pair that overlaps by more than `tolerance`: piece-piece, piece-platform, piece-ground
/// (platform tiles may overlap each other and the ground: they are fixed scenery). Sorted by a, b.
std::vector<Overlap> find_overlaps(const Level& level, double tolerance = kOverlapTolerance);

/// Indices of objects wholly outside x in [-half_width, half_width] (the game removes them).
std::vector<int> outside_world(const Level& level);

}  // namespace evoplay::games::birds
