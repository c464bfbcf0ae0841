#pragma once
// Pictures of Connect Four: a board as PNG or SVG, and a whole game as an animated GIF.

#include <cairo.h>

#include <filesystem>
#include <string>
#include <vector>

#include "evoplay/games/connect4/board.hpp"

namespace evoplay::games::connect4 {

/// Draws `board` with its top-left corner at (x, y), `cell` pixels per cell; `last` (a column,
/// or -1) marks the last stone played.
void draw_board(cairo_t* cr, const Board& board, double x, double y, double cell, int last = -1);

/// The board with a caption, as PNG or SVG (by extension). Atomic.
void save_board_picture(const std::filesystem::path& path, const Board& board,
                        const std::string& caption);

/// The game of `moves` (columns 0-6) from the empty board as a looping GIF, one frame per move
/// (the last frame held longer). Atomic.
void save_game_gif(const std::filesystem::path& path, const std::vector<Board::Move>& moves,
                   const std::string& caption);

}  // namespace evoplay::games::connect4
