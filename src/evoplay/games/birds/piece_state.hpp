#pragma once
// Where one object of a level is and how it moves at a moment of the game: what a Box2D world of
// the level is rebuilt from between two shots, and what a game state keeps of each object.

namespace evoplay::games::birds {

struct PieceState {
  bool alive = true;
  bool left_world = false;          // destroyed by leaving the level (or outside it from the start)
  double time_destroyed = 0;        // game time of its destruction (destroyed objects only)
  double x = 0, y = 0, angle = 0;   // centre and rotation in radians (Box2D's floats, exactly)
  double vx = 0, vy = 0, spin = 0;  // linear velocity, angular velocity (radians / s)
  double life = 0;                  // life left (platforms: 0)
  bool awake = true;                // asleep: it stays put until something touches it
  bool operator==(const PieceState&) const = default;
};

}  // namespace evoplay::games::birds
