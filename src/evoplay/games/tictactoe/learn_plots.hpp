#pragma once
// The pictures of a learning run, drawn from its history: results against random and perfect
// (results.png), what the agents know (knowledge.png), and the agents' weights (fitness.png).

#include <filesystem>
#include <string>
#include <vector>

#include "evoplay/core/history.hpp"
#include "evoplay/core/run_dir.hpp"

namespace evoplay::games::tictactoe {

/// Saves the three plots in `run` (nothing when the history has fewer than two rows); returns
/// their paths.
std::vector<std::filesystem::path> save_learn_plots(const RunDir& run, const History& history,
                                                    const std::string& title);

}  // namespace evoplay::games::tictactoe
