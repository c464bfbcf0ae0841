// The generator's island model (generator_run.hpp): the engine's Archipelago of GeneratorRuns,
// on threads or over the processes of an Exchange, then one merge of their archives.
#include <memory>
#include <utility>

#include "evoplay/core/stopwatch.hpp"
#include "evoplay/evo/islands.hpp"
#include "evoplay/games/birds/generator_run.hpp"

namespace evoplay::games::birds {

nlohmann::json genome_json(const Genome& genome) {
  nlohmann::json genes = nlohmann::json::array();
  for (const Gene& g : genome.genes) {
    genes.push_back({g.composite, static_cast<int>(g.material), g.dx, g.dy});
  }
  return {{"genes", genes},
          {"mask", genome.mask},
          {"pig_seed", genome.pig_seed},
          {"platforms", genome.platforms}};
}

Genome genome_from_json(const nlohmann::json& j) {
  Genome genome;
  for (const auto& g : j.at("genes")) {
    genome.genes.push_back({g.at(0).get<int>(), static_cast<Material>(g.at(1).get<int>()),
                            g.at(2).get<double>(), g.at(3).get<double>()});
  }
  genome.mask = j.at("mask").get<std::vector<int>>();
  genome.pig_seed = j.at("pig_seed").get<std::uint64_t>();
  genome.platforms = j.at("platforms").get<std::vector<double>>();
  return genome;
}

void to_json(nlohmann::json& j, const Individual& individual) {
  j = {genome_json(individual.genome), individual.generation};
}

void from_json(const nlohmann::json& j, Individual& individual) {
  individual = {};
  individual.genome = genome_from_json(j.at(0));
  individual.generation = j.at(1).get<int>();
}

GeneratorResult run_generator_islands(const Catalogue& catalogue, const Ruleset& rules,
                                      const GeneratorSettings& settings, const Control& control) {
  const Stopwatch clock;
  evo::Stopping stop;  // the islands' own rule (own_stop) goes first: see GeneratorRun
  stop.generations = static_cast<std::size_t>(settings.most_generations());
  stop.seconds = settings.time_limit_seconds;
  stop.cancel = control.cancel.flag();
  Control islands;  // the islands share the caller's cancel, nothing else
  islands.cancel = control.cancel;
  const auto make = [&](std::size_t, std::uint64_t seed, int threads,
                        const evo::EvaluationHook<Individual>&) {
    GeneratorSettings own = settings;
    own.islands = {};
    own.seed = seed;
    own.threads = threads;
    own.time_limit_seconds = 0;
    return std::make_unique<GeneratorRun>(catalogue, rules, std::move(own), islands);
  };
  const GeneratorLevels levels;
  evo::Archipelago<GeneratorLevels, GeneratorRun> archipelago(
      levels, settings.islands, stop, settings.seed, settings.threads, make, control.observer, {},
      control.exchange);
  evo::RunResult<Individual> run = evo::run_to_end(archipelago);

  std::vector<Individual> candidates;  // the islands' archives, in island order
  for (std::size_t i = 0; i < run.population.size(); ++i) {
    candidates.push_back(std::move(run.population[i]));
    candidates.back().fitness = run.fitness[i];
  }
  GeneratorResult out = merge_archives(catalogue, rules, settings, std::move(candidates), run.stop);
  out.history = std::move(run.history);
  out.counters.generations = run.generations;
  out.counters.evaluations = run.evaluations;
  for (const auto& [name, n] : run.counts) {
    if (name == "simulations") out.simulations += n;
    if (name == "playability_measures") out.playability_measures += n;
    if (name == "bird_checks") out.bird_checks += n;
  }
  out.counters.seconds = clock.seconds();
  return out;
}

}  // namespace evoplay::games::birds
