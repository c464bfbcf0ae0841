#pragma once
// Angry Birds played in the page (internal to web/): the level as it stands after the shots so
// far, and one more shot simulated by the library (birds/agents.hpp's play_shots, as
// `birds shoot`), its frames for the page's animation. The server keeps nothing between
// requests: each request sends the level and the shots so far, which are played again.

#include <httplib.h>

#include <nlohmann/json.hpp>

#include "evoplay/games/birds/level.hpp"
#include "evoplay/web/context.hpp"

namespace evoplay::web {

/// Objects of a level sent whole to the page (a replay is sent whole): more are refused.
inline constexpr std::size_t kMostBirdsObjects = 1000;

/// Each object's outline as the level places it, for drawing: {"kind", "material", "round",
/// "centre", "radius", "points"}; the page moves it by the difference between a pose and its
/// first pose.
nlohmann::json birds_outlines(const games::birds::Level& level);

/// POST /api/birds/level and /api/birds/shoot.
void add_birds_play_routes(Routes& server, const Context& ctx);

}  // namespace evoplay::web
