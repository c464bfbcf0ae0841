#pragma once
// Checks of settings fields, for the validate() of every Sudoku settings struct.
//
// Why it exists: the command line, Python and the web server all hand settings to the library,
// and each bad field must be refused the same way, named as the command line names its option
// ("population: expected a whole number from 2 to 1000000, found 1"), NaN and infinities
// included.

#include <fmt/format.h>

#include <cmath>
#include <string_view>

#include "evoplay/core/error.hpp"

namespace evoplay::games::sudoku {

/// Throws Error unless `lo <= value <= hi` (whole numbers).
inline void check_whole(std::string_view field, long long value, long long lo, long long hi) {
  if (value < lo || value > hi) {
    throw Error(
        fmt::format("{}: expected a whole number from {} to {}, found {}", field, lo, hi, value));
  }
}

/// Throws Error unless `value` is a finite number from `lo` to `hi`.
inline void check_number(std::string_view field, double value, double lo, double hi) {
  if (!(value >= lo && value <= hi)) {
    throw Error(
        fmt::format("{}: expected a number from {:g} to {:g}, found {:g}", field, lo, hi, value));
  }
}

}  // namespace evoplay::games::sudoku
