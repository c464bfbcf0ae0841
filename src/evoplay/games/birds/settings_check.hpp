#pragma once
// Range checks for the birds game's settings structs: each throws Error naming the field, so a
// front end (CLI, Python, a server) reports which setting is wrong.

#include <fmt/format.h>

#include <string_view>

#include "evoplay/core/error.hpp"

namespace evoplay::games::birds {

inline void positive(std::string_view field, double value) {
  if (!(value > 0)) throw Error(fmt::format("{} must be above 0 (found {})", field, value));
}

inline void non_negative(std::string_view field, double value) {
  if (!(value >= 0)) throw Error(fmt::format("{} must be at least 0 (found {})", field, value));
}

inline void at_least(std::string_view field, long long value, long long low) {
  if (value < low) throw Error(fmt::format("{} must be at least {} (found {})", field, low, value));
}

inline void within(std::string_view field, double value, double low, double high) {
  if (!(value >= low && value <= high)) {
    throw Error(fmt::format("{} must be within [{}, {}] (found {})", field, low, high, value));
  }
}

}  // namespace evoplay::games::birds
