#pragma once
// The five birds as the original Science Birds defines them (SB-orig prefabs, read in
// ../shared/docs/science-birds-shots.md with file and line): mass, launch force and gravity, the
// longest pull, their damage multipliers on wood, stone and ice, their colliders, and the numbers
// of their abilities; White's egg too. One table, read by the shots, the agents and the pictures.

#include <span>
#include <vector>

#include "evoplay/games/birds/catalogue.hpp"

namespace evoplay::games::birds {

struct BirdSpec {
  BirdType type;
  double mass;                     // Rigidbody2D mass (not from the collider's area)
  double launch_force;             // _launchForce: the launch impulse per unit of pull
  double launch_gravity;           // _launchGravity: gravity scale from the launch on
  double drag_radius;              // _dragRadius: the longest pull
  double angular_damping;          // Rigidbody2D angular drag (linear drag is 0 for every bird)
  double wood, stone, ice;         // _woodDamage, _stoneDamage, _iceDamage: multipliers on blocks
  double scale;                    // the prefab's local scale (Blue 1.5)
  std::span<const Point> polygon;  // the game's collider, unscaled, as in the prefab
};

const BirdSpec& bird_spec(BirdType type);

/// The numbers of the abilities (SB-orig prefabs and scripts, shots doc §2.2-2.3).
struct AbilityNumbers {
  double yellow_force = 4;    // Yellow: impulse along its velocity (mass 0.5: +8 u/s)
  int blue_children = 3;      // Blue: children on the tap ...
  double blue_angle = 10;     // ... _angleBetweenBirds degrees apart: +15, +5, -5
  double black_delay = 0.6;   // Black: explodes this long after its first contact
  double egg_force = 6;       // White: the egg's downward impulse (egg mass 1: 6 u/s)
  double white_push_up = 10;  // White: its own upward impulse on the tap (mass 1: +10 u/s)
  double egg_mass = 1, egg_gravity_scale = 1;
  double blast_radius = 2, blast_power = 3, blast_damage = 3;  // Black, egg and TNT alike
};

/// The egg's collider (Egg.prefab), unscaled.
std::span<const Point> egg_polygon();

/// A collider for Box2D, whose polygons have at most 8 vertices: the convex hull of `points`
/// scaled by `scale`, reduced to at most `max_vertices` by dropping, one at a time, the vertex
/// whose removal loses the least area. Counter-clockwise.
std::vector<Point> reduced_hull(std::span<const Point> points, double scale, int max_vertices = 8);

}  // namespace evoplay::games::birds
