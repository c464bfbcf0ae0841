#pragma once
// The slingshot: where a bird waits on it and how a pull launches it (the shots doc §1.1, SB-orig
// ABBird.cs and ABGameWorld.cs). The bird rests at the sling's position minus (0.15, -0.8); a pull
// of length <= 1 (the drag radius) at an angle puts it behind the rest point, and the release
// gives it the impulse -pull x launch force, so it flies from the pulled point through the rest
// point at 10 units/s at full pull for every bird, under gravity 9.81 x 0.48. And the flight
// that follows in Box2D's steps (symplectic Euler), for the agents' aiming and the tests.

#include <optional>
#include <vector>

#include "evoplay/games/birds/catalogue.hpp"
#include "evoplay/games/birds/level.hpp"

namespace evoplay::games::birds {

/// Where the current bird rests on the slingshot: (x - 0.15, y + 0.8).
Point rest_point(const Slingshot& sling);

/// A bird's start in flight: where it is released and its velocity.
struct Launch {
  Point position;
  Point velocity;
};

/// The launch of `bird` pulled `pull` (0..1 of its drag radius) and released towards
/// `angle_deg` (0 = right, 90 = up).
Launch launch_of(const Slingshot& sling, BirdType bird, double angle_deg, double pull);

/// The speed of a full pull: drag radius x launch force / mass (10 for every bird).
double full_speed(BirdType bird);

/// Gravity in flight: 9.81 x the launch gravity scale 0.48 = 4.7088.
double flight_gravity(BirdType bird, double gravity = 9.81);

/// Where a body launched at `start` is after n steps of `dt` under gravity g (downwards), as
/// Box2D integrates it: v += g dt, then x += v dt (no drag).
Point flight_point(const Launch& start, double g, double dt, int n);

/// The launch angles (degrees, low then high) of full-power shots whose parabola passes through
/// `target`: tan(theta) = (v^2 -+ sqrt(v^4 - g (g dx^2 + 2 dy v^2))) / (g dx), measured from the
/// release point (which depends on the angle, so the angle is refined a few times). Empty when
/// the target is out of reach.
std::vector<double> aim_angles(const Slingshot& sling, BirdType bird, Point target,
                               double gravity = 9.81);

/// Seconds from the release until the continuous flight of `start` reaches x (nullopt if it
/// never does).
std::optional<double> time_to_x(const Launch& start, double x);

}  // namespace evoplay::games::birds
