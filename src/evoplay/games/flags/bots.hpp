#pragma once
// Capture-the-flag players: the engine's standard bots over (player, action) moves, with the
// game's defaults. `alphabeta:TIME` is the minimax document's bot: alpha-beta with the
// transposition table, iterative deepening under the time limit, quiescence over noisy moves
// and the document's evaluation; `minimax:DEPTH|TIME` is the document's plain minimax.

#include "evoplay/games/flags/state.hpp"
#include "evoplay/search/bots.hpp"

namespace evoplay::games::flags {

/// random, greedy, minimax[:DEPTH|:TIME] (default 3), alphabeta[:DEPTH|:TIME] (default 100ms),
/// mcts[:ITERATIONS|:TIME] (default 2000).
search::BotFactory<State> bots();

/// A value for people: "win", "loss", or the evaluation in points ("+1234").
std::string describe_value(search::Score value);

}  // namespace evoplay::games::flags
