#pragma once
// The settings of the commands that look at levels without generating them: `birds render`,
// `birds check` and `birds diversity` (and Python's birds.diversity). Declared once
// (core/fields.hpp): the command line, Python and the docs' option tables read them from here.

#include <filesystem>
#include <optional>
#include <string>
#include <string_view>

#include "evoplay/core/fields.hpp"
#include "evoplay/games/birds/check.hpp"
#include "evoplay/games/birds/diversity.hpp"
#include "evoplay/games/birds/pictures.hpp"
#include "evoplay/games/birds/simulation_settings.hpp"

namespace evoplay::games::birds {

/// How `birds render` draws: the pictures' size, a contact sheet's columns, a folder's format.
struct PictureSettings {
  bool after = false;
  std::optional<int> width;  // not given: 1200 for a picture, 480 for a contact sheet's cell
  int columns = 0;
  std::string format = "png";

  static constexpr std::string_view kFormats[] = {"png", "svg"};

  template <class S, class V>
  static void fields(S& s, V& v) {
    v(s.after, {.name = "after",
                .help = "simulate first and draw the state after it (moved objects outlined at "
                        "their start, destroyed ones crossed out); the physics options below "
                        "apply"});
    v(s.width, {.name = "width",
                .help = "picture width in pixels (default 1200); a contact sheet: the width of "
                        "each cell (default 480)",
                .lo = 120,
                .hi = 8000});
    v(s.columns, {.name = "columns",
                  .help = "columns of a contact sheet (0 = about square)",
                  .lo = 0,
                  .hi = 1000});
    v(s.format,
      {.name = "format", .help = "picture format in a folder: png or svg", .choices = kFormats});
  }

  void validate() const { fields::check(*this); }

  /// Where and how render_levels() draws: `out` a .png/.svg file or a folder.
  RenderRequest request(std::filesystem::path out) const {
    return {std::move(out), width.value_or(0), columns, format};
  }
};

/// Everything a picture of levels takes: how to draw them and, to draw them after their
/// simulation, its physics (Python's birds.render_png; the command line binds the two apart, its
/// --threads between them).
struct RenderSettings {
  PictureSettings picture;
  SimulationSettings physics;

  template <class S, class V>
  static void fields(S& s, V& v) {
    v.group(s.picture, {});
    v.group(s.physics, {});
  }
  void validate() const {
    picture.validate();
    physics.validate();
  }
};

/// What `birds check` counts as a problem.
struct CheckSettings {
  double tolerance = kOverlapTolerance;

  template <class S, class V>
  static void fields(S& s, V& v) {
    v(s.tolerance, {.name = "tolerance",
                    .help = "overlaps up to this depth (world units) are ignored",
                    .lo = 0,
                    .hi = 10});
  }

  void validate() const { fields::check(*this); }
};

/// How `birds diversity` (and birds.diversity) measures a set of levels.
struct DiversitySettings {
  double cell = 0.1;
  bool matrix = false;

  template <class S, class V>
  static void fields(S& s, V& v) {
    v(s.cell, {.name = "cell",
               .help = "silhouette grid cell, world units",
               .lo = kMinDiversityCell,
               .hi = kMaxDiversityCell});
    v(s.matrix, {.name = "matrix", .help = "also every pair's distances (the two matrices)"});
  }

  void validate() const { fields::check(*this); }
};

}  // namespace evoplay::games::birds
