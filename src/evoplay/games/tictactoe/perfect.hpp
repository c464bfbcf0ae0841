#pragma once
// Perfect tic-tac-toe: the game-theoretic value of every position and the set of optimal moves,
// computed once by exhaustive search (memoised negamax over the 5,478 reachable positions), and
// the exact facts of the game (counts of positions, games and outcomes).
//
// The learning program (docs/tictactoe-learning.md) uses optimal_moves() as its perfect player
// and as the reference its agents are measured against.

#include <array>
#include <cstdint>
#include <memory>

#include "evoplay/core/rng.hpp"
#include "evoplay/games/tictactoe/board.hpp"
#include "evoplay/search/bots.hpp"

namespace evoplay::games::tictactoe {

class PerfectTable {
 public:
  /// Solves every position reachable from the empty board (a few milliseconds).
  PerfectTable();

  /// With perfect play from `b`: +1 the side to move wins, 0 draw, -1 it loses.
  int value(const Board& b) const { return value_[static_cast<std::size_t>(b.index3())]; }
  /// Plies to the end with perfect play that wins fastest and loses slowest.
  int distance(const Board& b) const { return distance_[static_cast<std::size_t>(b.index3())]; }
  /// The moves that keep the value (win, draw or loss) of `b`; every move when all lose.
  search::MoveList<Board::Move, 9> optimal_moves(const Board& b) const;
  /// The moves that also win fastest or lose slowest (a subset of optimal_moves).
  search::MoveList<Board::Move, 9> fastest_moves(const Board& b) const;
  /// Positions solved (5,478).
  int positions() const { return positions_; }

 private:
  int solve(const Board& b);
  std::array<std::int8_t, 19683> value_{};
  std::array<std::int8_t, 19683> distance_{};
  std::array<bool, 19683> known_{};
  int positions_ = 0;
};

/// The exact counts of the game (docs/tictactoe.md lists the known values).
struct Census {
  std::uint64_t positions = 0, terminal = 0, terminal_x_wins = 0, terminal_o_wins = 0,
                terminal_draws = 0;
  std::uint64_t symmetry_classes = 0;
  std::array<std::uint64_t, 10> positions_per_ply{};
  std::uint64_t games = 0, games_x_wins = 0, games_o_wins = 0, games_draws = 0;
  std::array<std::uint64_t, 10> nodes_per_ply{};  // game-tree nodes (move sequences) per ply
  std::uint64_t tree_nodes = 0;
  std::uint64_t value_x_wins = 0, value_draws = 0,
                value_o_wins = 0;       // perfect-play values, X's view
  std::uint64_t mistake_positions = 0;  // non-terminal positions where some move is not optimal
};

/// Counts everything by enumeration (a fraction of a second).
Census census(const PerfectTable& table);

/// Plays uniformly at random among the optimal moves.
class PerfectBot : public search::Bot<Board> {
 public:
  PerfectBot(std::string name, std::shared_ptr<const PerfectTable> table, Rng rng)
      : search::Bot<Board>(std::move(name)), table_(std::move(table)), rng_(rng) {}
  search::SearchResult<Board::Move> choose(const Board& b) override;

 private:
  std::shared_ptr<const PerfectTable> table_;
  Rng rng_;
};

/// The bots of tic-tac-toe: the engine's standard kinds (minimax and alpha-beta search the whole
/// game by default) plus `perfect`.
search::BotFactory<Board> bots();

}  // namespace evoplay::games::tictactoe
