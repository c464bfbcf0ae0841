#pragma once
// A level of Pingus (the free Lemmings-like game packaged in Debian as pingus / pingus-data
// 0.7.6), read from its .pingus file and the game's data folder: the head (name, pingus, number
// to save, time, level size, the actions on offer) and the world the objects build — the
// collision map drawn from the groundpieces' images as the game draws it at start-up, the
// entrances, exits, liquids and spike traps, and the masks the actions dig with.
//
// Why it exists: evoplay's Lemmings study ran only on levels we drew ourselves; the Pingus
// levels were designed by people for people. The reader follows Pingus 0.7.6's source (the
// world objects' on_startup, CollisionMap::put/remove, CollisionMask, the blitter's modifiers)
// so that the map is the game's pixel for pixel. Levels stay where Debian installs them (or any
// path); nothing is copied. Objects the simulator does not play (teleporters, switch doors,
// hammers, ...) are refused with an Error naming the object, the file and the line.
//
// A Pingus level enters the rest of the Lemmings code as a `Level` (load_level): its header
// fields are the Pingus head's, its cells a coarse summary of the collision map (one cell per
// kPingusCell x kPingusCell pixels, for the distance map of the fitnesses and `show`), and
// `Level::pingus` holds this full level, which selects the Pingus rules (pingus_rules.hpp).

#include <array>
#include <cstdint>
#include <memory>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "evoplay/games/lemmings/level.hpp"

namespace evoplay::games::lemmings {

/// Where Debian installs the game's data.
inline constexpr const char* kPingusDebianData = "/usr/share/games/pingus/data";
/// The data folder evoplay reads: $EVOPLAY_PINGUS_DATA if set, else Debian's.
std::string pingus_data_dir();

/// The collision map's values, as the game's Groundtype::GPType.
enum PingusGround : std::uint8_t {
  kGpNothing = 0,
  kGpSolid = 1,
  kGpTransparent = 2,
  kGpGround = 3,
  kGpBridge = 4,
  kGpWater = 5,
  kGpLava = 6,
  kGpRemove = 7,
  kGpOutOfScreen = 8,
};

/// A collision mask: which pixels of an image count (the game's CollisionMask).
struct PingusMask {
  int width = 0, height = 0;
  std::vector<std::uint8_t> bits;  // row-major, 1 = part of the mask
};

/// The masks the actions remove or put with (from pingus-data's images).
struct PingusMasks {
  PingusMask bash, digger, digger_final, miner, miner_left, miner_right, bomber, brick_left,
      brick_right, door_box, door_tile;
};

/// One object that acts while the level runs. `order` is its place in the game's update order
/// (world objects stably sorted by z; the pingus are updated at z = 50).
struct PingusEntrance {
  float x = 0, y = 0, z = 0;
  int release_rate = 150;
  int direction = 0;  // -1 left, +1 right, 0 alternating ("misc")
  int owner = 0;
};
struct PingusExit {
  float x = 0, y = 0, z = 0;
  int owner = 0;
};
struct PingusSpike {
  float x = 0, y = 0, z = 0;
};
/// A switch door: a steel door (a box over `height` tiles) that opens once a pingu touches its
/// switch (WorldObjs::SwitchDoorDoor and SwitchDoorSwitch).
struct PingusDoor {
  int x = 0, y = 0;
  int height = 0;  // tiles
  int box_height = 0, tile_height = 0;
};
struct PingusSwitch {
  float x = 0, y = 0;
  float width = 0, height = 0;  // the switch's picture
  int door = -1;                // index into doors; -1: its target is not a door
};

/// What updates in one world tick, in the game's order.
struct PingusUpdate {
  enum class Kind : std::uint8_t { kEntrance, kExit, kSpike, kDoor, kSwitch, kPingus };
  Kind kind = Kind::kPingus;
  int index = 0;
};

struct PingusLevel {
  std::string file;      // as given
  std::string resname;   // its name under the data folder's levels/ without .pingus ("" if
                         // outside it): what a demo file names
  std::string checksum;  // the game's System::checksum of the file (demo files carry it)
  std::string name;
  int width = 0, height = 0;
  int pingus = 0, save = 0;
  int time = -1;    // ticks; -1 = no limit
  int horizon = 0;  // the ticks evoplay plays (see pingus_horizon)
  std::array<int, kSkillCount> actions{};
  std::vector<std::uint8_t> colmap;  // width * height, PingusGround values
  std::vector<PingusEntrance> entrances;
  std::vector<PingusExit> exits;
  std::vector<PingusSpike> spikes;
  std::vector<PingusDoor> doors;
  std::vector<PingusSwitch> switches;
  std::vector<PingusUpdate> updates;
  std::shared_ptr<const PingusMasks> masks;

  std::uint8_t at(int x, int y) const {
    return colmap[static_cast<std::size_t>(y) * static_cast<std::size_t>(width) +
                  static_cast<std::size_t>(x)];
  }
};

/// Side of one cell of the coarse map that stands for a Pingus level in `Level::cells`.
inline constexpr int kPingusCell = 8;

/// The ticks evoplay plays a level for: a level with a time limit T runs T + 126 ticks (the
/// game goes on for 126 ticks after the time is up before it ends the level); a level without
/// one runs until its last pingu has come out plus twice (width + height) ticks, time for a
/// pingu to walk across and down the whole level twice.
int pingus_horizon(const PingusLevel& level);

/// Reads a .pingus file; images, prefabs and masks come from `data_dir`. Throws Error(file,
/// line, column, ...) for a broken file, a missing image, an unsupported object or action.
PingusLevel load_pingus_level(const std::string& path, const std::string& data_dir);

/// The level as the rest of the Lemmings code sees it: header fields from the head, the coarse
/// map as cells (air, dirt for ground, steel for solid, water for liquids; E and X at the
/// entrances and exits), `pingus` set.
Level pingus_as_level(std::shared_ptr<const PingusLevel> level);

/// True for a file name ending in .pingus.
bool is_pingus_file(const std::string& path);

/// The files of a Pingus level set: "tutorial" (levels/tutorial/*.pingus) or the name of a
/// levelsets/NAME.levelset file ("desert", "crystal", ...), in the set's order. Throws Error
/// naming the sets there are.
std::vector<std::string> pingus_level_set(const std::string& name, const std::string& data_dir);
/// The names pingus_level_set accepts.
std::vector<std::string> pingus_level_set_names(const std::string& data_dir);

/// Which levels of Pingus level sets load (`lemmings pingus-levels`): per level its file and
/// either what it is or the error that refuses it.
struct PingusLoadReport {
  struct Entry {
    std::string set, file;
    bool loaded = false;
    std::string name, error;  // error: the message that refuses it
    int width = 0, height = 0, pingus = 0, save = 0;
  };
  std::vector<Entry> levels;
  int loaded() const;
  nlohmann::json to_json() const;
  std::string text() const;
};
/// Loads every level of the named sets ("tutorial", "desert", ...; empty = all of them).
PingusLoadReport pingus_load_report(const std::vector<std::string>& sets,
                                    const std::string& data_dir);

/// The game's checksum of a file (System::checksum: c = c * 17 + byte over signed chars, as a
/// 64-bit signed number in decimal).
std::string pingus_checksum(const std::string& bytes);

}  // namespace evoplay::games::lemmings
