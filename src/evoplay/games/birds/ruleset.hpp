#pragma once
// The AIBIRDS level-generation competition's parameters file: blocks of four lines, separated by
// a blank line, each asking for a set of levels: how many; the forbidden (material, block type)
// pairs, comma-separated (the line may be empty); the range of pigs per level "min,max"; and the
// time limit in minutes.
//
//   5
//   wood RectMedium,wood SquareTiny,ice CircleSmall
//   8,10
//   30

#include <nlohmann/json.hpp>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "evoplay/games/birds/catalogue.hpp"

namespace evoplay::games::birds {

/// Most pigs a level may ask for: the generator's levels hold about this many and more (on the
/// ground from x = -5 to 14 and along the blocks' tops, docs/birds-generator.md); a larger range
/// could not be met.
inline constexpr int kMaxPigs = 30;
inline constexpr std::string_view kMaxPigsReason =
    "a generated level has room for about that many pigs";

struct Ruleset {
  int levels = 5;
  std::vector<std::pair<Material, ObjectType>> forbidden;
  int pigs_min = 2, pigs_max = 4;
  double time_limit_minutes = 0;  // 0: none given
  int line = 0;                   // first line of the block in its file (0: not from a file)

  /// True unless (material, type) is one of the forbidden pairs.
  bool allows(Material material, ObjectType type) const;
  /// levels, forbidden pairs ("wood RectBig"), pigs [min, max], time_limit_minutes.
  nlohmann::json to_json() const;
  bool operator==(const Ruleset&) const = default;
};

/// Reads every block of a parameters file ("-" = standard input). Throws Error(file, line,
/// column, ...) naming what was expected.
std::vector<Ruleset> read_rulesets(const std::string& path);
std::vector<Ruleset> parse_rulesets(std::string_view text, const std::string& file);

/// The block as the file writes it (four lines, no trailing blank line).
std::string ruleset_to_text(const Ruleset& ruleset);

}  // namespace evoplay::games::birds
