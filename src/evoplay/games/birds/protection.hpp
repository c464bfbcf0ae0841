#pragma once
// Whether the structure protects a level's pigs: a pig is protected when no shot from the
// slingshot — swept over angles at a fine step, from flat shots to lobs that come down from
// above, at full power and at partial pulls — reaches it without first touching a block, TNT or
// a platform (other pigs are no shelter). The flight is Box2D's (symplectic Euler steps of
// 0.02 s under the launch gravity) of a disc of the red bird's size; the level is taken as its
// file puts it. The level generator asks the same of the places where it might put a pig.

#include <nlohmann/json.hpp>
#include <optional>
#include <vector>

#include "evoplay/games/birds/level.hpp"
#include "evoplay/games/birds/outline.hpp"
#include "evoplay/games/birds/sling.hpp"

namespace evoplay::games::birds {

struct ProtectionSettings {
  double min_angle = -45, max_angle = 89.75;  // degrees swept
  double angle_step = 0.25;
  std::vector<double> pulls = {1, 0.75, 0.5};  // of the slingshot's full pull (1: full power)
  double radius = 0.235;                       // the red bird's collider as a disc of the same area
  void validate() const;
};

/// The swept flights of a level: every step of every angle's flight until it first touches a
/// block, TNT, a platform or the ground (or leaves the level). Kept as each flight's launch and
/// length, not as points: a flight's position at step n has a closed form, and its x is linear
/// in n, so the steps that can come near a target are found without a grid.
class Flights {
 public:
  Flights(const Level& level, const ProtectionSettings& settings);
  /// The lowest angle whose flight reaches `target` (touches its outline), if any.
  std::optional<double> reaches(const Solid& target) const;

 private:
  struct Flight {
    Launch launch;
    double angle = 0;
    int length = 0;  // steps 1..length are in the air
  };
  std::vector<Flight> flights_;
  double radius_, gravity_;
  static constexpr double kStep = 0.02;  // seconds: Box2D's step of the game
};

struct PigExposure {
  int object = 0;             // the pig's index in the level
  bool exposed = false;       // some shot reaches it first
  bool out_of_reach = false;  // no shot would reach it even with nothing in the way
  double angle = 0;           // the lowest angle that does (exposed pigs)
};

/// A pig is protected when shots could reach it in an empty level and none does in this one;
/// one out of every shot's reach is not protected, only far.
struct ProtectionReport {
  std::vector<PigExposure> pigs;
  int protected_pigs = 0;
  int out_of_reach = 0;
  double share = 1;  // protected pigs / pigs (1 when there is no pig)
  nlohmann::json to_json() const;
};

/// `open`: open_flights of a level with this one's width and slingshot, when the caller keeps
/// one for many levels (a generator's levels share them); computed here when null.
ProtectionReport pig_protection(const Level& level, const ProtectionSettings& settings = {},
                                const Flights* open = nullptr);

/// The flights of the level's slingshot with nothing in their way (what is in reach at all).
Flights open_flights(const Level& level, const ProtectionSettings& settings);

}  // namespace evoplay::games::birds
