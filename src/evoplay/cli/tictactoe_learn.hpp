#pragma once
// `evoplay tictactoe learn` and `evoplay tictactoe agents`: the tic-tac-toe learning program
// (docs/tictactoe-learning.md).

#include <CLI/CLI.hpp>

namespace evoplay::cli {

/// Adds learn and agents under the tictactoe command.
void add_tictactoe_learn_commands(CLI::App* tictactoe);

}  // namespace evoplay::cli
