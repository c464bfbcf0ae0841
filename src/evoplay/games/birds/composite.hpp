#pragma once
// Composites: the building blocks of generated levels. A composite is one or more basic blocks
// placed relative to the composite's centre (the centre of their bounding box), each with its
// rotation and material. The starting catalogue holds the 12 blocks alone, the 90-degree
// rotations of the six that are not symmetric, and a few hand-made structures (a table, a
// bridge, ...); open-ended evolution adds composites cut from stable levels. Catalogues are JSON
// files, so users can add their own.

#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "evoplay/games/birds/level.hpp"
#include "evoplay/games/birds/ruleset.hpp"

namespace evoplay::games::birds {

/// One block of a composite: its type, offset from the composite's centre, rotation and
/// material.
struct Piece {
  ObjectType type = ObjectType::kRectSmall;
  double x = 0, y = 0;
  double rotation = 0;  // degrees, counter-clockwise
  Material material = Material::kWood;
  bool operator==(const Piece&) const = default;
};

struct Composite {
  std::string name;
  std::vector<Piece> pieces;         // offsets from the centre of the bounding box
  std::string origin;                // "basic block", "hand-made", "evolved: ..."
  int layer = 0;                     // 0: the starting catalogue; k: cut from layer k's levels
  std::vector<std::string> parents;  // evolved: the composites it was made of, bottom up
  Bounds box;                        // bounding box, relative to the centre (computed)
  int line = 0;                      // line in the catalogue file (0: made in memory)

  double width() const { return box.width(); }
  double height() const { return box.height(); }
  /// The highest point of the composite, relative to its centre (on its top edge's middle).
  Point top_point() const;
  /// Pieces of more than one material (such a composite may keep its own materials).
  bool mixed_materials() const;
  /// Same pieces, in the same order (names and origins are not compared).
  bool same_shape(const Composite& o, double tolerance = 1e-6) const;
};

/// A composite from pieces placed anywhere: they are re-centred on their bounding box's centre.
Composite make_composite(std::string name, std::vector<Piece> pieces, std::string origin = "",
                         int layer = 0, std::vector<std::string> parents = {});

/// The bounding box of pieces as they are (not re-centred).
Bounds pieces_bounds(const std::vector<Piece>& pieces);

using Catalogue = std::vector<Composite>;

/// The starting catalogue (data/birds/composites.json holds the same, for users to edit).
Catalogue default_catalogue();

/// Pieces closer than this touch (the overlap check allows as much the other way).
inline constexpr double kTouchTolerance = 0.01;

/// Why a composite's pieces do not make one structure: `piece` (from 0) does not rest on the
/// composite's base or on a piece under it (e.g. a square 2 units above another), or touches
/// none of the others' group. Outlines are the true ones (a triangle's slope, a circle's curve).
struct StructureProblem {
  int piece = -1;
  std::string message;
};
std::optional<StructureProblem> structure_problem(const Composite& composite);

/// Reads a catalogue file ("-" = standard input). Throws Error(file, line, ...) for malformed
/// JSON, unknown block types or materials, missing fields, duplicate names, composites whose
/// pieces overlap each other, and composites whose pieces do not make one structure
/// (structure_problem: the line is the piece's).
Catalogue read_catalogue(const std::string& path);
Catalogue parse_catalogue(std::string_view text, const std::string& file);

/// The catalogue as a JSON file: one composite per entry, one piece per line.
std::string catalogue_to_json(const Catalogue& catalogue);
void write_catalogue(const std::filesystem::path& path, const Catalogue& catalogue);

/// Appends the composite's pieces as level objects with its centre at (x, y); `material`
/// replaces every piece's material (Material::kNone keeps each piece's own).
void place_composite(const Composite& composite, double x, double y, Material material,
                     std::vector<Object>& out);

/// The materials a composite may be built in under a ruleset: wood, stone, ice when every piece
/// of that material is allowed, and kNone (its own materials) for a composite of mixed
/// materials whose own pieces are all allowed. Empty: the composite can never be drawn.
std::vector<Material> allowed_materials(const Composite& composite, const Ruleset& rules);

/// A one-composite level (the composite resting on the ground at x = 0), for pictures and
/// stability checks.
Level composite_level(const Composite& composite, Material material = Material::kNone);

}  // namespace evoplay::games::birds
