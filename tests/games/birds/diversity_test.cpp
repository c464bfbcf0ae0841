// Diversity: the usage terms and the Hamming term of individuals within a population, and the
// distances of a set of levels (silhouettes and block counts) with known answers.
#include "evoplay/games/birds/diversity.hpp"

#include <gtest/gtest.h>

#include <atomic>
#include <cmath>
#include <string>
#include <vector>

#include "evoplay/core/error.hpp"
#include "evoplay/games/birds/xml.hpp"
#include "support/birds.hpp"
#include "support/process.hpp"

using namespace evoplay::games::birds;
using evoplay::test_support::column_of;

namespace {

Level one_block(ObjectType type, double x, double rotation = 0) {
  Level level;
  level.width = 2;
  const double h = rotation == 0 ? shape_info(type).height : shape_info(type).width;
  level.objects.push_back({type, Material::kWood, x, kGroundY + h / 2, rotation});
  return level;
}

}  // namespace

TEST(BirdsDiversity, UsageTerms) {
  // Two composites, twice each, out of a reference of four: half the distinct ones, and one bit
  // of entropy of the two possible.
  const std::vector<int> used = {3, 3, 8, 8};
  const auto t = usage_terms(used, 4);
  EXPECT_DOUBLE_EQ(t.distinct, 0.5);
  EXPECT_DOUBLE_EQ(t.entropy, 0.5);
  const std::vector<int> all = {0, 1, 2, 3};
  EXPECT_DOUBLE_EQ(usage_terms(all, 4).distinct, 1);
  EXPECT_DOUBLE_EQ(usage_terms(all, 4).entropy, 1);
  const std::vector<int> same = {5, 5, 5};
  EXPECT_DOUBLE_EQ(usage_terms(same, 4).entropy, 0);
}

TEST(BirdsDiversity, HammingTermAgainstThePopulation) {
  // The document's example: a = 00000, b = 10110, c = 01011 (distances 3, 3, 4 of 10 cells).
  const Genome a = column_of({0, 0, 0, 0, 0}), b = column_of({1, 0, 1, 1, 0}),
               c = column_of({0, 1, 0, 1, 1});
  const std::vector<const Genome*> pop = {&a, &b, &c};
  const std::vector<std::vector<int>> used = {{0}, {0}, {0}};
  const auto low = population_diversity(pop, used, 4, HammingMode::kMin);
  EXPECT_DOUBLE_EQ(low[0].hamming, 0.3);
  EXPECT_DOUBLE_EQ(low[1].hamming, 0.3);
  EXPECT_DOUBLE_EQ(low[2].hamming, 0.3);
  const auto mean = population_diversity(pop, used, 4, HammingMode::kMean);
  EXPECT_DOUBLE_EQ(mean[0].hamming, 0.3);
  EXPECT_DOUBLE_EQ(mean[1].hamming, 0.35);
  EXPECT_EQ(min_pairwise_hamming(pop), 3);
  EXPECT_NEAR(mean_pairwise_hamming(pop), (0.3 + 0.3 + 0.4) / 3, 1e-12);
  using Names = evoplay::fields::FieldValue<HammingMode>;
  EXPECT_EQ(Names::parse("mean", {}), HammingMode::kMean);
  EXPECT_EQ(hamming_name(HammingMode::kMin), "min");
  EXPECT_THROW(Names::parse("max", {}), evoplay::fields::Expected);
}

TEST(BirdsDiversity, StructuralDistanceOfSilhouettes) {
  const Level a = one_block(ObjectType::kSquareSmall, 0);
  const Level b = one_block(ObjectType::kSquareSmall, 0.215);  // half of it over a
  const Level far = one_block(ObjectType::kSquareSmall, 3);
  const Bounds window{-1, kGroundY, 4, kGroundY + 1};
  const auto sa = rasterise(a, window, 0.005), sb = rasterise(b, window, 0.005);
  // The square covers 0.43 x 0.43: 86 x 86 cells of 0.005.
  EXPECT_NEAR(sa.filled_cells(), 86 * 86, 86 * 2);
  EXPECT_DOUBLE_EQ(structural_distance(sa, sa), 0);
  EXPECT_DOUBLE_EQ(structural_distance(sa, rasterise(far, window, 0.005)), 1);
  // Overlap half of each: IoU = 1/3.
  EXPECT_NEAR(structural_distance(sa, sb), 2.0 / 3, 0.01);
}

TEST(BirdsDiversity, MaterialDistanceOfSilhouettes) {
  // One square of wood, the same square of stone, and half of it over the first in wood.
  const Level wood = one_block(ObjectType::kSquareSmall, 0);
  Level stone = wood;
  stone.objects[0].material = Material::kStone;
  const Level half = one_block(ObjectType::kSquareSmall, 0.215);
  const Bounds window{-1, kGroundY, 4, kGroundY + 1};
  const auto sw = rasterise(wood, window, 0.005), ss = rasterise(stone, window, 0.005);
  const auto sh = rasterise(half, window, 0.005);
  EXPECT_DOUBLE_EQ(structural_distance(sw, ss), 0);  // the same cells ...
  EXPECT_DOUBLE_EQ(material_distance(sw, ss), 1);    // ... of another material
  EXPECT_DOUBLE_EQ(material_distance(sw, sw), 0);
  EXPECT_NEAR(material_distance(sw, sh), 2.0 / 3, 0.01);  // wood over a third of the union
  // A cell is the square's: its centre (0, 0.215 above the ground) is, a cell 0.3 left is not.
  const auto column = [&](double x) { return static_cast<int>((x + 1) / 0.005); };
  const int row = static_cast<int>(0.215 / 0.005);
  EXPECT_TRUE(sw.occupied_at(column(0), row));
  EXPECT_FALSE(sw.occupied_at(column(-0.3), row));
  // A pig alone fills its cells with no material: two levels with a pig at the same place agree
  // there, whatever the other holds under it.
  Level pig;
  pig.width = 2;
  pig.objects.push_back({ObjectType::kPigSmall, Material::kNone, 2, kGroundY + 0.25, 0});
  const auto sp = rasterise(pig, window, 0.005);
  EXPECT_GT(sp.filled_cells(), 0);
  EXPECT_DOUBLE_EQ(material_distance(sp, sp), 0);
  EXPECT_DOUBLE_EQ(material_distance(sp, sw), 1);
  EXPECT_THROW(material_distance(sp, rasterise(pig, window, 0.01)), evoplay::InternalError);
}

TEST(BirdsDiversity, CountsAndSets) {
  Level a = one_block(ObjectType::kRectSmall, 0);
  a.objects.push_back({ObjectType::kRectSmall, Material::kIce, 2, kGroundY + 0.425, 90});
  const Level b = one_block(ObjectType::kRectSmall, 5, 90);
  const auto ka = composition(a), kb = composition(b);
  EXPECT_EQ(ka.at("RectSmall"), 1);
  EXPECT_EQ(ka.at("RectSmall@90"), 1);
  EXPECT_EQ(count_distance(ka, kb), 1);  // a has one flat RectSmall more
  EXPECT_EQ(count_distance(ka, ka), 0);
  std::vector<Level> examples;
  for (const char* name : {"sciencebirds_level-1.xml", "sciencebirds_level-4.xml",
                           "baseline_generated_level-22.xml"}) {
    examples.push_back(
        read_level(evoplay::test_support::source_path(std::string("data/birds/") + name)));
  }
  const auto d = set_diversity(examples);
  ASSERT_EQ(d.levels, 3);
  for (int i = 0; i < 3; ++i) {
    EXPECT_EQ(d.structural[i][i], 0);
    for (int j = 0; j < 3; ++j) EXPECT_EQ(d.structural[i][j], d.structural[j][i]);
  }
  // Level 1 has 4 objects, level 4 has 17 blocks and pigs, the baseline 50 objects.
  EXPECT_GE(d.count_min, 13);
  EXPECT_GT(d.structural_min, 0);  // no two of them are the same
  EXPECT_LE(d.structural_max, 1);
  EXPECT_GT(d.level_mean, 0);
  EXPECT_LE(d.level_mean, 1);
}

TEST(BirdsDiversity, ACellOutOfRangeIsAnErrorAndCancelStopsASet) {
  std::vector<Level> levels;
  for (const char* name : {"sciencebirds_level-1.xml", "sciencebirds_level-4.xml"})
    levels.push_back(
        read_level(evoplay::test_support::source_path(std::string("data/birds/") + name)));
  for (double cell : {std::nan(""), 0.0, 0.001, 2.5, -1.0}) {
    try {
      set_diversity(levels, cell);
      ADD_FAILURE() << "cell " << cell << " accepted";
    } catch (const evoplay::Error& e) {
      EXPECT_NE(std::string(e.what()).find("cell: expected a number from 0.01 to 2"),
                std::string::npos)
          << e.what();
    }
  }
  // Cancelled before it starts: it returns at once, without the pairs' figures.
  const std::vector<Level> many(400, levels[1]);
  const std::atomic<bool> cancel{true};
  const auto d = set_diversity(many, 0.1, &cancel);
  EXPECT_EQ(d.levels, 400);
  EXPECT_EQ(d.level_mean, 0);
}
