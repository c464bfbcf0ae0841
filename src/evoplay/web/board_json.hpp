#pragma once
// What the board pages show besides the moves: a search's value as its meaning for the side to
// move ("win in 3", "loss in 2", "draw", an estimate) and whether it is proven, Connect Four's
// solver scores in the same words, and capture the flag's board as the page draws it (terrain,
// flags, units, each unit's legal moves with their target cells and readable names).
//
// Why it exists: the routes (api_boards.cpp) send positions; turning the engines' numbers into
// what a player reads is one job, kept here and tested through the routes.

#include <nlohmann/json.hpp>
#include <string>
#include <string_view>

#include "evoplay/games/flags/state.hpp"
#include "evoplay/search/game.hpp"

namespace evoplay::web {

/// A value in the engine's scale (search/game.hpp: a win kWin - plies), from the side to move:
/// {"outcome": "win" | "loss" | "draw" | "estimate", "moves", "exact", "text", "value"}.
/// `moves` counts the winner's own moves, the winning one included (a win in 1 is a winning
/// move now; a loss in 1: the opponent wins with its next move). `plies_known`: the game's wins
/// are kWin minus their distance exactly (false for capture the flag, whose wins carry a
/// margin). `complete`: the search saw every line to the end, so a value that is not a win or
/// a loss is a draw.
nlohmann::json engine_score(search::Score value, bool plies_known, bool complete);

/// An estimate (a value short of a proven result) in words, for the side that moved: "even by
/// its evaluation (+0; SCALE)", "ahead by its evaluation (+812 points; SCALE)" or "behind ...";
/// `unit` follows the number when the game has one, `scale` says what the numbers are worth.
std::string estimate_text(search::Score value, std::string_view unit, std::string_view scale);

/// Connect Four's solver score (Pons: a win is 22 minus the winner's stones) of the side to move
/// in a position of `moves` stones, in the same words (always exact).
nlohmann::json pons_score(int score, int moves);
/// What bounds low <= score <= high of an unfinished solve say ("at least a draw", ...).
nlohmann::json pons_bounds(int low, int high, int moves);

namespace flags_view {

/// "A1 north", "B2 rest", "A1 attack", "B1 dig": the move of `team`.
std::string move_label(int team, games::flags::State::Move m);

/// The board as the page draws it: size, terrain rows ('.' floor, '~' mud, '#' wall, '%' rock,
/// ',' dug rock), flags (team, cell, captured), players (team, number, cell, energy, facing),
/// each team's tally, the evaluation's terms, and the side to move's legal moves by unit with
/// the cells they aim at.
nlohmann::json board(const games::flags::State& s);

}  // namespace flags_view

}  // namespace evoplay::web
