#include "evoplay/games/birds/physics.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <numbers>

#include "evoplay/core/error.hpp"
#include "evoplay/core/parallel.hpp"
#include "evoplay/games/birds/angles.hpp"
#include "evoplay/games/birds/world.hpp"

namespace evoplay::games::birds {

namespace {

/// What happened to piece i: destroyed (and when, as it was), or where it is now, measured from
/// `start` and `start_angle`.
void record(const World& world, const Level& level, std::size_t i, b2Vec2 start, float start_angle,
            ObjectOutcome& out) {
  const Object& o = level.objects[i];
  if (!o.is_piece()) {
    out.x = o.x;
    out.y = o.y;
    out.rotation = o.rotation;
    return;
  }
  const PieceState& dead = world.dead(i);
  out.destroyed = !world.alive(i);
  out.left_world = out.destroyed && dead.left_world;
  out.time_destroyed = out.destroyed ? dead.time_destroyed : 0;
  const b2Vec2 at = world.position(i);
  out.x = at.x;
  out.y = at.y;
  double turn =
      std::remainder(static_cast<double>(world.angle(i) - start_angle), 2 * std::numbers::pi) *
      kDegreesPerRadian;
  if (turn <= -180) turn += 360;
  if (turn == 0) turn = 0;  // not -0
  out.rotation_change = turn;
  out.rotation = o.rotation + turn;
  out.displacement = (at - start).Length();
  out.life = std::max(world.life(i), 0.0);
  if (!world.has_body(i)) {  // removed at the start
    out.x = o.x;
    out.y = o.y;
    out.rotation = o.rotation;
    out.rotation_change = 0;
    out.displacement = 0;
  }
}

void score(const Level& level, const PhysicsSettings& s, StabilityReport& r) {
  for (std::size_t i = 0; i < level.objects.size(); ++i) {
    if (!level.objects[i].is_piece()) continue;
    ObjectOutcome& out = r.objects[i];
    ++r.pieces;
    if (out.destroyed) {
      ++r.destroyed;
      continue;
    }
    out.moved = out.displacement >= s.move_threshold;
    r.moved += out.moved ? 1 : 0;
    r.paper_moved += out.displacement > s.paper_move_threshold ? 1 : 0;
    r.paper_rotated += std::abs(out.rotation_change) >= s.paper_rotation_threshold ? 1 : 0;
  }
  if (r.pieces > 0) {
    const double n = r.pieces;
    r.score = 1 - (r.destroyed + r.moved) / n;
    r.paper_score =
        100 * (n - r.destroyed) / n - 100 / n * s.paper_penalty * (r.paper_moved + r.paper_rotated);
  }
  r.stable = r.destroyed == 0 && r.moved == 0;
}

}  // namespace

bool StabilityReport::same_outcome(const StabilityReport& o) const {
  return objects == o.objects && overlaps == o.overlaps && pieces == o.pieces &&
         destroyed == o.destroyed && moved == o.moved && paper_moved == o.paper_moved &&
         paper_rotated == o.paper_rotated && score == o.score && paper_score == o.paper_score &&
         at_rest == o.at_rest && stable == o.stable && settle_time == o.settle_time;
}

void PhysicsSettings::validate() const {
  auto check = [](double v, double lo, double hi, const char* name) {
    if (!(v >= lo && v <= hi))  // NaN fails too
      throw Error(fmt::format("physics setting {}: expected a number from {:g} to {:g}, found {:g}",
                              name, lo, hi, v));
  };
  check(seconds, 0, kMaxSeconds, "seconds");
  check(time_step, 1e-4, 1, "time_step");
  check(velocity_iterations, 1, 1000, "velocity_iterations");
  check(position_iterations, 1, 1000, "position_iterations");
  check(gravity, -1000, 1000, "gravity");
  check(gravity_lean, -90, 90, "gravity_lean");
  const std::pair<double, const char*> non_negative[] = {
      {block_linear_damping, "block_linear_damping"},
      {angular_damping, "angular_damping"},
      {friction_wood, "friction_wood"},
      {friction_stone, "friction_stone"},
      {friction_ice, "friction_ice"},
      {friction_other, "friction_other"},
      {block_life, "block_life"},
      {tnt_radius, "tnt_radius"},
      {tnt_damage, "tnt_damage"},
      {tnt_power, "tnt_power"},
      {contact_skin, "contact_skin"},
      {fall_limit, "fall_limit"},
      {move_threshold, "move_threshold"},
      {paper_move_threshold, "paper_move_threshold"},
      {paper_rotation_threshold, "paper_rotation_threshold"},
      {paper_penalty, "paper_penalty"},
      {overlap_tolerance, "overlap_tolerance"}};
  for (const auto& [v, name] : non_negative) check(v, 0, 1e6, name);
}

PhysicsSettings PhysicsSettings::thin_skin() {
  PhysicsSettings s;
  s.contact_skin = kThinSkin;
  s.continuous = true;
  s.discount_skin = false;
  return s;
}

StabilityReport simulate(const Level& level, const PhysicsSettings& settings) {
  settings.validate();
  StabilityReport report;
  report.objects.resize(level.objects.size());
  report.overlaps = find_overlaps(level, settings.overlap_tolerance);
  World world(level, settings);
  // Where movement is measured from: the file's poses, or where the skin alone leaves them.
  std::vector<b2Vec2> start(level.objects.size());
  std::vector<float> start_angle(level.objects.size());
  for (std::size_t i = 0; i < level.objects.size(); ++i) {
    start[i] = world.start_position(i);
    start_angle[i] = world.start_angle(i);
  }
  if (settings.discount_skin) {
    World rest(level, settings);
    const std::vector<double> shift = rest.skin_rest(settings.overlap_tolerance);
    for (std::size_t i = 0; i < level.objects.size(); ++i) {
      report.objects[i].skin_shift = shift[i];
      start[i] = rest.start_position(i);
      start_angle[i] = rest.start_angle(i);
    }
  }
  const int max_steps = static_cast<int>(std::lround(settings.seconds / settings.time_step));
  for (int step = 0; step < max_steps; ++step) {
    world.step();
    if (world.pieces_asleep()) {
      if (report.settle_time < 0) report.settle_time = world.time();
      if (settings.stop_when_asleep) break;
    }
  }
  report.steps = world.steps();
  report.simulated_time = world.time();
  report.at_rest = world.pieces_asleep();
  for (std::size_t i = 0; i < level.objects.size(); ++i) {
    record(world, level, i, start[i], start_angle[i], report.objects[i]);
  }
  score(level, settings, report);
  return report;
}

std::vector<StabilityReport> simulate_all(std::span<const Level> levels,
                                          const PhysicsSettings& settings, int threads) {
  std::vector<StabilityReport> reports(levels.size());
  parallel_slots(levels.size(), threads,
                 [&](std::size_t i) { reports[i] = simulate(levels[i], settings); });
  return reports;
}

Level final_level(const Level& level, const StabilityReport& report) {
  Level out = level;
  out.objects.clear();
  for (std::size_t i = 0; i < level.objects.size(); ++i) {
    const ObjectOutcome& r = report.objects[i];
    if (r.destroyed) continue;
    Object o = level.objects[i];
    o.x = r.x;
    o.y = r.y;
    o.rotation = r.rotation;
    out.objects.push_back(o);
  }
  return out;
}

}  // namespace evoplay::games::birds
