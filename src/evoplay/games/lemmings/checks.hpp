#pragma once
// Checks of settings' fields, in the words of the command line's options.
//
// Why it exists: the settings of `lemmings solve` and `lemmings compare` are validated by the
// library, whoever fills them (the command line, Python, a server), with one message per field
// that names it the way the option does: "population: expected a whole number from 2 to
// 1000000, found 1". The limits are the command line's (docs/reliability.md).

#include <fmt/format.h>

#include <string_view>
#include <utility>

#include "evoplay/core/error.hpp"

namespace evoplay::games::lemmings {

inline constexpr long long kMostThreads = 1024;
inline constexpr long long kMostPopulation = 1'000'000;
inline constexpr long long kMostGenerations = 1'000'000'000;
inline constexpr long long kMostRuns = 1'000'000;
inline constexpr long long kMostEvaluations = 1'000'000'000'000;

/// Throws Error unless lo <= value <= hi.
template <class T>
void check_whole(std::string_view field, T value, long long lo, long long hi) {
  if (std::cmp_less(value, lo) || std::cmp_greater(value, hi)) {
    throw Error(
        fmt::format("{}: expected a whole number from {} to {}, found {}", field, lo, hi, value));
  }
}

}  // namespace evoplay::games::lemmings
