#pragma once
// The settings of the alpha-beta engine (AlphaBeta, alphabeta.hpp): depth, time limits, table,
// move ordering, windows, quiescence and threads.
//
// Why it exists: bots, the Connect Four solver, the demo and the run records (config.json) read
// and write the settings without needing the engine's template.

#include <nlohmann/json.hpp>

#include "evoplay/search/game.hpp"

namespace evoplay::search {

/// Which table entries may settle a node searched to `depth`: any entry searched at least as
/// deep (the usual rule), or only entries of exactly that depth (then alpha-beta returns the
/// depth-limited minimax value exactly, which the tests compare).
enum class TableDepthRule { kAtLeast, kExact };

struct AlphaBetaSettings {
  int depth = 64;  // deepest iteration (plies)
  // Time limit: the search returns within it (it stops at the limit minus min(5 ms, 10%) and
  // returns the last complete iteration); 0 = none.
  double seconds = 0;
  double soft_seconds = 0;  // start no new iteration after this (0 = half the limit)
  bool iterative_deepening = true;
  bool table = true;  // transposition table
  double table_mib = 16;
  // The table starts small and grows as it fills (TranspositionTable): for runs of searches
  // that clear it each time (an exact solver over many positions). Off for time-limited play,
  // where a growth step would land in the middle of a move.
  bool table_grows = false;
  TableDepthRule table_depth_rule = TableDepthRule::kAtLeast;
  bool table_move = true;  // search the table's best move first
  bool prefetch = true;    // load the children's table entries ahead (copy-make games)
  // Enhanced transposition cutoffs: at nodes searched to at least `enhanced_cutoff_depth`
  // plies, the children's table entries are looked up before any is searched.
  bool enhanced_cutoffs = false;
  int enhanced_cutoff_depth = 4;
  bool hints = true;       // the policy's ordering hints
  bool killers = true;     // two killer moves per ply
  bool history = true;     // history heuristic (games with move_index)
  bool pvs = true;         // principal variation search (null windows after the first move)
  bool aspiration = true;  // aspiration windows around the previous iteration's value
  Score aspiration_window = 50;
  bool quiescence = true;  // follow noisy moves beyond the depth limit (games that have them)
  int quiescence_depth = 16;
  // Threads of solve() (the exact driver; search() uses one): every probe runs on each thread
  // over the shared table and the first thread to finish answers it. At nodes searched to at
  // least `split_depth` plies and at most `split_ply` plies from the root, a thread defers the
  // moves another is searching. (The Connect Four solver splits deeper: games/connect4/solver.cpp
  // says why.)
  int threads = 1;
  int split_depth = 2;
  int split_ply = 3;
};

nlohmann::json to_json(const AlphaBetaSettings& settings);

}  // namespace evoplay::search
