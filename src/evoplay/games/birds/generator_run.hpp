#pragma once
// The level generator one generation at a time, and its island model.
//
// Why it exists: the generator (generator.hpp) is its own GA, with an elite archive, a cache of
// simulations and a fitness relative to the population, so the engine's Archipelago
// (evo/islands.hpp) cannot drive it. GeneratorRun exposes its steps; run_generator_islands runs
// K of them as pagmo's and ParadisEO's island models do: island i from island_seed(seed, i),
// all in lock-step; after every `interval` generations each island sends copies of its
// `migrants` best along the topology (ring: to the next island; fully connected: to all, each
// keeping the best `migrants` it receives), and a migrant takes the place of the worst
// individual of its new island if it is fitter. The run goes on while any island wants another
// generation (fewer than asked for, or its archive short of qualified levels), up to the most
// allowed; a cancel or the time limit on any process stops all (a cancel stops the islands'
// generation under way, or their making and initial populations, soon). At the end the islands'
// archives are scored once more as one population and offered, best first, to one archive: the
// run's levels. Islands run on this process's threads, or spread over the processes of
// control.exchange (island i on process i mod size); migrants and archives travel as genomes and
// are scored where they arrive, so the result is the same either way.

#include <cstddef>
#include <memory>
#include <nlohmann/json.hpp>
#include <vector>

#include "evoplay/core/control.hpp"
#include "evoplay/games/birds/generator.hpp"

namespace evoplay::games::birds {

namespace detail {
class Generator;
}

/// One generator run, step by step: start(), then step() while wants_generation() (and no
/// stopping rule of the caller's says otherwise), then finish().
class GeneratorRun {
 public:
  /// `settings` and `control` must outlive the run.
  GeneratorRun(const Catalogue& catalogue, const Ruleset& rules, const GeneratorSettings& settings,
               const Control& control);
  ~GeneratorRun();
  GeneratorRun(const GeneratorRun&) = delete;
  GeneratorRun& operator=(const GeneratorRun&) = delete;

  /// The initial population; a cancel (control.cancel) stops it soon, not complete().
  void start();
  /// Fewer generations made than asked for, or the archive short of qualified levels.
  bool wants_generation() const;
  /// One generation; a cancel stops it soon: it then does not count and is not complete().
  void step();
  int generation() const;
  /// The last start() or step() ran to its end, and last_record() is its row.
  bool complete() const;
  const GenerationRecord& last_record() const;
  /// Copies of the `count` best of the population.
  std::vector<Individual> emigrants(std::size_t count) const;
  /// Migrants, best first: each replaces the worst if fitter and not there already.
  void immigrate(std::vector<Individual> arriving);
  /// Levels made elsewhere, scored here as one population and offered to the archive best first
  /// (equals in their order).
  void adopt(std::vector<Individual> candidates);
  /// The result, ended for `stop`.
  GeneratorResult finish(evo::StopReason stop);

 private:
  std::unique_ptr<detail::Generator> impl_;
};

/// A genome as JSON and back (migrants and archives between processes).
nlohmann::json genome_json(const Genome& genome);
Genome genome_from_json(const nlohmann::json& j);

/// The island model of the header comment (settings.islands.active()); run_generator calls it.
GeneratorResult run_generator_islands(const Catalogue& catalogue, const Ruleset& rules,
                                      const GeneratorSettings& settings, const Control& control);

}  // namespace evoplay::games::birds
