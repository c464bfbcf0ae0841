#include "evoplay/games/birds/physics.hpp"

#include <box2d/box2d.h>
#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <mutex>
#include <numbers>

#include "evoplay/core/error.hpp"
#include "evoplay/core/parallel.hpp"
#include "evoplay/games/birds/b2_shapes.hpp"

namespace evoplay::games::birds {

namespace {

constexpr double kDegrees = 180 / std::numbers::pi;

/// One piece of the level (block, pig, TNT) in the world.
struct Piece {
  b2Body* body = nullptr;  // null for platforms and pieces removed at the start
  double life = 0;
  bool dying = false;  // life reached 0 during this step; destroyed after it
  b2Vec2 start_position;
  float start_angle = 0;
};

double block_life(const Object& o, const PhysicsSettings& s) {
  if (!s.intended_life) return s.block_life;
  switch (o.material) {
    case Material::kStone:
      return s.block_life * 2;
    case Material::kIce:
      return s.block_life / 2;
    default:
      return s.block_life;
  }
}

double friction(const Object& o, const PhysicsSettings& s) {
  switch (o.material) {
    case Material::kWood:
      return s.friction_wood;
    case Material::kStone:
      return s.friction_stone;
    case Material::kIce:
      return s.friction_ice;
    case Material::kNone:
      break;
  }
  return s.friction_other;
}

/// The running simulation: the world, its pieces, and the damage bookkeeping.
class Simulation : public b2ContactListener {
 public:
  Simulation(const Level& level, const PhysicsSettings& settings, StabilityReport& report)
      : level_(level),
        s_(settings),
        report_(report),
        world_(b2Vec2(0.0f, static_cast<float>(settings.gravity))),
        pieces_(level.objects.size()) {
    world_.SetAllowSleeping(true);
    world_.SetContactListener(this);
    add_ground();
    const auto outside = outside_world(level);
    for (std::size_t i = 0; i < level.objects.size(); ++i) {
      const bool gone =
          std::find(outside.begin(), outside.end(), static_cast<int>(i)) != outside.end();
      add_object(i, gone);
    }
  }
  Simulation(const Simulation&) = delete;
  Simulation& operator=(const Simulation&) = delete;

  void run() {
    const int max_steps = static_cast<int>(std::lround(s_.seconds / s_.time_step));
    const auto dt = static_cast<float>(s_.time_step);
    for (int step = 0; step < max_steps; ++step) {
      world_.Step(dt, s_.velocity_iterations, s_.position_iterations);
      report_.steps = step + 1;
      time_ = game_time(step + 1);
      mark_fallen();
      destroy_dying();
      if (all_asleep()) {
        if (report_.settle_time < 0) report_.settle_time = time_;
        if (s_.stop_when_asleep) break;
      }
    }
    report_.simulated_time = time_;
    report_.at_rest = all_asleep();
    collect();
  }

  void BeginContact(b2Contact* contact) override {
    if (!s_.damage) return;
    b2Body* a = contact->GetFixtureA()->GetBody();
    b2Body* b = contact->GetFixtureB()->GetBody();
    const double speed = (a->GetLinearVelocity() - b->GetLinearVelocity()).Length();
    hurt(a, speed);
    hurt(b, speed);
  }

 private:
  void add_ground() {
    b2BodyDef def;
    def.type = b2_staticBody;
    const b2Transform at = ground_transform();
    def.position = at.p;
    b2Body* ground = world_.CreateBody(&def);
    const auto skin = static_cast<float>(s_.contact_skin);
    const B2Shape shape = ground_shape(level_, skin, static_extra_skin(skin));
    b2FixtureDef fixture;
    fixture.shape = &shape.get();
    fixture.friction = static_cast<float>(s_.friction_other);
    ground->CreateFixture(&fixture);
  }

  void add_object(std::size_t i, bool removed) {
    const Object& o = level_.objects[i];
    const ShapeInfo& info = o.shape();
    Piece& p = pieces_[i];
    p.start_position.Set(static_cast<float>(o.x), static_cast<float>(o.y));
    p.start_angle = static_cast<float>(o.rotation / kDegrees);
    if (removed && o.is_piece()) {
      report_.objects[i].destroyed = true;
      report_.objects[i].left_world = true;
      return;
    }
    b2BodyDef def;
    def.type = o.is_piece() ? b2_dynamicBody : b2_staticBody;
    def.position = p.start_position;
    def.angle = p.start_angle;
    def.userData.pointer = o.is_piece() ? i + 1 : 0;
    if (o.is_piece()) {
      def.linearDamping =
          static_cast<float>(o.kind() == Kind::kBlock ? s_.block_linear_damping : 0);
      def.angularDamping = static_cast<float>(s_.angular_damping);
      def.gravityScale = static_cast<float>(info.gravity_scale);
    }
    p.body = world_.CreateBody(&def);
    p.start_position = p.body->GetPosition();
    p.start_angle = p.body->GetAngle();
    const auto skin = static_cast<float>(s_.contact_skin);
    const B2Shape shape =
        local_shape(o, skin, s_.round_pigs, o.is_piece() ? 0.0f : static_extra_skin(skin));
    b2FixtureDef fixture;
    fixture.shape = &shape.get();
    fixture.friction = static_cast<float>(friction(o, s_));
    fixture.restitution = 0.0f;
    fixture.density = info.mass > 0 ? static_cast<float>(info.mass) / shape.area() : 1.0f;
    p.body->CreateFixture(&fixture);
    p.life = o.kind() == Kind::kBlock ? block_life(o, s_) : info.life;
  }

  void hurt(b2Body* body, double damage) {
    const std::uintptr_t id = body->GetUserData().pointer;
    if (id == 0) return;  // ground or platform
    Piece& p = pieces_[id - 1];
    if (p.dying) return;
    p.life -= damage;
    if (p.life <= 0) {
      p.dying = true;
      dying_.push_back(id - 1);
    }
  }

  void mark_fallen() {
    const double floor = kGroundY - s_.fall_limit;
    const double side = level_.half_width() + s_.fall_limit;
    for (std::size_t i = 0; i < pieces_.size(); ++i) {
      Piece& p = pieces_[i];
      if (!p.body || p.dying || !p.body->IsEnabled() || !p.body->IsAwake()) continue;
      const b2Vec2 at = p.body->GetPosition();
      if (at.y < floor || std::abs(at.x) > side) {
        p.dying = true;
        report_.objects[i].left_world = true;
        dying_.push_back(i);
      }
    }
  }

  /// Destroys the pieces whose life ran out in the last step; TNT explodes, which may destroy
  /// more (handled in the same pass, in order).
  void destroy_dying() {
    for (std::size_t k = 0; k < dying_.size(); ++k) {
      const std::size_t i = dying_[k];
      Piece& p = pieces_[i];
      ObjectOutcome& out = report_.objects[i];
      out.destroyed = true;
      out.time_destroyed = time_;
      record_pose(i);
      p.body->SetEnabled(false);
      if (level_.objects[i].kind() == Kind::kTnt && !out.left_world) explode(i);
    }
    dying_.clear();
  }

  void explode(std::size_t tnt) {
    const b2Vec2 centre = pieces_[tnt].body->GetPosition();
    b2CircleShape blast;
    blast.m_radius = static_cast<float>(s_.tnt_radius);
    const b2Transform blast_at(centre, b2Rot(0.0f));
    for (std::size_t j = 0; j < pieces_.size(); ++j) {
      Piece& p = pieces_[j];
      if (j == tnt || !p.body || p.dying || !p.body->IsEnabled()) continue;
      const b2Fixture* fixture = p.body->GetFixtureList();
      if (!b2TestOverlap(&blast, 0, fixture->GetShape(), 0, blast_at, p.body->GetTransform()))
        continue;
      b2Vec2 away = p.body->GetPosition() - centre;
      const float distance = away.Normalize();
      if (distance < b2_epsilon) away.Set(0.0f, 1.0f);
      p.body->ApplyLinearImpulseToCenter(static_cast<float>(s_.tnt_impulse) * away, true);
      if (s_.damage) hurt(p.body, s_.tnt_damage / std::max(static_cast<double>(distance), 0.1));
    }
  }

  /// Game time after `steps` steps: steps / (steps per second) when a second holds a whole number
  /// of steps (0.7, not 35 x 0.02 = 0.7000000000000001), else steps x step.
  double game_time(int steps) const {
    const double per_second = std::round(1 / s_.time_step);
    if (per_second >= 1 && std::abs(per_second * s_.time_step - 1) < 1e-12) {
      return steps / per_second;
    }
    return steps * s_.time_step;
  }

  bool all_asleep() const {
    for (const Piece& p : pieces_) {
      if (p.body && p.body->IsEnabled() && p.body->GetType() == b2_dynamicBody &&
          p.body->IsAwake()) {
        return false;
      }
    }
    return true;
  }

  void record_pose(std::size_t i) {
    const Piece& p = pieces_[i];
    ObjectOutcome& out = report_.objects[i];
    const b2Vec2 at = p.body->GetPosition();
    out.x = at.x;
    out.y = at.y;
    double turn = std::remainder(static_cast<double>(p.body->GetAngle() - p.start_angle),
                                 2 * std::numbers::pi) *
                  kDegrees;
    if (turn <= -180) turn += 360;
    if (turn == 0) turn = 0;  // not -0
    out.rotation_change = turn;
    out.rotation = level_.objects[i].rotation + turn;
    out.displacement = (at - p.start_position).Length();
    out.life = std::max(p.life, 0.0);
  }

  void collect() {
    for (std::size_t i = 0; i < pieces_.size(); ++i) {
      const Object& o = level_.objects[i];
      ObjectOutcome& out = report_.objects[i];
      if (!o.is_piece()) {
        out.x = o.x;
        out.y = o.y;
        out.rotation = o.rotation;
        continue;
      }
      if (out.destroyed) {
        if (!pieces_[i].body) {  // removed at the start
          out.x = o.x;
          out.y = o.y;
          out.rotation = o.rotation;
        }
        continue;
      }
      record_pose(i);
    }
  }

  const Level& level_;
  const PhysicsSettings& s_;
  StabilityReport& report_;
  b2World world_;
  std::vector<Piece> pieces_;
  std::vector<std::size_t> dying_;
  double time_ = 0;
};

/// Box2D 2.4.1 fills its table of contact functions (b2Contact::s_registers) lazily, the first
/// time any world creates a contact; two threads doing that at once would race. One contact made
/// here, once, before any simulation, fills it. (Its other globals, b2_gjkCalls and the b2_toi*
/// counters, are statistics it writes but never reads.)
void prepare_box2d() {
  static std::once_flag ready;
  std::call_once(ready, [] {
    b2World world(b2Vec2(0.0f, -10.0f));
    b2PolygonShape box;
    box.SetAsBox(0.5f, 0.5f);
    b2BodyDef def;
    world.CreateBody(&def)->CreateFixture(&box, 0.0f);
    def.type = b2_dynamicBody;
    def.position.Set(0.0f, 0.9f);
    world.CreateBody(&def)->CreateFixture(&box, 1.0f);
    world.Step(0.02f, 1, 1);
  });
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
      {tnt_impulse, "tnt_impulse"},
      {contact_skin, "contact_skin"},
      {fall_limit, "fall_limit"},
      {move_threshold, "move_threshold"},
      {paper_move_threshold, "paper_move_threshold"},
      {paper_rotation_threshold, "paper_rotation_threshold"},
      {paper_penalty, "paper_penalty"},
      {overlap_tolerance, "overlap_tolerance"}};
  for (const auto& [v, name] : non_negative) check(v, 0, 1e6, name);
}

StabilityReport simulate(const Level& level, const PhysicsSettings& settings) {
  settings.validate();
  prepare_box2d();
  StabilityReport report;
  report.objects.resize(level.objects.size());
  report.overlaps = find_overlaps(level, settings.overlap_tolerance);
  {
    Simulation simulation(level, settings, report);
    simulation.run();
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
