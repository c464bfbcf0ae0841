#pragma once
// Every command group of the program. A new game adds one file in cli/ and one line here and
// in main's list (cli.cpp).

#include <CLI/CLI.hpp>

namespace evoplay::cli {

void add_plot_command(CLI::App& app);
void add_demo_command(CLI::App& app);
void add_birds_commands(CLI::App& app);
void add_sudoku_commands(CLI::App& app);
void add_lemmings_commands(CLI::App& app);
void add_connect4_commands(CLI::App& app);
void add_tictactoe_commands(CLI::App& app);
void add_flags_commands(CLI::App& app);
void add_serve_command(CLI::App& app);
void add_help_command(CLI::App& app);
/// Every command group, in the order --help lists them.
void add_all_commands(CLI::App& app);

}  // namespace evoplay::cli
