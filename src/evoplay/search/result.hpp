#pragma once
// What every search reports: the move, its value, the depth completed, the principal variation,
// and the counters that say how much work it took.

#include <cstdint>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "evoplay/search/game.hpp"

namespace evoplay::search {

/// Work counters. A node is any position the search visits (quiescence included); a leaf
/// evaluation is a position valued without expanding it (heuristic evaluation, terminal
/// position, or a policy's settled node); a cut-off is a move that failed high (beta cut-off);
/// a probe is a look-up in the transposition table, a hit a look-up that found the position.
struct SearchStats {
  std::uint64_t nodes = 0;
  std::uint64_t leaves = 0;
  std::uint64_t cutoffs = 0;
  std::uint64_t tt_probes = 0;
  std::uint64_t tt_hits = 0;
  std::uint64_t enhanced_cutoffs = 0;  // nodes settled by a child's table entry (before search)

  SearchStats& operator+=(const SearchStats& o) {
    nodes += o.nodes;
    leaves += o.leaves;
    cutoffs += o.cutoffs;
    tt_probes += o.tt_probes;
    tt_hits += o.tt_hits;
    enhanced_cutoffs += o.enhanced_cutoffs;
    return *this;
  }
};

nlohmann::json to_json(const SearchStats& stats);

/// The outcome of one search from a root position.
template <class Move>
struct SearchResult {
  Move move{};
  bool has_move = false;  // false at a terminal root
  Score value = 0;        // from the view of the side to move at the root
  int depth = 0;          // plies completed (iterative deepening: the last complete iteration)
  std::vector<Move> pv;   // principal variation, starting with `move`
  SearchStats stats;
  double seconds = 0;
};

/// A value for people: "+12", "-3", "win in 5", "loss in 4" (plies).
std::string describe_score(Score value);

}  // namespace evoplay::search
