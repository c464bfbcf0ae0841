#pragma once
// Solving one Sudoku with the genetic algorithm: the paper's settings and the `strong` preset.
//
// Why it exists: the command line, the experiments, the demo and the benchmark all run the same
// thing: evo::run_ga on a SudokuProblem with the row-wise operators, configured by a preset and
// the user's overrides. `paper` is the published configuration; `strong` is the one a user
// picks to actually solve puzzles (candidate-restricted rows, a local search after variation,
// restarts on stagnation) and remains a GA on row permutations.

#include <cstdint>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>

#include "evoplay/core/control.hpp"
#include "evoplay/core/history.hpp"
#include "evoplay/core/limits.hpp"
#include "evoplay/evo/cro.hpp"
#include "evoplay/evo/ga.hpp"
#include "evoplay/evo/islands.hpp"
#include "evoplay/games/sudoku/board.hpp"
#include "evoplay/games/sudoku/operators.hpp"

namespace evoplay::games::sudoku {

struct GaSettings {
  std::string preset = "paper";
  std::string crossover = "combined";
  std::string mutation = "rotation";
  std::string selection = "tournament:3";
  std::size_t population = 200;
  std::size_t generations = 300;
  double crossover_rate = 0.8;
  double mutation_rate = 0.2;
  double elitism = 5;  // percentage of the population kept unchanged
  // The strong preset's additions (off in `paper`).
  bool restricted = false;     // candidate-restricted initialisation and repair
  int local_search_steps = 0;  // LocalSearch::steps after each child's mutation (0 = none)
  std::size_t stagnation = 0;  // generations without improvement before a restart (0 = never)
  std::uint64_t seed = 1;
  int threads = 1;
  // CRO's own settings (solve_cro); unset: the document's values with gamma = mutation_rate.
  // The reef, the epochs, the seed and the threads come from the fields above.
  std::optional<evo::CroParams> cro;
  /// The island model: `population` per island, `generations` per island in lock-step; islands
  /// run on MPI ranks when the control's exchange has several processes.
  evo::IslandParams islands;

  /// The settings of a preset ("paper" or "strong"); throws Error for another name.
  static GaSettings preset_named(std::string_view name);
  /// Throws Error naming the first bad field ("population: expected a whole number from 2 to
  /// 1000000, found 1"), operator names included.
  void validate() const;
  nlohmann::json to_json() const;

  template <class S, class V>
  static void fields(S& s, V& v) {
    preset_field(s, v);
    operator_fields(s, v);
    run_fields(s, v);
    v.group(s.islands, {});
    v(s.seed, fields::kSeed);
    v(s.threads, fields::kThreads);
  }
  template <class S, class V>
  static void preset_field(S& s, V& v) {
    static constexpr std::string_view kPresets[] = {"paper", "strong"};
    v(s.preset, {.name = "preset",
                 .help = "GA settings to start from: paper (the published GA) or strong",
                 .choices = kPresets});
  }
  /// The crossover and the mutation (an experiment takes lists of them instead).
  template <class S, class V>
  static void operator_fields(S& s, V& v) {
    v(s.crossover, {.name = "crossover", .help = "crossover", .choices = kCrossovers});
    v(s.mutation, {.name = "mutation", .help = "mutation", .choices = kMutations});
  }
  /// The GA's parameters: every field but the preset, the operators, the islands, the seed
  /// and the threads.
  template <class S, class V>
  static void run_fields(S& s, V& v) {
    v(s.selection, {.name = "selection",
                    .help = "the GA's parent selection: tournament[:K] (the fittest of K drawn at "
                            "random), roulette (fitness-proportional), ranking[:S] (linear, "
                            "pressure S from 1 to 2) or random",
                    .value_name = "SPEC"});
    v(s.population, {.name = "population",
                     .help = "individuals (paper 200, strong 40)",
                     .lo = 2,
                     .hi = limits::kPopulation});
    v(s.generations, {.name = "generations",
                      .help = "generation limit (paper 300, strong 10000)",
                      .lo = 0,
                      .hi = limits::kGenerations,
                      .run_limit = true});
    v(s.crossover_rate, {.name = "crossover-rate",
                         .help = "probability of crossing a pair (paper 0.8)",
                         .lo = 0,
                         .hi = 1});
    v(s.mutation_rate, {.name = "mutation-rate",
                        .help = "probability of mutating a child (paper 0.2)",
                        .lo = 0,
                        .hi = 1});
    v(s.elitism, {.name = "elitism",
                  .help = "percentage of the population kept unchanged (paper 5)",
                  .lo = 0,
                  .hi = 100});
    v(s.restricted, {.name = "restricted",
                     .help = "rows drawn and repaired among each cell's candidates (strong)",
                     .advanced = true});
    v(s.local_search_steps, {.name = "local-search-steps",
                             .help = "local-search swaps tried after each child's mutation "
                                     "(strong 40; 0: none)",
                             .lo = 0,
                             .hi = 1'000'000,
                             .advanced = true});
    v(s.stagnation, {.name = "stagnation",
                     .help = "generations without improvement before a restart (strong 60; 0: "
                             "never)",
                     .lo = 0,
                     .hi = limits::kGenerations,
                     .advanced = true});
  }
};

struct GaOutcome {
  evo::RunCounters counters;  // solved, best_fitness (the best board's conflicts), generations...
  Board best;
  std::uint64_t local_moves = 0;  // swaps made by the local search
  History history;

  /// The best board's conflicts (0: solved).
  int fitness() const { return static_cast<int>(counters.best_fitness); }
};

/// An observer of a GA or CRO run on a puzzle that also sees the best board so far after each
/// generation (a live view: the web page marks its conflicts).
class BestBoardObserver : public Observer {
 public:
  virtual void on_best_board(const Board& best, int fitness) = 0;
};

/// Runs the GA on one puzzle. Deterministic for a seed, at any thread count. The control's
/// observer sees every generation (and the best board, if it is a BestBoardObserver); a cancel
/// stops the run after the generation under way (stop = kCancelled).
GaOutcome solve_ga(const Board& puzzle, const GaSettings& settings, const Control& control = {});

/// The same operators through the generic Coral Reef Optimization (evo/cro.hpp, the Lemmings
/// document's defaults): a reef of `population` cells, `generations` epochs, and brooded larvae
/// mutated with probability `mutation_rate` (gamma); crossover_rate, elitism, selection and
/// stagnation do not apply. `generations` in the outcome counts epochs.
GaOutcome solve_cro(const Board& puzzle, const GaSettings& settings, const Control& control = {});
/// The CRO settings solve_cro uses.
evo::CroParams cro_params(const GaSettings& settings);

}  // namespace evoplay::games::sudoku
