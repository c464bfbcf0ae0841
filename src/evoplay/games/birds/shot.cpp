#include "evoplay/games/birds/shot.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <numbers>

#include "evoplay/core/error.hpp"
#include "evoplay/games/birds/angles.hpp"
#include "evoplay/games/birds/settings_check.hpp"
#include "evoplay/games/birds/sling.hpp"
#include "evoplay/games/birds/world.hpp"

namespace evoplay::games::birds {

namespace {

constexpr double kTimeEps = 1e-9;

b2Vec2 vec(Point p) { return b2Vec2(static_cast<float>(p.x), static_cast<float>(p.y)); }
Point point(b2Vec2 v) { return {v.x, v.y}; }

b2Vec2 rotated(b2Vec2 v, double degrees) {
  const double a = degrees * kRadiansPerDegree, c = std::cos(a), s = std::sin(a);
  return b2Vec2(static_cast<float>(c * v.x - s * v.y), static_cast<float>(s * v.x + c * v.y));
}

}  // namespace

nlohmann::json Shot::to_json() const {
  nlohmann::json j = {{"angle", angle}, {"pull", pull}};
  j["tap"] = tap >= 0 ? nlohmann::json(tap) : nlohmann::json(nullptr);
  if (wait > 0) j["wait"] = wait;
  return j;
}

void PlaySettings::validate() const {
  positive("physics.time_step", physics.time_step);
  positive("death_check_delay", death_check_delay);
  positive("death_check_period", death_check_period);
  non_negative("death_speed", death_speed);
  non_negative("settle_seconds", settle_seconds);
  positive("max_shot_seconds", max_shot_seconds);
  non_negative("abilities.blast_radius", abilities.blast_radius);
  at_least("abilities.blue_children", abilities.blue_children, 1);
}

nlohmann::json PlaySettings::to_json() const {
  return {{"time_step", physics.time_step},
          {"iterations", {physics.velocity_iterations, physics.position_iterations}},
          {"gravity", physics.gravity},
          {"death_check", {death_check_delay, death_check_period, death_speed}},
          {"settle_seconds", settle_seconds},
          {"max_shot_seconds", max_shot_seconds},
          {"points", {{"pig", pig_points}, {"block", block_points}}},
          {"blast",
           {{"radius", abilities.blast_radius},
            {"power", abilities.blast_power},
            {"damage", abilities.blast_damage}}}};
}

std::string_view status_name(GameStatus status) {
  switch (status) {
    case GameStatus::kWon:
      return "won";
    case GameStatus::kLost:
      return "lost";
    case GameStatus::kPlaying:
      break;
  }
  return "playing";
}

int GameState::pigs_alive(const Level& level) const {
  int n = 0;
  for (std::size_t i = 0; i < level.objects.size(); ++i) {
    n += level.objects[i].kind() == Kind::kPig && pieces[i].alive ? 1 : 0;
  }
  return n;
}

int GameState::birds_left(const Level& level) const {
  return std::max(0, static_cast<int>(level.birds.size()) - birds_used);
}

GameStatus GameState::status(const Level& level) const {
  if (pigs_alive(level) == 0) return GameStatus::kWon;
  return birds_left(level) == 0 ? GameStatus::kLost : GameStatus::kPlaying;
}

GameState initial_state(const Level& level, const PlaySettings& settings) {
  World world(level, settings.physics);
  const int max_steps =
      static_cast<int>(std::lround(settings.settle_seconds / settings.physics.time_step));
  for (int k = 0; k < max_steps && !world.pieces_asleep(); ++k) world.step();
  GameState state;
  state.pieces = world.state();
  return state;
}

nlohmann::json ShotRecord::to_json(const Level& level) const {
  nlohmann::json gone = nlohmann::json::array();
  for (int i : destroyed) {
    const Object& o = level.objects[static_cast<std::size_t>(i)];
    nlohmann::json d = {{"index", i}, {"object", describe(o)}};
    if (o.line > 0) d["line"] = o.line;
    gone.push_back(std::move(d));
  }
  nlohmann::json j = {{"bird", bird_name(bird)},
                      {"angle", shot.angle},
                      {"pull", shot.pull},
                      {"tap", shot.tap >= 0 ? nlohmann::json(shot.tap) : nlohmann::json(nullptr)},
                      {"ability_used", tap_time >= 0},
                      {"pigs_killed", pigs_killed},
                      {"blocks_destroyed", blocks_destroyed},
                      {"tnt_exploded", tnt_exploded},
                      {"damage", damage},
                      {"score", score},
                      {"seconds", seconds},
                      {"at_rest", at_rest},
                      {"game", status_name(status)},
                      {"destroyed", gone}};
  if (tap_time >= 0) j["ability_time"] = tap_time;
  return j;
}

ShotRun::ShotRun(const Level& level, const GameState& state, const Shot& shot,
                 const PlaySettings& settings)
    : level_(level),
      birds_used_(state.birds_used),
      score_before_(state.score),
      shot_(shot),
      s_(settings) {
  if (state.birds_left(level) == 0) throw Error("no bird left to shoot");
  world_ = std::make_unique<World>(level, s_.physics, state.pieces);
  record_.bird = level.birds[static_cast<std::size_t>(state.birds_used)];
  record_.shot = shot;
  for (const PieceState& p : state.pieces) life_before_.push_back(p.alive ? p.life : 0);
  // The bird waits on the slingshot at its rest point, gravity off (ABGameWorld), until the
  // release.
  bird_ =
      world_->add_flyer(record_.bird, false, vec(rest_point(level.slingshot)), b2Vec2(0, 0), 0.0f);
  record_.paths.push_back({record_.bird, false, {}});
  next_check_.push_back(-1);
  if (shot.wait <= 0) release();
}

ShotRun::~ShotRun() = default;

void ShotRun::release() {
  const Launch l = launch_of(level_.slingshot, record_.bird, shot_.angle, shot_.pull);
  b2Body* body = world_->flyer(bird_).body;
  body->SetTransform(vec(l.position), 0.0f);
  body->SetLinearVelocity(vec(l.velocity));
  body->SetAngularVelocity(0.0f);
  body->SetGravityScale(static_cast<float>(bird_spec(record_.bird).launch_gravity));
  body->SetAwake(true);
  released_ = true;
  release_time_ = world_->time();
  record_.paths[0].points.push_back(l.position);
}

double ShotRun::time() const {
  return released_ ? world_->time() - release_time_ : world_->time() - shot_.wait;
}

void ShotRun::step() {
  if (done_) return;
  if (released_ && !tapped_ && shot_.tap >= 0 && time() >= shot_.tap - kTimeEps) {
    tapped_ = true;
    use_ability();
  }
  world_->step();
  ++record_.steps;
  if (!released_) {
    if (world_->time() >= shot_.wait - kTimeEps) release();
    return;
  }
  apply_rules();
  for (int f = 0; f < world_->flyers(); ++f) {
    const Flyer& flyer = world_->flyer(f);
    if (flyer.alive)
      record_.paths[static_cast<std::size_t>(f)].points.push_back(point(flyer.body->GetPosition()));
  }
  bool any_flyer = false;
  for (int f = 0; f < world_->flyers(); ++f) any_flyer = any_flyer || world_->flyer(f).alive;
  bool pigs_left = false;
  for (std::size_t i = 0; i < level_.objects.size() && !pigs_left; ++i) {
    pigs_left = level_.objects[i].kind() == Kind::kPig && world_->alive(i);
  }
  if (!pigs_left || (!any_flyer && world_->pieces_asleep()) ||
      time() >= s_.max_shot_seconds - kTimeEps) {
    finish();
  }
}

void ShotRun::use_ability() {
  Flyer& bird = world_->flyer(bird_);
  const BirdSpec& spec = bird_spec(record_.bird);
  if (!bird.alive || split_) return;
  // IsInFrontOfSlingshot: x + the collider's width beyond the rest point + two drag radii.
  const b2AABB box = bird.body->GetFixtureList()->GetAABB(0);
  const double width = box.upperBound.x - box.lowerBound.x;
  if (bird.body->GetPosition().x + width <= rest_point(level_.slingshot).x + 2 * spec.drag_radius) {
    return;
  }
  // IsDying: set at the first contact, except for Black (which can be tapped until it explodes).
  if (bird.first_contact >= 0 && record_.bird != BirdType::kBlack) return;
  const AbilityNumbers& a = s_.abilities;
  b2Body* body = bird.body;
  const b2Vec2 v = body->GetLinearVelocity();
  switch (record_.bird) {
    case BirdType::kRed:
      return;
    case BirdType::kYellow: {
      b2Vec2 direction = v;
      if (direction.Normalize() < b2_epsilon) return;
      body->ApplyLinearImpulseToCenter(static_cast<float>(a.yellow_force) * direction, true);
      break;
    }
    case BirdType::kBlue: {
      // Children at +(angle / 2) n degrees, then each `angle` lower: +15, +5, -5; the
      // parent's speed and gravity; the parent leaves the world.
      const b2Vec2 at = body->GetPosition();
      const float gravity = body->GetGravityScale();
      world_->remove_flyer(bird_);
      split_ = true;
      const int n = a.blue_children;
      for (int k = 0; k < n; ++k) {
        const double turn = a.blue_angle * 0.5 * n - a.blue_angle * k;
        world_->add_flyer(BirdType::kBlue, false, at, rotated(v, turn), gravity);
        record_.paths.push_back({BirdType::kBlue, false, {point(at)}});
        next_check_.push_back(-1);
      }
      break;
    }
    case BirdType::kBlack:
      world_->explode(body->GetPosition(), Blast{a.blast_radius, a.blast_power, a.blast_damage});
      world_->remove_flyer(bird_);
      break;
    case BirdType::kWhite: {
      const b2Vec2 at = body->GetPosition();
      world_->add_flyer(BirdType::kWhite, true, at,
                        b2Vec2(0.0f, static_cast<float>(-a.egg_force / a.egg_mass)),
                        static_cast<float>(a.egg_gravity_scale));
      record_.paths.push_back({BirdType::kWhite, true, {point(at)}});
      next_check_.push_back(-1);
      body->ApplyLinearImpulseToCenter(b2Vec2(0.0f, static_cast<float>(a.white_push_up)), true);
      break;
    }
  }
  record_.tap_time = time();
}

bool ShotRun::out_of_world(int f) const {
  const Flyer& flyer = world_->flyer(f);
  const b2AABB box = flyer.body->GetFixtureList()->GetAABB(0);
  const double half = level_.half_width();
  return box.lowerBound.x > half || box.upperBound.x < -half;
}

void ShotRun::apply_rules() {
  const double now = world_->time();
  const AbilityNumbers& a = s_.abilities;
  for (int f = 0; f < world_->flyers(); ++f) {
    Flyer& flyer = world_->flyer(f);
    if (!flyer.alive) continue;
    if (f == bird_ && flyer.first_contact >= 0 && record_.first_contact_time < 0) {
      record_.first_contact_time = flyer.first_contact - release_time_;
      record_.first_contact = point(flyer.body->GetPosition());
    }
    if (out_of_world(f)) {
      world_->remove_flyer(f);
      continue;
    }
    if (flyer.egg) {
      // ABEgg: any contact explodes it.
      if (flyer.touched) {
        world_->explode(flyer.body->GetPosition(),
                        Blast{a.blast_radius, a.blast_power, a.blast_damage});
        world_->remove_flyer(f);
      }
      continue;
    }
    if (flyer.first_contact < 0) continue;
    if (f == bird_ && record_.bird == BirdType::kBlack) {
      // ABBirdBlack: the first contact starts the explode animation, whose event fires 0.6 s on.
      if (explode_at_ < 0) explode_at_ = flyer.first_contact + a.black_delay;
      if (now >= explode_at_ - kTimeEps) {
        world_->explode(flyer.body->GetPosition(),
                        Blast{a.blast_radius, a.blast_power, a.blast_damage});
        world_->remove_flyer(f);
      }
      continue;
    }
    // ABBird.CheckVelocityToDie: 3 s after the first contact, then every second.
    double& check = next_check_[static_cast<std::size_t>(f)];
    if (check < 0) check = flyer.first_contact + s_.death_check_delay;
    if (now >= check - kTimeEps) {
      if (flyer.body->GetLinearVelocity().Length() < s_.death_speed) {
        world_->remove_flyer(f);
      } else {
        check += s_.death_check_period;
      }
    }
  }
}

void ShotRun::finish() {
  done_ = true;
  record_.seconds = time();
  record_.at_rest = world_->all_asleep();
  for (const std::size_t i : world_->destroyed()) {
    record_.destroyed.push_back(static_cast<int>(i));
    switch (level_.objects[i].kind()) {
      case Kind::kPig:
        ++record_.pigs_killed;
        record_.score += s_.pig_points;
        break;
      case Kind::kBlock:
        ++record_.blocks_destroyed;
        record_.score += s_.block_points;
        break;
      case Kind::kTnt:
        ++record_.tnt_exploded;
        break;
      case Kind::kPlatform:
        break;
    }
  }
  for (std::size_t i = 0; i < life_before_.size(); ++i) {
    if (!level_.objects[i].is_piece()) continue;
    record_.damage += life_before_[i] - std::max(world_->life(i), 0.0);
  }
  record_.status = state().status(level_);
}

GameStatus ShotRun::status() const {
  for (std::size_t i = 0; i < level_.objects.size(); ++i) {
    if (level_.objects[i].kind() == Kind::kPig && world_->alive(i)) {
      return done_ && birds_used_ + 1 >= static_cast<int>(level_.birds.size())
                 ? GameStatus::kLost
                 : GameStatus::kPlaying;
    }
  }
  return GameStatus::kWon;
}

std::vector<PieceState> ShotRun::pieces() const { return world_->state(); }

std::vector<FlyerPose> ShotRun::flyers() const {
  std::vector<FlyerPose> out;
  for (int f = 0; f < world_->flyers(); ++f) {
    const Flyer& flyer = world_->flyer(f);
    if (!flyer.alive) continue;
    const b2Vec2 at = flyer.body->GetPosition();
    out.push_back({flyer.type, flyer.egg, at.x, at.y, flyer.body->GetAngle()});
  }
  return out;
}

std::vector<Point> ShotRun::flyer_velocities() const {
  std::vector<Point> out;
  for (int f = 0; f < world_->flyers(); ++f) {
    const Flyer& flyer = world_->flyer(f);
    if (flyer.alive) out.push_back(point(flyer.body->GetLinearVelocity()));
  }
  return out;
}

GameState ShotRun::state() const {
  GameState s;
  s.pieces = world_->state();
  s.birds_used = birds_used_ + 1;
  s.score = score_before_ + record_.score;
  return s;
}

ShotRecord play_shot(const Level& level, GameState& state, const Shot& shot,
                     const PlaySettings& settings,
                     const std::function<void(const ShotRun&)>& on_step) {
  ShotRun run(level, state, shot, settings);
  while (!run.done()) {
    run.step();
    if (on_step) on_step(run);
  }
  state = run.state();
  return run.record();
}

}  // namespace evoplay::games::birds
