#pragma once
// Every command group of the program: the program's own (demo, plot, serve, help) and one per
// game of the list (src/evoplay/games/CMakeLists.txt), add_GAME_commands, defined in cli/GAME.cpp.

#include <CLI/CLI.hpp>
#include <string_view>

#include "evoplay/generated/games.hpp"

namespace evoplay::cli {

void add_plot_command(CLI::App& app);
void add_demo_command(CLI::App& app);
#define EVOPLAY_DECLARE_COMMANDS(game) void add_##game##_commands(CLI::App& app);
EVOPLAY_CLI_GAMES(EVOPLAY_DECLARE_COMMANDS)
#undef EVOPLAY_DECLARE_COMMANDS
void add_serve_command(CLI::App& app);
void add_help_command(CLI::App& app);
/// Every command group, in the order --help lists them: demo, plot, the games in the list's
/// order, serve, help.
void add_all_commands(CLI::App& app);
/// The one command group a command line's first word names (its options alone are built: a
/// process does not construct the options of the others), else every group (`help`, the
/// program's own options, no command, an unknown word: they list or search all of them).
void add_commands_for(CLI::App& app, std::string_view first_word);

}  // namespace evoplay::cli
