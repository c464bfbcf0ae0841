#pragma once
// Pictures of many levels at once, as `birds render`, `birds simulate --render` and the demo
// draw them: one file per level, a contact sheet, or a level before and after its simulation.

#include <filesystem>
#include <span>
#include <string>
#include <vector>

#include "evoplay/games/birds/level.hpp"
#include "evoplay/games/birds/physics.hpp"

namespace evoplay::games::birds {

/// Where the pictures go: `out` is one .png/.svg file (one level: its picture; several: a contact
/// sheet) or a folder (one picture per level, NAME.format).
struct RenderRequest {
  std::filesystem::path out;
  int width = 0;               // 0: 1200 for a picture, 480 for a contact sheet's cell
  int columns = 0;             // of a contact sheet; 0 = about square
  std::string format = "png";  // of the pictures in a folder: png or svg

  bool one_file() const;
};

/// Draws `levels`, captioned by `names`, as `request` says; after their simulation when
/// `reports` is not empty (one per level). Returns the files written, in order.
std::vector<std::filesystem::path> render_levels(std::span<const Level> levels,
                                                 std::span<const std::string> names,
                                                 std::span<const StabilityReport> reports,
                                                 const RenderRequest& request);

/// NAME-before.png and NAME-after.png in `dir`: a level before and after `seconds` of simulation.
void save_before_after(const std::filesystem::path& dir, const std::string& name,
                       const Level& level, const StabilityReport& report, double seconds);

}  // namespace evoplay::games::birds
