#pragma once
// Pictures of capture the flag: a position as PNG or SVG (cells, flags, players in their team's
// colour with their number, energy bar and facing, a panel with each team's flags and energy),
// and a whole game as an animated GIF, one frame per ply.

#include <cairo.h>

#include <filesystem>
#include <string>
#include <vector>

#include "evoplay/games/flags/state.hpp"

namespace evoplay::games::flags {

/// Pixels per cell for a map (bigger for small maps).
double cell_size(const Map& map);

/// Draws the board of `state` with its top-left corner at (x, y); `last` (a player slot, or -1)
/// is ringed as the player that just moved.
void draw_board(cairo_t* cr, const State& state, double x, double y, double cell, int last = -1);

/// The position with a caption and the teams' panel, as PNG or SVG (by extension). Atomic.
void save_state_picture(const std::filesystem::path& path, const State& state,
                        const std::string& caption);

/// The game of `moves` from `start` as a looping GIF, one frame per ply (the first and last
/// held longer). Atomic.
void save_game_gif(const std::filesystem::path& path, const State& start,
                   const std::vector<State::Move>& moves, const std::string& caption);

}  // namespace evoplay::games::flags
