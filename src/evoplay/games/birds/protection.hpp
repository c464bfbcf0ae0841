#pragma once
// Whether the structure protects a level's pigs: a pig is protected when no full-power shot from
// the slingshot, swept over angles at a fine step, reaches it without first touching a block,
// TNT or a platform. The flight is Box2D's (symplectic Euler steps of 0.02 s under the launch
// gravity) of a disc of the red bird's size; the level is taken as its file puts it.

#include <nlohmann/json.hpp>
#include <vector>

#include "evoplay/games/birds/level.hpp"

namespace evoplay::games::birds {

struct ProtectionSettings {
  double min_angle = -45, max_angle = 89.75;  // degrees swept
  double angle_step = 0.25;
  double radius = 0.235;  // the red bird's collider as a disc of the same area
  void validate() const;
};

struct PigExposure {
  int object = 0;        // the pig's index in the level
  bool exposed = false;  // some shot reaches it first
  double angle = 0;      // the lowest angle that does (exposed pigs)
};

struct ProtectionReport {
  std::vector<PigExposure> pigs;
  int protected_pigs = 0;
  double share = 1;  // protected pigs / pigs (1 when there is no pig)
  nlohmann::json to_json() const;
};

ProtectionReport pig_protection(const Level& level, const ProtectionSettings& settings = {});

}  // namespace evoplay::games::birds
