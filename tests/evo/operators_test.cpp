// Property tests of the variation operators over many seeds: permutation operators keep a
// permutation of the parents' values, lengths are kept, and a fixed seed gives a fixed result.
#include <gtest/gtest.h>

#include <algorithm>
#include <numeric>
#include <set>

#include "evoplay/core/error.hpp"
#include "evoplay/evo/operators/crossover.hpp"
#include "evoplay/evo/operators/mutation.hpp"
#include "support/evo_operators.hpp"

using namespace evoplay;
using namespace evoplay::evo;
using namespace evoplay::test_support;

namespace {

// A permutation of an arbitrary set of distinct values (not 0..n-1), like a Sudoku row's gaps.
G random_permutation_of(const G& values, Rng& rng) {
  G g = values;
  rng.shuffle(g);
  return g;
}

G sorted(G g) {
  std::sort(g.begin(), g.end());
  return g;
}

const G kSets[] = {
    {0, 1, 2, 3, 4, 5, 6, 7, 8, 9}, {2, 5, 7, 9, 13}, {4, 8}, {3}, {1,  2,  3,  4,  5,  6,  7,  8,
                                                                    9,  10, 11, 12, 13, 14, 15, 16,
                                                                    17, 18, 19, 20, 21, 22, 23, 24,
                                                                    25, 26, 27, 28, 29, 30, 31}};

}  // namespace

class PermutationCrossover : public ::testing::TestWithParam<std::string> {};

TEST_P(PermutationCrossover, KeepsPermutations) {
  const auto op = permutation_crossover(GetParam());
  for (const auto& values : kSets) {
    for (std::uint64_t seed = 0; seed < 300; ++seed) {
      Rng rng(seed);
      const G a = random_permutation_of(values, rng), b = random_permutation_of(values, rng);
      const auto [c1, c2] = op(a, b, rng);
      ASSERT_EQ(sorted(c1), sorted(values)) << GetParam() << " seed " << seed;
      ASSERT_EQ(sorted(c2), sorted(values)) << GetParam() << " seed " << seed;
    }
  }
}

TEST_P(PermutationCrossover, IdenticalParentsGiveIdenticalChildren) {
  const auto op = permutation_crossover(GetParam());
  for (std::uint64_t seed = 0; seed < 100; ++seed) {
    Rng rng(seed);
    const G a = random_permutation_of(kSets[0], rng);
    const auto [c1, c2] = op(a, a, rng);
    ASSERT_EQ(c1, a);
    ASSERT_EQ(c2, a);
  }
}

TEST_P(PermutationCrossover, DeterministicForASeed) {
  const auto op = permutation_crossover(GetParam());
  Rng r0(5);
  const G a = random_permutation_of(kSets[4], r0), b = random_permutation_of(kSets[4], r0);
  Rng r1(77), r2(77);
  EXPECT_EQ(op(a, b, r1), op(a, b, r2));
}

INSTANTIATE_TEST_SUITE_P(All, PermutationCrossover,
                         ::testing::Values("pmx", "ox", "cx", "position"));

TEST(PermutationCrossover, CycleCrossoverKeepsPositions) {
  for (std::uint64_t seed = 0; seed < 200; ++seed) {
    Rng rng(seed);
    const G a = random_permutation_of(kSets[4], rng), b = random_permutation_of(kSets[4], rng);
    const auto [c1, c2] = cx(a, b, rng);
    for (std::size_t i = 0; i < a.size(); ++i) {
      ASSERT_TRUE(c1[i] == a[i] || c1[i] == b[i]);
      ASSERT_TRUE(c2[i] == a[i] || c2[i] == b[i]);
      ASSERT_EQ(std::min(c1[i], c2[i]), std::min(a[i], b[i]));  // the pair is the parents' pair
      ASSERT_EQ(std::max(c1[i], c2[i]), std::max(a[i], b[i]));
    }
  }
}

TEST(PermutationCrossover, PmxKnownExample) {
  // Goldberg's example with cuts after positions 3 and 7: segment [3, 7).
  const G a = {1, 2, 3, 4, 5, 6, 7, 8, 9}, b = {9, 3, 7, 8, 2, 6, 5, 1, 4};
  EXPECT_EQ(detail::pmx_child(a, b, 3, 7), (G{9, 3, 2, 4, 5, 6, 7, 1, 8}));
  // OX: segment [3, 7) of a, then b's values from position 7 on, skipping the segment's.
  EXPECT_EQ(detail::ox_child(a, b, 3, 7), (G{3, 8, 2, 4, 5, 6, 7, 1, 9}));
}

TEST(SequenceCrossover, KeepsLengthAndPositions) {
  for (const auto* name : {"one-point", "two-point", "uniform"}) {
    const auto op = sequence_crossover(name);
    for (std::uint64_t seed = 0; seed < 200; ++seed) {
      Rng rng(seed);
      G a(20), b(20);
      for (auto& v : a) v = static_cast<int>(rng.below(5));
      for (auto& v : b) v = 10 + static_cast<int>(rng.below(5));
      const auto [c1, c2] = op(a, b, rng);
      ASSERT_EQ(c1.size(), a.size());
      ASSERT_EQ(c2.size(), b.size());
      for (std::size_t i = 0; i < a.size(); ++i) {
        // Each position's pair of values is the parents' pair, swapped or not.
        ASSERT_TRUE((c1[i] == a[i] && c2[i] == b[i]) || (c1[i] == b[i] && c2[i] == a[i])) << name;
      }
    }
  }
}

TEST(SequenceCrossover, OnePointSwapsExactlyATail) {
  for (std::uint64_t seed = 0; seed < 100; ++seed) {
    Rng rng(seed);
    const G a(12, 0), b(12, 1);
    const auto [c1, c2] = one_point(a, b, rng);
    const auto cut = static_cast<std::size_t>(std::find(c1.begin(), c1.end(), 1) - c1.begin());
    ASSERT_GE(cut, 1u);
    ASSERT_LE(cut, 11u);
    for (std::size_t i = 0; i < 12; ++i) ASSERT_EQ(c1[i], i < cut ? 0 : 1);
  }
}

class PermutationMutation : public ::testing::TestWithParam<std::string> {};

TEST_P(PermutationMutation, KeepsPermutationsAndChangesSomething) {
  const auto op = permutation_mutation(GetParam());
  for (const auto& values : kSets) {
    for (std::uint64_t seed = 0; seed < 300; ++seed) {
      Rng rng(seed);
      G g = random_permutation_of(values, rng);
      const G before = g;
      op(g, rng);
      ASSERT_EQ(sorted(g), sorted(values)) << GetParam();
      if (values.size() >= 3 && GetParam() != "scramble") {
        ASSERT_NE(g, before) << GetParam() << " seed " << seed;
      }
    }
  }
}

INSTANTIATE_TEST_SUITE_P(All, PermutationMutation,
                         ::testing::Values("swap", "insertion", "inversion", "scramble", "rotation",
                                           "rotation:5"));

TEST(Mutation, RotationMovesValuesRightAmongChosenPositions) {
  for (std::uint64_t seed = 0; seed < 200; ++seed) {
    Rng rng(seed);
    G g(10);
    std::iota(g.begin(), g.end(), 0);
    rotation_mutation(g, rng, 3);
    std::vector<std::size_t> moved;
    for (std::size_t i = 0; i < g.size(); ++i) {
      if (g[i] != static_cast<int>(i)) moved.push_back(i);
    }
    ASSERT_EQ(moved.size(), 3u);
    // The first chosen position receives the last chosen position's value, the others the
    // value of the previous chosen position.
    EXPECT_EQ(g[moved[0]], static_cast<int>(moved[2]));
    EXPECT_EQ(g[moved[1]], static_cast<int>(moved[0]));
    EXPECT_EQ(g[moved[2]], static_cast<int>(moved[1]));
  }
}

TEST(Mutation, RandomResetAndGaussianStayInBounds) {
  for (std::uint64_t seed = 0; seed < 100; ++seed) {
    Rng rng(seed);
    G g(30, 2);
    random_reset_mutation(g, rng, 0, 4, 0.1);
    for (int v : g) ASSERT_TRUE(v >= 0 && v <= 4);
    std::vector<double> r(30, 0.5);
    gaussian_mutation(r, rng, 0.5, 0.2, 0.0, 1.0);
    bool changed = false;
    for (double v : r) {
      ASSERT_TRUE(v >= 0 && v <= 1);
      changed = changed || v != 0.5;
    }
    ASSERT_TRUE(changed);
  }
}

// Bit flips: only 0s and 1s, at least one bit changed, about per_gene of them on average, and
// the same flips for the same seed.
TEST(Mutation, BitFlipFlipsBitsAtTheRateAskedAndAtLeastOne) {
  Rng rng(11);
  std::size_t flipped = 0;
  for (int t = 0; t < 2000; ++t) {
    G g(50);
    for (auto& b : g) b = static_cast<int>(rng.index(2));
    const G before = g;
    bit_flip_mutation(g, rng, 0.1);
    std::size_t changed = 0;
    for (std::size_t i = 0; i < g.size(); ++i) {
      ASSERT_TRUE(g[i] == 0 || g[i] == 1);
      changed += g[i] != before[i] ? 1 : 0;
    }
    ASSERT_GE(changed, 1u);
    flipped += changed;
  }
  const double rate = static_cast<double>(flipped) / (2000.0 * 50);
  EXPECT_NEAR(rate, 0.1, 0.01);  // 100,000 draws: the standard error is under 0.001
  G tiny(5, 0);
  Rng never(3);
  bit_flip_mutation(tiny, never, 0.0);  // no bit chosen: one flips anyway
  EXPECT_EQ(std::count(tiny.begin(), tiny.end(), 1), 1);
  G a(30, 0), b(30, 0);
  Rng r1(42), r2(42);
  bit_flip_mutation(a, r1, 0.2);
  bit_flip_mutation(b, r2, 0.2);
  EXPECT_EQ(a, b);
  G empty;
  bit_flip_mutation(empty, r1, 0.5);
  EXPECT_TRUE(empty.empty());
}

TEST(Operators, UnknownNamesAreErrors) {
  EXPECT_THROW(permutation_crossover("nope"), Error);
  EXPECT_THROW(sequence_crossover("pmx"), Error);
  EXPECT_THROW(permutation_mutation("rotation:1"), Error);
  EXPECT_THROW(permutation_mutation("rotationx"), Error);
}

// Same seed, same result: every mutation and sequence crossover draws only from the Rng it is
// given. Over several seeds the results also differ, so the check cannot pass by an operator
// that ignores its generator (or does nothing).
TEST_P(PermutationMutation, DeterministicForASeed) {
  const auto op = permutation_mutation(GetParam());
  Rng r0(11);
  const G start = random_permutation_of(kSets[4], r0);
  std::set<G> seen;
  for (std::uint64_t seed = 0; seed < 20; ++seed) {
    G x = start, y = start;
    Rng r1(seed), r2(seed);
    op(x, r1);
    op(y, r2);
    ASSERT_EQ(x, y) << GetParam() << " seed " << seed;
    // The generators were used alike too: their next draws agree.
    ASSERT_EQ(r1(), r2()) << GetParam() << " seed " << seed;
    seen.insert(x);
  }
  EXPECT_GT(seen.size(), 1u) << GetParam() << ": every seed gave the same result";
}

TEST(Mutation, RandomResetAndGaussianDeterministicForASeed) {
  std::set<G> resets;
  std::set<std::vector<double>> moves;
  for (std::uint64_t seed = 0; seed < 20; ++seed) {
    G a(30, 2), b(30, 2);
    Rng r1(seed), r2(seed);
    random_reset_mutation(a, r1, 0, 9, 0.2);
    random_reset_mutation(b, r2, 0, 9, 0.2);
    ASSERT_EQ(a, b) << "seed " << seed;
    resets.insert(a);
    std::vector<double> x(30, 0.5), y(30, 0.5);
    gaussian_mutation(x, r1, 0.3, 0.2, 0.0, 1.0);
    gaussian_mutation(y, r2, 0.3, 0.2, 0.0, 1.0);
    ASSERT_EQ(x, y) << "seed " << seed;
    moves.insert(x);
  }
  EXPECT_GT(resets.size(), 1u);
  EXPECT_GT(moves.size(), 1u);
}

TEST(SequenceCrossover, DeterministicForASeed) {
  for (const auto* name : {"one-point", "two-point", "uniform"}) {
    const auto op = sequence_crossover(name);
    Rng r0(3);
    G a(20), b(20);
    for (auto& v : a) v = static_cast<int>(r0.below(5));
    for (auto& v : b) v = 10 + static_cast<int>(r0.below(5));
    std::set<std::pair<G, G>> seen;
    for (std::uint64_t seed = 0; seed < 20; ++seed) {
      Rng r1(seed), r2(seed);
      const auto x = op(a, b, r1), y = op(a, b, r2);
      ASSERT_EQ(x, y) << name << " seed " << seed;
      ASSERT_EQ(r1(), r2()) << name << " seed " << seed;
      seen.insert(x);
    }
    EXPECT_GT(seen.size(), 1u) << name;
  }
}
