#pragma once
// evoplay birds shoot | play | difficulty: the commands that play levels (birds_play.cpp),
// registered into the `birds` group by add_birds_commands.

#include <CLI/CLI.hpp>

namespace evoplay::cli {

void add_birds_play_commands(CLI::App* group);

}  // namespace evoplay::cli
