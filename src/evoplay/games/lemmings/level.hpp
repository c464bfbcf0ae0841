#pragma once
// A Lemmings level: a grid of cells, how many lemmings come out and must be saved, the time, the
// skills on offer and the constants of the rules (safe fall, bricks, fuse, crater radius).
//
// Why it exists: every other part (the simulator, plans, pictures, the solvers of the next
// issue) reads a level; the text format (docs/lemmings.md) is parsed here, strictly, with the
// line and column of every mistake. Derived data the solvers need — the path distance of every
// cell to the exit and the level's estimated duration — is computed here too, once per level.

#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace evoplay::games::lemmings {

enum class Cell : std::uint8_t { kAir, kDirt, kSteel, kWater, kEntrance, kExit };

/// The skills: the original game's eight, in the order of its panel, then the two that only
/// Pingus has (jumper, slider). Pingus's bridger is the builder.
enum class Skill : std::uint8_t {
  kClimber,
  kFloater,
  kBomber,
  kBlocker,
  kBuilder,
  kBasher,
  kMiner,
  kDigger,
  kJumper,
  kSlider
};
inline constexpr int kSkillCount = 10;
/// The eight skills of Lemmings (and of .lvl files).
inline constexpr std::array<Skill, 8> kSkills = {Skill::kClimber, Skill::kFloater, Skill::kBomber,
                                                 Skill::kBlocker, Skill::kBuilder, Skill::kBasher,
                                                 Skill::kMiner,   Skill::kDigger};
/// The ten actions of Pingus, in the same order.
inline constexpr std::array<Skill, kSkillCount> kPingusSkills = {
    Skill::kClimber, Skill::kFloater, Skill::kBomber, Skill::kBlocker, Skill::kBuilder,
    Skill::kBasher,  Skill::kMiner,   Skill::kDigger, Skill::kJumper,  Skill::kSlider};

/// "climber", "floater", ... (lower case, as in files).
std::string_view skill_name(Skill s);
/// The skill of a name (any case; "exploder" is accepted for bomber, Pingus's "bridger" for
/// builder), or nothing.
std::optional<Skill> skill_from_name(std::string_view name);
/// The map character of a cell ('.', '#', '=', '~', 'E', 'X').
char cell_char(Cell c);

struct Point {
  int x = 0, y = 0;
  friend bool operator==(const Point&, const Point&) = default;
};

/// Distance of a cell that cannot reach the exit (walled in by steel or water).
inline constexpr int kUnreachable = 1 << 20;
/// Path cost of one dirt cell in the distance map: dirt can be dug, bashed or mined through,
/// but that costs a skill and time, so a path through dirt counts each dirt cell as this many
/// air cells.
inline constexpr int kDirtCost = 3;

struct PingusLevel;

struct Level {
  std::string name;
  int width = 0, height = 0;
  std::vector<Cell> cells;                // row-major, y grows downward
  int lemmings = 0;                       // how many come out
  int save = 0;                           // how many must reach an exit
  int time = 0;                           // steps available
  int release = 1;                        // steps between two releases
  int fall = 4;                           // highest fall (cells) a lemming survives
  int bricks = 6;                         // bricks per builder
  int fuse = 5;                           // bomber countdown (steps)
  int radius = 1;                         // bomb crater radius (cells)
  std::array<int, kSkillCount> skills{};  // how many of each skill may be assigned
  /// Set for a level of Pingus (pingus_level.hpp): the cells are then a coarse summary of its
  /// collision map, and the level is played by the Pingus rules (pingus_rules.hpp).
  std::shared_ptr<const PingusLevel> pingus;

  Cell at(int x, int y) const {
    return cells[static_cast<std::size_t>(y) * static_cast<std::size_t>(width) +
                 static_cast<std::size_t>(x)];
  }
  int skill(Skill s) const { return skills[static_cast<std::size_t>(s)]; }
  /// The skills this level's game has: kSkills for Lemmings, kPingusSkills for Pingus.
  std::span<const Skill> skill_list() const {
    return pingus ? std::span<const Skill>(kPingusSkills) : std::span<const Skill>(kSkills);
  }
  int total_skills() const;
  /// Entrances and exits in reading order (top to bottom, left to right).
  std::vector<Point> entrances() const;
  std::vector<Point> exits() const;
};

/// Parses the text of a .lvl file; `file` names it in errors (Error(file, line, column, ...)).
Level parse_level(std::string_view text, const std::string& file);
/// Reads and parses a .lvl file ("-" = standard input), or reads a Pingus level (a file ending
/// in .pingus, its images from pingus_data_dir(): see pingus_level.hpp).
Level load_level(const std::string& path);
/// The level as .lvl text (parse_level(to_text(l)) == l).
std::string to_text(const Level& level);

/// The path distance of every cell to the nearest exit over the initial terrain, row-major:
/// shortest 4-neighbour path where air, entrance and exit cells cost 1, dirt costs dirt_cost
/// (it could be dug) and steel and water are walls. kUnreachable where no path exists.
std::vector<int> exit_distances(const Level& level, int dirt_cost = kDirtCost);

/// The level's estimated duration: the steps over which solvers draw the steps of random genes
/// (the document's "duración estimada"). We take the level's time: no formula can tell from the
/// map alone how long the leader's route is (it depends on the skills used), and a too short
/// estimate would make some solutions impossible to draw; levels of the suite have times about
/// 1.5 times what their reference plans need.
int estimated_duration(const Level& level);

}  // namespace evoplay::games::lemmings
