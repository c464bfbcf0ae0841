#pragma once
// The puzzles of `sudoku solve` as units of work (core/units.hpp): what runs one puzzle, and the
// way solve_puzzles takes when its caller gives a unit runner (the command line: MPI ranks, the
// unit store, --resume).
//
// Why it exists: a file of puzzles is independent work. With the GA or CRO, one puzzle is one
// unit (seconds each); the exact solver does hundreds of thousands of puzzles a second, so its
// unit is a block of kExactBlock puzzles. A unit's result is JSON (the puzzles' outcomes, a GA
// run's history), so it can come from another rank or from the store of an interrupted run and
// give the same files as solving in this process.

#include <cstddef>
#include <span>

#include "evoplay/core/control.hpp"
#include "evoplay/games/sudoku/solve_file.hpp"

namespace evoplay::games::sudoku {

/// Puzzles per unit of the exact method.
inline constexpr std::size_t kExactBlock = 1024;

/// Solves puzzle number `index` (from 0) of a file: exactly, or by the GA or CRO with seed
/// settings.ga.seed + index on `threads` threads (its islands' exchange and observer from
/// `control`).
PuzzleResult solve_puzzle(const PuzzleEntry& entry, std::size_t index,
                          const SolveSettings& settings, int threads, const Control& control);

/// solve_puzzles through control.units: the same results; when cancelled, the puzzles before
/// the first unfinished unit (the finished units after it are kept in the runner's store).
SolveResult solve_by_units(std::span<const PuzzleEntry> puzzles, const SolveSettings& settings,
                           const Control& control);

}  // namespace evoplay::games::sudoku
