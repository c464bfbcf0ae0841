#pragma once
// The program's entry point, kept apart from CLI11 so that main.cpp compiles in no time.

namespace evoplay::cli {

/// Parses the arguments, runs the command, prints errors as "evoplay: error: ..." and returns the
/// exit status: 0 ok, 2 bad input or usage, 1 internal fault.
int run(int argc, const char* const* argv);

}  // namespace evoplay::cli
