#pragma once
// Connect Four players: the engine's standard bots (heuristic alpha-beta under a time limit by
// default) and `perfect[:TIME]`, which plays the solver's best move (fastest win, slowest loss)
// when it can solve the position within TIME (default 5s), and otherwise the move of a
// heuristic alpha-beta search given a fifth of that time.

#include <memory>

#include "evoplay/core/rng.hpp"
#include "evoplay/games/connect4/board.hpp"
#include "evoplay/games/connect4/solver.hpp"
#include "evoplay/search/bots.hpp"

namespace evoplay::games::connect4 {

class PerfectBot : public search::Bot<Board> {
 public:
  PerfectBot(std::string name, double seconds, double table_mib = 32);
  search::SearchResult<Board::Move> choose(const Board& b) override;
  /// Whether the last move chosen was solved exactly (else the fallback search chose it).
  bool last_solved() const { return last_solved_; }

 private:
  double seconds_;
  Solver solver_;
  search::AlphaBeta<Board> heuristic_;
  bool last_solved_ = false;
};

/// Every player kind of Connect Four: random, greedy, minimax[:DEPTH] (default 5),
/// alphabeta[:DEPTH|:TIME] (default 1s), mcts[:ITERATIONS|:TIME] (default 20000), perfect[:TIME].
search::BotFactory<Board> bots();

}  // namespace evoplay::games::connect4
