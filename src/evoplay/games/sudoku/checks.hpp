#pragma once
// Checks of settings fields, for the validate() of every Sudoku settings struct.
//
// The checks themselves are core/field_checks.hpp's, shared with every game.

#include "evoplay/core/field_checks.hpp"

namespace evoplay::games::sudoku {

using evoplay::check_number;
using evoplay::check_whole;

}  // namespace evoplay::games::sudoku
