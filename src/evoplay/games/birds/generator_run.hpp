#pragma once
// The level generator one generation at a time, as an island of the engine's archipelago.
//
// Why it exists: the generator (generator.hpp) is its own GA, with an elite archive, a cache of
// simulations and a fitness relative to the population. GeneratorRun exposes its steps as an
// evo::Island (evo/islands.hpp), so the engine's Archipelago runs K of them as pagmo's and
// ParadisEO's island models do: island i from island_seed(seed, i), all in lock-step; after
// every `interval` generations each island sends copies of its `migrants` best along the
// topology (ring: to the next island; fully connected: to all, each keeping the best `migrants`
// it receives), and a migrant takes the place of the worst individual of its new island if it
// is fitter. The run goes on while any island wants another generation (fewer than asked for,
// or its archive short of qualified levels: own_stop), up to the most allowed; a cancel or the
// time limit on any process stops all (a cancel stops the islands' generation under way, or
// their making and initial populations, soon). At the end the islands' archives (each island's
// finish()) are scored once more as one population and offered, best first, to one archive:
// the run's levels (merge_archives). Islands run on this process's threads, or spread over the
// processes of control.exchange (island i on process i mod size); migrants and archives travel
// as genomes (with the generation they were made in) and are scored where they arrive, so the
// result is the same either way.

#include <cstddef>
#include <memory>
#include <nlohmann/json.hpp>
#include <string_view>
#include <vector>

#include "evoplay/core/control.hpp"
#include "evoplay/evo/islands.hpp"
#include "evoplay/evo/run_result.hpp"
#include "evoplay/games/birds/generator.hpp"

namespace evoplay::games::birds {

namespace detail {
class Generator;
}

/// One generator run, step by step: start(), then step() until done(), then finish() (an
/// evo::Island of Individuals; alone, run_generator gives the same run with its levels).
class GeneratorRun {
 public:
  GeneratorRun(const Catalogue& catalogue, const Ruleset& rules, GeneratorSettings settings,
               Control control);
  ~GeneratorRun();
  GeneratorRun(const GeneratorRun&) = delete;
  GeneratorRun& operator=(const GeneratorRun&) = delete;

  /// The initial population; a cancel (control.cancel) stops it soon, and it has no record.
  void start();
  /// One generation; a cancel stops it soon: it then does not count and has no record.
  void step();
  /// Its own rule said enough (own_stop), or a cancel, the time limit or the most generations.
  bool done();
  /// kNone while it wants another generation (fewer made than asked for, or the archive short of
  /// qualified levels); else kGenerations, or kTarget when it made more than asked for.
  evo::StopReason own_stop() const;
  int generation() const;
  /// The run so far: a record per generation made, its population's fittest as the best.
  const evo::RunResult<Individual>& result() const;
  /// Copies of the `count` best of the population.
  std::vector<evo::Migrant<Individual>> emigrants(std::size_t count) const;
  /// Migrants, best first: each replaces the worst if fitter and not there already.
  void immigrate(const std::vector<evo::Migrant<Individual>>& arriving);
  /// The result: its archive (the levels, best first) as the population, with their fitness;
  /// its simulations, playability measures and two-birds checks as counts.
  evo::RunResult<Individual> finish();
  /// The archipelago's record sums the islands' simulations and averages the other columns.
  static bool summed_column(std::string_view name) { return name == "simulations"; }

 private:
  void note();

  GeneratorSettings settings_;
  Control control_;
  std::unique_ptr<detail::Generator> impl_;
  evo::RunResult<Individual> so_far_;
};

static_assert(evo::Island<GeneratorRun, Individual>);
static_assert(evo::HasOwnStop<GeneratorRun> && evo::HasIslandColumns<GeneratorRun>);

/// What an archipelago of generators knows of its "problem": levels, fitness maximised.
struct GeneratorLevels {
  using Genome = Individual;
  evo::Direction direction() const { return evo::Direction::maximize; }
};

/// Levels made elsewhere (the islands' archives, in island order), scored by one generator of
/// `settings` as one population (equals keep their order) and offered to its archive best first:
/// the result of a run ended for `stop`.
GeneratorResult merge_archives(const Catalogue& catalogue, const Ruleset& rules,
                               const GeneratorSettings& settings,
                               std::vector<Individual> candidates, evo::StopReason stop);

/// A genome as JSON and back; an individual travels as its genome and the generation it was
/// made in (migrants and archives between processes; it is placed and scored where it lands).
nlohmann::json genome_json(const Genome& genome);
Genome genome_from_json(const nlohmann::json& j);
void to_json(nlohmann::json& j, const Individual& individual);
void from_json(const nlohmann::json& j, Individual& individual);

/// The island model of the header comment (settings.islands.active()); run_generator calls it.
GeneratorResult run_generator_islands(const Catalogue& catalogue, const Ruleset& rules,
                                      const GeneratorSettings& settings, const Control& control);

}  // namespace evoplay::games::birds
