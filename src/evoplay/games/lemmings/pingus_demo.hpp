#pragma once
// A plan as a Pingus demo (.pingus-demo): the file the real game plays back with
// `pingus FILE.pingus-demo` — the level's name and checksum, then one (pingu-action ...) per
// gene the Pingus rules applied (the world time, the pingu's number, its position as the game's
// hex-encoded floats, the action), and a (finish (time T)) at the tick evoplay's run ends.
//
// Why it exists: a plan found on evoplay's Pingus rules is checked in the real game by
// replaying this file (scripts/pingus-replay reads the number saved from the game); the
// positions let the game itself report where its world and ours part ("DemoFile inconsistent
// with world").

#include <filesystem>
#include <string>

#include "evoplay/games/lemmings/level.hpp"
#include "evoplay/games/lemmings/outcome.hpp"
#include "evoplay/games/lemmings/plan.hpp"

namespace evoplay::games::lemmings {

struct PingusDemo {
  std::string name;  // the level's name in the demo (its path under the data's levels/)
  std::string text;  // the .pingus-demo file
  Outcome outcome;   // evoplay's run of the plan
};

/// The demo of `plan` on a Pingus level (Error if `level` is not one). `name` is the level's
/// name under the game's levels/ folder; empty = the level's own (levels outside the data
/// folder get "evoplay/FILE-STEM", which scripts/pingus-replay installs as an add-on).
PingusDemo pingus_demo(const Level& level, const Plan& plan, const std::string& name = "");

/// The game's Math::float2string: the float's four bytes in memory order, as hex.
std::string pingus_float_hex(float value);

}  // namespace evoplay::games::lemmings
