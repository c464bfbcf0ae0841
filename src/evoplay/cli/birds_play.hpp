#pragma once
// evoplay birds shoot | play | difficulty: the commands that play levels (birds_play.cpp),
// registered into the `birds` group by add_birds_commands.

#include <CLI/CLI.hpp>
#include <nlohmann/json.hpp>
#include <string>

#include "evoplay/games/birds/generator.hpp"

namespace evoplay::cli {

void add_birds_play_commands(CLI::App* group);

/// `birds generate`'s options for level sets as the competition asks for them (blocks per level,
/// TNT, platforms, distinct levels, protected pigs, levels delivered) and for playable levels.
struct LevelSetOptions {
  std::string blocks = "60,100";
  std::string tnt = "0,2";
  std::string difficulty = "0.2:0.6";
};
void add_level_set_options(CLI::App* cmd, games::birds::GeneratorSettings& settings,
                           LevelSetOptions& options);
/// Parses the ranges into the settings; throws Error naming the option.
void apply_level_set_options(const LevelSetOptions& options,
                             games::birds::GeneratorSettings& settings);

}  // namespace evoplay::cli
