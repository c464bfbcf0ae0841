#pragma once
// `tictactoe agents`: the agents of a saved learning run, best first, with their weights and
// their rules in the order the agent prefers them (priority, then weight), as JSON or text.

#include <cstddef>
#include <nlohmann/json.hpp>
#include <string>

#include "evoplay/games/tictactoe/population_io.hpp"

namespace evoplay::games::tictactoe {

/// The best `top` agents (0: all): cycle, symmetry, and each agent's rank, weight, birth and
/// rules.
nlohmann::json agents_json(const SavedPopulation& saved, std::size_t top);
/// The same for people.
std::string agents_text(const SavedPopulation& saved, std::size_t top);

}  // namespace evoplay::games::tictactoe
