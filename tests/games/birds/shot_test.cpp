// Shots against the physics they follow: the expected numbers come from the game's constants
// (../shared/docs/science-birds-shots.md) and the discrete formulas of Box2D's symplectic Euler
// steps, never from the code under test.
#include "evoplay/games/birds/shot.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <numbers>

#include "evoplay/games/birds/catalogue.hpp"
#include "games/birds/level_support.hpp"

using namespace evoplay::games::birds;

namespace {

constexpr double kDt = 0.02;
constexpr double kG = 9.81 * 0.48;  // gravity in flight: 4.7088
constexpr double kRad = std::numbers::pi / 180;

using namespace evoplay::games::birds::test;

/// A pig behind the slingshot, out of every shot's way, so that the game goes on.
Object far_pig() { return thing(ObjectType::kPigBig, -16, on_ground(ObjectType::kPigBig)); }

/// The start of a shot by hand: rest point (-8.15, -1.7), pulled one unit back at `angle`, and
/// 10 units/s towards it (shots doc §1.1: 5 / 0.5 and 10 / 1).
struct Start {
  double x, y, vx, vy;
};
Start full_pull(double angle_deg) {
  const double c = std::cos(angle_deg * kRad), s = std::sin(angle_deg * kRad);
  return {-8.15 - c, -1.7 - s, 10 * c, 10 * s};
}

/// After n steps of Box2D (v += g dt, then x += v dt).
Start after_steps(const Start& s, int n, double g = kG) {
  return {s.x + s.vx * kDt * n, s.y + s.vy * kDt * n - g * kDt * kDt * n * (n + 1) / 2.0, s.vx,
          s.vy - g * kDt * n};
}

/// Steps `run` until the ability was tried (the step in which the tap fell).
void step_past_tap(ShotRun& run, double tap) {
  while (!run.done() && run.time() < tap - 1e-9) run.step();
  run.step();
}

}  // namespace

TEST(BirdsShot, AFullPowerShotAt45DegreesLandsWhereEulerStepsPutIt) {
  const Level level = level_of({BirdType::kRed}, {far_pig()});
  GameState state = initial_state(level, {});
  const ShotRecord r = play_shot(level, state, Shot{45, 1, -1}, {});
  ASSERT_GE(r.first_contact_time, 0);
  // The red bird's collider reaches 0.225 below its centre; it never turns in flight. Its first
  // step with the bottom at the ground (within Box2D's contact reach of 0.015):
  const Start s = full_pull(45);
  int n = 1;
  while (after_steps(s, n).y - 0.225 > kGroundY + 0.015) ++n;
  const Start landing = after_steps(s, n);
  const double range = landing.x - s.x;  // about 22 units
  EXPECT_NEAR(r.first_contact.x, landing.x, 0.01 * range);
  EXPECT_NEAR(r.first_contact_time, n * kDt, 0.01 * n * kDt);
  // The continuous parabola would land about 0.09 further: within 1% too, but not the same.
  EXPECT_GT(range, 21.0);
}

TEST(BirdsShot, ABirdAtRestOnTheSlingshotDoesNotMove) {
  const Level level = level_of({BirdType::kBlack}, {far_pig()});
  const GameState state = initial_state(level, {});
  Shot shot;
  shot.wait = 1;  // a second on the slingshot, gravity off (ABGameWorld), before the release
  ShotRun run(level, state, shot, {});
  int steps = 0;
  for (;;) {
    run.step();
    ++steps;
    if (run.time() >= 0) break;  // released after the 50th step
    ASSERT_EQ(run.flyers().size(), 1u);
    EXPECT_DOUBLE_EQ(run.flyers()[0].x, static_cast<double>(static_cast<float>(-8.15)));
    EXPECT_DOUBLE_EQ(run.flyers()[0].y, static_cast<double>(static_cast<float>(-1.7)));
    EXPECT_EQ(run.flyer_velocities()[0].x, 0.0);
    EXPECT_EQ(run.flyer_velocities()[0].y, 0.0);
  }
  EXPECT_EQ(steps, 50);
}

TEST(BirdsShot, BluesChildrenLeaveAtPlus15Plus5AndMinus5DegreesWithTheParentsSpeed) {
  const Level level = level_of({BirdType::kBlue}, {far_pig()});
  const GameState state = initial_state(level, {});
  const double tap = 0.5;  // 25 steps: the parent is then in front of the slingshot
  ShotRun run(level, state, Shot{30, 1, tap}, {});
  step_past_tap(run, tap);
  const Start parent = after_steps(full_pull(30), 25);
  const double speed = std::hypot(parent.vx, parent.vy);
  const double heading = std::atan2(parent.vy, parent.vx);
  const auto v = run.flyer_velocities();
  ASSERT_EQ(v.size(), 3u);  // the parent left the world
  const double turns[] = {15, 5, -5};
  for (std::size_t k = 0; k < 3; ++k) {
    // The child's launch velocity, then one step of the launch gravity.
    const double a = heading + turns[k] * kRad;
    EXPECT_NEAR(v[k].x, speed * std::cos(a), 1e-4) << k;
    EXPECT_NEAR(v[k].y, speed * std::sin(a) - kG * kDt, 1e-4) << k;
  }
  EXPECT_NEAR(run.record().tap_time, tap, 1e-9);
}

TEST(BirdsShot, YellowsSpeedRisesBy8AlongItsFlight) {
  const Level level = level_of({BirdType::kYellow}, {far_pig()});
  const GameState state = initial_state(level, {});
  ShotRun run(level, state, Shot{20, 1, 0.4}, {});
  step_past_tap(run, 0.4);
  const Start before = after_steps(full_pull(20), 20);
  const double speed = std::hypot(before.vx, before.vy);
  // Impulse 4 on mass 0.5 along the velocity: +8 units/s; then one step of gravity.
  const double boosted = speed + 8;
  const auto v = run.flyer_velocities();
  ASSERT_EQ(v.size(), 1u);
  EXPECT_NEAR(v[0].x, before.vx / speed * boosted, 1e-4);
  EXPECT_NEAR(v[0].y, before.vy / speed * boosted - kG * kDt, 1e-4);
}

TEST(BirdsShot, BlacksExplosionHurtsABlockAtDistanceOneByThreeAndPushesItAway) {
  // Black shot flat and tapped after 0.3 s (15 steps) at P; an ice SquareSmall (little friction
  // to hold it) rests on a platform with its centre exactly 1 to the right of P.
  const Start p = after_steps(full_pull(0), 15);
  const double bx = p.x + 1, by = p.y;
  const ObjectType square = ObjectType::kSquareSmall;
  Object platform = thing(ObjectType::kPlatform, bx, by - 0.215 - 0.32);
  const Level level =
      level_of({BirdType::kBlack}, {platform, block(square, Material::kIce, bx, by), far_pig()});
  // On the thin skin the square stays exactly where it is put (the game's skin would lift it a
  // skin's gap off the platform, and the distance would no longer be 1).
  PlaySettings thin;
  thin.physics = PhysicsSettings::thin_skin();
  const GameState state = initial_state(level, thin);
  ASSERT_FLOAT_EQ(static_cast<float>(state.pieces[1].y), static_cast<float>(by));
  ShotRun run(level, state, Shot{0, 1, 0.3}, thin);
  step_past_tap(run, 0.3);
  const PieceState hit = run.pieces()[1];
  EXPECT_TRUE(hit.alive);
  EXPECT_NEAR(hit.life, 5 - 3.0 / 1, 1e-4);  // damage 3 / distance
  // Impulse 3 / (2 x 1) = 1.5 on its mass (0.43^2 = 0.1849), away from the blast (+x); then one
  // step of linear damping 1 (v / (1 + dt)); friction on the platform (sqrt(0.74 x 0.4) x the
  // block's weight) takes at most about 0.05 of it in a step.
  const double pushed = 1.5 / (0.43 * 0.43) / (1 + kDt);
  EXPECT_NEAR(hit.vx, pushed, 0.2);
  EXPECT_LT(std::abs(hit.vy), 0.2);
  EXPECT_TRUE(run.flyers().empty());  // the bird died in its explosion
}

TEST(BirdsShot, ABlueBirdBreaksIceThatTheSameWoodBlockSurvives) {
  // A RectBig standing against a tall platform 3 units in front of the slingshot, hit by a Blue
  // bird shot flat at full power. Blue's multipliers: ice 2, wood 0.25; every block has 5 life.
  auto level_with = [](Material m) {
    Object wall = thing(ObjectType::kPlatform, -5 + 0.11 + 0.32, kGroundY + 1.28);
    wall.scale_y = 4;
    return level_of({BirdType::kBlue},
                    {wall, block(ObjectType::kRectBig, m, -5, kGroundY + 2.06 / 2, 90), far_pig()});
  };
  // Where the bird meets the block's face (x = -5.11, the bird's right edge 0.225 ahead of its
  // centre): its speed there.
  const Start s = full_pull(0);
  int n = 1;
  while (after_steps(s, n).x + 0.225 < -5.11 - 0.015) ++n;
  const Start contact = after_steps(s, n - 1);
  const double speed = std::hypot(contact.vx, contact.vy);
  ASSERT_GT(speed * 2, 5);     // ice: destroyed
  ASSERT_LT(speed * 0.25, 5);  // wood: survives
  const Level ice = level_with(Material::kIce), wood = level_with(Material::kWood);
  GameState ice_state = initial_state(ice, {}), wood_state = initial_state(wood, {});
  const ShotRecord on_ice = play_shot(ice, ice_state, Shot{0, 1, -1}, {});
  const ShotRecord on_wood = play_shot(wood, wood_state, Shot{0, 1, -1}, {});
  EXPECT_FALSE(ice_state.pieces[1].alive);
  EXPECT_EQ(on_ice.blocks_destroyed, 1);
  ASSERT_TRUE(wood_state.pieces[1].alive);
  EXPECT_NEAR(wood_state.pieces[1].life, 5 - 0.25 * speed, 0.3);
  EXPECT_EQ(on_wood.blocks_destroyed, 0);
}

TEST(BirdsShot, APigHitHardEnoughDiesAndTheLevelIsWonWhenTheLastOneDoes) {
  // Two small pigs (life 2), each where a full-power shot comes down on it (the first step with
  // the bird's bottom at the pig's top: 0.225 + the pig's 0.45 above what it stands on): on the
  // ground, met at -15 degrees at about 10 units/s; on a platform at height 0, met at 45 degrees
  // (out of reach of what rolls on the ground).
  auto landing_x = [](double angle, double floor) {
    const Start s = full_pull(angle);
    int n = 1;
    while (s.vy - kG * kDt * n > 0 || after_steps(s, n).y - 0.225 > floor + 0.45) {
      ++n;
    }
    return after_steps(s, n).x;
  };
  const double near_x = landing_x(-15, kGroundY), far_x = landing_x(45, 0);
  const Level level = level_of(
      {BirdType::kRed, BirdType::kRed, BirdType::kRed},
      {thing(ObjectType::kPigSmall, near_x, on_ground(ObjectType::kPigSmall)),
       thing(ObjectType::kPigSmall, far_x, 0.225), thing(ObjectType::kPlatform, far_x, -0.32)});
  GameState state = initial_state(level, {});
  ASSERT_EQ(state.pigs_alive(level), 2);
  const ShotRecord first = play_shot(level, state, Shot{-15, 1, -1}, {});
  EXPECT_EQ(first.pigs_killed, 1);
  EXPECT_FALSE(state.pieces[0].alive);
  EXPECT_EQ(first.status, GameStatus::kPlaying);
  EXPECT_EQ(state.status(level), GameStatus::kPlaying);
  // Its speed at the contact was far above the pig's 2 life.
  EXPECT_LT(first.first_contact_time, 0.5);
  // The second kills the last pig: the game is won at once, without waiting for the bird.
  const ShotRecord second = play_shot(level, state, Shot{45, 1, -1}, {});
  EXPECT_EQ(second.pigs_killed, 1);
  EXPECT_EQ(second.status, GameStatus::kWon);
  EXPECT_EQ(state.status(level), GameStatus::kWon);
  EXPECT_EQ(state.birds_used, 2);
  EXPECT_EQ(state.score, 2 * 50);  // ABPig.Die: 50 points each
  EXPECT_LT(second.seconds, second.first_contact_time + 0.1);
}

TEST(BirdsShot, ALevelWithNoBirdLeftIsLostOnlyWhenEverythingIsAtRest) {
  // One bird into a tower of ice far from the only pig: the tower falls for a while; the game is
  // "playing" until the bird is dead and every piece asleep, then lost.
  std::vector<Object> objects = {
      thing(ObjectType::kPigSmall, 12, on_ground(ObjectType::kPigSmall))};
  for (int k = 0; k < 6; ++k) {
    objects.push_back(
        block(ObjectType::kSquareSmall, Material::kStone, -4.5, kGroundY + 0.215 + 0.43 * k));
  }
  const Level level = level_of({BirdType::kRed}, objects);
  const GameState state = initial_state(level, {});
  ShotRun run(level, state, Shot{10, 1, -1}, {});
  int moving_steps = 0;
  while (!run.done()) {
    run.step();
    if (!run.done()) {
      EXPECT_EQ(run.status(), GameStatus::kPlaying);
      bool awake = false;
      for (const PieceState& p : run.pieces()) awake = awake || (p.alive && p.awake);
      moving_steps += awake ? 1 : 0;
    }
  }
  EXPECT_GT(moving_steps, 25);  // the tower moved for more than half a second
  EXPECT_EQ(run.status(), GameStatus::kLost);
  EXPECT_TRUE(run.record().at_rest);
  for (const PieceState& p : run.pieces()) EXPECT_FALSE(p.alive && p.awake);
  // The bird died no sooner than 3 s after its first contact.
  EXPECT_GE(run.record().seconds, run.record().first_contact_time + 3 - 1e-9);
  EXPECT_EQ(run.state().status(level), GameStatus::kLost);
}

TEST(BirdsShot, WhitesEggFallsAt6AndTheBirdRisesBy10) {
  const Level level = level_of({BirdType::kWhite}, {far_pig()});
  const GameState state = initial_state(level, {});
  ShotRun run(level, state, Shot{40, 1, 0.5}, {});
  step_past_tap(run, 0.5);
  const Start before = after_steps(full_pull(40), 25);
  const auto v = run.flyer_velocities();
  ASSERT_EQ(v.size(), 2u);
  // The bird (mass 1): +10 upwards; the egg (mass 1, gravity x 1): 6 downwards from rest.
  EXPECT_NEAR(v[0].x, before.vx, 1e-4);
  EXPECT_NEAR(v[0].y, before.vy + 10 - kG * kDt, 1e-4);
  EXPECT_NEAR(v[1].x, 0, 1e-6);
  EXPECT_NEAR(v[1].y, -6 - 9.81 * kDt, 1e-4);
}

TEST(BirdsShot, BlackExplodesSixTenthsOfASecondAfterItsFirstContact) {
  const Level level = level_of({BirdType::kBlack}, {far_pig()});
  const GameState state = initial_state(level, {});
  ShotRun run(level, state, Shot{30, 1, -1}, {});
  double gone = -1;
  while (!run.done()) {
    run.step();
    if (gone < 0 && run.flyers().empty()) gone = run.time();
  }
  ASSERT_GE(run.record().first_contact_time, 0);
  EXPECT_NEAR(gone, run.record().first_contact_time + 0.6, 1e-9);
}
