#pragma once
// Checks of number options, shared by every command.
//
// Why it exists: CLI11 converts "nan", "inf", "-1" (into an unsigned seed) and numbers past a
// type's range silently or with messages that mislead (the largest double printed with 300
// digits). Every number a user types is checked here: finite, whole where a whole number is
// expected, in range, with a message that names the range and echoes what was typed.

#include <CLI/CLI.hpp>
#include <limits>
#include <string>
#include <string_view>
#include <utility>

namespace evoplay::cli {

/// A number from `lo` to `hi` (both included), finite.
CLI::Validator number_in(double lo, double hi);
/// A whole number from `lo` to `hi`.
CLI::Validator whole_in(long long lo, long long hi);

/// Guards every number option of `app` and its subcommands, whatever checks they have of their
/// own: a floating option refuses NaN and infinities, an integer option anything but a plain
/// whole number of its type (no "-1" for an unsigned seed, no number past 2^64).
void guard_number_options(CLI::App& app);

/// Refuses a flag given with an empty value, `--NAME=` (CLI11 reads it as the flag alone, so
/// `--symmetry=` would mean on): throws Error "--NAME: expected on or off, found nothing after
/// '='". `args` are the command line's words in order (without the program's name); the flag
/// is looked up in the (sub)command the words before it select.
void refuse_empty_flag_values(const CLI::App& app, const std::vector<std::string>& args);

}  // namespace evoplay::cli
