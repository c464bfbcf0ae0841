// What carries each piece, and whether a pig sits in a room, from the geometry of hand-built
// levels: a beam resting on a circle or on a triangle's tip is flagged, one on two blocks or on
// a triangle's level side is not; a pig in a closed room is sheltered, one on the ground beside a
// tower is not.
#include "evoplay/games/birds/support.hpp"

#include <gtest/gtest.h>

#include "evoplay/games/birds/shelter.hpp"
#include "games/birds/level_support.hpp"

using namespace evoplay::games::birds;
using namespace evoplay::games::birds::test;

TEST(BirdsSupport, ABeamRestingOnACircleIsFlagged) {
  // The game's Circle is 0.75 high with a flat top: a plank laid on it rests on it alone.
  const double circle_top = kGroundY + 0.75;
  const Level level =
      level_of({BirdType::kRed},
               {block(ObjectType::kCircle, Material::kWood, 0, on_ground(ObjectType::kCircle)),
                block(ObjectType::kRectMedium, Material::kWood, 0, circle_top + 0.11)});
  const SupportReport r = support_report(level);
  EXPECT_EQ(r.off_ground, 1);
  EXPECT_EQ(r.badly_carried, 1);
  ASSERT_EQ(r.flagged.size(), 1u);
  EXPECT_EQ(r.flagged[0], 1);
}

TEST(BirdsSupport, ABeamOnTwoBlocksOrOnACircleAndABlockIsCarried) {
  const Level bridge = level_of(
      {BirdType::kRed},
      {block(ObjectType::kSquareSmall, Material::kWood, -0.6, on_ground(ObjectType::kSquareSmall)),
       block(ObjectType::kSquareSmall, Material::kWood, 0.6, on_ground(ObjectType::kSquareSmall)),
       block(ObjectType::kRectMedium, Material::kWood, 0, kGroundY + 0.43 + 0.11)});
  EXPECT_EQ(support_report(bridge).badly_carried, 0);
  EXPECT_EQ(support_report(bridge).off_ground, 1);
  // A SquareHole (0.84) beside a Circle (0.75) under the plank: the plank rests on the square,
  // the circle does not reach it, and the plank is carried by a flat top.
  const Level mixed = level_of(
      {BirdType::kRed},
      {block(ObjectType::kCircle, Material::kWood, -0.5, on_ground(ObjectType::kCircle)),
       block(ObjectType::kSquareHole, Material::kWood, 0.5, on_ground(ObjectType::kSquareHole)),
       block(ObjectType::kRectMedium, Material::kWood, 0, kGroundY + 0.84 + 0.11)});
  EXPECT_EQ(support_report(mixed).badly_carried, 0);
}

TEST(BirdsSupport, ABlockOnATrianglesTipIsFlaggedAndOneOnItsLevelSideIsNot) {
  // Triangle: right angle bottom-left, 0.834 x 0.82; its top is a point over its left edge.
  const double tip = kGroundY + 0.82;
  const Level on_tip =
      level_of({BirdType::kRed},
               {block(ObjectType::kTriangle, Material::kWood, 0, on_ground(ObjectType::kTriangle)),
                block(ObjectType::kSquareSmall, Material::kWood, -0.417, tip + 0.215)});
  EXPECT_EQ(support_report(on_tip).badly_carried, 1);
  // Turned upside down (180 degrees) its long side is on top, level: a floor.
  Object flipped =
      block(ObjectType::kTriangle, Material::kWood, 0, on_ground(ObjectType::kTriangle));
  flipped.rotation = 180;
  const Level on_side =
      level_of({BirdType::kRed},
               {flipped, block(ObjectType::kSquareSmall, Material::kWood, 0.1, tip + 0.215)});
  EXPECT_EQ(support_report(on_side).badly_carried, 0);
}

TEST(BirdsShelter, APigInAClosedRoomIsShelteredAndOneBesideATowerIsNot) {
  const Level level =
      level_of({BirdType::kRed},
               {// A room: two pillars, a beam, a pig between them.
                block(ObjectType::kRectMedium, Material::kWood, -0.92, kGroundY + 0.84, 90),
                block(ObjectType::kRectMedium, Material::kWood, 0.92, kGroundY + 0.84, 90),
                block(ObjectType::kRectBig, Material::kWood, 0, kGroundY + 1.79),
                thing(ObjectType::kPigMedium, 0, on_ground(ObjectType::kPigMedium)),
                // A tower of three squares with a pig on the ground beside it.
                block(ObjectType::kSquareHole, Material::kStone, 6, kGroundY + 0.42),
                block(ObjectType::kSquareHole, Material::kStone, 6, kGroundY + 1.26),
                block(ObjectType::kSquareHole, Material::kStone, 6, kGroundY + 2.1),
                thing(ObjectType::kPigMedium, 5.1, on_ground(ObjectType::kPigMedium))});
  const ShelterReport r = pig_shelter(level);
  ASSERT_EQ(r.pigs.size(), 2u);
  EXPECT_TRUE(r.shelter[0].sheltered());
  EXPECT_FALSE(r.shelter[1].sheltered());
  EXPECT_TRUE(r.shelter[1].right);  // the tower is its wall on one side
  EXPECT_FALSE(r.shelter[1].left);  // open ground on the other
  EXPECT_FALSE(r.shelter[1].roof);  // and open sky above
  EXPECT_EQ(r.sheltered, 1);
  EXPECT_DOUBLE_EQ(r.share, 0.5);
}

TEST(BirdsShelter, AWallOrARoofFartherThanTheReachIsNone) {
  // Pillars' inner faces 0.99 from the middle: 0.6 from the medium pig (0.78 wide); the beam's
  // underside 0.92 above its top.
  const Level level = level_of(
      {BirdType::kRed}, {block(ObjectType::kRectMedium, Material::kWood, -1.1, kGroundY + 0.84, 90),
                         block(ObjectType::kRectMedium, Material::kWood, 1.1, kGroundY + 0.84, 90),
                         block(ObjectType::kRectBig, Material::kWood, 0, kGroundY + 1.79),
                         thing(ObjectType::kPigMedium, 0, on_ground(ObjectType::kPigMedium))});
  EXPECT_TRUE(pig_shelter(level).shelter[0].sheltered());
  const Shelter near = pig_shelter(level, 0.7).shelter[0];
  EXPECT_TRUE(near.left && near.right);
  EXPECT_FALSE(near.roof);
  const Shelter nearer = pig_shelter(level, 0.5).shelter[0];
  EXPECT_FALSE(nearer.left || nearer.right || nearer.roof);
}
