#pragma once
// Pictures of Pingus runs: an animated GIF replay (the collision map as it changes, the
// entrances and exits, every pingu coloured by its action, the tick and the counters), a frame
// of it as PNG, and a PNG of the final map with every pingu's path.
//
// Why it exists: `lemmings render` draws Lemmings runs cell by cell; a Pingus level is a map of
// 2,000 by 1,200 pixels played for thousands of ticks, so its pictures are scaled down and its
// replays keep one frame every few ticks. render_file (render.hpp) calls these for Pingus levels.

#include <filesystem>
#include <optional>

#include "evoplay/games/lemmings/render.hpp"

namespace evoplay::games::lemmings {

/// What render_file does for a Pingus level: FILE.gif the replay (a frame every time/300 ticks),
/// FILE.png the paths, or the frame after tick `step` when given (-1: the start). options.scale is
/// how many level pixels make one picture pixel (0: the picture is at most 800 pixels wide).
Outcome render_pingus_file(const Level& level, const Plan& plan, const std::filesystem::path& path,
                           const RenderOptions& options, std::optional<int> step);

}  // namespace evoplay::games::lemmings
