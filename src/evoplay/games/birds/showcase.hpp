#pragma once
// Two small levels built in code, for the demo and for readers of the library: a castle that
// stands, and a leaning column of circles and an overhanging plank that do not.

#include <string>
#include <utility>
#include <vector>

#include "evoplay/games/birds/level.hpp"

namespace evoplay::games::birds {

/// {"castle", ...} and {"collapse", ...}.
std::vector<std::pair<std::string, Level>> showcase_levels();

}  // namespace evoplay::games::birds
