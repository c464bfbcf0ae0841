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
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace evoplay::games::lemmings {

enum class Cell : std::uint8_t { kAir, kDirt, kSteel, kWater, kEntrance, kExit };

/// The eight skills, in the order of the original game's panel.
enum class Skill : std::uint8_t {
  kClimber,
  kFloater,
  kBomber,
  kBlocker,
  kBuilder,
  kBasher,
  kMiner,
  kDigger
};
inline constexpr int kSkillCount = 8;
inline constexpr std::array<Skill, kSkillCount> kSkills = {
    Skill::kClimber, Skill::kFloater, Skill::kBomber, Skill::kBlocker,
    Skill::kBuilder, Skill::kBasher,  Skill::kMiner,  Skill::kDigger};

/// "climber", "floater", ... (lower case, as in files).
std::string_view skill_name(Skill s);
/// The skill of a name (any case; "exploder" is accepted for bomber), or nothing.
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

  Cell at(int x, int y) const {
    return cells[static_cast<std::size_t>(y) * static_cast<std::size_t>(width) +
                 static_cast<std::size_t>(x)];
  }
  int skill(Skill s) const { return skills[static_cast<std::size_t>(s)]; }
  int total_skills() const;
  /// Entrances and exits in reading order (top to bottom, left to right).
  std::vector<Point> entrances() const;
  std::vector<Point> exits() const;
};

/// Parses the text of a .lvl file; `file` names it in errors (Error(file, line, column, ...)).
Level parse_level(std::string_view text, const std::string& file);
/// Reads and parses a .lvl file ("-" = standard input).
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
