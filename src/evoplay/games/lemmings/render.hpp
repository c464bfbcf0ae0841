#pragma once
// Pictures of Lemmings runs: an animated GIF replay (terrain, entrance, exit, lemmings coloured
// by job, step and saved/dead counters) and a PNG of the level with the path every lemming took.
//
// Why it exists: a plan's outcome in numbers says little about why it works or fails; a replay
// shows it. Both pictures simulate the plan themselves (through a StepObserver) and return the
// outcome.

#include <filesystem>
#include <optional>
#include <string>

#include "evoplay/core/fields.hpp"
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

/// A Pingus replay's hundredths of a second per frame when none is asked for (its frames are
/// time/300 ticks apart: a level's replay is then about 20 s).
inline constexpr int kPingusFrameDelay = 6;

/// What a person chooses for a picture of a run (`lemmings render`, Python's render_png and
/// render_gif), declared once (core/fields.hpp).
struct RenderSettings {
  std::optional<int> scale;  // not given: 16 for a replay or a frame, 20 for paths
  std::optional<int> delay;  // not given: RenderOptions' 12, a Pingus replay's 6
  std::optional<int> step;   // not given: the paths (a PNG) or the replay (a GIF)

  template <class S, class V>
  static void fields(S& s, V& v) {
    v(s.scale, {.name = "scale",
                .help = "pixels per cell (default: 16 for a replay or --step, 20 for paths); for "
                        "a Pingus level, level pixels per picture pixel (default: at most 800 "
                        "wide)",
                .lo = 2,
                .hi = 64});
    v(s.delay, {.name = "delay",
                .help = "GIF: hundredths of a second per frame (default: 12, a frame per step; "
                        "a Pingus level's replay: 6)",
                .lo = 1,
                .hi = 500});
    v(s.step, {.name = "step",
               .help = "PNG: draw the lemmings after this step (a frame of the replay) instead "
                       "of their paths; -1 = before the first step",
               .lo = -1,
               .hi = kMaxRenderStep});
  }

  void validate() const { fields::check(*this); }

  /// The pictures' options for a Lemmings level or (`pingus`) a Pingus level.
  RenderOptions options(bool pingus) const {
    RenderOptions o;
    o.scale = scale.value_or(0);
    o.delay_cs = delay.value_or(pingus ? kPingusFrameDelay : o.delay_cs);
    return o;
  }
};

/// What `lemmings render` draws, chosen by the file's extension: FILE.gif the replay; FILE.png
/// the paths, or the frame after `settings.step` when it is given (a GIF with a step: Error).
/// Settings out of range are an Error naming the field.
Outcome render_file(const Level& level, const Plan& plan, const std::filesystem::path& path,
                    const RenderSettings& settings = {});

}  // namespace evoplay::games::lemmings
