#pragma once
// A capture-the-flag map: the board read from a text file (docs/flags.md), the teams' flags and
// starting players, the game's limits, and what every position of that map shares: the
// evaluation parameters derived from the map (the document's calcularParametrosEspecificos), the
// path distances from every flag through the board (mud and digging counted), and the Zobrist
// keys of the state's hash.
//
// Why it exists: a State (state.hpp) is small and changes every ply; everything that depends only
// on the map is computed once here and shared (std::shared_ptr<const Map>) by every state, bot
// and game that plays on it, across threads.

#include <algorithm>
#include <array>
#include <cstdint>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "evoplay/search/zobrist.hpp"

namespace evoplay::games::flags {

/// What a cell of the board is. A flag cell is floor with a flag on it: kFlagA holds a flag of
/// team A (the flags team B wants), kFlagB one of team B.
enum class Cell : std::uint8_t { kFloor, kMud, kWall, kRock, kFlagA, kFlagB };

inline constexpr int kTeams = 2;
inline constexpr int kMaxPlayers = 4;  // per team
inline constexpr int kMaxFlags = 8;    // per team
inline constexpr int kMaxSide = 64;    // cells each way
inline constexpr int kMaxEnergy = 1000;
inline constexpr int kMaxTurns = 10000;

/// Energy each action costs (a move: the cost of entering the cell).
inline constexpr int kFloorCost = 1;
inline constexpr int kMudCost = 3;
inline constexpr int kRestGain = 3;
inline constexpr int kAttackCost = 2;
inline constexpr int kAttackDamage = 10;
inline constexpr int kDigCost = 5;
/// Path cost of a rock cell in the distance maps: dig it (5), then enter it (1).
inline constexpr int kRockPathCost = kDigCost + kFloorCost;

enum Direction : std::uint8_t { kNorth, kEast, kSouth, kWest };
inline constexpr std::array<int, 4> kRowStep = {-1, 0, 1, 0};
inline constexpr std::array<int, 4> kColStep = {0, 1, 0, -1};

/// The map character of a cell ('.', '~', '#', '%', 'a', 'b').
char cell_char(Cell c);
/// 'A' or 'B'.
inline char team_letter(int team) { return team == 0 ? 'A' : 'B'; }

/// The document's calcularParametrosEspecificos: how much each term of the evaluation is worth on
/// this map (see docs/flags.md for the derivation).
struct EvalParams {
  double flag_value = 0;      // points per captured flag: 10000 / flags per team
  double start_distance = 0;  // D0: mean path cost from a starting player to an enemy flag
  double distance_value = 0;  // v in v * exp(-x / d): 0.4 * flag_value
  double distance_scale = 0;  // d: D0 / 2
  double energy_value = 0;    // points per unit of energy: an eighth of the distance gradient at D0
};

/// The document's pesos: the weight of each term (1 = as derived from the map); `guard`, the
/// share of a flag's distance value its attackers lose while a defender stands on it (the only
/// way to keep a flag: enemies cannot step onto an occupied cell); and `support`, the weight of
/// the other players' distance values to a flag next to the nearest player's (so that every
/// player, not only the nearest, is drawn towards the flags).
struct EvalWeights {
  double flags = 1, distance = 1, energy = 1;
  double guard = 0.5;
  double support = 0.25;
};

/// Distance value of a cell that cannot reach a flag (walled in).
inline constexpr std::uint16_t kFar = 0xFFFF;

/// Path costs from every flag to every cell and facing: `at(flag, cell, facing)` is the energy a
/// player on `cell` facing `facing` spends to step onto `flag` (floor 1, mud 3; rock 6: dig 5,
/// then enter 1; walls impassable; other players ignored), and `steps(flag, cell, facing)` the
/// actions that path takes (a move 1, a dig and the step into the dug cell 2). A player digs the
/// rock it faces, and faces the way it last moved, so to dig a rock it must step into the cell in
/// front of it from the opposite side: a rock that cannot be faced that way cannot be dug from
/// there. `at(flag, cell)` is the cheapest over the four facings. `flag` numbers every flag of
/// the map: team A's flags first.
struct Distances {
  /// One (flag, cell, facing): the energy and the actions of the cheapest path.
  struct Path {
    std::uint16_t cost = kFar, steps = kFar;
  };
  int cells = 0;
  std::vector<Path> paths;  // flag-major, then cell, then facing
  std::size_t slot(int flag, int cell, int facing) const {
    return (static_cast<std::size_t>(flag) * static_cast<std::size_t>(cells) +
            static_cast<std::size_t>(cell)) *
               4 +
           static_cast<std::size_t>(facing);
  }
  const Path& path(int flag, int cell, int facing) const { return paths[slot(flag, cell, facing)]; }
  std::uint16_t at(int flag, int cell, int facing) const { return path(flag, cell, facing).cost; }
  std::uint16_t steps(int flag, int cell, int facing) const {
    return path(flag, cell, facing).steps;
  }
  std::uint16_t at(int flag, int cell) const {
    std::uint16_t best = at(flag, cell, 0);
    for (int f = 1; f < 4; ++f) best = std::min(best, at(flag, cell, f));
    return best;
  }
};

class Map {
 public:
  std::string name;
  std::string file;
  int width = 0, height = 0;
  int energy = 100;         // starting energy of every player (and the most rest can restore)
  int turns = 200;          // plies before the game ends
  std::vector<Cell> cells;  // row-major, row 0 at the top
  std::array<std::vector<int>, kTeams> flags;            // flag cells of each team, reading order
  std::array<std::vector<int>, kTeams> players;          // starting cells of each team's players
  std::array<Direction, kTeams> facing{kSouth, kNorth};  // where each team's players start facing
  EvalParams params;
  EvalWeights weights;

  int cell_count() const { return width * height; }
  int index(int row, int col) const { return row * width + col; }
  int row_of(int cell) const { return cell / width; }
  int col_of(int cell) const { return cell % width; }
  /// The neighbour of `cell` in direction `d`, or -1 off the board.
  int neighbour(int cell, int d) const {
    const int r = row_of(cell) + kRowStep[static_cast<std::size_t>(d)];
    const int c = col_of(cell) + kColStep[static_cast<std::size_t>(d)];
    return r < 0 || r >= height || c < 0 || c >= width ? -1 : index(r, c);
  }
  /// All flags in one numbering (team A's first): `flag_id(team, i)`.
  int flag_id(int team, int i) const {
    return team == 0 ? i : static_cast<int>(flags[0].size()) + i;
  }
  int flag_count() const { return static_cast<int>(flags[0].size() + flags[1].size()); }
  /// Players of both teams in one numbering: team * kMaxPlayers + index.
  static constexpr int kPlayerSlots = kTeams * kMaxPlayers;

  /// Path costs on the map as read (nothing dug).
  const Distances& base_distances() const { return *base_; }
  /// Path costs on `terrain` (the map with some rock dug away), identified by `dug_key` (the
  /// XOR of the dug cells' keys; 0 = nothing dug). Cached: the same dug set is computed once.
  /// Thread-safe.
  std::shared_ptr<const Distances> distances(std::uint64_t dug_key,
                                             const std::vector<std::uint8_t>& board) const;
  std::shared_ptr<const Distances> base_distances_ptr() const { return base_; }
  /// v * exp(-x / d) for a path cost x (0 for kFar).
  double distance_decay(int x) const {
    return x < static_cast<int>(decay_.size()) ? decay_[static_cast<std::size_t>(x)] : 0.0;
  }

  // Zobrist keys of the state's features.
  std::uint64_t position_key(int slot, int cell) const {
    return keys_[static_cast<std::size_t>(slot * cell_count() + cell)];
  }
  std::uint64_t energy_key(int slot, int e) const {
    return keys_[energy_base_ + static_cast<std::size_t>(slot * (energy + 1) + e)];
  }
  std::uint64_t facing_key(int slot, int d) const {
    return keys_[facing_base_ + static_cast<std::size_t>(slot * 4 + d)];
  }
  std::uint64_t dug_key(int cell) const {
    return keys_[dug_base_ + static_cast<std::size_t>(cell)];
  }
  std::uint64_t flag_key(int flag) const {
    return keys_[flag_base_ + static_cast<std::size_t>(flag)];
  }
  std::uint64_t side_key() const { return keys_[side_base_]; }

  /// Derives the evaluation parameters, distances and keys; called by the parser (and by code
  /// that builds a map by hand, after filling the fields above).
  void prepare();

 private:
  std::shared_ptr<const Distances> base_;
  std::vector<double> decay_;
  search::ZobristKeys keys_{0};
  std::size_t energy_base_ = 0, facing_base_ = 0, dug_base_ = 0, flag_base_ = 0, side_base_ = 0;
  mutable std::mutex cache_mutex_;
  mutable std::unordered_map<std::uint64_t, std::shared_ptr<const Distances>> cache_;
};

/// Path costs from every flag over `board` (cells as std::uint8_t with the Cell in the low 4
/// bits; anything above is ignored).
Distances compute_distances(const Map& map, const std::vector<std::uint8_t>& board);

/// Parses a map (docs/flags.md); throws Error(file, line, column, what was expected).
std::shared_ptr<const Map> parse_map(std::string_view text, const std::string& file);
/// Reads and parses a map file.
std::shared_ptr<const Map> load_map(const std::string& path);
/// The map as text in the file format (header and grid), which parse_map reads back.
std::string to_text(const Map& map);

}  // namespace evoplay::games::flags
