// The individual: masks, crossover on both layers with repair, the four mutations within their
// bounds and restrictions, and the Hamming distance of the document's example.
#include "evoplay/games/birds/genome.hpp"

#include <gtest/gtest.h>

#include <numeric>
#include <set>

#include "evoplay/core/error.hpp"
#include "support/birds.hpp"

using namespace evoplay::games::birds;
using evoplay::Rng;
using evoplay::test_support::column_of;

namespace {

int sum(const std::vector<int>& v) { return std::accumulate(v.begin(), v.end(), 0); }

}  // namespace

TEST(BirdsGenome, RandomMasksSplitTheCountOverSevenColumns) {
  Rng rng(3);
  std::vector<int> first_column(2, 0);
  for (int i = 0; i < 7000; ++i) {
    const auto m = random_mask(1, rng);
    ASSERT_EQ(m.size(), 7u);
    ASSERT_EQ(sum(m), 1);
    ++first_column[static_cast<std::size_t>(m[0])];
  }
  // One composite: each column holds it with probability 1/7.
  EXPECT_NEAR(first_column[1] / 7000.0, 1.0 / 7, 0.015);
  for (int n : {0, 5, 20, 40}) {
    const auto m = random_mask(n, rng);
    EXPECT_EQ(sum(m), n);
    for (int x : m) EXPECT_GE(x, 0);
  }
  std::vector<int> mask = {9, 0, 4, 0, 0, 0, 2};
  repair_mask(mask, 10, rng);
  EXPECT_EQ(sum(mask), 10);
  repair_mask(mask, 25, rng);
  EXPECT_EQ(sum(mask), 25);
}

TEST(BirdsGenome, CrossoverMixesBothLayersAndRepairsTheMasks) {
  const Catalogue c = default_catalogue();
  const Palette palette(c, Ruleset{});
  GenomeSettings gs;
  Rng rng(11);
  for (int trial = 0; trial < 50; ++trial) {
    gs.length = 10 + trial % 7;
    const Genome a = random_genome(palette, gs, rng);
    gs.length = 14;
    const Genome b = random_genome(palette, gs, rng);
    for (CrossoverKind kind :
         {CrossoverKind::kOnePoint, CrossoverKind::kTwoPoint, CrossoverKind::kUniform}) {
      const auto [x, y] = crossover(a, b, kind, rng);
      EXPECT_EQ(x.genes.size() + y.genes.size(), a.genes.size() + b.genes.size());
      EXPECT_EQ(sum(x.mask), static_cast<int>(x.genes.size()));
      EXPECT_EQ(sum(y.mask), static_cast<int>(y.genes.size()));
      // Every gene of a child is its parents' gene at that position.
      for (std::size_t i = 0; i < x.genes.size(); ++i) {
        const bool from_a = i < a.genes.size() && x.genes[i] == a.genes[i];
        const bool from_b = i < b.genes.size() && x.genes[i] == b.genes[i];
        EXPECT_TRUE(from_a || from_b);
      }
    }
  }
  EXPECT_EQ(evoplay::fields::FieldValue<CrossoverKind>::parse("two-point", {}),
            CrossoverKind::kTwoPoint);
  EXPECT_EQ(crossover_name(CrossoverKind::kUniform), "uniform");
}

TEST(BirdsGenome, OnePointCrossoverSwapsWholeTailsSoLengthsChange) {
  // Lists of 4 and 7 composites (0, 1, 2, 3 and 10, ..., 16): a child is one parent's head and
  // the other's whole tail, so the child that starts with 0 has 7 composites.
  const Genome a = column_of({0, 1, 2, 3}), b = column_of({10, 11, 12, 13, 14, 15, 16});
  std::set<std::size_t> cuts;
  for (std::uint64_t seed = 0; seed < 40; ++seed) {
    Rng rng(seed);
    const auto [x, y] = crossover(a, b, CrossoverKind::kOnePoint, rng);
    ASSERT_EQ(x.genes.size(), 7u);  // a's head, b's tail
    ASSERT_EQ(y.genes.size(), 4u);  // b's head, a's tail
    std::size_t cut = 0;
    while (cut < x.genes.size() && x.genes[cut].composite < 10) ++cut;
    ASSERT_GE(cut, 1u);
    ASSERT_LE(cut, 3u);  // within the shorter list
    for (std::size_t i = 0; i < 7; ++i) {
      EXPECT_EQ(x.genes[i].composite, i < cut ? static_cast<int>(i) : 10 + static_cast<int>(i));
    }
    for (std::size_t i = 0; i < 4; ++i) {
      EXPECT_EQ(y.genes[i].composite, i < cut ? 10 + static_cast<int>(i) : static_cast<int>(i));
    }
    EXPECT_EQ(sum(x.mask), 7);  // the masks repaired to the new lengths
    EXPECT_EQ(sum(y.mask), 4);
    cuts.insert(cut);
  }
  EXPECT_EQ(cuts.size(), 3u);  // every cut point 1, 2, 3 occurs
  EXPECT_THROW(evoplay::fields::FieldValue<CrossoverKind>::parse("three-point", {}),
               evoplay::fields::Expected);
}

TEST(BirdsGenome, MutationsStayWithinBoundsAndRestrictions) {
  const Catalogue c = default_catalogue();
  Ruleset rules;
  rules.forbidden = {{Material::kWood, ObjectType::kRectFat},
                     {Material::kStone, ObjectType::kRectFat},
                     {Material::kIce, ObjectType::kRectFat}};
  const Palette palette(c, rules);
  GenomeSettings gs;
  gs.length = 20;
  gs.min_length = 10;
  gs.max_length = 30;
  Rng rng(5);
  Genome g = random_genome(palette, gs, rng);
  std::size_t shortest = 100, longest = 0;
  bool moved = false;
  for (int i = 0; i < 300; ++i) {
    mutate(g, palette, gs, rng);
    shortest = std::min(shortest, g.genes.size());
    longest = std::max(longest, g.genes.size());
    EXPECT_EQ(sum(g.mask), static_cast<int>(g.genes.size()));
    for (const Gene& gene : g.genes) {
      EXPECT_TRUE(palette.allowed(gene.composite, gene.material));
      for (const Piece& p : c[static_cast<std::size_t>(gene.composite)].pieces) {
        EXPECT_NE(p.type, ObjectType::kRectFat);  // no material allows it: never drawn
      }
      EXPECT_LE(std::abs(gene.dx), gs.max_offset);
      EXPECT_EQ(gene.dy, 0);  // max_lift 0: every composite rests on its support
      moved = moved || gene.dx != 0;
    }
  }
  EXPECT_GE(shortest, 10u);
  EXPECT_LE(longest, 30u);
  EXPECT_LT(shortest, longest);
  EXPECT_TRUE(moved);
}

TEST(BirdsGenome, HammingDistanceOfTheDocumentsExample) {
  // Equation 5.5: a = 00000, b = 10110, c = 01011: d(a,b) = 3, d(a,c) = 3, d(b,c) = 4.
  const Genome a = column_of({0, 0, 0, 0, 0}), b = column_of({1, 0, 1, 1, 0}),
               c = column_of({0, 1, 0, 1, 1});
  EXPECT_EQ(hamming(a, b), 3);
  EXPECT_EQ(hamming(a, c), 3);
  EXPECT_EQ(hamming(b, c), 4);
  EXPECT_EQ(hamming(b, b), 0);
  // The same list under another mask builds another level: the grids differ in their cells.
  Genome moved = a;
  moved.mask = {3, 2, 0, 0, 0, 0, 0};  // two composites go to the second column
  EXPECT_EQ(hamming(a, moved), 4);     // column 1 loses two cells, column 2 gains two
  EXPECT_EQ(composite_grid(moved)[1], (std::vector<int>{0, 0}));
}

TEST(BirdsGenome, CompositesAreDrawnByTheirPiecesOrUniformly) {
  // By pieces, a composite of p pieces comes p times as often as a single block: the mean
  // pieces per draw is sum(p^2) / sum(p); uniformly it is sum(p) / n.
  const Catalogue c = default_catalogue();
  double sum = 0, squares = 0;
  for (const Composite& k : c) {
    const auto p = static_cast<double>(k.pieces.size());
    sum += p;
    squares += p * p;
  }
  ASSERT_GT(squares / sum, sum / static_cast<double>(c.size()) + 0.5) << "sizes differ enough";
  for (const bool by_pieces : {true, false}) {
    const Palette palette(c, Ruleset{}, by_pieces);
    Rng rng(3);
    constexpr int kDraws = 20000;
    double drawn = 0;
    for (int i = 0; i < kDraws; ++i) {
      drawn += static_cast<double>(
          c[static_cast<std::size_t>(palette.draw_composite(rng))].pieces.size());
    }
    const double expected = by_pieces ? squares / sum : sum / static_cast<double>(c.size());
    EXPECT_NEAR(drawn / kDraws, expected, 0.05) << "by pieces: " << by_pieces;
  }
}
