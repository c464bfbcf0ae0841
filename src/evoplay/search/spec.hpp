#pragma once
// Player specifications on the command line: KIND[:ARG[:ARG...]], e.g. `random`, `minimax:4`,
// `alphabeta:100ms`, `mcts:5000`, `human`, `perfect`. Parsed once, then handed to a BotFactory.

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace evoplay::search {

struct BotSpec {
  std::string text;               // as written
  std::string kind;               // before the first ':'
  std::vector<std::string> args;  // the rest, split on ':'

  /// Throws Error unless there are at most `n` arguments.
  void expect_at_most(std::size_t n) const;
};

/// Parses KIND[:ARG...]; throws Error naming the spec when it is empty or malformed.
BotSpec parse_bot_spec(std::string_view text);

/// "250ms", "2s", "1.5s", "0.2s" -> seconds; nullopt when `text` is not a duration.
std::optional<double> parse_duration(std::string_view text);

/// A whole positive integer, or nullopt.
std::optional<std::uint64_t> parse_count(std::string_view text);

/// "250ms" or "1.5s" for people and config files.
std::string format_duration(double seconds);

}  // namespace evoplay::search
