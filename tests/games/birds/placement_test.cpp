// From individuals to levels: composites stacked exactly on what is under them (by true outlines:
// a square on a triangle's slope or on a circle's curve touches it), columns over the building
// area, nothing overlapping, nothing in free fall, pigs within the ruleset's range (a high one
// too) on flat supports and the ground, side by side, and birds as the competition's baseline
// gives them.
#include "evoplay/games/birds/placement.hpp"

#include <gtest/gtest.h>

#include <cmath>

#include "evoplay/games/birds/check.hpp"
#include "evoplay/games/birds/physics.hpp"
#include "evoplay/games/birds/protection.hpp"
#include "evoplay/games/birds/shelter.hpp"
#include "games/birds/catalogue_support.hpp"

using namespace evoplay::games::birds;
using catalogue_support::find;
using catalogue_support::index_of;

namespace {

Genome genome_of(const Catalogue& c, const std::vector<std::string>& names, std::vector<int> mask) {
  Genome g;
  for (const auto& n : names) g.genes.push_back({index_of(c, n), Material::kWood, 0, 0});
  g.mask = std::move(mask);
  g.pig_seed = 7;
  return g;
}

/// True when the objects [first, first + count) touch what holds them up, by their true
/// outlines: lowered by 0.002 they would sink more than 0.0005 into the ground or into another
/// object (a slope of up to 75 degrees included). Box2D's collision says so, not the placement's
/// own geometry; bounding boxes play no part.
bool rests_on_something(const Level& level, int first, int count) {
  Level lowered = level;
  for (int i = first; i < first + count; ++i)
    lowered.objects[static_cast<std::size_t>(i)].y -= 0.002;
  auto member = [&](int i) { return i >= first && i < first + count; };
  for (const Overlap& o : find_overlaps(lowered, 0.0005)) {
    if (member(o.a) != member(o.b)) return true;  // the ground (-1) is no member
  }
  return false;
}

/// No two objects start inside each other, by their true outlines, to within float precision.
bool starts_clean(const Level& level) { return find_overlaps(level, 1e-4).empty(); }

Catalogue two_composites(const std::string& under, const std::string& over) {
  const Catalogue all = default_catalogue();
  return {find(all, under), find(all, over)};
}

}  // namespace

namespace {

/// Placement without the fort constraints (composites on circles and triangle slopes, piles of
/// any slenderness), for the tests of how one outline comes to rest on another.
PlacementSettings unconstrained() {
  PlacementSettings s;
  s.flat_supports = false;
  s.max_slenderness = 1e9;
  return s;
}

}  // namespace

TEST(BirdsPlacement, ColumnsSpreadOverTheBuildingArea) {
  const PlacementSettings s;
  EXPECT_DOUBLE_EQ(column_x(0, s), -3);
  EXPECT_DOUBLE_EQ(column_x(3, s), 3);
  EXPECT_DOUBLE_EQ(column_x(6, s), 9);
}

TEST(BirdsPlacement, CompositesRestExactlyOnTheGroundAndOnEachOther) {
  const Catalogue c = default_catalogue();
  Ruleset rules;
  rules.pigs_min = rules.pigs_max = 3;
  const auto p = place(genome_of(c, {"SquareSmall", "RectFat", "RectFat", "RectFat", "table"},
                                 {1, 0, 0, 3, 0, 0, 1}),
                       c, rules);
  ASSERT_EQ(p.composites.size(), 5u);
  const auto& o = p.level.objects;
  // A SquareSmall (0.43 high) on the ground at x = -3.
  EXPECT_NEAR(o[0].x, -3, 1e-9);
  EXPECT_NEAR(o[0].y, -3.5 + 0.215, 1e-9);
  // Three RectFat (0.43 high) stacked at x = 3.
  EXPECT_NEAR(o[1].y, -3.285, 1e-9);
  EXPECT_NEAR(o[2].y, -2.855, 1e-9);
  EXPECT_NEAR(o[3].y, -2.425, 1e-9);
  EXPECT_NEAR(o[3].x, 3, 1e-9);
  // The table at x = 9: legs (RectSmall standing, 0.85 high) and its plank on them.
  EXPECT_NEAR(o[4].x, 9 - 0.62, 1e-9);
  EXPECT_NEAR(o[4].y, -3.5 + 0.425, 1e-9);
  EXPECT_NEAR(o[6].y, -3.5 + 0.85 + 0.11, 1e-9);
  EXPECT_EQ(o[6].type, ObjectType::kRectMedium);
  // Three pigs, three birds (ceil(3 / 2) + 1).
  EXPECT_EQ(p.level.count(Kind::kPig), 3);
  EXPECT_EQ(p.level.birds.size(), 3u);
  EXPECT_EQ(p.level.width, 2);
  EXPECT_TRUE(starts_clean(p.level));
  for (const auto& pc : p.composites) EXPECT_TRUE(rests_on_something(p.level, pc.first, pc.count));
}

TEST(BirdsPlacement, ASquareOnATriangleRestsOnItsSlope) {
  // The audit's case: a catalogue of a Triangle and a SquareTiny, one on the other at x = -3.
  const Catalogue c = two_composites("Triangle", "SquareTiny");
  const auto p = place(genome_of(c, {"Triangle", "SquareTiny"}, {2, 0, 0, 0, 0, 0, 0}), c,
                       Ruleset{}, unconstrained());
  ASSERT_EQ(p.composites.size(), 2u);
  const auto& o = p.level.objects;
  // The triangle (0.834 x 0.82, right angle bottom left) stands on the ground: its hypotenuse
  // runs from (-3.417, -2.68) down to (-2.583, -3.5).
  EXPECT_NEAR(o[0].y, -3.5 + 0.41, 1e-9);
  // The square (0.22 x 0.21) spans x in [-3.11, -2.89]; its left corner meets the slope at
  // x = -3.11, where the slope is 0.307 x 0.82 / 0.834 below its top: the square's centre is
  // half its height above that point (its bounding box would have it 0.302 higher, in the air).
  EXPECT_NEAR(o[1].y, -2.68 - 0.307 * 0.82 / 0.834 + 0.105, 1e-9);
  EXPECT_TRUE(starts_clean(p.level));
  EXPECT_TRUE(rests_on_something(p.level, 1, 1));
}

TEST(BirdsPlacement, ASquareOnACircleRestsOnItsOutline) {
  const Catalogue c = two_composites("Circle", "SquareTiny");
  Genome g = genome_of(c, {"Circle", "SquareTiny"}, {0, 0, 0, 2, 0, 0, 0});
  g.genes[1].dx = 0.35;  // the square off the circle's flat top: over its right shoulder
  const auto p = place(g, c, Ruleset{}, unconstrained());
  ASSERT_EQ(p.composites.size(), 2u);
  const auto& o = p.level.objects;
  // The circle (the game's 12-gon, 0.75 high) on the ground at x = 3. Its flat top ends at
  // x = 0.19 from its centre, where the edge to (0.33, 0.235) slopes down at 45 degrees. The
  // square spans x in [3.24, 3.46]: its bottom-left corner, 0.24 from the centre, rests on that
  // edge 0.05 below the top (its bounding box would hold it 0.05 higher, in the air).
  EXPECT_NEAR(o[0].y, -3.5 + 0.375, 1e-9);
  EXPECT_NEAR(o[1].x, 3.35, 1e-9);
  EXPECT_NEAR(o[1].y, -3.125 + 0.375 - 0.05 + 0.105, 1e-9);
  EXPECT_TRUE(starts_clean(p.level));
  EXPECT_TRUE(rests_on_something(p.level, 1, 1));
}

TEST(BirdsPlacement, LongTopsAndFreeGroundHoldSeveralPigsSideBySide) {
  const Catalogue c = default_catalogue();
  PlacementSettings s;
  s.ground_min = 0;
  s.ground_max = -1;  // no room on the ground: the pigs must go on the plank
  Ruleset rules;
  rules.pigs_min = rules.pigs_max = 4;
  // A RectBig (2.06 long) on the ground at x = -3. A small pig's base runs from 0.165 left of
  // its centre to 0.215 right, so centres span 2.06 - 0.38 = 1.68; pigs 0.47 wide, 0.05 apart
  // (plus 0.01): four fit, as 1 + floor(1.68 / 0.53).
  auto p = place(genome_of(c, {"RectBig"}, {1, 0, 0, 0, 0, 0, 0}), c, rules, s);
  EXPECT_EQ(p.level.count(Kind::kPig), 4);
  EXPECT_EQ(p.pigs_missing, 0);
  for (std::size_t i = 1; i < p.level.objects.size(); ++i) {
    EXPECT_EQ(p.level.objects[i].type, ObjectType::kPigSmall);
    EXPECT_NEAR(p.level.objects[i].y, -3.5 + 0.22 + 0.225, 1e-9);
    EXPECT_TRUE(rests_on_something(p.level, static_cast<int>(i), 1));
  }
  EXPECT_TRUE(starts_clean(p.level));
  // A fifth has no room: the level says it is one short.
  rules.pigs_min = rules.pigs_max = 5;
  p = place(genome_of(c, {"RectBig"}, {1, 0, 0, 0, 0, 0, 0}), c, rules, s);
  EXPECT_EQ(p.level.count(Kind::kPig), 4);
  EXPECT_EQ(p.pigs_wanted, 5);
  EXPECT_EQ(p.pigs_missing, 1);
  EXPECT_EQ(p.level.birds.size(), 3u);  // from the pigs there: ceil(4 / 2) + 1
  // Bare ground from x = 0 to 1.06 holds three small pigs (3 x 0.47 + 2 x 0.06 <= 1.06 + 0.47).
  s.ground_max = 1.06;
  rules.pigs_min = rules.pigs_max = 5;
  p = place(genome_of(c, {}, {0, 0, 0, 0, 0, 0, 0}), c, rules, s);
  EXPECT_EQ(p.level.count(Kind::kPig), 3);
  EXPECT_EQ(p.pigs_missing, 2);
  EXPECT_TRUE(starts_clean(p.level));
}

TEST(BirdsPlacement, AHighPigRangeIsMet) {
  // 20 to 25 pigs (the audit found 16 to 19 for 20): random levels of 20 composites hold them.
  const Catalogue c = default_catalogue();
  Ruleset rules;
  rules.pigs_min = 20;
  rules.pigs_max = 25;
  const Palette palette(c, rules);
  for (std::uint64_t seed = 1; seed <= 10; ++seed) {
    evoplay::Rng rng(seed);
    Genome g = random_genome(palette, GenomeSettings{}, rng);
    for (auto& gene : g.genes) gene.dx = rng.uniform(-0.75, 0.75);
    const auto p = place(g, c, rules);
    const int pigs = p.level.count(Kind::kPig);
    EXPECT_GE(pigs, 20) << "seed " << seed;
    EXPECT_LE(pigs, 25) << "seed " << seed;
    EXPECT_EQ(p.pigs_missing, 0) << "seed " << seed;
    EXPECT_EQ(pigs, p.pigs_wanted) << "seed " << seed;
    EXPECT_TRUE(starts_clean(p.level)) << "seed " << seed;
    EXPECT_TRUE(outside_world(p.level).empty()) << "seed " << seed;
    for (std::size_t i = 0; i < p.level.objects.size(); ++i) {
      if (p.level.objects[i].kind() != Kind::kPig) continue;
      EXPECT_TRUE(rests_on_something(p.level, static_cast<int>(i), 1))
          << "seed " << seed << ": " << describe(p.level.objects[i]);
      EXPECT_LE(p.level.objects[i].x, 14 + 1e-9);  // within the camera's widest view
      EXPECT_GE(p.level.objects[i].x, -5 - 1e-9);  // well right of the slingshot
    }
  }
}

TEST(BirdsPlacement, AWideCompositeRestsOnTheNeighbourItOverhangs) {
  const Catalogue c = default_catalogue();
  // Two RectBig (2.06 long) in neighbouring columns 2 apart: they overlap across by 0.06, so the
  // second lies on the first.
  const auto p = place(genome_of(c, {"RectBig", "RectBig"}, {1, 1, 0, 0, 0, 0, 0}), c, Ruleset{},
                       unconstrained());
  EXPECT_NEAR(p.level.objects[0].y, -3.5 + 0.11, 1e-9);
  EXPECT_NEAR(p.level.objects[1].y, -3.5 + 0.22 + 0.11, 1e-9);
  EXPECT_TRUE(starts_clean(p.level));
  EXPECT_TRUE(rests_on_something(p.level, 1, 1));
}

TEST(BirdsPlacement, ACompositeThatWouldHangFromOnePieceIsLeftOut) {
  const Catalogue c = default_catalogue();
  // A bridge (legs 1.6 apart, 0.43 wide and high, under a plank) on a RectFat standing (0.43
  // wide, 0.85 high): its plank would rest on the tower with both legs 0.42 in the air, so it is
  // left out; the next composite takes its place.
  auto p =
      place(genome_of(c, {"RectFat@90", "bridge", "RectFat"}, {0, 0, 3, 0, 0, 0, 0}), c, Ruleset{});
  ASSERT_EQ(p.composites.size(), 2u);
  EXPECT_EQ(p.skipped, 1);
  EXPECT_EQ(p.composites[1].gene, 2);
  EXPECT_NEAR(p.level.objects[1].y, -3.5 + 0.85 + 0.215, 1e-9);  // the RectFat on the tower
  // On a RectBig (2.06 long) both legs stand: it is placed.
  p = place(genome_of(c, {"RectBig", "bridge"}, {0, 0, 2, 0, 0, 0, 0}), c, Ruleset{});
  ASSERT_EQ(p.composites.size(), 2u);
  EXPECT_EQ(p.skipped, 0);
  for (int i = 1; i <= 3; ++i) EXPECT_TRUE(rests_on_something(p.level, i, 1)) << i;
}

TEST(BirdsPlacement, CompositesThatWouldRiseAboveTheTopAreLeftOut) {
  const Catalogue c = default_catalogue();
  // RectFat standing is 0.85 high: from -3.5, twelve reach 6.7, a thirteenth would pass 7.
  std::vector<std::string> names(20, "RectFat@90");
  const auto p = place(genome_of(c, names, {20, 0, 0, 0, 0, 0, 0}), c, Ruleset{}, unconstrained());
  EXPECT_EQ(p.composites.size(), 12u);
  EXPECT_EQ(p.skipped, 8);
  for (const auto& o : p.level.objects) EXPECT_LE(bounds(o).max_y, 7 + 1e-9);
}

TEST(BirdsPlacement, RandomIndividualsMakeLevelsThatStartClean) {
  const Catalogue c = default_catalogue();
  Ruleset rules;
  rules.pigs_min = 4;
  rules.pigs_max = 9;
  rules.forbidden = {{Material::kWood, ObjectType::kRectMedium},
                     {Material::kIce, ObjectType::kSquareHole}};
  const Palette palette(c, rules);
  GenomeSettings gs;
  gs.length = 20;
  for (std::uint64_t seed = 1; seed <= 25; ++seed) {
    evoplay::Rng rng(seed);
    Genome g = random_genome(palette, gs, rng);
    for (auto& gene : g.genes) gene.dx = rng.uniform(-0.75, 0.75);
    const auto p = place(g, c, rules);
    const Level& level = p.level;
    EXPECT_TRUE(starts_clean(level)) << "seed " << seed;
    EXPECT_TRUE(outside_world(level).empty()) << "seed " << seed;
    for (const auto& pc : p.composites) {
      EXPECT_TRUE(rests_on_something(level, pc.first, pc.count))
          << "seed " << seed << ", composite of gene " << pc.gene;
      // And each of its pieces, a body of its own, on its own pieces or on what is under them.
      for (int i = pc.first; i < pc.first + pc.count; ++i) {
        EXPECT_TRUE(rests_on_something(level, i, 1))
            << "seed " << seed << ": " << describe(level.objects[static_cast<std::size_t>(i)]);
      }
    }
    const int pigs = level.count(Kind::kPig);
    EXPECT_EQ(p.pigs_missing, 0) << "seed " << seed;
    EXPECT_GE(pigs, 4) << "seed " << seed;
    EXPECT_LE(pigs, 9) << "seed " << seed;
    EXPECT_EQ(static_cast<int>(level.birds.size()), (pigs + 1) / 2 + 1);
    for (std::size_t i = 0; i < level.objects.size(); ++i) {
      const Object& o = level.objects[i];
      if (o.kind() == Kind::kBlock) {
        EXPECT_TRUE(rules.allows(o.material, o.type)) << describe(o);
      } else if (o.kind() == Kind::kPig) {
        EXPECT_TRUE(rests_on_something(level, static_cast<int>(i), 1)) << describe(o);
      }
    }
    // Deterministic: the same genome, the same level.
    EXPECT_EQ(place(g, c, rules).level, level);
  }
}

TEST(BirdsPlacement, PigsGoFirstWhereNoShotReachesThem) {
  // A house (two RectMedium walls 1.68 high, a RectBig roof) alone in column 4 at x = 3: the
  // only place for a pig that no full-power shot reaches first is inside it, between its walls
  // (x from 2.51 to 3.49), and there the pig goes.
  const Catalogue c = default_catalogue();
  Ruleset rules;
  rules.pigs_min = rules.pigs_max = 1;
  const auto p = place(genome_of(c, {"house"}, {0, 0, 0, 1, 0, 0, 0}), c, rules);
  ASSERT_EQ(p.level.count(Kind::kPig), 1);
  const Object& pig = p.level.objects[3];  // the house's 3 blocks, then the pig
  ASSERT_EQ(pig.kind(), Kind::kPig);
  EXPECT_GT(pig.x - pig.shape().width / 2, 3 - 0.49 - 1e-9);
  EXPECT_LT(pig.x + pig.shape().width / 2, 3 + 0.49 + 1e-9);
  EXPECT_DOUBLE_EQ(pig_protection(p.level).share, 1.0);
  EXPECT_TRUE(starts_clean(p.level));
  // Without the preference, pigs take slots in random order (seed 7: outside).
  PlacementSettings open;
  open.shelter_pigs = false;
  const auto q = place(genome_of(c, {"house"}, {0, 0, 0, 1, 0, 0, 0}), c, rules, open);
  EXPECT_DOUBLE_EQ(pig_protection(q.level).share, 0.0);
}

TEST(BirdsPlacement, PigsGoToRoomsFarApart) {
  // Rooms at x = -3 (a house), 2 and 4 (the two bays of a hall at x = 3) and 9 (a house): with
  // pig_spread 5 two pigs take rooms at least 5 apart in x, whatever the pig seed (one shot does
  // not reach both); without it (the default), some seed puts both in the hall.
  const Catalogue c = default_catalogue();
  Ruleset rules;
  rules.pigs_min = rules.pigs_max = 2;
  Genome g = genome_of(c, {"house", "hall", "house"}, {1, 0, 0, 1, 0, 0, 1});
  PlacementSettings apart_settings;
  apart_settings.pig_spread = 5;
  const PlacementSettings together;
  ASSERT_EQ(together.pig_spread, 0);
  int close_without = 0;
  for (std::uint64_t seed = 1; seed <= 20; ++seed) {
    g.pig_seed = seed;
    for (const bool spread : {true, false}) {
      const auto p = place(g, c, rules, spread ? apart_settings : together);
      std::vector<double> xs;
      for (const Object& o : p.level.objects) {
        if (o.kind() == Kind::kPig) xs.push_back(o.x);
      }
      EXPECT_DOUBLE_EQ(pig_shelter(p.level).share, 1.0) << "seed " << seed;
      ASSERT_EQ(xs.size(), 2u) << "seed " << seed;
      const double apart = std::abs(xs[0] - xs[1]);
      if (spread) {
        EXPECT_GE(apart, 5 - 1e-9) << "seed " << seed;
      }
      if (!spread && apart < 5) ++close_without;
    }
  }
  EXPECT_GT(close_without, 0);
}

TEST(BirdsPlacement, AColumnStandsOnItsPlatformAndTntGoesBesideThePigs) {
  const Catalogue c = default_catalogue();
  Ruleset rules;
  rules.pigs_min = rules.pigs_max = 2;
  Genome g = genome_of(c, {"RectFat", "SquareSmall"}, {0, 0, 0, 2, 0, 0, 0});
  g.platforms = {0, 0, 0, 2.0, 0, 0, 0};
  PlacementSettings s;
  s.tnt_min = s.tnt_max = 1;
  const auto p = place(g, c, rules, s);
  EXPECT_EQ(p.platforms, 1);
  ASSERT_EQ(p.level.objects[0].kind(), Kind::kPlatform);
  // The platform's top is 2 above the ground, under column 4 (x = 3), whole tiles wide; the
  // RectFat (0.43 high) rests on it.
  EXPECT_NEAR(p.level.objects[0].y + kPlatformTile / 2, kGroundY + 2, 1e-9);
  EXPECT_DOUBLE_EQ(p.level.objects[0].x, 3);
  EXPECT_EQ(p.level.objects[0].scale_x, std::ceil(2 * (0.85 / 2 + s.platform_margin) / 0.64));
  EXPECT_NEAR(p.level.objects[1].y, kGroundY + 2 + 0.215, 1e-9);
  EXPECT_EQ(p.level.count(Kind::kPig), 2);
  EXPECT_EQ(p.level.count(Kind::kTnt), 1);
  EXPECT_EQ(p.blocks, 2);
  EXPECT_TRUE(starts_clean(p.level));
  for (std::size_t i = 1; i < p.level.objects.size(); ++i) {
    EXPECT_TRUE(rests_on_something(p.level, static_cast<int>(i), 1))
        << describe(p.level.objects[i]);
  }
  const StabilityReport r = simulate(p.level);
  EXPECT_TRUE(r.stable);
}
