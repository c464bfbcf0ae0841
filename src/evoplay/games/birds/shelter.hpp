#pragma once
// Whether a pig sits in a room: something above it (a roof) and something on each side (walls),
// each within `reach` of the pig's outline, as a player sees a pig inside a fort rather than in
// the open. The roof is looked for straight up from the pig's centre, the walls straight left and
// right from it; blocks, TNT and platforms count, other pigs do not. Read from the level's file
// (any generator's); the generator's placement asks the same of the places where it might put a
// pig, and `birds diversity` reports the share of sheltered pigs.

#include <nlohmann/json.hpp>
#include <vector>

#include "evoplay/games/birds/level.hpp"
#include "evoplay/games/birds/outline.hpp"

namespace evoplay::games::birds {

/// How far above and beside a pig its roof and walls may be.
inline constexpr double kShelterReach = 1.6;

/// What a pig outline `pig` has around it among `others` (outlines of blocks, TNT, platforms).
struct Shelter {
  bool roof = false, left = false, right = false;
  bool sheltered() const { return roof && left && right; }
};
Shelter shelter_of(const Solid& pig, const std::vector<Solid>& others,
                   double reach = kShelterReach);

struct ShelterReport {
  std::vector<int> pigs;  // indices of the level's pigs
  std::vector<Shelter> shelter;
  int sheltered = 0;
  double share = 0;  // sheltered / pigs (0 when there is no pig)
  nlohmann::json to_json() const;
};

ShelterReport pig_shelter(const Level& level, double reach = kShelterReach);

}  // namespace evoplay::games::birds
