#pragma once
// The level generator: the genetic algorithm of the Angry Birds document (its section 5.4 and
// Table 6.1), with our Box2D simulation in place of the game.
//
// Each generation: the members of the elite archive are put back at the head of the population
// (those not already in it), which is trimmed to size; every individual is scored — stability
// from a 10 s simulation (cached: archive members and unchanged survivors are never simulated
// again), diversity against the current population; parents are selected (tournament of two,
// or roulette) from a share of the population set by the crossover rate; their children
// (crossover on the composite lists and the masks, then mutation with the mutation rate, only on
// these new individuals) replace the worst; the new population is scored; its best not in the
// archive yet (`elite` of them) join the archive, which is sorted by fitness, kept free of
// identical structures (two levels whose blocks are the same count as one, whatever their pigs) and
// of levels closer than min_distance (of two such, the better stays), and trimmed to the number of
// levels asked for. The run goes on past `generations` until the archive holds that many qualified
// levels (stable, all their pigs, blocks in range), at most max_generations. The final levels are
// the archive's.
//
// fitness = stability_weight * stability + diversity_weight * 100 * diversity
//         + protection_weight * 100 * protected share of pigs, where stability is the document's
// score (0..100) and diversity the mean of three terms in [0, 1] (diversity.hpp); a level without
// room for all the pigs drawn loses 100 x the share missing, one with too few or too many blocks
// 100 x the share of the bound missed, and either goes after every qualified level in the
// archive. The population-relative Hamming term makes fitness a property of an individual within
// its population, which is why the engine's run_ga does not fit.

#include <cstdint>
#include <nlohmann/json.hpp>
#include <span>
#include <string>
#include <vector>

#include "evoplay/core/control.hpp"
#include "evoplay/core/history.hpp"
#include "evoplay/evo/islands.hpp"
#include "evoplay/evo/operators/selection.hpp"
#include "evoplay/evo/stopping.hpp"
#include "evoplay/games/birds/composite.hpp"
#include "evoplay/games/birds/difficulty.hpp"
#include "evoplay/games/birds/diversity.hpp"
#include "evoplay/games/birds/genome.hpp"
#include "evoplay/games/birds/physics.hpp"
#include "evoplay/games/birds/placement.hpp"
#include "evoplay/games/birds/robustness.hpp"
#include "evoplay/games/birds/ruleset.hpp"

namespace evoplay::games::birds {

/// Playability in the fitness (`birds generate --playable`): a level must be solvable by the
/// search agent with the birds it gives, and the naive agent's win rate fall in the band.
struct PlayableSettings {
  bool enabled = false;
  double difficulty_min = 0.2, difficulty_max = 0.6;  // band of the naive agent's win rate
  double weight = 1;  // weight of 100 x the playability score (1 in the band, less outside)
  DifficultySettings measure = fitness_measure();  // smaller budgets than `birds difficulty`'s
  /// The measure the generator takes of each stable level: 8 naive games, no random shots, the
  /// search agent with a budget of 24 shots per bird.
  static DifficultySettings fitness_measure();
};

/// The most birds GeneratorSettings::min_birds may ask a level to need (2: the first bird's check).
inline constexpr int kMostMinBirds = 2;

struct GeneratorSettings {
  int population = 10;          // Table 6.1's second setting (its first, 20 x 10, did as well
  int generations = 100;        // in our measures: docs/birds-generator.md)
  double crossover_rate = 0.3;  // share of the population chosen as parents each generation
  double mutation_rate = 0.3;   // probability that a child is mutated
  evo::Selection selection = evo::Selection::parse("tournament:2");
  CrossoverKind crossover = CrossoverKind::kOnePoint;
  double stability_weight = 1;
  double diversity_weight = 0.1;
  HammingMode hamming = HammingMode::kMin;
  int elite = 5;  // best individuals of each generation offered to the archive
  GenomeSettings genome;
  PlacementSettings placement;
  PhysicsSettings physics;
  // The stability term: the document's score averaged over the level as it is and its nudged,
  // leaned trials (robustness.hpp; the trials run for levels that stand as they are); a level
  // qualifies only when robust.
  RobustnessSettings robustness;
  double time_limit_seconds = 0;  // stop early after this much wall time (0: never)
  // Levels as the competition asks for them (docs/birds-generator.md, "Level sets"):
  int blocks_min = 60, blocks_max = 100;  // blocks per level (the peers' range); outside, the
                                          // fitness loses 100 x the share of the bound missed
  double min_distance = 0.45;             // no two levels delivered closer (structural distance)
  double protection_weight = 0.2;         // weight of 100 x the share of pigs no shot reaches first
  double shelter_weight = 0.3;  // weight of 100 x the share of pigs in rooms (shelter.hpp)
  int max_generations = 0;      // go on past `generations` until the archive holds the levels asked
                                // for, stable and distinct, at most this many (0: 20 x generations)
  // Depth: with 2, a level qualifies only when the search agent's first bird, sweeping
  // bird_check_budget shots, does not win it (measured for the levels offered to the archive
  // that qualify otherwise); 1: no such check.
  int min_birds = 2;
  int bird_check_budget = 24;
  PlayableSettings playable;
  /// Islands (generator_run.hpp): K generators from their own seeds, swapping their best every
  /// interval generations; islands = 1 is the generator alone.
  evo::IslandParams islands;
  std::uint64_t seed = 1;
  int threads = 1;
  /// The most generations a run makes looking for the levels asked for: max_generations, at
  /// least `generations` (0: 20 x generations).
  int most_generations() const;
  /// Throws Error naming the first field out of range.
  void validate() const;
  /// Every setting, for config.json (the keys `birds generate` has always written).
  nlohmann::json to_json() const;
};

/// The stability part of an individual's score: what the simulations of its level said.
struct StabilityScore {
  double paper_score = 0;   // the document's score, 0..100, of the level as it is
  bool stable = false;      // nothing destroyed, nothing moved >= 0.1
  bool robust = false;      // and it stands in every nudged, leaned trial (robustness.hpp)
  double robust_score = 0;  // the document's score averaged over the level and its trials
  int pieces = 0, destroyed = 0, moved = 0, rotated = 0;
  double protected_share = 0;  // pigs no shot reaches first (protection.hpp)
  double sheltered_share = 0;  // pigs in rooms: a roof and walls (shelter.hpp)
  bool operator==(const StabilityScore&) const = default;
};

/// What playing the level said (playable mode; measured for stable levels with all their pigs).
struct PlayScore {
  bool measured = false;
  bool solvable = false;      // the search agent won
  double naive_win_rate = 0;  // the naive agent's
  int birds_used = 0;         // by the search agent
  int shots_simulated = 0;
  // The two-birds check (GeneratorSettings::min_birds), for levels offered to the archive.
  bool birds_checked = false;
  bool first_bird_wins = false;  // a shot of the first bird kills every pig
  bool operator==(const PlayScore&) const = default;
};

struct Individual {
  Genome genome;
  bool scored = false;  // stability known (kept by copies; reset by variation)
  StabilityScore stability;
  PlayScore play;             // playable mode
  std::string level_key;      // the level as a file: identical levels have equal keys
  std::string structure_key;  // its blocks alone: levels differing only in pigs share it
  std::vector<int> used;      // catalogue indices of the composites placed
  int skipped = 0;            // composites left out of the level (too high)
  int blocks = 0;             // blocks of its level
  int pigs_wanted = 0;        // pigs drawn within the ruleset's range ...
  int pigs_missing = 0;       // ... and how many found no room (a failure: see fitness)
  DiversityTerms diversity;   // within the population it was last scored in
  double fitness = 0;         // in that population; archive members: within the archive
  LevelShape shape;           // silhouette and composition of its level (for the archive)
  double set_distance = 0;    // archive members: level distance to the nearest other member
  int generation = 0;         // when it was made
};

struct GeneratorResult {
  std::vector<Individual> levels;      // the archive at the end, best first
  int qualified = 0;                   // of them: stable, all pigs, blocks in range
  std::vector<Individual> population;  // the last population, best first
  History history;                     // one row per generation (see docs/birds-generator.md)
  /// The run's counters: generations completed after the initial population, evaluations (new
  /// individuals scored), seconds, and why it ended: kGenerations (the generations asked for,
  /// the levels found by then, or the max_generations reached looking for them: `qualified`
  /// tells which), kTarget (the levels found after more generations than asked for), kTime,
  /// kCancelled. (best_fitness, solved and restarts are not used.)
  evo::RunCounters counters{.stop = evo::StopReason::kGenerations};
  std::uint64_t simulations = 0;           // Box2D runs (the rest came from the cache)
  std::uint64_t playability_measures = 0;  // levels played (playable mode)
  std::uint64_t bird_checks = 0;           // levels given the two-birds check (min_birds 2)
};

/// An observer of the generator that also sees its archive after each generation (the initial
/// population's first): the levels the run would deliver if it ended there, each with its
/// level as XML in level_key. Why: a live view shows the levels as they appear (the web page);
/// run_generator calls on_archive when control.observer is one, on the thread that runs it.
class ArchiveObserver : public Observer {
 public:
  virtual void on_archive(int generation, std::span<const Individual> archive) = 0;
  /// A level set begins (generate_level_set: block `block` of a parameters file, from 0; 0 for
  /// a run without one), before its first generation's record.
  virtual void on_set(std::size_t block) { (void)block; }
};

/// Runs the generator. Deterministic for a seed at any number of threads. control.observer sees
/// each generation's record; a cancel ends the run soon, within the first population or the
/// generation under way, which then does not count (the levels are the archive's so far, and
/// those of the population scored so far; stop kCancelled). With settings.islands active, the
/// island model of generator_run.hpp (over control.exchange's processes when it has several).
GeneratorResult run_generator(const Catalogue& catalogue, const Ruleset& rules,
                              const GeneratorSettings& settings, const Control& control = {});

/// The level of an individual (the same placement the generator scored).
Placement place_individual(const Individual& individual, const Catalogue& catalogue,
                           const Ruleset& rules, const GeneratorSettings& settings);

}  // namespace evoplay::games::birds
