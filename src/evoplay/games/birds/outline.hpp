#pragma once
// The true outlines of blocks and pigs, for putting things on each other: how far one can drop
// before it touches another (a triangle's slope and a circle's curve, not their bounding boxes),
// and whether two touch. Used by the placement of generated levels and by the checks of
// composites read from catalogue files.

#include <vector>

#include "evoplay/games/birds/level.hpp"

namespace evoplay::games::birds {

/// An object's outline in world coordinates: a convex polygon or an exact circle.
struct Solid {
  bool round = false;
  Point centre;               // circles
  double radius = 0;          // circles
  std::vector<Point> points;  // polygons, counter-clockwise
  Bounds box;                 // exact (a circle's, not its polygon's)
};

Solid solid_of(const Object& o);
Solid shifted(Solid s, double dx, double dy);

/// The highest and the lowest y of the outline on the vertical line at x (x within its box).
double top_at(const Solid& s, double x);
double bottom_at(const Solid& s, double x);

/// Where their x-ranges overlap (by more than 1e-9), the smallest height of `upper`'s outline
/// above `lower`'s: how far `upper` can fall before it touches `lower` (0: they touch; < 0: it
/// must rise that much to clear it). `has_common` is false when their x-ranges do not overlap.
double drop_gap(const Solid& upper, const Solid& lower, bool& has_common);

/// Distance between the two outlines (0 when they touch or overlap).
double distance_between(const Solid& a, const Solid& b);

}  // namespace evoplay::games::birds
