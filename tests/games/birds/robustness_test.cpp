// The game's physics as the judge, on hand-built levels whose answers follow from their geometry:
// the skin lifts a stack without moving it, a pillar-and-beam room stands on the game's skin and
// when nudged and leaned, a column one block wide falls when the level leans past the angle at
// which its centre of mass leaves its base, while a shorter one stands.
#include "evoplay/games/birds/robustness.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <numbers>

#include "evoplay/core/error.hpp"
#include "games/birds/level_support.hpp"

using namespace evoplay::games::birds;
using namespace evoplay::games::birds::test;

namespace {

/// `n` small squares (0.43) stacked on the ground at x = 0, exactly touching.
Level column(int n, Material material = Material::kWood) {
  std::vector<Object> blocks;
  for (int i = 0; i < n; ++i) {
    blocks.push_back(block(ObjectType::kSquareSmall, material, 0, kGroundY + 0.215 + 0.43 * i));
  }
  return level_of({BirdType::kRed}, blocks);
}

/// Two standing RectMedium pillars under a RectBig beam, a medium pig inside.
Level room() {
  return level_of({BirdType::kRed},
                  {block(ObjectType::kRectMedium, Material::kWood, -0.92, kGroundY + 0.84, 90),
                   block(ObjectType::kRectMedium, Material::kWood, 0.92, kGroundY + 0.84, 90),
                   block(ObjectType::kRectBig, Material::kWood, 0, kGroundY + 1.79),
                   thing(ObjectType::kPigMedium, 0, on_ground(ObjectType::kPigMedium))});
}

/// The angle (degrees) a uniform pile `width` wide and `height` high can lean before its centre
/// of mass is over the edge of its base.
double tip_angle(double width, double height) {
  return std::atan((width / 2) / (height / 2)) * 180 / std::numbers::pi;
}

}  // namespace

TEST(BirdsRobustness, TheGamesSkinLiftsAStackButTheLiftIsNoMovement) {
  // Box2D keeps resting polygons their skin apart: at the game's contact offset (0.01, two
  // skins a contact, less the 0.005 slop) each layer of fifteen opens a gap of about 0.01.
  const Level level = column(15);
  const StabilityReport game = simulate(level);
  const ObjectOutcome& top = game.objects.back();
  EXPECT_GT(top.y - level.objects.back().y, 14 * 0.005);
  EXPECT_LT(top.y - level.objects.back().y, 15 * 0.015);
  // Without gravity the skin opens each gap a little wider (about 0.001 a layer) than the
  // stack keeps under its weight: what is left is far below the 0.1 that counts as movement.
  EXPECT_NEAR(top.skin_shift, top.y - level.objects.back().y, 15 * 0.0015);
  EXPECT_LT(top.displacement, 15 * 0.0015);  // measured beyond the skin's push: nothing fell
  EXPECT_TRUE(game.stable);
  // Without the discount the same simulation calls the top blocks moved.
  PhysicsSettings raw;
  raw.discount_skin = false;
  EXPECT_FALSE(simulate(level, raw).stable);
  // The thin skin keeps the stack where the file put it.
  const StabilityReport thin = simulate(level, PhysicsSettings::thin_skin());
  EXPECT_LT(std::abs(thin.objects.back().y - level.objects.back().y), 0.006);
  EXPECT_TRUE(thin.stable);
}

TEST(BirdsRobustness, APillarAndBeamRoomStandsOnTheGamesSkinAndWhenNudgedAndLeaned) {
  const Level level = room();
  const StabilityReport r = simulate(level);
  EXPECT_TRUE(r.stable);
  EXPECT_TRUE(r.overlaps.empty());
  RobustnessSettings s;
  s.trials = 4;
  const RobustnessReport rob = robustness(level, {}, s);
  EXPECT_TRUE(rob.stable);
  EXPECT_EQ(rob.stood, 4);
  EXPECT_TRUE(rob.robust);
  // The room is 2.06 wide and 1.9 high: it would tip only past ~47 degrees.
  EXPECT_GT(tip_angle(2.06, 1.9), 10 * s.lean);
}

TEST(BirdsRobustness, AColumnOneBlockWideAndFifteenHighStandsButIsNotRobust) {
  // Fifteen small squares: 0.43 wide, 6.45 high. Leaned 4 degrees its centre of mass (3.2 up)
  // moves 0.225 sideways, past the 0.215 half-width of its base: it falls, either way.
  RobustnessSettings s;
  ASSERT_LT(tip_angle(0.43, 15 * 0.43), s.lean);
  const Level tall = column(15);
  const RobustnessReport r = robustness(tall, {}, s);
  EXPECT_TRUE(r.stable);  // it stands as the file puts it
  EXPECT_EQ(r.stood, 0);
  EXPECT_FALSE(r.robust);
  // Seven of them tip only past 8 degrees: robust.
  ASSERT_GT(tip_angle(0.43, 7 * 0.43), 2 * s.lean);
  EXPECT_TRUE(robustness(column(7), {}, s).robust);
}

TEST(BirdsRobustness, ALevelThatFallsAsItIsRunsNoTrial) {
  Level level = column(3);
  level.objects[2].x = 0.3;  // the top square hangs 0.3 over the edge: it tips off
  const RobustnessReport r = robustness(level, {}, {});
  EXPECT_FALSE(r.stable);
  EXPECT_FALSE(r.robust);
  EXPECT_EQ(r.stood, 0);
  ASSERT_EQ(r.paper_scores.size(), 3u);
  EXPECT_EQ(r.paper_scores[1], r.paper_scores[0]);
}

TEST(BirdsRobustness, NudgesAreSeededSmallAndLeavePlatformsAlone) {
  Level level = room();
  Object platform{ObjectType::kPlatform, Material::kNone, 5, 0};
  level.objects.push_back(platform);
  RobustnessSettings s;
  const Level a = nudged(level, s, 0), b = nudged(level, s, 0), c = nudged(level, s, 1);
  EXPECT_EQ(a, b);
  EXPECT_NE(a, c);
  for (std::size_t i = 0; i < level.objects.size(); ++i) {
    EXPECT_LE(std::abs(a.objects[i].x - level.objects[i].x), s.position_jitter);
    EXPECT_LE(std::abs(a.objects[i].y - level.objects[i].y), s.position_jitter);
    EXPECT_LE(std::abs(a.objects[i].rotation - level.objects[i].rotation), s.angle_jitter);
  }
  EXPECT_EQ(a.objects.back(), platform);
  s.lean = -1;
  EXPECT_THROW(s.validate(), evoplay::Error);
}
