#include "evoplay/search/spec.hpp"

#include <fmt/format.h>

#include <cmath>

#include "evoplay/core/error.hpp"
#include "evoplay/core/text.hpp"

namespace evoplay::search {

void BotSpec::expect_at_most(std::size_t n) const {
  if (args.size() > n) {
    throw Error(fmt::format("player '{}': {} takes at most {} argument{}", text, kind, n,
                            n == 1 ? "" : "s"));
  }
}

BotSpec parse_bot_spec(std::string_view text) {
  BotSpec spec;
  spec.text = std::string(trim(text));
  if (spec.text.empty())
    throw Error("empty player spec (expected e.g. random, alphabeta:6, mcts:100ms)");
  const auto parts = split(spec.text, ':');
  spec.kind = std::string(parts.front());
  for (std::size_t i = 1; i < parts.size(); ++i) {
    if (parts[i].empty())
      throw Error(fmt::format("player '{}': empty argument after ':'", spec.text));
    spec.args.emplace_back(parts[i]);
  }
  if (spec.kind.empty())
    throw Error(fmt::format("player '{}': missing kind before ':'", spec.text));
  return spec;
}

std::optional<double> parse_duration(std::string_view text) {
  double scale = 0;
  if (text.ends_with("ms")) {
    scale = 1e-3;
    text.remove_suffix(2);
  } else if (text.ends_with("s")) {
    scale = 1;
    text.remove_suffix(1);
  } else {
    return std::nullopt;
  }
  double value = 0;
  if (!try_parse_double(text, value) || !(value > 0) || !std::isfinite(value)) return std::nullopt;
  return value * scale;
}

std::optional<std::uint64_t> parse_count(std::string_view text) {
  long long value = 0;
  if (!try_parse_int(text, value) || value <= 0) return std::nullopt;
  return static_cast<std::uint64_t>(value);
}

std::string format_duration(double seconds) {
  if (seconds < 1) return fmt::format("{:g}ms", std::round(seconds * 1e6) / 1e3);
  return fmt::format("{:g}s", seconds);
}

}  // namespace evoplay::search
