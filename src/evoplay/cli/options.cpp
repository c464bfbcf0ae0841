#include "evoplay/cli/options.hpp"

#include <fmt/format.h>

#include <charconv>
#include <cmath>
#include <cstdint>
#include <string>
#include <vector>

#include "evoplay/core/error.hpp"
#include "evoplay/core/text.hpp"

namespace evoplay::cli {

namespace {

/// What was typed, cut short if long, for a message.
std::string echo(const std::string& typed) {
  constexpr std::size_t kShown = 40;
  return typed.size() <= kShown ? typed : typed.substr(0, kShown) + "...";
}

std::string show(double v) { return fmt::format("{:g}", v); }

/// Parses `typed` as a finite number; false for anything else (words, NaN, infinities, numbers
/// beyond the largest double).
bool finite_number(const std::string& typed, double& v) {
  return try_parse_double(typed, v) && std::isfinite(v);
}

}  // namespace

CLI::Validator number_in(double lo, double hi) {
  return CLI::Validator(
      [lo, hi](std::string& typed) -> std::string {
        double v = 0;
        if (finite_number(typed, v) && v >= lo && v <= hi) return {};
        return fmt::format("expected a number from {} to {}, found '{}'", show(lo), show(hi),
                           echo(typed));
      },
      fmt::format("{} to {}", show(lo), show(hi)));
}

CLI::Validator whole_in(long long lo, long long hi) {
  return CLI::Validator(
      [lo, hi](std::string& typed) -> std::string {
        long long v = 0;
        if (try_parse_int(typed, v) && v >= lo && v <= hi) return {};
        return fmt::format("expected a whole number from {} to {}, found '{}'", lo, hi,
                           echo(typed));
      },
      fmt::format("{} to {}", lo, hi));
}

void guard_number_options(CLI::App& app) {
  const CLI::Validator finite(
      [](std::string& typed) -> std::string {
        double v = 0;
        if (finite_number(typed, v)) return {};
        return fmt::format("expected a finite number, found '{}'", echo(typed));
      },
      "");
  const CLI::Validator unsigned_whole(
      [](std::string& typed) -> std::string {
        const std::string_view t = trim(typed);
        std::uint64_t v = 0;
        const auto [end, ec] = std::from_chars(t.data(), t.data() + t.size(), v);
        if (!t.empty() && ec == std::errc() && end == t.data() + t.size()) return {};
        return fmt::format("expected a whole number from 0 to {}, found '{}'",
                           std::numeric_limits<std::uint64_t>::max(), echo(typed));
      },
      "");
  const CLI::Validator whole(
      [](std::string& typed) -> std::string {
        long long v = 0;
        if (try_parse_int(typed, v)) return {};
        return fmt::format("expected a whole number, found '{}'", echo(typed));
      },
      "");
  for (CLI::Option* o : app.get_options()) {
    if (o->get_type_size() == 0) continue;  // a flag
    const std::string type = o->get_type_name();
    if (type.starts_with("FLOAT")) {
      o->check(finite);
    } else if (type.starts_with("UINT")) {
      o->check(unsigned_whole);
    } else if (type.starts_with("INT")) {
      o->check(whole);
    }
  }
  for (CLI::App* sub : app.get_subcommands({})) guard_number_options(*sub);
}

void refuse_empty_flag_values(const CLI::App& app, const std::vector<std::string>& args) {
  const CLI::App* at = &app;
  for (const std::string& arg : args) {
    if (arg == "--") return;  // what follows is no option
    if (!arg.starts_with("-")) {
      for (const CLI::App* sub : at->get_subcommands({})) {
        if (sub->get_name() == arg) {
          at = sub;
          break;
        }
      }
      continue;
    }
    if (!arg.starts_with("--") || !arg.ends_with("=") || arg.find('=') != arg.size() - 1) continue;
    const std::string name = arg.substr(0, arg.size() - 1);
    for (const CLI::App* in = at; in; in = in->get_parent()) {
      const CLI::Option* o = in->get_option_no_throw(name);
      if (!o) continue;
      if (o->get_items_expected_max() == 0)  // a flag
        throw Error(fmt::format("{}: expected on or off, found nothing after '='", name));
      break;
    }
  }
}

}  // namespace evoplay::cli
