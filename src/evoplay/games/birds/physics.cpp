#include "evoplay/games/birds/physics.hpp"

#include <algorithm>
#include <cmath>
#include <numbers>

#include "evoplay/core/parallel.hpp"
#include "evoplay/games/birds/world.hpp"

namespace evoplay::games::birds {

namespace {

constexpr double kDegrees = 180 / std::numbers::pi;

/// What happened to piece i: destroyed (and when, as it was), or where it is now.
void record(const World& world, const Level& level, std::size_t i, ObjectOutcome& out) {
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
  double turn = std::remainder(static_cast<double>(world.angle(i) - world.start_angle(i)),
                               2 * std::numbers::pi) *
                kDegrees;
  if (turn <= -180) turn += 360;
  if (turn == 0) turn = 0;  // not -0
  out.rotation_change = turn;
  out.rotation = o.rotation + turn;
  out.displacement = (at - world.start_position(i)).Length();
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

StabilityReport simulate(const Level& level, const PhysicsSettings& settings) {
  StabilityReport report;
  report.objects.resize(level.objects.size());
  report.overlaps = find_overlaps(level, settings.overlap_tolerance);
  World world(level, settings);
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
    record(world, level, i, report.objects[i]);
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
