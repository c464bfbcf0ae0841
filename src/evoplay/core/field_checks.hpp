#pragma once
// Checks of settings' fields, in the words of the command line's options.
//
// Why it exists: settings are validated by the library, whoever fills them (the command line,
// Python, a server), with one message per field that names it the way the option does:
// "population: expected a whole number from 2 to 1000000, found 1" (NaN and infinities
// included). The limits are each command's (docs/reliability.md).

#include <fmt/format.h>

#include <string_view>
#include <utility>

#include "evoplay/core/error.hpp"

namespace evoplay {

/// Throws Error unless lo <= value <= hi (whole numbers of any type, compared exactly).
template <class T>
void check_whole(std::string_view field, T value, long long lo, long long hi) {
  if (std::cmp_less(value, lo) || std::cmp_greater(value, hi)) {
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

}  // namespace evoplay
