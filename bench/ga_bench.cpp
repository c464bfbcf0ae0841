// GA engine speed on the circle TSP with 100 cities, population 200: generations and
// evaluations per second with one thread and with two.
#include "bench_util.hpp"
#include "evoplay/evo/ga.hpp"
#include "evoplay/evo/operators/crossover.hpp"
#include "evoplay/evo/operators/mutation.hpp"
#include "evoplay/evo/problems/circle_tsp.hpp"

int main() {
  using namespace evoplay;
  using G = std::vector<int>;
  const evo::CircleTsp tsp(100);
  for (int threads : {1, 2}) {
    evo::GaParams p;
    p.population = 200;
    p.crossover_rate = 0.9;
    p.mutation_rate = 0.3;
    p.elite_count = 2;
    p.stop.generations = 1000;
    p.threads = threads;
    p.seed = 42;
    evo::RunResult<G> result;
    const double s = bench::seconds([&] {
      result = evo::run_ga(
          tsp, p, [](const G& a, const G& b, Rng& r) { return evo::ox(a, b, r); },
          [](G& g, Rng& r) { evo::inversion_mutation(g, r); });
    });
    const auto tag = fmt::format("ga_tsp100_pop200_threads{}", threads);
    bench::figure(tag + "_generations_per_s", static_cast<double>(result.generations) / s, "gen/s");
    bench::figure(tag + "_evaluations_per_s", static_cast<double>(result.evaluations) / s,
                  "eval/s");
  }
}
