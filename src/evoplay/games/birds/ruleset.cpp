#include "evoplay/games/birds/ruleset.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <limits>

#include "evoplay/core/error.hpp"
#include "evoplay/core/text.hpp"

namespace evoplay::games::birds {

namespace {

constexpr int kMaxLevels = 1000;

/// A whole number as parse_int reads it, except that one of more digits than a long long holds
/// is returned as the largest (or smallest) long long: out of every range, and refused by the
/// caller's range check, which quotes the number as written.
long long whole_number(std::string_view text, const std::string& file, int line,
                       std::string_view what) {
  const std::string_view t = trim(text);
  const std::string_view digits = !t.empty() && (t[0] == '-' || t[0] == '+') ? t.substr(1) : t;
  long long v = 0;
  if (!try_parse_int(t, v) && !digits.empty() &&
      digits.find_first_not_of("0123456789") == std::string_view::npos) {
    return t[0] == '-' ? std::numeric_limits<long long>::min()
                       : std::numeric_limits<long long>::max();
  }
  return parse_int(t, file, line, what);
}

int column_of(std::string_view line, std::string_view part) {
  return static_cast<int>(part.data() - line.data()) + 1;
}

std::vector<std::pair<Material, ObjectType>> parse_forbidden(std::string_view line,
                                                             const std::string& file, int number) {
  std::vector<std::pair<Material, ObjectType>> out;
  if (trim(line).empty()) return out;
  for (std::string_view field : split(line, ',')) {
    const std::string_view pair = trim(field);
    const int column = column_of(line, pair.empty() ? field : pair);
    const auto space = pair.find_first_of(" \t");
    if (pair.empty() || space == std::string_view::npos) {
      throw Error(file, number, column,
                  fmt::format("forbidden pair '{}': expected 'material BlockType' (e.g. 'wood "
                              "RectMedium'), pairs separated by commas",
                              pair));
    }
    const std::string_view material = pair.substr(0, space);
    const std::string_view type = trim(pair.substr(space));
    const auto m = material_from_name(material);
    if (!m) {
      throw Error(file, number, column,
                  fmt::format("unknown material '{}' (expected wood, stone or ice)", material));
    }
    const auto t = block_type_from_name(type);
    if (!t) {
      throw Error(file, number, column_of(line, type),
                  fmt::format("unknown block type '{}' (expected one of {})", type, block_names()));
    }
    out.emplace_back(*m, *t);
  }
  return out;
}

}  // namespace

bool Ruleset::allows(Material material, ObjectType type) const {
  return std::find(forbidden.begin(), forbidden.end(), std::pair{material, type}) ==
         forbidden.end();
}

nlohmann::json Ruleset::to_json() const {
  nlohmann::json pairs = nlohmann::json::array();
  for (const auto& [m, t] : forbidden) {
    pairs.push_back(fmt::format("{} {}", material_name(m), shape_info(t).name));
  }
  return {{"levels", levels},
          {"forbidden", pairs},
          {"pigs", {pigs_min, pigs_max}},
          {"time_limit_minutes", time_limit_minutes}};
}

std::vector<Ruleset> parse_rulesets(std::string_view text, const std::string& file) {
  const auto lines = split_lines(text);
  std::vector<Ruleset> out;
  std::size_t i = 0;
  auto blank = [&](std::size_t k) { return trim(lines[k]).empty(); };
  for (;;) {
    while (i < lines.size() && blank(i)) ++i;
    if (i >= lines.size()) break;
    Ruleset r;
    r.line = static_cast<int>(i) + 1;
    auto need = [&](std::size_t k, std::string_view what) {
      if (k >= lines.size()) {
        throw Error(file, static_cast<int>(lines.size()),
                    fmt::format("the block starting on line {} ends early: expected {} on line {}",
                                r.line, what, k + 1));
      }
      return lines[k];
    };
    const int number = static_cast<int>(i) + 1;
    // Numbers are checked before they are narrowed to int, and said as written.
    const std::string_view levels_text = trim(need(i, "the number of levels"));
    const long long levels = whole_number(levels_text, file, number, "number of levels");
    if (levels < 1 || levels > kMaxLevels) {
      throw Error(
          file, number,
          fmt::format("number of levels {} is out of range (1 to {})", levels_text, kMaxLevels));
    }
    r.levels = static_cast<int>(levels);
    r.forbidden =
        parse_forbidden(need(i + 1, "the forbidden pairs (or an empty line)"), file, number + 1);
    const std::string_view pigs = need(i + 2, "the pig range 'min,max'");
    const auto range = split(pigs, ',');
    if (range.size() != 2) {
      throw Error(file, number + 2,
                  fmt::format("pig range: expected 'min,max' (e.g. '8,10'), found '{}'", pigs));
    }
    const long long pigs_min = whole_number(range[0], file, number + 2, "the pig range's minimum");
    const long long pigs_max = whole_number(range[1], file, number + 2, "the pig range's maximum");
    if (pigs_min < 1 || pigs_max < pigs_min || pigs_max > kMaxPigs) {
      throw Error(file, number + 2,
                  fmt::format("pig range {},{}: expected 1 <= min <= max <= {} ({})",
                              trim(range[0]), trim(range[1]), kMaxPigs, kMaxPigsReason));
    }
    r.pigs_min = static_cast<int>(pigs_min);
    r.pigs_max = static_cast<int>(pigs_max);
    r.time_limit_minutes = parse_double(trim(need(i + 3, "the time limit in minutes")), file,
                                        number + 3, "time limit in minutes");
    if (!(r.time_limit_minutes > 0)) {
      throw Error(file, number + 3, "time limit: expected a positive number of minutes");
    }
    i += 4;
    if (i < lines.size() && !blank(i)) {
      throw Error(file, static_cast<int>(i) + 1,
                  fmt::format("expected a blank line after the block that starts on line {} "
                              "(blocks have four lines: levels, forbidden pairs, pigs, minutes)",
                              r.line));
    }
    out.push_back(std::move(r));
  }
  if (out.empty()) {
    throw Error(file, 1,
                "no block found (expected: levels, forbidden pairs, pigs min,max, minutes)");
  }
  return out;
}

std::vector<Ruleset> read_rulesets(const std::string& path) {
  return parse_rulesets(read_text(path), display_name(path));
}

std::string ruleset_to_text(const Ruleset& r) {
  std::string pairs;
  for (const auto& [m, t] : r.forbidden) {
    pairs += fmt::format("{}{} {}", pairs.empty() ? "" : ",", material_name(m), shape_info(t).name);
  }
  return fmt::format("{}\n{}\n{},{}\n{:g}\n", r.levels, pairs, r.pigs_min, r.pigs_max,
                     r.time_limit_minutes);
}

}  // namespace evoplay::games::birds
