#pragma once
// A picture of a Sudoku board: givens in black, the solver's digits in blue, cells in conflict
// (a digit repeated in their column or box) shaded red. PNG or SVG by the file's extension.

#include <filesystem>
#include <string>

#include "evoplay/games/sudoku/board.hpp"

namespace evoplay::games::sudoku {

void save_board_picture(const std::filesystem::path& path, const Board& puzzle, const Board& board,
                        const std::string& caption);

}  // namespace evoplay::games::sudoku
