#include "evoplay/games/birds/world.hpp"

#include <algorithm>
#include <cmath>
#include <mutex>
#include <numbers>

#include "evoplay/games/birds/b2_shapes.hpp"
#include "evoplay/games/birds/check.hpp"

namespace evoplay::games::birds {

namespace {

/// Flyers never touch each other (the game's layer Birds does not collide with itself).
constexpr std::uint16_t kFlyerCategory = 0x0002;

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

/// The value for a material: wood, stone, ice, or none (pigs, TNT, platforms).
double by_material(Material m, double wood, double stone, double ice, double none) {
  switch (m) {
    case Material::kWood:
      return wood;
    case Material::kStone:
      return stone;
    case Material::kIce:
      return ice;
    case Material::kNone:
      break;
  }
  return none;
}

double friction(const Object& o, const PhysicsSettings& s) {
  return by_material(o.material, s.friction_wood, s.friction_stone, s.friction_ice,
                     s.friction_other);
}

double multiplier(const BirdSpec& bird, Material material) {
  return by_material(material, bird.wood, bird.stone, bird.ice, 1);
}

/// Gravity, leaned by settings.gravity_lean degrees towards +x.
b2Vec2 gravity_vector(const PhysicsSettings& s) {
  const double lean = s.gravity_lean * std::numbers::pi / 180;
  return b2Vec2(static_cast<float>(-s.gravity * std::sin(lean)),
                static_cast<float>(s.gravity * std::cos(lean)));
}

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

/// True when bodies a and b already touch through a contact other than `except` (a body of
/// several convex pieces touches another once, as the game's one collider does).
bool touching_elsewhere(const b2Body* a, const b2Body* b, const b2Contact* except) {
  for (const b2ContactEdge* e = a->GetContactList(); e; e = e->next) {
    if (e->other == b && e->contact != except && e->contact->IsTouching()) return true;
  }
  return false;
}

/// Wakes every body touching `body` (it is about to leave the world: what it held must fall).
void wake_neighbours(b2Body* body) {
  for (b2ContactEdge* e = body->GetContactList(); e; e = e->next) {
    if (e->contact->IsTouching()) e->other->SetAwake(true);
  }
}

}  // namespace

double game_time(int steps, double time_step) {
  const double per_second = std::round(1 / time_step);
  if (per_second >= 1 && std::abs(per_second * time_step - 1) < 1e-12) {
    return steps / per_second;
  }
  return steps * time_step;
}

World::World(const Level& level, const PhysicsSettings& settings, int)
    : level_(level), s_(settings), world_(gravity_vector(settings)), pieces_(level.objects.size()) {
  prepare_box2d();
  world_.SetAllowSleeping(true);
  world_.SetContinuousPhysics(settings.continuous);
  world_.SetContactListener(this);
  add_ground();
}

World::World(const Level& level, const PhysicsSettings& settings) : World(level, settings, 0) {
  const auto outside = outside_world(level);
  for (std::size_t i = 0; i < level.objects.size(); ++i) {
    const bool gone =
        std::find(outside.begin(), outside.end(), static_cast<int>(i)) != outside.end();
    if (gone && level.objects[i].is_piece()) {
      Piece& p = pieces_[i];
      const Object& o = level.objects[i];
      p.start_position.Set(static_cast<float>(o.x), static_cast<float>(o.y));
      p.start_angle = static_cast<float>(o.rotation * std::numbers::pi / 180);
      p.state.alive = false;
      p.state.left_world = true;
      p.state.x = o.x;
      p.state.y = o.y;
      p.state.angle = p.start_angle;
      destroyed_.push_back(i);
      continue;
    }
    add_object(i, nullptr);
  }
}

World::World(const Level& level, const PhysicsSettings& settings, std::span<const PieceState> state)
    : World(level, settings, 0) {
  for (std::size_t i = 0; i < level.objects.size(); ++i) {
    if (!state[i].alive) {
      Piece& p = pieces_[i];
      p.state = state[i];
      p.start_position.Set(static_cast<float>(state[i].x), static_cast<float>(state[i].y));
      p.start_angle = static_cast<float>(state[i].angle);
      continue;
    }
    add_object(i, &state[i]);
  }
  settle_contacts(state);
}

void World::settle_contacts(std::span<const PieceState> state) {
  // A step of no time finds and updates the contacts (which touch) without moving anything, so
  // that a resting contact is not a new collision when its bodies wake later; then the bodies
  // that slept go back to sleep.
  quiet_ = true;
  world_.Step(0.0f, s_.velocity_iterations, s_.position_iterations);
  quiet_ = false;
  for (std::size_t i = 0; i < pieces_.size(); ++i) {
    if (pieces_[i].body && !state[i].awake && level_.objects[i].is_piece()) {
      pieces_[i].body->SetAwake(false);
    }
  }
}

double World::time() const { return game_time(steps_, s_.time_step); }

std::vector<double> World::skin_rest(double tolerance) {
  // Box2D's position solver moves each contact 20% of its error a pass and stops a step's passes
  // once every contact is within three slops; it takes some dozens of steps for the gaps of a
  // tall stack to open to the skin. The steps are cheap (velocities stay zero: one velocity
  // pass each) and stop when nothing moves any more.
  constexpr int kMostSteps = 200;
  constexpr float kStill = 1e-6f;
  std::vector<double> shift(pieces_.size(), 0.0);
  std::vector<b2Vec2> before(pieces_.size());
  quiet_ = true;
  settling_ = tolerance;
  world_.SetGravity(b2Vec2(0.0f, 0.0f));
  world_.SetAllowSleeping(false);  // a still body would sleep and be corrected no more
  for (int k = 0; k < kMostSteps; ++k) {
    for (std::size_t i = 0; i < pieces_.size(); ++i) {
      if (pieces_[i].body) before[i] = pieces_[i].body->GetPosition();
    }
    world_.Step(static_cast<float>(s_.time_step), 1, s_.position_iterations);
    float most = 0;
    for (std::size_t i = 0; i < pieces_.size(); ++i) {
      if (pieces_[i].body)
        most = std::max(most, (pieces_[i].body->GetPosition() - before[i]).Length());
    }
    if (most < kStill) break;
  }
  world_.SetGravity(gravity_vector(s_));
  world_.SetAllowSleeping(true);
  settling_ = -1;
  quiet_ = false;
  // A piece sunk into the one under it (a real overlap) rides along with it: the skin's lift of
  // what carries it, and the skin's gap its own contact will open, are no movement of its own.
  auto piece_of = [&](b2Body* b) {
    const std::uintptr_t id = b->GetUserData().pointer;
    return id >= 1 && id <= pieces_.size() ? static_cast<int>(id - 1) : -1;
  };
  std::vector<std::pair<int, int>> carried;  // (upper, lower) piece indices
  for (const auto& [a, b] : overlapping_) {
    const bool a_up = a->GetPosition().y > b->GetPosition().y;
    const int upper = piece_of(a_up ? a : b), lower = piece_of(a_up ? b : a);
    if (upper >= 0 && lower >= 0) carried.emplace_back(upper, lower);
  }
  std::sort(carried.begin(), carried.end(), [&](const auto& x, const auto& y) {
    return pieces_[static_cast<std::size_t>(x.first)].body->GetPosition().y <
           pieces_[static_cast<std::size_t>(y.first)].body->GetPosition().y;
  });
  std::vector<char> moved_along(pieces_.size(), 0);
  for (const auto& [upper, lower] : carried) {
    if (moved_along[static_cast<std::size_t>(upper)]) continue;
    const Piece& l = pieces_[static_cast<std::size_t>(lower)];
    b2Body* u = pieces_[static_cast<std::size_t>(upper)].body;
    // The lift of what carries it, and the gap its own contact opens once pushed out.
    const b2Vec2 gap(0.0f, static_cast<float>(2 * s_.contact_skin) - b2_linearSlop);
    const b2Vec2 lift = l.body->GetPosition() - l.start_position + gap;
    u->SetTransform(u->GetPosition() + lift, u->GetAngle());
    moved_along[static_cast<std::size_t>(upper)] = 1;
  }
  overlapping_.clear();
  for (std::size_t i = 0; i < pieces_.size(); ++i) {
    Piece& p = pieces_[i];
    if (!p.body || !level_.objects[i].is_piece()) continue;
    shift[i] = (p.body->GetPosition() - p.start_position).Length();
    p.start_position = p.body->GetPosition();
    p.start_angle = p.body->GetAngle();
  }
  return shift;
}

void World::PreSolve(b2Contact* contact, const b2Manifold*) {
  if (settling_ < 0) return;
  const b2Manifold* m = contact->GetManifold();
  if (m->pointCount == 0) return;
  b2WorldManifold wm;
  contact->GetWorldManifold(&wm);
  float separation = wm.separations[0];
  for (int i = 1; i < m->pointCount; ++i) separation = std::min(separation, wm.separations[i]);
  // Every collider reaches one skin beyond the object's true outline (docs/birds.md).
  const double depth = -(static_cast<double>(separation) + 2 * s_.contact_skin);
  if (depth > settling_) {
    contact->SetEnabled(false);
    b2Body* a = contact->GetFixtureA()->GetBody();
    b2Body* b = contact->GetFixtureB()->GetBody();
    const std::pair<b2Body*, b2Body*> pair(std::min(a, b), std::max(a, b));
    if (std::find(overlapping_.begin(), overlapping_.end(), pair) == overlapping_.end()) {
      overlapping_.push_back(pair);
    }
  }
}

void World::add_ground() {
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

void World::add_object(std::size_t i, const PieceState* start) {
  const Object& o = level_.objects[i];
  const ShapeInfo& info = o.shape();
  Piece& p = pieces_[i];
  b2BodyDef def;
  def.type = o.is_piece() ? b2_dynamicBody : b2_staticBody;
  if (start && o.is_piece()) {
    def.position.Set(static_cast<float>(start->x), static_cast<float>(start->y));
    def.angle = static_cast<float>(start->angle);
    def.linearVelocity.Set(static_cast<float>(start->vx), static_cast<float>(start->vy));
    def.angularVelocity = static_cast<float>(start->spin);
  } else {
    def.position.Set(static_cast<float>(o.x), static_cast<float>(o.y));
    def.angle = static_cast<float>(o.rotation * std::numbers::pi / 180);
  }
  def.userData.pointer = o.is_piece() ? i + 1 : 0;
  if (o.is_piece()) {
    def.linearDamping = static_cast<float>(o.kind() == Kind::kBlock ? s_.block_linear_damping : 0);
    def.angularDamping = static_cast<float>(s_.angular_damping);
    def.gravityScale = static_cast<float>(info.gravity_scale);
  }
  p.body = world_.CreateBody(&def);
  p.start_position = p.body->GetPosition();
  p.start_angle = p.body->GetAngle();
  const auto skin = static_cast<float>(s_.contact_skin);
  const B2Collider collider =
      local_collider(o, skin, s_.round_pigs, o.is_piece() ? 0.0f : static_extra_skin(skin));
  const float density = info.mass > 0 ? static_cast<float>(info.mass) / collider.area() : 1.0f;
  for (const B2Shape& shape : collider.shapes()) {
    b2FixtureDef fixture;
    fixture.shape = &shape.get();
    fixture.friction = static_cast<float>(friction(o, s_));
    fixture.restitution = 0.0f;
    fixture.density = density;
    p.body->CreateFixture(&fixture);
  }
  p.state.life = start ? start->life : (o.kind() == Kind::kBlock ? block_life(o, s_) : info.life);
}

int World::add_flyer(BirdType type, bool egg, b2Vec2 position, b2Vec2 velocity,
                     float gravity_scale) {
  const BirdSpec& spec = bird_spec(type);
  b2BodyDef def;
  def.type = b2_dynamicBody;
  def.position = position;
  def.linearVelocity = velocity;
  def.gravityScale = gravity_scale;
  def.angularDamping = static_cast<float>(egg ? 0.05 : spec.angular_damping);
  def.userData.pointer = pieces_.size() + flyers_.size() + 1;
  b2Body* body = world_.CreateBody(&def);
  const auto outline =
      egg ? reduced_hull(egg_polygon(), 1) : reduced_hull(spec.polygon, spec.scale);
  std::array<b2Vec2, b2_maxPolygonVertices> points;
  for (std::size_t k = 0; k < outline.size(); ++k) {
    points[k].Set(static_cast<float>(outline[k].x), static_cast<float>(outline[k].y));
  }
  b2PolygonShape shape;
  shape.Set(points.data(), static_cast<int>(outline.size()));
  shape.m_radius = static_cast<float>(s_.contact_skin);
  b2MassData unit;
  shape.ComputeMass(&unit, 1.0f);
  const double mass = egg ? 1.0 : spec.mass;
  b2FixtureDef fixture;
  fixture.shape = &shape;
  fixture.friction = static_cast<float>(s_.friction_other);
  fixture.restitution = 0.0f;
  fixture.density = static_cast<float>(mass) / unit.mass;
  fixture.filter.categoryBits = kFlyerCategory;
  fixture.filter.maskBits = static_cast<std::uint16_t>(0xFFFF & ~kFlyerCategory);
  body->CreateFixture(&fixture);
  Flyer f;
  f.body = body;
  f.type = type;
  f.egg = egg;
  flyers_.push_back(f);
  return static_cast<int>(flyers_.size()) - 1;
}

void World::remove_flyer(int i) {
  Flyer& f = flyer(i);
  if (!f.alive) return;
  f.alive = false;
  wake_neighbours(f.body);
  f.body->SetEnabled(false);
}

void World::BeginContact(b2Contact* contact) {
  b2Body* a = contact->GetFixtureA()->GetBody();
  b2Body* b = contact->GetFixtureB()->GetBody();
  if (quiet_ || touching_elsewhere(a, b, contact)) return;
  const std::size_t n = pieces_.size();
  const std::uintptr_t ia = a->GetUserData().pointer, ib = b->GetUserData().pointer;
  Flyer* fa = ia > n ? &flyers_[ia - n - 1] : nullptr;
  Flyer* fb = ib > n ? &flyers_[ib - n - 1] : nullptr;
  const double now = game_time(steps_ + 1, s_.time_step);
  for (Flyer* f : {fa, fb}) {
    if (!f) continue;
    if (f->first_contact < 0) f->first_contact = now;
    f->touched = true;
  }
  if (!s_.damage) return;
  const double speed = (a->GetLinearVelocity() - b->GetLinearVelocity()).Length();
  auto hit = [&](std::uintptr_t id, const Flyer* other) {
    if (id == 0 || id > n) return;  // ground, platform or flyer: they take no damage
    const std::size_t i = id - 1;
    const Object& o = level_.objects[i];
    const double m = other && !other->egg && o.kind() == Kind::kBlock
                         ? multiplier(bird_spec(other->type), o.material)
                         : 1.0;
    hurt(i, speed * m);
  };
  hit(ia, fb);
  hit(ib, fa);
}

void World::hurt(std::size_t i, double damage) {
  Piece& p = pieces_[i];
  if (p.dying || !p.state.alive) return;
  p.state.life -= damage;
  if (p.state.life <= 0) {
    p.dying = true;
    dying_.push_back(i);
  }
}

void World::step() {
  const auto dt = static_cast<float>(s_.time_step);
  for (Flyer& f : flyers_) f.touched = false;
  world_.Step(dt, s_.velocity_iterations, s_.position_iterations);
  ++steps_;
  mark_fallen();
  destroy_dying();
}

void World::mark_fallen() {
  const double floor = kGroundY - s_.fall_limit;
  const double side = level_.half_width() + s_.fall_limit;
  for (std::size_t i = 0; i < pieces_.size(); ++i) {
    Piece& p = pieces_[i];
    if (!p.body || p.dying || !p.state.alive || !level_.objects[i].is_piece() ||
        !p.body->IsAwake()) {
      continue;
    }
    const b2Vec2 at = p.body->GetPosition();
    if (at.y < floor || std::abs(at.x) > side) {
      p.dying = true;
      p.state.left_world = true;
      dying_.push_back(i);
    }
  }
}

void World::destroy_dying() {
  for (std::size_t k = 0; k < dying_.size(); ++k) destroy(dying_[k]);
  dying_.clear();
}

void World::destroy(std::size_t i) {
  Piece& p = pieces_[i];
  b2Body* body = p.body;
  PieceState& st = p.state;
  st.alive = false;
  st.time_destroyed = time();
  st.x = body->GetPosition().x;
  st.y = body->GetPosition().y;
  st.angle = body->GetAngle();
  st.vx = st.vy = st.spin = 0;
  st.awake = false;
  st.life = std::max(st.life, 0.0);
  destroyed_.push_back(i);
  wake_neighbours(body);
  body->SetEnabled(false);
  if (level_.objects[i].kind() == Kind::kTnt && !st.left_world) {
    explode(body->GetPosition(), Blast{s_.tnt_radius, s_.tnt_power, s_.tnt_damage},
            static_cast<int>(i));
  }
}

void World::explode(b2Vec2 centre, const Blast& blast, int self) {
  b2CircleShape reach;
  reach.m_radius = static_cast<float>(blast.radius);
  const b2Transform at(centre, b2Rot(0.0f));
  for (std::size_t j = 0; j < pieces_.size(); ++j) {
    Piece& p = pieces_[j];
    if (static_cast<int>(j) == self || !p.body || p.dying || !p.state.alive ||
        !level_.objects[j].is_piece()) {
      continue;
    }
    bool inside = false;
    for (const b2Fixture* f = p.body->GetFixtureList(); f && !inside; f = f->GetNext()) {
      inside = b2TestOverlap(&reach, 0, f->GetShape(), 0, at, p.body->GetTransform());
    }
    if (!inside) continue;
    b2Vec2 away = p.body->GetPosition() - centre;
    const float length = away.Normalize();
    if (length < b2_epsilon) away.Set(0.0f, 1.0f);  // at the very centre: up
    const double distance = std::max(static_cast<double>(length), 0.1);
    p.body->ApplyLinearImpulseToCenter(static_cast<float>(blast.power / (2 * distance)) * away,
                                       true);
    if (s_.damage) hurt(j, blast.damage / distance);
  }
}

bool World::pieces_asleep() const {
  for (std::size_t i = 0; i < pieces_.size(); ++i) {
    const Piece& p = pieces_[i];
    if (p.body && p.state.alive && p.body->GetType() == b2_dynamicBody && p.body->IsAwake()) {
      return false;
    }
  }
  return true;
}

bool World::all_asleep() const {
  if (!pieces_asleep()) return false;
  return std::none_of(flyers_.begin(), flyers_.end(),
                      [](const Flyer& f) { return f.alive && f.body->IsAwake(); });
}

b2Vec2 World::position(std::size_t i) const {
  const Piece& p = pieces_[i];
  if (p.body && p.state.alive) return p.body->GetPosition();
  return b2Vec2(static_cast<float>(p.state.x), static_cast<float>(p.state.y));
}

float World::angle(std::size_t i) const {
  const Piece& p = pieces_[i];
  if (p.body && p.state.alive) return p.body->GetAngle();
  return static_cast<float>(p.state.angle);
}

std::vector<PieceState> World::state() const {
  std::vector<PieceState> out(pieces_.size());
  for (std::size_t i = 0; i < pieces_.size(); ++i) {
    const Piece& p = pieces_[i];
    PieceState& s = out[i];
    s = p.state;
    if (!p.state.alive || !p.body) continue;
    const b2Vec2 at = p.body->GetPosition();
    s.x = at.x;
    s.y = at.y;
    s.angle = p.body->GetAngle();
    s.vx = p.body->GetLinearVelocity().x;
    s.vy = p.body->GetLinearVelocity().y;
    s.spin = p.body->GetAngularVelocity();
    s.awake = p.body->IsAwake() && level_.objects[i].is_piece();
  }
  return out;
}

}  // namespace evoplay::games::birds
