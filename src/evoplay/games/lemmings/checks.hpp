#pragma once
// Checks of settings' fields, in the words of the command line's options.
//
// Why it exists: the settings of `lemmings solve` and `lemmings compare` share their limits
// (docs/reliability.md); the checks themselves are core/field_checks.hpp's.

#include "evoplay/core/field_checks.hpp"

namespace evoplay::games::lemmings {

inline constexpr long long kMostThreads = 1024;
inline constexpr long long kMostPopulation = 1'000'000;
inline constexpr long long kMostGenerations = 1'000'000'000;
inline constexpr long long kMostRuns = 1'000'000;
inline constexpr long long kMostEvaluations = 1'000'000'000'000;

using evoplay::check_whole;

}  // namespace evoplay::games::lemmings
