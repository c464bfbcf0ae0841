// From individuals to levels: composites stacked exactly on what is under them, columns over the
// building area, nothing overlapping, nothing in free fall, pigs within the ruleset's range on
// flat supports, and birds as the competition's baseline gives them.
#include "evoplay/games/birds/placement.hpp"

#include <gtest/gtest.h>

#include <cmath>

#include "evoplay/games/birds/check.hpp"

using namespace evoplay::games::birds;

namespace {

int index_of(const Catalogue& c, const std::string& name) {
  for (std::size_t i = 0; i < c.size(); ++i) {
    if (c[i].name == name) return static_cast<int>(i);
  }
  throw std::runtime_error("no composite " + name);
}

Genome genome_of(const Catalogue& c, const std::vector<std::string>& names, std::vector<int> mask) {
  Genome g;
  for (const auto& n : names) g.genes.push_back({index_of(c, n), Material::kWood, 0, 0});
  g.mask = std::move(mask);
  g.pig_seed = 7;
  return g;
}

bool x_overlap(const Bounds& a, const Bounds& b) {
  return a.min_x < b.max_x - 1e-6 && b.min_x < a.max_x - 1e-6;
}

/// True when one of the objects [first, first + count) rests on the ground or on the top of
/// another object (not one of them) under it.
bool rests_on_something(const Level& level, int first, int count) {
  for (int i = first; i < first + count; ++i) {
    const Bounds p = bounds(level.objects[static_cast<std::size_t>(i)]);
    if (std::abs(p.min_y - kGroundY) < 1e-6) return true;
    for (int j = 0; j < static_cast<int>(level.objects.size()); ++j) {
      if (j >= first && j < first + count) continue;
      const Bounds q = bounds(level.objects[static_cast<std::size_t>(j)]);
      if (x_overlap(p, q) && std::abs(p.min_y - q.max_y) < 1e-6) return true;
    }
  }
  return false;
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
  EXPECT_TRUE(find_overlaps(p.level).empty());
}

TEST(BirdsPlacement, AWideCompositeRestsOnTheNeighbourItOverhangs) {
  const Catalogue c = default_catalogue();
  // Two RectBig (2.06 long) in neighbouring columns 2 apart: they overlap across by 0.06, so the
  // second lies on the first.
  const auto p = place(genome_of(c, {"RectBig", "RectBig"}, {1, 1, 0, 0, 0, 0, 0}), c, Ruleset{});
  EXPECT_NEAR(p.level.objects[0].y, -3.5 + 0.11, 1e-9);
  EXPECT_NEAR(p.level.objects[1].y, -3.5 + 0.22 + 0.11, 1e-9);
  EXPECT_TRUE(find_overlaps(p.level).empty());
}

TEST(BirdsPlacement, CompositesThatWouldRiseAboveTheTopAreLeftOut) {
  const Catalogue c = default_catalogue();
  // RectFat standing is 0.85 high: from -3.5, twelve reach 6.7, a thirteenth would pass 7.
  std::vector<std::string> names(20, "RectFat@90");
  const auto p = place(genome_of(c, names, {20, 0, 0, 0, 0, 0, 0}), c, Ruleset{});
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
    EXPECT_TRUE(find_overlaps(level).empty()) << "seed " << seed;
    EXPECT_TRUE(outside_world(level).empty()) << "seed " << seed;
    for (const auto& pc : p.composites) {
      EXPECT_TRUE(rests_on_something(level, pc.first, pc.count))
          << "seed " << seed << ", composite of gene " << pc.gene;
    }
    const int pigs = level.count(Kind::kPig);
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
