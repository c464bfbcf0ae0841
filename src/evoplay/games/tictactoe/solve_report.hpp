#pragma once
// `tictactoe solve` as a library call: the value of the game, its exact counts (census), and the
// nodes minimax and alpha-beta (with and without a table) search from the empty board.
//
// Why it exists: the command line, the demo and any other front end report the same facts; the
// counts are known answers the tests compare with published figures.

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "evoplay/games/tictactoe/board.hpp"
#include "evoplay/games/tictactoe/perfect.hpp"
#include "evoplay/search/result.hpp"

namespace evoplay::games::tictactoe {

struct SolveReport {
  std::string value;                    // of the empty board: "draw", "win for X" or "win for O"
  bool every_first_move_equal = false;  // all nine first moves have the empty board's value
  Census census;
  struct Cost {
    std::string algorithm;
    search::SearchResult<Board::Move> result;
  };
  std::vector<Cost> costs;  // minimax, alpha-beta, alpha-beta + table (9 plies)

  /// `tictactoe solve --json`.
  nlohmann::json to_json() const;
  /// `tictactoe solve` for people.
  std::string to_text() const;
};

/// Solves the game and measures the searches (takes well under a second).
SolveReport solve_game();

}  // namespace evoplay::games::tictactoe
