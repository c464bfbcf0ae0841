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
  double elite_fraction = 0.05;
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
  static GaSettings preset_named(const std::string& name);
  /// Throws Error naming the first bad field as the command line names its option
  /// ("population: expected a whole number from 2 to 1000000, found 1"), operator names
  /// included.
  void validate() const;
  nlohmann::json to_json() const;
};

struct GaOutcome {
  bool solved = false;
  int fitness = 0;  // of the best board
  Board best;
  std::size_t generations = 0;
  std::uint64_t evaluations = 0;
  std::uint64_t local_moves = 0;  // swaps made by the local search
  std::size_t restarts = 0;
  double seconds = 0;
  evo::StopReason stop = evo::StopReason::kNone;
  History history;
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
