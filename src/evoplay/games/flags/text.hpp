#pragma once
// Capture the flag for people: the game's GameUi (search/game_ui.hpp), a move typed at the
// terminal ("1 n", "2 dig"), a map described in words and as JSON (`flags show`), and pictures of
// played games.
//
// Why it exists: the command line, a web page and Python read moves and describe maps the same
// way; nothing here depends on how the text reaches the player.

#include <array>
#include <filesystem>
#include <memory>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>
#include <vector>

#include "evoplay/games/flags/state.hpp"
#include "evoplay/search/game_ui.hpp"

namespace evoplay::games::flags {

inline constexpr const char* kActionHelp = "n, e, s, w (move), rest, attack or dig";

/// Reads "1 n", "2 dig", "1north", "3 rest" into a move of the side to move; false with `why`
/// set to what was expected when it is not a legal move.
bool parse_move(const State& s, std::string_view text, State::Move& m, std::string& why);

/// The game as people see it on `map`: the board as text, moves typed as "1 n", the bots.
std::shared_ptr<search::GameUi<State>> game_ui(const std::shared_ptr<const Map>& map);

/// `flags show --json`: size, energy, plies, players, flags and the evaluation parameters.
nlohmann::json map_json(const Map& map);
/// `flags show`: the same for people, with the board.
std::string map_text(const Map& map, const State& start);

/// start.png, then for each game its last position (game-end.png or game-K-end.png) and an
/// animated GIF (game.gif or game-K.gif), in `dir` (created).
void save_game_pictures(const std::filesystem::path& dir, const State& start,
                        const std::vector<std::vector<State::Move>>& games,
                        const std::array<std::string, 2>& players);

}  // namespace evoplay::games::flags
