// Open-ended composites: the still part of a column becomes a composite with its origin; moving
// parts do not; a shape already known is not added again; growth per layer.
#include "evoplay/games/birds/open_ended.hpp"

#include <gtest/gtest.h>

#include "games/birds/catalogue_support.hpp"

using namespace evoplay::games::birds;
using catalogue_support::index_of;

TEST(BirdsOpenEnded, StillColumnsBecomeComposites) {
  Catalogue c = default_catalogue();
  // Column 1: three small squares stacked; column 4: a circle with a long plank on it, off
  // centre, which tips over.
  Genome g;
  for (int i = 0; i < 3; ++i) g.genes.push_back({index_of(c, "SquareSmall"), Material::kWood});
  g.genes.push_back({index_of(c, "Circle"), Material::kStone});
  g.genes.push_back({index_of(c, "RectBig"), Material::kWood, 0.6, 0});
  g.mask = {3, 0, 0, 2, 0, 0, 0};
  g.pig_seed = 1;
  Ruleset rules;
  rules.pigs_min = rules.pigs_max = 1;
  PlacementSettings far;  // the pig on the ground well right of the plank (not propping it up)
  far.ground_min = 10;
  far.tnt_max = 0;
  far.flat_supports = false;  // the plank is put on the circle on purpose
  far.max_slenderness = 1e9;
  const Placement p = place(g, c, rules, far);
  const StabilityReport report = simulate(p.level);
  ASSERT_EQ(p.composites.size(), 5u);
  ASSERT_TRUE(report.objects[4].moved) << "the plank should fall off the circle";
  const std::vector<HarvestSource> sources = {{"level-04", &g, &p, &report}};
  HarvestSettings h;
  h.layer = 1;
  h.note = "seed 3";
  const auto fresh = harvest_composites(sources, c, h);
  ASSERT_EQ(fresh.size(), 1u);
  const Composite& tower = fresh[0];
  EXPECT_EQ(tower.name, "L1-01");
  EXPECT_EQ(tower.layer, 1);
  EXPECT_EQ(tower.parents, (std::vector<std::string>{"SquareSmall", "SquareSmall", "SquareSmall"}));
  ASSERT_EQ(tower.pieces.size(), 3u);
  EXPECT_NEAR(tower.width(), 0.43, 1e-6);
  EXPECT_NEAR(tower.height(), 3 * 0.43, 1e-6);
  EXPECT_NE(tower.origin.find("level-04"), std::string::npos) << tower.origin;
  EXPECT_NE(tower.origin.find("column 1"), std::string::npos) << tower.origin;
  EXPECT_NE(tower.origin.find("seed 3"), std::string::npos) << tower.origin;
  // With two-piece cuts allowed the two-square stack comes too (the three-square one first).
  h.min_pieces = 2;
  const auto more = harvest_composites(sources, c, h);
  ASSERT_EQ(more.size(), 2u);
  EXPECT_EQ(more[0].pieces.size(), 3u);
  EXPECT_EQ(more[1].pieces.size(), 2u);
  // Known shapes are not added twice.
  c.push_back(tower);
  h.min_pieces = 3;
  EXPECT_TRUE(harvest_composites(sources, c, h).empty());
  EXPECT_EQ(top_layer(c), 1);
  const auto growth = catalogue_growth(c);
  ASSERT_EQ(growth.size(), 2u);
  // 18 single blocks, 8 hand-made (7 of 3 pieces, 1 of 2), 12 forts (59 pieces, the gate 7).
  EXPECT_EQ(growth[0].composites, 38);
  EXPECT_NEAR(growth[0].mean_pieces, (18 * 1 + 7 * 3 + 2 + 59) / 38.0, 1e-12);
  EXPECT_EQ(growth[0].max_pieces, 7);
  EXPECT_EQ(growth[1].composites, 1);
  EXPECT_EQ(growth[1].max_pieces, 3);
  EXPECT_EQ(growth[1].block_kinds, 1);
  EXPECT_DOUBLE_EQ(growth[1].mean_block_kinds, 1);
  EXPECT_DOUBLE_EQ(growth[1].evolved_parents, 0) << "its parents are basic blocks";
  // A layer-2 composite made of the tower and a plank lying across (a turned one counts as
  // another kind): half its parents were themselves cut from levels.
  c.push_back(make_composite("L2-01",
                             {{ObjectType::kSquareSmall, 0, 0, 0, Material::kWood},
                              {ObjectType::kRectSmall, 0, 1, 0, Material::kWood},
                              {ObjectType::kRectSmall, 1, 0, 90, Material::kIce}},
                             "test", 2, {"L1-01", "RectSmall"}));
  const auto grown = catalogue_growth(c);
  ASSERT_EQ(grown.size(), 3u);
  EXPECT_EQ(grown[2].composites, 1);
  EXPECT_DOUBLE_EQ(grown[2].mean_block_kinds, 3);
  EXPECT_DOUBLE_EQ(grown[2].evolved_parents, 0.5);
  EXPECT_EQ(grown[2].materials, 2);
}
