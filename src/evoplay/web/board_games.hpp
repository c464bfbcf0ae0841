#pragma once
// The board games as the board pages need them besides their GameUi: the cells as the page draws
// them, the plies left before a game must end, whether a win's value counts its distance
// exactly, readable move names, and a bot's score when its value is not in the engine's scale.
//
// Why it exists: the routes (api_boards.cpp) are one template over these; what differs between
// tic-tac-toe, Connect Four and capture the flag is said here, once per game.

#include <functional>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>

#include "evoplay/games/connect4/board.hpp"
#include "evoplay/games/flags/state.hpp"
#include "evoplay/games/tictactoe/board.hpp"
#include "evoplay/search/bots.hpp"
#include "evoplay/search/game_ui.hpp"

namespace evoplay::web {

/// A board game for the page: its GameUi (made per request from the request's body: a ui may
/// keep tallies, capture the flag's is made for the map sent), the cells as the page draws them,
/// the plies left before the game must end (a search that deep saw every line to the end),
/// whether a win's value is kWin minus its distance exactly, readable move names (optional:
/// the ui's names otherwise), and a bot's score when its value is not in the engine's scale
/// (optional: Connect Four's solver), and what an estimate is worth in the game's terms.
template <search::Game G>
struct BoardGame {
  using Move = typename G::Move;
  std::function<std::shared_ptr<const search::GameUi<G>>(const nlohmann::json& body)> ui;
  std::function<nlohmann::json(const G&)> cells;
  std::function<int(const G&)> plies_left;
  bool plies_known = true;
  std::function<std::string(const G& before, const Move&)> label;
  std::function<std::optional<nlohmann::json>(const search::Bot<G>&,
                                              const search::SearchResult<Move>&, const G&)>
      own_score;
  /// Optional: an estimate (a value short of a proven result) in the game's own terms.
  std::function<std::string(const G&, search::Score)> estimate;
};

BoardGame<games::tictactoe::Board> tictactoe_game();
BoardGame<games::connect4::Board> connect4_game();
/// Capture the flag on the map sent as text in "map" (the file format: docs/flags.md), read
/// by the command line's parser (errors: map:LINE: message).
BoardGame<games::flags::State> flags_game();

}  // namespace evoplay::web
