#pragma once
// `sudoku solve` as a library call: every puzzle of a file solved exactly, by the GA or by CRO,
// the results in input order, as text, JSON lines and result.json.
//
// Why it exists: the command line, Python and the web server solve files of puzzles the same
// way, with the same seeds (puzzle i, from 0, runs with seed + i) and the same outputs. A file
// of tens of thousands of puzzles is the common case for the exact solver, so its outputs are
// written by hand-made writers of the same bytes as the JSON library would write (tested
// against it), at solver speed.

#include <cstdint>
#include <nlohmann/json.hpp>
#include <ostream>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "evoplay/core/control.hpp"
#include "evoplay/core/history.hpp"
#include "evoplay/core/run_dir.hpp"
#include "evoplay/evo/stopping.hpp"
#include "evoplay/games/sudoku/board.hpp"
#include "evoplay/games/sudoku/ga.hpp"

namespace evoplay::games::sudoku {

/// The methods of `sudoku solve`.
inline constexpr std::string_view kSolveMethods[] = {"exact", "ga", "cro"};

struct SolveSettings {
  std::string method = "exact";  // one of kSolveMethods
  GaSettings ga;                 // ga and cro only; puzzle i (from 0) runs with seed ga.seed + i
  // cro only: CRO's own settings (the reef, epochs, seed and threads come from `ga`). resolve()
  // copies them into ga.cro.
  evo::CroParams cro = evo::CroParams::preset_named(evo::CroParams::kDefaultPreset);
  int threads = 0;  // puzzles solved at once (0 = every hardware thread); one puzzle: its GA's

  bool evolutionary() const { return method != "exact"; }
  /// Throws Error naming the first bad field (the GA's fields when the method is ga or cro).
  void validate() const;
  /// config.json's keys for the method: method, and for ga / cro: ga, cro, puzzle_seed.
  nlohmann::json to_json() const;
  /// After the fields given are set (every front end calls it, `given` telling which fields a
  /// user gave): with --method cro, CRO's settings go to ga.cro, with gamma (the brooded
  /// larvae's mutation) from --mutation-rate when that was given and cro-gamma was not, or when
  /// the preset is the thesis's (its gamma is the GA's mutation rate).
  void resolve(const fields::Given& given);

  template <class S, class V>
  static void fields(S& s, V& v) {
    v(s.method, {.name = "method",
                 .help = "exact (constraint propagation and search), ga, or cro (the same "
                         "operators through Coral Reef Optimization: --population reef cells, "
                         "--generations epochs, --mutation-rate the brooding mutation)",
                 .choices = kSolveMethods});
    v.group(s.ga, {});
    v.group(s.cro, {.name = "cro",
                    .help = "Coral Reef Optimization's settings (--method cro)",
                    .heading = "CRO options (--method cro)"});
  }
};

/// The outcome of one puzzle.
struct PuzzleResult {
  int line = 0;        // where the puzzle starts in its file
  int solutions = -1;  // exact only: 0, 1 or 2 (2 or more)
  Board board;         // the solution or the GA's best board (empty when there is none)
  std::uint64_t guesses = 0, backtracks = 0;  // exact
  std::uint64_t local_moves = 0;              // ga / cro
  // The optimiser's counters as it reported them (ga / cro); exact: solved and seconds only.
  // best_fitness is the best board's fitness: 0 when solved.
  evo::RunCounters counters;
  History history;  // ga / cro

  bool solved() const { return counters.solved; }
  int fitness() const { return static_cast<int>(counters.best_fitness); }
};

struct SolveResult {
  std::string method;
  std::size_t total = 0;              // puzzles given
  std::vector<PuzzleResult> puzzles;  // in input order: all, or those finished when cancelled
  std::size_t solved = 0;
  double seconds = 0;
  bool cancelled = false;

  /// One puzzle's JSON object (a line of --json; an element of result.json's "results").
  nlohmann::json puzzle_json(std::size_t i) const;
  /// The closing line of --json: puzzles (given), solved (and stopped: cancelled).
  nlohmann::json summary_json() const;
  /// result.json: puzzles (given), solved, seconds, results (and stopped: cancelled).
  nlohmann::json to_json() const;

  /// The same texts, written fast: puzzle i's JSON line (with '\n') appended to `out`, and
  /// result.json indented by 2 (with '\n'), streamed: the bytes json_text() writes of the
  /// objects above.
  void append_json_line(std::string& out, std::size_t i) const;
  void write_result_json(std::ostream& out) const;
  std::string result_json_text() const;  // what write_result_json writes

  /// Puzzle i for people: "puzzle 1 (line 4): solved (unique) in ..." and its grid.
  std::string puzzle_text(std::size_t i) const;
  /// Every puzzle as JSON lines (`json`) or for people, streamed.
  void write_puzzles(std::ostream& out, bool json) const;
  /// The closing line for people: "solved 11 of 11 puzzles in 0.02 s".
  std::string summary_text() const;
  /// solutions.txt: one line per puzzle, the solution (or best board) or "no solution".
  void write_solutions(std::ostream& out) const;
  std::string solutions_text() const;  // what write_solutions writes
};

/// Solves every puzzle, in parallel over settings.threads (results do not depend on it). The
/// control's progress counts puzzles; its observer sees the generations of a single puzzle's GA
/// or CRO run; a cancel returns soon with the puzzles finished (a GA run under way stops after
/// its generation and is kept, with stop = kCancelled). With control.units (and more than one
/// puzzle, no islands over processes), the puzzles run as units there (solve_units.hpp): the
/// same results; a cancel keeps the puzzles before the first unfinished unit, and a GA run
/// under way is not kept (the runner's --resume runs it again).
SolveResult solve_puzzles(std::span<const PuzzleEntry> puzzles, const SolveSettings& settings,
                          const Control& control = {});

/// A solve run's files besides config.json and result.json: solutions.txt; for ga and cro,
/// history.csv and fitness.png (one puzzle) or histories/puzzle-N.csv (several); board.png
/// (one puzzle).
void save_solve_files(const RunDir& run, const SolveResult& result,
                      std::span<const PuzzleEntry> puzzles, const SolveSettings& settings);

}  // namespace evoplay::games::sudoku
