#pragma once
// The exact Connect Four solver: the generic alpha-beta engine driven by Connect-Four-specific
// help, after Pascal Pons' solver (blog.gamesolver.org):
//   - a policy that settles a node without search when every move loses at once (the opponent
//     has two threats, or every move opens one) or when the board is about to fill, narrows the
//     window to the scores still possible (a win can come no sooner than the next own move),
//     and offers only the moves that do not lose at once, ordered by the number of threats
//     (cells that would complete four) they create, centre columns first on ties;
//   - the engine's table (full 49-bit keys: exact, no collisions), storing upper and lower
//     bounds and the best move, which is tried first; a position and its mirror image share
//     one entry (the smaller key of the two) in searches whose root's image can be met;
//   - enhanced transposition cutoffs at nodes 12 plies or more from the end: the children's
//     entries are looked up before any is searched;
//   - the engine's null-window driver that narrows the score interval.
// The mirror entries and the cutoffs halved the nodes of the empty board and cut its time by
// about half (docs/results/connect4-solver.md).
// Scores follow Pons: a win is worth 22 minus the winner's stones, for the side to move.

#include <cstdint>
#include <utility>

#include "evoplay/games/connect4/board.hpp"
#include "evoplay/search/alphabeta.hpp"
#include "evoplay/search/policy.hpp"

namespace evoplay::games::connect4 {

/// The solver's policy: Pons' node checks and move ordering, plugged into the generic engine.
struct SolverPolicy : search::DefaultPolicy<Board> {
  struct Node {
    Bits candidates = 0;  // cells of the moves that do not lose at once
  };

  // The side to move never has a winning move here: the root checks it, and every move searched
  // leaves the opponent without one.
  bool settle(const Board& b, int, search::Score& alpha, search::Score& beta, Node& node,
              search::Score& value) {
    const Bits possible = b.playable();
    const Bits threats = winning_cells(b.current() ^ b.mask(), b.mask());  // the opponent's
    Bits candidates = possible;
    if (const Bits forced = possible & threats) {
      if (forced & (forced - 1)) {  // two threats to block: lost at the opponent's next move
        value = -(kCells - b.moves()) / 2;
        return true;
      }
      candidates = forced;
    }
    candidates &= ~(threats >> 1);  // never play under an opponent's threat
    if (candidates == 0) {
      value = -(kCells - b.moves()) / 2;
      return true;
    }
    if (b.moves() >= kCells - 2) {  // two cells left and nobody can win with them
      value = 0;
      return true;
    }
    const search::Score lowest =
        -(kCells - 2 - b.moves()) / 2;  // the opponent cannot win next move
    if (alpha < lowest) {
      alpha = lowest;
      if (alpha >= beta) {
        value = alpha;
        return true;
      }
    }
    const search::Score highest = (kCells - 1 - b.moves()) / 2;  // we cannot win this move
    if (beta > highest) {
      beta = highest;
      if (alpha >= beta) {
        value = beta;
        return true;
      }
    }
    node.candidates = candidates;
    return false;
  }

  // A position and its mirror image have the same score: one table entry serves both, under
  // the smaller of their two keys (the best move stored as seen in the position of that key).
  // Only in searches from a root whose mirror image could be met below it (`mirror`, set per
  // root by Solver::solve; the helper threads take the policy at each probe): elsewhere no
  // mirrored position is ever searched and the mirror costs 10-15% of the instructions for
  // nothing. Entries are stored under their own position's key either way, so searches with
  // and without it share a table.
  bool mirror = true;
  std::uint64_t table_key(const Board& b, bool& mirrored) const {
    const std::uint64_t key = b.key();
    if (!mirror) {
      mirrored = false;
      return key;
    }
    const std::uint64_t image = mirrored_columns(key);
    mirrored = image < key;
    return mirrored ? image : key;
  }
  Board::Move table_move(Board::Move col, bool mirrored) const {
    return mirrored ? static_cast<Board::Move>(kWidth - 1 - col) : col;
  }

  void moves(const Board& b, const Node& node, search::ScoredMovesOf<Board>& out) {
    if ((node.candidates & (node.candidates - 1)) == 0) {  // one move (forced): nothing to order
      out.push_back(
          {static_cast<Board::Move>(std::countr_zero(node.candidates) / (kHeight + 1)), 0});
      return;
    }
    for (int col : Board::kCentreFirst) {
      if (const Bits move = node.candidates & column_mask(col)) {
        out.push_back({static_cast<Board::Move>(col),
                       std::popcount(winning_cells(b.current() | move, b.mask()))});
      }
    }
  }
};

/// Engine settings of the solver: table on (table move first, growing from small), enhanced
/// transposition cutoffs, threat hints; no killers or history (measured: they cost more than
/// they save here), no iterative
/// deepening; `threads` threads per position (the same scores, other node counts).
search::AlphaBetaSettings solver_settings(double table_mib, int threads = 1);

struct SolveResult {
  int score = 0;          // Pons' score for the side to move (weak: -1, 0, 1)
  int column = -1;        // a best move (0-6), or -1 when unknown or the game is over
  bool complete = true;   // false: stopped at the time limit (or cancelled), `score` is not known
  int low = 0, high = 0;  // the bounds proven: low <= score <= high (both `score` when complete)
  search::SearchStats stats;
  double seconds = 0;
};

class Solver {
 public:
  explicit Solver(double table_mib = 64, int threads = 1);

  /// The exact score of `board` (weak: only its sign). With `want_move`, also a move that
  /// achieves it. `seconds` > 0 limits the time (then the result may be incomplete).
  SolveResult solve(const Board& board, bool weak = false, bool want_move = false,
                    double seconds = 0);
  /// The scores a position not yet over can have (weak: -1 to 1).
  static std::pair<int, int> score_range(const Board& board, bool weak);
  /// Forgets every stored position (O(1)).
  void clear() { engine_.clear(); }
  search::AlphaBeta<Board, SolverPolicy>& engine() { return engine_; }

 private:
  search::AlphaBeta<Board, SolverPolicy> engine_;
};

/// Whether a position below `board` can be the mirror image of another: `board` and its mirror
/// image have no cell where their stones differ in colour (a position containing both can be
/// reached). True for the empty board and every symmetric position.
bool mirror_reachable(const Board& board);

/// Move sequences of exactly `depth` more plies from `board`, a line stopping when four are made.
std::uint64_t perft(const Board& board, int depth);

/// Distinct positions after 0..max_ply plies from the empty board (won positions included).
std::vector<std::uint64_t> distinct_positions(int max_ply);

}  // namespace evoplay::games::connect4
