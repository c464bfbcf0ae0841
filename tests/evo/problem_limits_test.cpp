// The built-in problems refuse sizes they cannot hold and genomes that are not theirs, and ACO
// refuses a construction graph too large for its pheromone table before allocating it (what the
// command line and Python both see).
#include <gtest/gtest.h>

#include <cmath>
#include <string>
#include <vector>

#include "evoplay/core/error.hpp"
#include "evoplay/evo/aco.hpp"
#include "evoplay/evo/problems/circle_tsp.hpp"
#include "evoplay/evo/problems/onemax.hpp"

using namespace evoplay;
using namespace evoplay::evo;

namespace {

std::string message_of(auto&& f) {
  try {
    f();
  } catch (const Error& e) {
    return e.what();
  }
  return "(no error)";
}

// One stage per gene, `values` options each: an 'ints' problem with wide bounds.
struct Wide {
  using Genome = std::vector<int>;
  std::size_t genes, values;
  Genome random_genome(Rng&) const { return Genome(genes, 0); }
  double evaluate(const Genome&) const { return 0; }
  Direction direction() const { return Direction::maximize; }
  std::size_t stages() const { return genes; }
  std::size_t options(std::size_t) const { return values; }
  double heuristic(std::size_t, std::size_t) const { return 1; }
  Genome build(std::span<const int> c) const { return {c.begin(), c.end()}; }
};

}  // namespace

TEST(ProblemLimits, OneMaxSizeAndGenomes) {
  EXPECT_EQ(message_of([] { OneMax(0); }),
            "bits: expected a whole number from 1 to 1000000, found 0");
  EXPECT_THROW(OneMax(OneMax::kMaxBits + 1), Error);
  const OneMax p(4);
  EXPECT_NO_THROW(p.check({0, 1, 1, 0}));
  EXPECT_EQ(message_of([&] { p.check({0, 1}); }), "genome: expected 4 bits, found 2");
  EXPECT_EQ(message_of([&] { p.check({0, 1, 7, 0}); }), "genome[2]: expected 0 or 1, found 7");
}

TEST(ProblemLimits, CircleTspSizeRadiusAndTours) {
  EXPECT_EQ(message_of([] { CircleTsp(0); }),
            "cities: expected a whole number from 1 to 10000, found 0");
  EXPECT_THROW(CircleTsp(CircleTsp::kMaxCities + 1), Error);
  EXPECT_THROW(CircleTsp(5, std::nan("")), Error);
  EXPECT_THROW(CircleTsp(5, -1), Error);
  const CircleTsp tsp(5);
  EXPECT_NO_THROW(tsp.check({4, 3, 2, 1, 0}));
  EXPECT_EQ(message_of([&] {
              tsp.check({0, 100000000, 2, 3, 4});
            }),
            "genome: expected a permutation of 0..4, found 100000000 (out of range)");
  EXPECT_EQ(message_of([&] {
              tsp.check({0, 1, 1, 3, 4});
            }),
            "genome: expected a permutation of 0..4, found 1 twice");
  EXPECT_EQ(message_of([&] { tsp.check({0, 1}); }), "genome: expected 5 cities, found 2");
}

TEST(ProblemLimits, AcoRefusesAPheromoneTableTooLargeBeforeAllocating) {
  AcoParams p;
  p.ants = 2;
  p.stop.generations = 1;
  // 4 genes of 10^9 + 1 values: tens of gigabytes if it were allocated.
  const Wide huge{4, 1'000'000'001};
  const std::string m = message_of([&] { Aco<Wide> aco(huge, p); });
  EXPECT_NE(m.find("ACO keeps a pheromone value per gene and value"), std::string::npos) << m;
  EXPECT_NE(m.find("4 stages"), std::string::npos) << m;
  // At the limit it runs; one more value is refused.
  const auto per_gene = static_cast<std::size_t>(kMaxAcoEdges) / 1000;
  EXPECT_NO_THROW(check_aco_size(Wide{1000, per_gene}));
  EXPECT_THROW(check_aco_size(Wide{1000, per_gene + 1}), Error);
  const Wide small{3, 5};
  EXPECT_NO_THROW(run_aco(small, p));
}
