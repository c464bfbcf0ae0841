#include "evoplay/games/birds/generate_settings.hpp"

#include <fmt/format.h>

#include "evoplay/core/error.hpp"
#include "evoplay/core/parallel.hpp"
#include "evoplay/core/text.hpp"
#include "evoplay/evo/operators/selection.hpp"

namespace evoplay::games::birds {

void GenerateSettings::validate() const {
  fields::check(*this);
  try {
    (void)generator_selection(selection);
  } catch (const Error&) {
    throw fields::FieldError("selection", fmt::format("expected {}, found '{}'",
                                                      fields::FieldValue<evo::Selection>::kExpected,
                                                      fields::detail::echo(selection)));
  }
  level_set().validate();
}

LevelSetSettings GenerateSettings::level_set() const {
  LevelSetSettings set;
  auto& ga = set.generator;
  ga.population = population;
  ga.generations = generations;
  set_genome_length(ga.genome, length);
  ga.selection = generator_selection(selection);
  ga.crossover = crossover;
  ga.crossover_rate = crossover_rate;
  ga.mutation_rate = mutation_rate;
  ga.stability_weight = stability_weight;
  ga.diversity_weight = diversity_weight;
  ga.protection_weight = protection_weight;
  ga.hamming = hamming;
  ga.elite = elite;
  ga.genome.max_lift = max_lift;
  ga.max_generations = max_generations;
  ga.blocks_min = blocks.min;
  ga.blocks_max = blocks.max;
  ga.placement.tnt_min = tnt.min;
  ga.placement.tnt_max = tnt.max;
  ga.genome.platform_chance = platforms;
  ga.min_distance = min_distance;
  ga.min_birds = min_birds;
  ga.playable.enabled = playable;
  ga.playable.difficulty_min = difficulty.min;
  ga.playable.difficulty_max = difficulty.max;
  ga.islands = islands;
  ga.threads = resolve_threads(threads);
  set.layers = layers;
  set.new_composites = new_composites;
  set.pictures = pictures;
  set.seed = seed;
  return set;
}

Catalogue GenerateSettings::catalogue() const {
  return composites ? read_catalogue(*composites) : default_catalogue();
}

std::vector<Ruleset> GenerateSettings::rulesets(const Catalogue& catalogue) const {
  auto out =
      ruleset ? read_rulesets(*ruleset) : std::vector{simple_ruleset(levels, pigs.min, pigs.max)};
  check_rulesets(out, catalogue, display_name(ruleset.value_or("")));
  return out;
}

nlohmann::json GenerateSettings::config(const LevelSetSettings& set, const Catalogue& catalogue,
                                        const std::vector<Ruleset>& rulesets) const {
  nlohmann::json j = set.to_json();
  j["composites_file"] = composites.value_or("(built in)");
  j["catalogue_size"] = catalogue.size();
  j["ruleset_file"] = ruleset.value_or("");
  j["rulesets"] = nlohmann::json::array();
  for (const auto& r : rulesets) j["rulesets"].push_back(r.to_json());
  return j;
}

}  // namespace evoplay::games::birds
