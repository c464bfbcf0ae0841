#include "evoplay/games/birds/sling.hpp"

#include <algorithm>
#include <cmath>
#include <numbers>

#include "evoplay/games/birds/angles.hpp"
#include "evoplay/games/birds/bird_types.hpp"

namespace evoplay::games::birds {

namespace {

/// The two angles (radians) of a parabola of speed v from the origin through (dx, dy).
std::vector<double> parabola_angles(double v, double g, double dx, double dy) {
  const double v2 = v * v;
  const double root = v2 * v2 - g * (g * dx * dx + 2 * dy * v2);
  if (root < 0 || std::abs(dx) < 1e-9) return {};
  const double s = std::sqrt(root);
  return {std::atan2(v2 - s, g * dx), std::atan2(v2 + s, g * dx)};
}

}  // namespace

Point rest_point(const Slingshot& sling) { return {sling.x - 0.15, sling.y + 0.8}; }

double full_speed(BirdType bird) {
  const BirdSpec& s = bird_spec(bird);
  return s.drag_radius * s.launch_force / s.mass;
}

double flight_gravity(BirdType bird, double gravity) {
  return gravity * bird_spec(bird).launch_gravity;
}

Launch launch_of(const Slingshot& sling, BirdType bird, double angle_deg, double pull) {
  const BirdSpec& s = bird_spec(bird);
  const double a = angle_deg * kRadiansPerDegree;
  const double d = std::clamp(pull, 0.0, 1.0) * s.drag_radius;  // how far behind the rest point
  const Point rest = rest_point(sling);
  const double speed = d * s.launch_force / s.mass;
  return {{rest.x - d * std::cos(a), rest.y - d * std::sin(a)},
          {speed * std::cos(a), speed * std::sin(a)}};
}

Point flight_point(const Launch& start, double g, double dt, int n) {
  // v_k = v0 - g k dt; x_n = x0 + dt sum_{k=1..n} v_k.
  const double steps = n;
  return {start.position.x + start.velocity.x * dt * steps,
          start.position.y + start.velocity.y * dt * steps - g * dt * dt * steps * (steps + 1) / 2};
}

std::vector<double> aim_angles(const Slingshot& sling, BirdType bird, Point target,
                               double gravity) {
  const double v = full_speed(bird), g = flight_gravity(bird, gravity);
  const Point rest = rest_point(sling);
  std::vector<double> out;
  for (int which = 0; which < 2; ++which) {
    // From the rest point first, then from the release point of the angle found, which sits one
    // drag radius behind it.
    auto angles = parabola_angles(v, g, target.x - rest.x, target.y - rest.y);
    if (angles.empty()) return {};
    double a = angles[static_cast<std::size_t>(which)];
    bool reachable = true;
    for (int k = 0; k < 4 && reachable; ++k) {
      const Launch l = launch_of(sling, bird, a / kRadiansPerDegree, 1);
      const auto refined = parabola_angles(v, g, target.x - l.position.x, target.y - l.position.y);
      reachable = !refined.empty();
      if (reachable) a = refined[static_cast<std::size_t>(which)];
    }
    if (reachable) out.push_back(a / kRadiansPerDegree);
  }
  return out;
}

std::optional<double> time_to_x(const Launch& start, double x) {
  const double dx = x - start.position.x;
  if (std::abs(start.velocity.x) < 1e-12 || dx / start.velocity.x < 0) return std::nullopt;
  return dx / start.velocity.x;
}

}  // namespace evoplay::games::birds
