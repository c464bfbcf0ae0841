#pragma once
// Pictures of Lemmings runs: an animated GIF replay (terrain, entrance, exit, lemmings coloured
// by job, step and saved/dead counters) and a PNG of the level with the path every lemming took.
//
// Why it exists: a plan's outcome in numbers says little about why it works or fails; a replay
// shows it. Both pictures simulate the plan themselves (through a StepObserver) and return the
// outcome.

#include <filesystem>

#include "evoplay/games/lemmings/simulator.hpp"

namespace evoplay::games::lemmings {

struct RenderOptions {
  int scale = 0;      // pixels per cell; 0 = 16 for replays, 20 for path pictures
  int delay_cs = 12;  // GIF: hundredths of a second per step
  int hold_cs = 250;  // GIF: how long the last frame stays
  std::string title;  // default: the level's name
};

/// Plays `plan` on `level` and writes an animated GIF with one frame per step (atomic).
Outcome render_replay_gif(const Level& level, const Plan& plan, const std::filesystem::path& path,
                          const RenderOptions& options = {});

/// Plays `plan` on `level` and writes a PNG of the state after `step` (a frame of the GIF; the
/// last frame if the level ends sooner; -1 = before the first step).
Outcome render_snapshot_png(const Level& level, const Plan& plan, int step,
                            const std::filesystem::path& path, const RenderOptions& options = {});

/// Plays `plan` on `level` and writes a PNG of the final terrain with every lemming's path,
/// where each gene was assigned, and how each lemming ended (atomic).
Outcome render_paths_png(const Level& level, const Plan& plan, const std::filesystem::path& path,
                         const RenderOptions& options = {});

/// The last step render_file() draws a frame after (`lemmings render --step`).
inline constexpr int kMaxRenderStep = 100'000'000;

/// What `lemmings render` draws, chosen by the file's extension: FILE.gif the replay; FILE.png
/// the paths (step -2), or the frame after `step` when -1 <= step <= kMaxRenderStep (a GIF with
/// a step: Error). Any other step is an Error.
Outcome render_file(const Level& level, const Plan& plan, const std::filesystem::path& path,
                    const RenderOptions& options = {}, int step = -2);

}  // namespace evoplay::games::lemmings
