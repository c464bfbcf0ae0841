#pragma once
// Box2D shapes of level objects, built from the catalogue: one place that turns an Object into
// the collider the physics simulates and the overlap check tests. Internal to the birds game.

#include <box2d/box2d.h>

#include <array>
#include <span>

#include "evoplay/games/birds/level.hpp"

namespace evoplay::games::birds {

/// A Box2D shape by value: a polygon (boxes, triangles, pigs, platforms, TNT) or a circle.
///
/// Box2D keeps polygons a "skin" apart (b2_polygonRadius = 0.01 each; contacts rest within its
/// 0.005 slop): with its default every resting contact opens a gap of 0.005 to 0.015, so a stack
/// lifts by about 0.01 per layer. We give polygons a skin of half the slop and circles half the
/// slop more radius, so that objects rest where the level puts them (docs/birds.md).
struct B2Shape {
  b2PolygonShape polygon;
  b2CircleShape circle;
  bool is_circle = false;
  float skin_width = 0;

  const b2Shape& get() const {
    return is_circle ? static_cast<const b2Shape&>(circle) : static_cast<const b2Shape&>(polygon);
  }
  /// How far the collider reaches beyond the object's true outline.
  float skin() const { return skin_width; }
  /// Area of the object's true outline (its mass at density 1).
  float area() const;
};

/// Skin that makes resting contacts exact (see B2Shape).
inline constexpr float kExactSkin = b2_linearSlop / 2;

/// Extra skin for static bodies (ground, platforms) when the skin is thinner than Box2D's: their
/// cores shrink by this much and their skin grows by as much, so objects still rest on the true
/// surface, while the gap between cores stays wide enough that Box2D's continuous collision does
/// not treat every resting contact as a new impact (which wakes the body and keeps it awake).
float static_extra_skin(float skin);

/// An object's collider: one convex shape, or two for an outline of more vertices than Box2D's 8
/// (the game's 12-sided Circle, cut along a chord into two 7-sided halves, as Unity's Box2D cuts
/// a polygon collider into convex pieces). The pieces belong to one body.
struct B2Collider {
  std::array<B2Shape, 2> parts;
  int count = 1;
  std::span<const B2Shape> shapes() const { return std::span(parts).first(count); }
  /// Area of the object's true outline (its mass at density 1).
  float area() const;
};

/// The object's collider in its own frame (centred, unrotated; platforms scaled), `skin` wide;
/// `shrink` moves a box's sides in and adds as much skin (static bodies, see above).
/// `round_pigs`: pigs as circles of half their height instead of the game's flat-based octagon.
B2Collider local_collider(const Object& o, float skin = 0, bool round_pigs = false,
                          float shrink = 0);

/// Where the object is: its centre and rotation.
b2Transform object_transform(const Object& o);

/// The ground: a static box whose top is y = -3.5 (its core `shrink` lower, with as much more
/// skin), spanning the level's width, kGroundDepth deep.
inline constexpr float kGroundDepth = 10.0f;
B2Shape ground_shape(const Level& level, float skin = 0, float shrink = 0);
b2Transform ground_transform();

/// Penetration depth of two placed shapes: > 0 when they overlap by that much (measured along
/// the axis of least penetration, Box2D's skin excluded); <= 0 when they are apart or touch.
double penetration(const B2Shape& a, const b2Transform& xa, const B2Shape& b,
                   const b2Transform& xb);
/// The deepest penetration of any piece of `a` into any piece of `b`.
double penetration(const B2Collider& a, const b2Transform& xa, const B2Collider& b,
                   const b2Transform& xb);

}  // namespace evoplay::games::birds
