#pragma once
// `lemmings solve` as one library call: a run of one algorithm on one level, its best plan
// replayed (the genes that had an effect), and the files a run folder holds.
//
// Why it exists: the command line, Python and a server solve a level the same way and get the
// same result.json for the same seed; the command line only binds options to SolverSettings and
// prints the result.

#include <filesystem>
#include <nlohmann/json.hpp>
#include <string>

#include "evoplay/core/control.hpp"
#include "evoplay/core/progress.hpp"
#include "evoplay/core/run_dir.hpp"
#include "evoplay/games/lemmings/level.hpp"
#include "evoplay/games/lemmings/outcome.hpp"
#include "evoplay/games/lemmings/solve.hpp"

namespace evoplay::games::lemmings {

struct LevelSolveResult {
  Level level;
  SolverSettings settings;
  SolveResult run;
  Plan best;        // the genes of run.best that had an effect, in step order
  Outcome outcome;  // of `best` (the same as run.best's, genes numbered as in `best`)
  Plan fewest;      // if solved: the genes of run.fewest that had an effect (a solution with
                    // the fewest actions found)

  /// "CRO on Bridge (heuristic fitness, 20000 evaluations, seed 1)".
  std::string label() const;
  /// What result.json and --json hold (without the run folder).
  nlohmann::json to_json() const;
  /// What the command prints for people (without the run folder).
  std::string text() const;
};

/// Shows a solve's generations on a progress line: how many of its epochs, or of its evaluations,
/// are done, and the best fitness so far.
class SolveProgress : public Observer {
 public:
  SolveProgress(Progress& progress, const SolverSettings& settings);
  void on_generation(const GenerationRecord& record) override;

 private:
  Progress& progress_;
  std::uint64_t budget_;
  std::size_t epochs_;
};

/// Loads a level to solve; throws Error (naming the file) if it offers no skill to plan.
Level load_level_to_solve(const std::string& file);

/// Solves `level` with `settings` (validated first; a level without skills is refused).
/// Cancelled: the result holds what the run found until then (run.stop is kCancelled).
LevelSolveResult solve_level(const Level& level, const SolverSettings& settings,
                             const Control& control = {});

/// Writes a solve's files into its run folder: best.plan (the effective plan, with a comment
/// header), best-genome.plan (every gene), fewest.plan (if solved: a solution with the fewest
/// actions found), history.csv, fitness.png and replay.gif; none when a
/// cancel stopped the run before its first population was scored (result.json says so).
void save_solve_files(const LevelSolveResult& result, const RunDir& run);

/// A run's history as CSV (`csv`) and its best and mean fitness against evaluations (`png`).
void save_solve_history(const SolveResult& run, const std::filesystem::path& csv,
                        const std::filesystem::path& png, const std::string& title);

}  // namespace evoplay::games::lemmings
