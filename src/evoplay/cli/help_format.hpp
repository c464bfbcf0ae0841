#pragma once
// How `--help` and `--help-all` look: a command's help that fits a screen.
//
// Why it exists: CLI11's own formatter lists every option with its whole description on one
// line, so the commands with many settings printed 60 lines and more, much of it wider than the
// terminal. This one wraps each description under its option, and in `--help` lists the main
// options in full and every other group (the CRO's settings, the islands', the run's, the
// advanced ones) as its option names alone under its heading; `--help-all` shows them all in
// full. The options and their order are the command's; only the layout is decided here.

#include <CLI/CLI.hpp>
#include <memory>
#include <string>

namespace evoplay::cli {

/// The heading of a command's main options: listed in full by `--help`.
inline constexpr const char* kMainOptions = "Options";
/// The heading of the options every run shares (--seed, --threads, --out, --json, ...).
inline constexpr const char* kRunOptions = "Run options";

/// Wraps `text` to lines of at most `width` columns that start at column `indent`: every line
/// but the first begins with `indent` spaces (the caller writes the first's); a word longer
/// than a line stays whole.
std::string wrap_text(const std::string& text, std::size_t width, std::size_t indent);

/// The formatter of every command. `width` is the line length descriptions are wrapped to.
std::shared_ptr<CLI::Formatter> screen_formatter(std::size_t width = 100);

/// Sets the formatter and the flags -h,--help and --help-all on the top-level `app`; call it
/// before the commands are added (they inherit all three).
void set_help_layout(CLI::App& app, std::size_t width = 100);

}  // namespace evoplay::cli
