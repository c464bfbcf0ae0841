// A problem that evaluates a whole generation in one call (HasBatchEvaluation): the GA, CRO and
// ACO give the same runs as with one evaluate() per genome, and make one call per generation.
#include <gtest/gtest.h>

#include "evoplay/evo/aco.hpp"
#include "evoplay/evo/cro.hpp"
#include "evoplay/evo/ga.hpp"
#include "evoplay/evo/problems/circle_tsp.hpp"
#include "evoplay/evo/problems/onemax.hpp"
#include "support/evo_operators.hpp"

using namespace evoplay;
using namespace evoplay::evo;
using namespace evoplay::test_support;

namespace {

/// `Base` with evaluate_batch: the same values, counting the calls and the genomes.
template <class Base>
struct Batched : Base {
  using Base::Base;
  mutable std::size_t calls = 0, genomes = 0;
  void evaluate_batch(std::span<const G* const> gs, std::span<double> out) const {
    ++calls;
    genomes += gs.size();
    for (std::size_t i = 0; i < gs.size(); ++i) out[i] = Base::evaluate(*gs[i]);
  }
};

static_assert(HasBatchEvaluation<Batched<OneMax>>);
static_assert(!HasBatchEvaluation<OneMax>);

auto two_points = [](const G& a, const G& b, Rng& r) { return evo::two_point(a, b, r); };

}  // namespace

TEST(BatchEvaluation, GaRunsAsWithOneCallPerGenome) {
  for (const bool steady : {false, true}) {
    GaParams p;
    p.population = 30;
    p.stop.generations = 20;
    p.steady_state = steady;
    p.seed = 4;
    const OneMax plain(40);
    const Batched<OneMax> batched(40);
    const auto a = run_ga(plain, p, two_points, bit_flip);
    const auto b = run_ga(batched, p, two_points, bit_flip);
    EXPECT_EQ(without_time(a.history), without_time(b.history));
    EXPECT_EQ(a.best, b.best);
    EXPECT_EQ(a.evaluations, b.evaluations);
    if (!steady) {
      EXPECT_EQ(batched.calls, 21u);  // generation 0 and one call per generation
      EXPECT_EQ(batched.genomes, a.evaluations);
    }
  }
}

TEST(BatchEvaluation, CroAndAcoRunAsWithOneCallPerGenome) {
  CroParams cp;
  cp.stop.generations = 10;
  cp.seed = 2;
  const CircleTsp tsp(12);
  const Batched<CircleTsp> btsp(12);
  const auto a = run_cro(tsp, cp, ox_cross, inversion);
  const auto b = run_cro(btsp, cp, ox_cross, inversion);
  EXPECT_EQ(without_time(a.history), without_time(b.history));
  EXPECT_EQ(btsp.calls, 11u);  // the first reef and one call per epoch
  EXPECT_EQ(btsp.genomes, a.evaluations);

  AcoParams ap;
  ap.ants = 20;
  ap.stop.generations = 8;
  ap.seed = 3;
  const Batched<CircleTsp> atsp(12);
  const auto c = run_aco(tsp, ap);
  const auto d = run_aco(atsp, ap);
  EXPECT_EQ(without_time(c.history), without_time(d.history));
  EXPECT_EQ(c.best, d.best);
  EXPECT_EQ(atsp.calls, 8u);
  EXPECT_EQ(atsp.genomes, 160u);
}

TEST(BatchEvaluation, GaWarmStartInjectAndSetPopulation) {
  GaParams p;
  p.population = 6;
  p.stop.generations = 3;
  p.seed = 1;
  const OneMax om(10);
  Ga plain(om, p, two_points, bit_flip);
  plain.start();
  Ga warm(om, p, two_points, bit_flip);
  warm.start({G(10, 1), G(10, 0)});
  // The given individuals first; the others from the same streams as without them.
  EXPECT_EQ(warm.population()[0], G(10, 1));
  EXPECT_EQ(warm.fitness()[1], 0.0);
  for (std::size_t i = 2; i < 6; ++i) EXPECT_EQ(warm.population()[i], plain.population()[i]);
  EXPECT_EQ(warm.result().best_fitness, 10.0);
  // inject: the worst (the zeros, at 1) is replaced.
  G one(10, 0);
  one[3] = 1;
  warm.inject({one});
  EXPECT_EQ(warm.population()[1], one);
  EXPECT_EQ(warm.fitness()[1], 1.0);
  warm.set_population(std::vector<G>(6, G(10, 1)), std::vector<double>(6, 10.0));
  EXPECT_EQ(warm.fitness()[5], 10.0);
  EXPECT_THROW(warm.set_population({G(10, 1)}), Error);
}
