#pragma once
// Pictures of Science Birds levels (cairo, PNG or SVG by extension): sky, ground, slingshot,
// birds, blocks drawn to their shapes and rotations coloured by material, pigs, TNT, platforms.
// After a simulation, the final state with moved objects outlined at their start and destroyed
// ones crossed out. A contact sheet puts many levels in one picture.

#include <cairo.h>

#include <filesystem>
#include <functional>
#include <span>
#include <string>

#include "evoplay/games/birds/level.hpp"
#include "evoplay/games/birds/physics.hpp"
#include "evoplay/render/color.hpp"

namespace evoplay::games::birds {

/// World-to-pixel mapping: pixel = (ox + scale * x, oy - scale * y).
struct View {
  double scale = 1, ox = 0, oy = 0;
  double px(double x) const { return ox + scale * x; }
  double py(double y) const { return oy - scale * y; }
};

/// The part of the world worth drawing: the slingshot, every object (at its start and, with a
/// report, its final pose) and a band of ground, with margins. Without `slingshot`: the objects
/// at their start alone and a thin band of ground, framed tightly (pictures of composites).
Bounds scene_bounds(const Level& level, const StabilityReport* report = nullptr,
                    bool slingshot = true);

/// The view that fits `world` into the pixel box (x, y, w, h), aspect kept: centred across,
/// the bottom of the world on the bottom of the box (extra height becomes sky).
View fit_view(const Bounds& world, double x, double y, double w, double h);

/// Fill colour of a block material (tests sample it).
render::Color material_color(Material material);

/// Colour of a bird's body.
render::Color bird_color(BirdType bird);

/// Draws the level with the view `v` into the pixel box (x, y, w, h): sky, ground, the
/// slingshot and the waiting birds (unless `slingshot` is false), then its objects.
void draw_scene(cairo_t* cr, const Level& level, const View& v, double x, double y, double w,
                double h, bool slingshot = true);

/// Draws the level into the pixel box (x, y, w, h) of `cr`; with a report, draws the state after
/// the simulation and marks what moved or was destroyed. Without `slingshot`, the slingshot and
/// the birds are left out and the frame fits the objects alone (pictures of composites). Returns
/// the view used (for drawing over it).
View draw_level(cairo_t* cr, const Level& level, double x, double y, double w, double h,
                const StabilityReport* report = nullptr, bool slingshot = true);

struct LevelPicture {
  int width = 1200;                         // pixels; the height follows the scene
  std::string title;                        // drawn in the top-left corner (empty: none)
  const StabilityReport* report = nullptr;  // draw the state after the simulation
};

/// One level as a PNG or SVG (by the extension of `path`), atomically.
void save_level_picture(const std::filesystem::path& path, const Level& level,
                        const LevelPicture& options = {});

struct SheetEntry {
  const Level* level = nullptr;
  std::string caption;
  const StabilityReport* report = nullptr;
  bool slingshot = true;  // false: the objects alone, framed tightly
  std::function<void(cairo_t*, const View&)> overlay = {};  // drawn over the level (shots)
};

/// Many levels in a grid of equal cells, each with its caption; `columns` 0 = about square.
void save_contact_sheet(const std::filesystem::path& path, std::span<const SheetEntry> entries,
                        int cell_width = 480, int columns = 0);

}  // namespace evoplay::games::birds
