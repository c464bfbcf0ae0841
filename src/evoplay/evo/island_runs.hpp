#pragma once
// The GA and CRO run alone or as islands, by one call: what a problem's solver calls when its
// settings may ask for an island model (evo/islands.hpp).
//
// Why it exists: Sudoku and Lemmings (and any later problem) choose the GA or CRO and maybe
// islands from their settings; these calls build each island from the same parameters (its own
// seed from island_seed, its share of the threads) so that no solver repeats that wiring.

#include <memory>
#include <utility>
#include <vector>

#include "evoplay/core/exchange.hpp"
#include "evoplay/evo/aco.hpp"
#include "evoplay/evo/cro.hpp"
#include "evoplay/evo/ga.hpp"
#include "evoplay/evo/islands.hpp"

namespace evoplay::evo {

namespace detail {

/// An Archipelago of `Island`s (any optimiser that models evo::Island), island i built by `build(p, hook)` from `params` with island i's
/// seed and threads in `p`, run to its end.
template <class Island, Problem P, class Params, class Build>
RunResult<typename P::Genome> run_archipelago(const P& problem, const Params& params,
                                              const IslandParams& islands, Observer* observer,
                                              const EvaluationHook<typename P::Genome>& hook,
                                              Exchange* exchange, Build build) {
  const auto make = [&](std::size_t, std::uint64_t seed, int threads,
                        EvaluationHook<typename P::Genome> island_hook) {
    Params p = params;
    p.seed = seed;
    p.threads = threads;
    return std::unique_ptr<Island>(build(p, std::move(island_hook)));
  };
  Archipelago<P, Island> archipelago(problem, islands, params.stop, params.seed, params.threads,
                                     make, observer, hook, exchange);
  return run_to_end(archipelago);
}

}  // namespace detail

/// run_ga when `islands` is not active; else an Archipelago of Ga islands, each with `params`
/// but its own seed and threads; the stopping rules of `params` count the archipelago.
template <Problem P, class Crossover, class Mutation>
RunResult<typename P::Genome> run_ga_islands(const P& problem, const GaParams& params,
                                             const IslandParams& islands, Crossover crossover,
                                             Mutation mutation, Observer* observer = nullptr,
                                             const EvaluationHook<typename P::Genome>& hook = {},
                                             Exchange* exchange = nullptr) {
  if (!islands.active()) return run_ga(problem, params, crossover, mutation, observer, hook);
  using Island = Ga<P, Crossover, Mutation>;
  return detail::run_archipelago<Island>(
      problem, params, islands, observer, hook, exchange, [&](const GaParams& p, auto h) {
        return std::make_unique<Island>(problem, p, crossover, mutation, nullptr, std::move(h));
      });
}

/// run_cro when `islands` is not active; else an Archipelago of Cro islands (as run_ga_islands).
template <Problem P, class Crossover, class Mutation>
RunResult<typename P::Genome> run_cro_islands(
    const P& problem, const CroParams& params, const IslandParams& islands, Crossover crossover,
    Mutation mutation, Observer* observer = nullptr,
    const EvaluationHook<typename P::Genome>& hook = {},
    const std::vector<Substrate<typename P::Genome>>& substrates = {},
    Exchange* exchange = nullptr) {
  if (!islands.active()) {
    return run_cro(problem, params, crossover, mutation, observer, hook, substrates);
  }
  using Island = Cro<P, Crossover, Mutation>;
  return detail::run_archipelago<Island>(
      problem, params, islands, observer, hook, exchange, [&](const CroParams& p, auto h) {
        return std::make_unique<Island>(problem, p, crossover, mutation, nullptr, std::move(h),
                                        substrates);
      });
}

/// run_aco when `islands` is not active; else an Archipelago of Aco colonies (as
/// run_ga_islands), which swap their best ants (Aco::immigrate).
template <HasPath P>
RunResult<typename P::Genome> run_aco_islands(const P& problem, const AcoParams& params,
                                              const IslandParams& islands,
                                              Observer* observer = nullptr,
                                              const EvaluationHook<typename P::Genome>& hook = {},
                                              Exchange* exchange = nullptr) {
  if (!islands.active()) return run_aco(problem, params, observer, hook);
  using Island = Aco<P>;
  return detail::run_archipelago<Island>(problem, params, islands, observer, hook, exchange,
                                         [&](const AcoParams& p, auto h) {
                                           return std::make_unique<Island>(problem, p, nullptr,
                                                                           std::move(h));
                                         });
}

}  // namespace evoplay::evo
