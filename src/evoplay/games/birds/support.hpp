#pragma once
// What holds each piece of a level up, read from the geometry of its file: the ground, or the
// objects its outline rests on (within a touch of 0.01). A piece resting only on circles, or
// only on a triangle's tip or slope (anywhere but a level side of the triangle at least 0.2
// long), is balanced, not built: the slightest push in the game rolls or tips it off. Such
// pieces are what `birds diversity` counts as "carried by a circle or a triangle tip", for any
// generator's levels; evoplay's generator never rests one composite on a circle or a triangle of
// another (placement.hpp), so only the composites designed that way (a triangle roof is carried,
// it carries nothing) hold them.

#include <nlohmann/json.hpp>
#include <vector>

#include "evoplay/games/birds/level.hpp"
#include "evoplay/games/birds/outline.hpp"

namespace evoplay::games::birds {

/// What a lower object offers an upper one resting on it.
enum class Bearing { kFlat, kRound, kTip };

/// How `lower` (a placed object, its outline `lower_solid`) carries `upper` (an outline resting on
/// it): round for circles, a tip for a triangle unless `upper` rests on one of its level top
/// sides, flat otherwise (boxes, platforms, pigs, TNT).
Bearing bearing(const Solid& upper, const Object& lower, const Solid& lower_solid);

/// Closer than this, one outline rests on another.
inline constexpr double kRestTouch = 0.01;

struct SupportReport {
  int off_ground = 0;        // pieces not resting on the ground
  int badly_carried = 0;     // of them: resting only on circles or triangle tips
  std::vector<int> flagged;  // their indices
  nlohmann::json to_json() const;
};

SupportReport support_report(const Level& level);

}  // namespace evoplay::games::birds
