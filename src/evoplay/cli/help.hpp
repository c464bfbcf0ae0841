#pragma once
// The options of a command as the docs show them.

#include <CLI/CLI.hpp>
#include <string>
#include <vector>

namespace evoplay::cli {

/// The command named by `words` ({"lemmings", "solve"}) under `app`; Error naming it if none.
const CLI::App* find_command(const CLI::App& app, const std::vector<std::string>& words);

/// Every option of `cmd` but --help as a Markdown table: option, value, default, meaning (and
/// its heading when it is not the first).
std::string options_markdown(const CLI::App& cmd);

/// Every option name of every command under `app` as a Markdown table: option, the commands
/// that have it, and its help in the first of them (docs/runs.md's index of options).
std::string vocabulary_markdown(const CLI::App& app);

}  // namespace evoplay::cli
