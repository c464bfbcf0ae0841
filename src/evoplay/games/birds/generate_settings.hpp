#pragma once
// `birds generate`'s settings as a person chooses them: the command's options, the keywords of
// Python's birds.generate and the playground's generator requests, declared once
// (core/fields.hpp) and resolved here into what the library runs: the engine's LevelSetSettings,
// the catalogue of composites and the rulesets (the levels and pigs asked for, or a competition
// parameters file), and the run's config.json.

#include <cstdint>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "evoplay/core/fields.hpp"
#include "evoplay/evo/islands.hpp"
#include "evoplay/games/birds/composite.hpp"
#include "evoplay/games/birds/level_set.hpp"
#include "evoplay/games/birds/ruleset.hpp"

namespace evoplay::games::birds {

struct GenerateSettings {
  /// The engine's defaults, which a person's settings start from (made once).
  static const LevelSetSettings& engine() {
    static const LevelSetSettings kDefaults;
    return kDefaults;
  }

  int levels = 5;
  fields::Range<int> pigs{2, 4};
  std::optional<std::string> ruleset, composites;
  // The genetic algorithm.
  int population = engine().generator.population;
  int generations = engine().generator.generations;
  int length = engine().generator.genome.length;
  std::string selection = "tournament";  // the paper's: tournament:2 (generator_selection)
  CrossoverKind crossover = engine().generator.crossover;
  double crossover_rate = engine().generator.crossover_rate;
  double mutation_rate = engine().generator.mutation_rate;
  double stability_weight = engine().generator.stability_weight;
  double diversity_weight = engine().generator.diversity_weight;
  double protection_weight = engine().generator.protection_weight;
  HammingMode hamming = engine().generator.hamming;
  int elite = engine().generator.elite;
  double max_lift = engine().generator.genome.max_lift;
  int max_generations = engine().generator.max_generations;
  // Open-ended evolution.
  int layers = engine().layers;
  int new_composites = engine().new_composites;
  // The levels as the competition asks for them.
  fields::Range<int> blocks{engine().generator.blocks_min, engine().generator.blocks_max};
  fields::Range<int> tnt{engine().generator.placement.tnt_min,
                         engine().generator.placement.tnt_max};
  double platforms = engine().generator.genome.platform_chance;
  double min_distance = engine().generator.min_distance;
  int min_birds = engine().generator.min_birds;
  bool playable = engine().generator.playable.enabled;
  fields::Range<double> difficulty{engine().generator.playable.difficulty_min,
                                   engine().generator.playable.difficulty_max};
  bool pictures = engine().pictures;
  evo::IslandParams islands;
  std::uint64_t seed = engine().seed;
  int threads = engine().generator.threads;

  static constexpr std::string_view kGa = "GA options";
  static constexpr std::string_view kOpenEnded = "Open-ended evolution options";
  static constexpr std::string_view kLevels = "Level options";

  template <class S, class V>
  static void fields(S& s, V& v) {
    v(s.levels, {.name = "levels", .help = "levels to generate", .lo = 1, .hi = 1000});
    v(s.pigs, {.name = "pigs",
               .help = "pigs per level (a generated level has room for about 30)",
               .lo = 1,
               .hi = kMaxPigs});
    v(s.ruleset, {.name = "ruleset",
                  .help = "competition parameters file: one set of levels per block (with its "
                          "own pigs), each in its own folder (block-1, ...)",
                  .value_name = "FILE"});
    v(s.composites, {.name = "composites",
                     .help = "composite catalogue (JSON; not given: the built-in one, as in "
                             "data/birds/composites.json)",
                     .value_name = "FILE"});
    v(s.pictures, {.name = "pictures",
                   .help = "write the pictures: each level's, a contact sheet, the plots and the "
                           "composite sheets (--no-pictures: none)"});
    v(s.blocks, {.name = "blocks",
                 .help = "blocks per level (outside, the fitness loses the share missed)",
                 .lo = 0,
                 .hi = 1000,
                 .heading = kLevels});
    v(s.tnt, {.name = "tnt",
              .help = "TNT crates per level, put beside the pigs",
              .lo = 0,
              .hi = 20,
              .heading = kLevels});
    v(s.platforms, {.name = "platforms",
                    .help = "chance that a column of a new level stands on a platform",
                    .lo = 0,
                    .hi = 1,
                    .heading = kLevels});
    v(s.min_distance, {.name = "min-distance",
                       .help = "no two levels delivered closer than this structural distance",
                       .lo = 0,
                       .hi = 1,
                       .heading = kLevels});
    v(s.min_birds, {.name = "min-birds",
                    .help = "levels must need this many birds: with 2, no shot of the search "
                            "agent's first bird (a sweep of 24) may win the level; 1: no such "
                            "check",
                    .lo = 1,
                    .hi = kMostMinBirds,
                    .heading = kLevels});
    v(s.playable, {.name = "playable",
                   .help = "levels must be solvable by the search agent, the naive agent's win "
                           "rate within --difficulty",
                   .heading = kLevels});
    v(s.difficulty, {.name = "difficulty",
                     .help = "with --playable: the band of the naive agent's win rate",
                     .lo = 0,
                     .hi = 1,
                     .heading = kLevels});
    v(s.population,
      {.name = "population", .help = "individuals", .lo = 2, .hi = 100000, .heading = kGa});
    v(s.generations, {.name = "generations",
                      .help = "generations (per layer)",
                      .lo = 0,
                      .hi = 10000000,
                      .heading = kGa});
    v(s.length, {.name = "length",
                 .help = "composites per new individual",
                 .lo = 1,
                 .hi = 1000,
                 .heading = kGa});
    v(s.selection, {.name = "selection",
                    .help = "the GA's parent selection: tournament (pairs, the fitter is a "
                            "parent: the paper's), tournament:K, roulette, ranking[:S] or random",
                    .value_name = "SPEC",
                    .heading = kGa});
    v(s.crossover,
      {.name = "crossover", .help = "the crossover of composite lists and masks", .heading = kGa});
    v(s.crossover_rate, {.name = "crossover-rate",
                         .help = "share of the population chosen as parents each generation",
                         .lo = 0,
                         .hi = 1,
                         .heading = kGa});
    v(s.mutation_rate, {.name = "mutation-rate",
                        .help = "probability that a child mutates",
                        .lo = 0,
                        .hi = 1,
                        .heading = kGa});
    v(s.stability_weight, {.name = "stability-weight",
                           .help = "weight of the stability score (0..100) in the fitness",
                           .lo = 0,
                           .hi = 1e6,
                           .heading = kGa});
    v(s.diversity_weight, {.name = "diversity-weight",
                           .help = "weight of 100 x the diversity score (0..1) in the fitness",
                           .lo = 0,
                           .hi = 1e6,
                           .heading = kGa});
    v(s.protection_weight, {.name = "protection-weight",
                            .help = "weight of 100 x the share of pigs no full-power shot "
                                    "reaches first",
                            .lo = 0,
                            .hi = 1e6,
                            .heading = kGa});
    v(s.hamming, {.name = "hamming",
                  .help = "Hamming term: min (distance to the nearest other individual) or mean",
                  .heading = kGa});
    v(s.elite, {.name = "elite",
                .help = "best new individuals (not in the archive yet) offered to the archive "
                        "each generation",
                .lo = 1,
                .hi = 100000,
                .heading = kGa});
    v(s.max_lift, {.name = "max-lift",
                   .help = "largest height a composite may start above its support (0: all rest "
                           "on it)",
                   .lo = 0,
                   .hi = 5,
                   .heading = kGa});
    v(s.max_generations, {.name = "max-generations",
                          .help = "go on past --generations until the levels asked for are found, "
                                  "stable and distinct, at most this many generations (0: 20 x "
                                  "--generations)",
                          .lo = 0,
                          .hi = 100000000,
                          .heading = kGa});
    v(s.layers, {.name = "layers",
                 .help = "layers of open-ended evolution: after each, stable parts of its levels "
                         "become composites for the next",
                 .lo = 1,
                 .hi = 100,
                 .heading = kOpenEnded});
    v(s.new_composites, {.name = "new-composites",
                         .help = "composites cut from each layer's levels, at most",
                         .lo = 0,
                         .hi = 1000,
                         .heading = kOpenEnded});
    v.group(s.islands, {});
    v(s.seed, fields::kSeed);
    v(s.threads, fields::kThreads);
  }

  /// Throws Error naming the first field out of range (fields::FieldError for a field's own).
  void validate() const;
  /// The engine's settings (threads resolved: 0 is every core).
  LevelSetSettings level_set() const;
  /// The composites: the file's, or the built-in catalogue.
  Catalogue catalogue() const;
  /// The rulesets: one of `levels` levels of `pigs` pigs, or the parameters file's blocks;
  /// checked against `catalogue` (errors name the file and line).
  std::vector<Ruleset> rulesets(const Catalogue& catalogue) const;
  /// config.json: the engine's settings, the catalogue and the rulesets (the keys `birds
  /// generate` has always written).
  nlohmann::json config(const LevelSetSettings& set, const Catalogue& catalogue,
                        const std::vector<Ruleset>& rulesets) const;
};

}  // namespace evoplay::games::birds
