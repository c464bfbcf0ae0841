#include "evoplay/games/birds/composite.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <nlohmann/json.hpp>
#include <set>

#include "evoplay/core/atomic_file.hpp"
#include "evoplay/core/error.hpp"
#include "evoplay/core/history.hpp"
#include "evoplay/core/json_input.hpp"
#include "evoplay/core/json_text.hpp"
#include "evoplay/core/text.hpp"
#include "evoplay/games/birds/check.hpp"
#include "evoplay/games/birds/outline.hpp"

namespace evoplay::games::birds {

namespace {

/// Coordinates beyond this are not a composite anyone means (and would break the placement).
constexpr double kMaxOffset = 50;
constexpr double kMaxRotation = 1e6;  // degrees: any turn, written within reason

/// A JSON value as a message shows it: as written in JSON, cut after 40 characters.
std::string found(const nlohmann::json& v) {
  std::string text = v.dump();
  return text.size() <= 40 ? text : text.substr(0, 40) + "...";
}

Object piece_object(const Piece& p, double x = 0, double y = 0,
                    Material material = Material::kNone) {
  return {p.type, material == Material::kNone ? p.material : material, x + p.x, y + p.y,
          p.rotation};
}

}  // namespace

Bounds pieces_bounds(const std::vector<Piece>& pieces) {
  if (pieces.empty()) return {};
  Bounds box = bounds(piece_object(pieces.front()));
  for (const Piece& p : pieces) box.add(bounds(piece_object(p)));
  return box;
}

Point Composite::top_point() const {
  double lo = box.max_x, hi = box.min_x;
  for (const Piece& p : pieces) {
    const Bounds b = bounds(piece_object(p));
    if (b.max_y >= box.max_y - 1e-9) {
      lo = std::min(lo, b.min_x);
      hi = std::max(hi, b.max_x);
    }
  }
  return {(lo + hi) / 2, box.max_y};
}

bool Composite::mixed_materials() const {
  return std::any_of(pieces.begin(), pieces.end(),
                     [&](const Piece& p) { return p.material != pieces.front().material; });
}

bool Composite::same_shape(const Composite& o, double tolerance) const {
  if (pieces.size() != o.pieces.size()) return false;
  for (std::size_t i = 0; i < pieces.size(); ++i) {
    const Piece &a = pieces[i], &b = o.pieces[i];
    if (a.type != b.type || a.material != b.material || std::abs(a.x - b.x) > tolerance ||
        std::abs(a.y - b.y) > tolerance ||
        std::abs(std::remainder(a.rotation - b.rotation, 360.0)) > 1e-6) {
      return false;
    }
  }
  return true;
}

Composite make_composite(std::string name, std::vector<Piece> pieces, std::string origin, int layer,
                         std::vector<std::string> parents) {
  Composite c;
  c.name = std::move(name);
  c.origin = std::move(origin);
  c.layer = layer;
  c.parents = std::move(parents);
  if (pieces.empty()) return c;
  const Bounds box = pieces_bounds(pieces);
  // Already centred (up to rounding): left as they are, so that a catalogue reads back exactly.
  auto centre = [](double lo, double hi) {
    const double c = (lo + hi) / 2;
    return std::abs(c) < 1e-9 ? 0.0 : c;
  };
  const double cx = centre(box.min_x, box.max_x), cy = centre(box.min_y, box.max_y);
  for (Piece& p : pieces) {
    p.x -= cx;
    p.y -= cy;
  }
  c.pieces = std::move(pieces);
  c.box = pieces_bounds(c.pieces);
  return c;
}

Catalogue default_catalogue() {
  Catalogue out;
  const std::string basic = "basic block";
  for (const ShapeInfo& s : block_catalogue()) {
    out.push_back(make_composite(std::string(s.name), {{s.type, 0, 0, 0, Material::kWood}}, basic));
  }
  // The 90-degree rotations of the blocks that are not symmetric under it (squares and circles
  // are; TriangleHole would stand on a 0.16-wide corner).
  for (ObjectType t : {ObjectType::kRectFat, ObjectType::kRectTiny, ObjectType::kRectSmall,
                       ObjectType::kRectMedium, ObjectType::kRectBig, ObjectType::kTriangle}) {
    out.push_back(make_composite(std::string(shape_info(t).name) + "@90",
                                 {{t, 0, 0, 90, Material::kWood}}, "basic block, turned 90 deg"));
  }
  // Hand-made structures, written bottom up (y = 0 is their base); every piece rests exactly on
  // the ones below it.
  const std::string hand = "hand-made";
  const Material w = Material::kWood;
  using T = ObjectType;
  // Two upright planks under a flat one.
  out.push_back(make_composite("table",
                               {{T::kRectSmall, -0.62, 0.425, 90, w},
                                {T::kRectSmall, 0.62, 0.425, 90, w},
                                {T::kRectMedium, 0, 0.96, 0, w}},
                               hand));
  // Two small squares under the longest plank.
  out.push_back(make_composite("bridge",
                               {{T::kSquareSmall, -0.8, 0.215, 0, w},
                                {T::kSquareSmall, 0.8, 0.215, 0, w},
                                {T::kRectBig, 0, 0.54, 0, w}},
                               hand));
  // Two fat rectangles side by side and one on top.
  out.push_back(make_composite("pyramid",
                               {{T::kRectFat, -0.425, 0.215, 0, w},
                                {T::kRectFat, 0.425, 0.215, 0, w},
                                {T::kRectFat, 0, 0.645, 0, w}},
                               hand));
  // Two upright small planks under a fat rectangle.
  out.push_back(make_composite("hut",
                               {{T::kRectSmall, -0.3, 0.425, 90, w},
                                {T::kRectSmall, 0.3, 0.425, 90, w},
                                {T::kRectFat, 0, 1.065, 0, w}},
                               hand));
  // A fat rectangle with a small square on its right end.
  out.push_back(make_composite(
      "step", {{T::kRectFat, 0, 0.215, 0, w}, {T::kSquareSmall, 0.21, 0.645, 0, w}}, hand));
  // Two small squares apart, bridged by a small plank.
  out.push_back(make_composite("arch",
                               {{T::kSquareSmall, -0.42, 0.215, 0, w},
                                {T::kSquareSmall, 0.42, 0.215, 0, w},
                                {T::kRectSmall, 0, 0.54, 0, w}},
                               hand));
  // Houses for pigs, as the competition's generators build them: walls with a roof, room inside
  // for a medium pig (0.78 x 0.76) or two small ones.
  out.push_back(make_composite("shed",
                               {{T::kRectSmall, -0.55, 0.425, 90, w},
                                {T::kRectSmall, 0.55, 0.425, 90, w},
                                {T::kRectMedium, 0, 0.96, 0, w}},
                               hand));
  out.push_back(make_composite("house",
                               {{T::kRectMedium, -0.6, 0.84, 90, w},
                                {T::kRectMedium, 0.6, 0.84, 90, w},
                                {T::kRectBig, 0, 1.79, 0, w}},
                               hand));
  // Forts, as the competition's generators and the game's own levels build them: pillar-and-beam
  // frames and halls spanning more than a column, rooms with roofs, storeys, keeps with thick
  // walls; a triangle roof on a frame (the triangles carry nothing). A fort is one structure, so
  // it takes one material (the level's placement gives a column's composites one); the last
  // two are built of their own materials: stone walls with an ice roof, a stone storey under a
  // wooden one.
  const std::string fort = "hand-made fort";
  const std::vector<Piece> frame = {{T::kRectMedium, -0.92, 0.84, 90, w},
                                    {T::kRectMedium, 0.92, 0.84, 90, w},
                                    {T::kRectBig, 0, 1.79, 0, w}};
  out.push_back(make_composite("frame", frame, fort));
  // Two bays under two beams meeting over a double middle pillar.
  out.push_back(make_composite("hall",
                               {{T::kRectMedium, -1.95, 0.84, 90, w},
                                {T::kRectMedium, -0.11, 0.84, 90, w},
                                {T::kRectMedium, 0.11, 0.84, 90, w},
                                {T::kRectMedium, 1.95, 0.84, 90, w},
                                {T::kRectBig, -1.03, 1.79, 0, w},
                                {T::kRectBig, 1.03, 1.79, 0, w}},
                               fort));
  // The house with a second storey.
  out.push_back(make_composite("tower",
                               {{T::kRectMedium, -0.6, 0.84, 90, w},
                                {T::kRectMedium, 0.6, 0.84, 90, w},
                                {T::kRectBig, 0, 1.79, 0, w},
                                {T::kRectMedium, -0.6, 2.74, 90, w},
                                {T::kRectMedium, 0.6, 2.74, 90, w},
                                {T::kRectBig, 0, 3.69, 0, w}},
                               fort));
  // Walls two fat blocks high under the longest plank.
  const std::vector<Piece> keep = {{T::kRectFat, -0.785, 0.425, 90, w},
                                   {T::kRectFat, -0.785, 1.275, 90, w},
                                   {T::kRectFat, 0.785, 0.425, 90, w},
                                   {T::kRectFat, 0.785, 1.275, 90, w},
                                   {T::kRectBig, 0, 1.81, 0, w}};
  out.push_back(make_composite("keep", keep, fort));
  // A small room for a small pig.
  out.push_back(make_composite("pen",
                               {{T::kRectSmall, -0.4, 0.425, 90, w},
                                {T::kRectSmall, 0.4, 0.425, 90, w},
                                {T::kRectSmall, 0, 0.96, 0, w}},
                               fort));
  // Square walls with holes under the longest plank.
  out.push_back(make_composite("bunker",
                               {{T::kSquareHole, -0.85, 0.42, 0, w},
                                {T::kSquareHole, 0.85, 0.42, 0, w},
                                {T::kRectBig, 0, 0.95, 0, w}},
                               fort));
  // Three short pillars under the longest plank: two low bays.
  out.push_back(make_composite("arcade",
                               {{T::kRectSmall, -0.92, 0.425, 90, w},
                                {T::kRectSmall, 0, 0.425, 90, w},
                                {T::kRectSmall, 0.92, 0.425, 90, w},
                                {T::kRectBig, 0, 0.96, 0, w}},
                               fort));
  // Two towers of small squares bridged by the longest plank: a gate.
  out.push_back(make_composite("gate",
                               {{T::kSquareSmall, -0.8, 0.215, 0, w},
                                {T::kSquareSmall, -0.8, 0.645, 0, w},
                                {T::kSquareSmall, -0.8, 1.075, 0, w},
                                {T::kSquareSmall, 0.8, 0.215, 0, w},
                                {T::kSquareSmall, 0.8, 0.645, 0, w},
                                {T::kSquareSmall, 0.8, 1.075, 0, w},
                                {T::kRectBig, 0, 1.4, 0, w}},
                               fort));
  // A frame under a triangle roof (the mirror triangles meet over the middle of the beam).
  std::vector<Piece> gabled = frame;
  gabled.push_back({T::kTriangle, -0.41, 1.9 + 0.417, 90, w});
  gabled.push_back({T::kTriangle, 0.417, 1.9 + 0.41, 0, w});
  out.push_back(make_composite("gabled frame", gabled, fort));
  // A low wide step of fat blocks: three, two on them, one on top.
  out.push_back(make_composite("terrace",
                               {{T::kRectFat, -0.85, 0.215, 0, w},
                                {T::kRectFat, 0, 0.215, 0, w},
                                {T::kRectFat, 0.85, 0.215, 0, w},
                                {T::kRectFat, -0.425, 0.645, 0, w},
                                {T::kRectFat, 0.425, 0.645, 0, w},
                                {T::kRectFat, 0, 1.075, 0, w}},
                               fort));
  std::vector<Piece> ice_roof = keep;
  for (Piece& p : ice_roof) p.material = Material::kStone;
  ice_roof.back().material = Material::kIce;
  out.push_back(make_composite("stone keep, ice roof", ice_roof, fort));
  std::vector<Piece> storeys = frame;
  for (Piece& p : storeys) p.material = Material::kStone;
  for (const Piece& p : frame) storeys.push_back({p.type, p.x, p.y + 1.9, p.rotation, w});
  out.push_back(make_composite("stone storey, wood storey", storeys, fort));
  return out;
}

std::optional<StructureProblem> structure_problem(const Composite& composite) {
  const std::size_t n = composite.pieces.size();
  std::vector<Solid> solids;
  double base = 1e300;
  for (const Piece& p : composite.pieces) {
    solids.push_back(solid_of(piece_object(p)));
    base = std::min(base, solids.back().box.min_y);
  }
  // Every piece rests on the composite's base or on a piece under it.
  for (std::size_t i = 0; i < n; ++i) {
    double gap = solids[i].box.min_y - base;
    int under = -1;
    for (std::size_t j = 0; j < n; ++j) {
      if (j == i) continue;
      bool common = false;
      const double down = drop_gap(solids[i], solids[j], common);
      if (!common) continue;
      bool unused = false;
      if (down <= drop_gap(solids[j], solids[i], unused) || down >= gap) continue;  // j is above
      gap = down;
      under = static_cast<int>(j);
    }
    if (gap > kTouchTolerance) {
      return StructureProblem{
          static_cast<int>(i),
          fmt::format("piece {} ({}) does not rest on anything: it is {:.3f} above {} (every "
                      "piece must rest on the composite's base or on another piece; pieces are "
                      "numbered from 1)",
                      i + 1, shape_info(composite.pieces[i].type).name, gap,
                      under < 0 ? std::string("the composite's base")
                                : fmt::format("piece {}, under it", under + 1))};
    }
  }
  // And they hold together: one group of pieces touching each other.
  std::vector<std::size_t> group(n);
  for (std::size_t i = 0; i < n; ++i) group[i] = i;
  auto root = [&](std::size_t i) {
    while (group[i] != i) i = group[i] = group[group[i]];
    return i;
  };
  for (std::size_t i = 0; i < n; ++i) {
    for (std::size_t j = i + 1; j < n; ++j) {
      if (distance_between(solids[i], solids[j]) <= kTouchTolerance) group[root(i)] = root(j);
    }
  }
  for (std::size_t i = 1; i < n; ++i) {
    if (root(i) != root(0)) {
      return StructureProblem{
          static_cast<int>(i),
          fmt::format("piece {} ({}) touches none of the pieces of piece 1's group: a composite "
                      "is one structure, its pieces touching (at most {:g} apart; pieces are "
                      "numbered from 1)",
                      i + 1, shape_info(composite.pieces[i].type).name, kTouchTolerance)};
    }
  }
  return std::nullopt;
}

Catalogue parse_catalogue(std::string_view text, const std::string& file) {
  const nlohmann::json root = parse_json_with_lines(text, file);
  auto fail = [&](int line, const std::string& message) { throw Error(file, line, message); };
  if (!root.is_object() || !root.contains("composites") || !root["composites"].is_array()) {
    fail(std::max(1, json_line(root)),  // a top level that is not an object has no line
         "expected an object with a \"composites\" array (see data/birds/composites.json)");
  }
  auto check_keys = [&](const nlohmann::json& j, std::initializer_list<std::string_view> known,
                        std::string_view what) {
    for (const auto& [key, value] : j.items()) {
      if (key == kJsonLineKey) continue;
      if (std::find(known.begin(), known.end(), key) == known.end()) {
        std::string names;
        for (auto k : known) names += fmt::format("{}\"{}\"", names.empty() ? "" : ", ", k);
        fail(json_line(j), fmt::format("{}: unknown key \"{}\" (expected {})", what, key, names));
      }
    }
  };
  auto number = [&](const nlohmann::json& j, const char* key, double fallback,
                    std::string_view what) {
    if (!j.contains(key)) return fallback;
    const auto& v = j[key];
    const bool rotation = std::string_view(key) == "rotation";
    const double limit = rotation ? kMaxRotation : kMaxOffset;
    if (!v.is_number() || !std::isfinite(v.get<double>()) || std::abs(v.get<double>()) > limit) {
      fail(json_line(j),
           fmt::format("{}: \"{}\" must be a number within +-{:g}{}{}", what, key, limit,
                       rotation ? " (degrees)" : "", fmt::format(", found {}", found(v))));
    }
    return v.get<double>();
  };
  auto text_field = [&](const nlohmann::json& j, const char* key, std::string_view what,
                        bool required) -> std::string {
    if (!j.contains(key)) {
      if (required) fail(json_line(j), fmt::format("{}: missing \"{}\"", what, key));
      return {};
    }
    if (!j[key].is_string())
      fail(json_line(j), fmt::format("{}: \"{}\" must be a string", what, key));
    return j[key].get<std::string>();
  };

  Catalogue out;
  std::set<std::string> names;
  for (const auto& entry : root["composites"]) {
    if (!entry.is_object())
      fail(json_line(root), "every entry of \"composites\" must be an object");
    const int line = json_line(entry);
    check_keys(entry, {"name", "origin", "layer", "parents", "pieces"}, "composite");
    const std::string name = text_field(entry, "name", "composite", true);
    const std::string what = fmt::format("composite \"{}\"", name);
    if (name.empty()) fail(line, "composite: \"name\" must not be empty");
    if (!names.insert(name).second) fail(line, fmt::format("{}: the name is used twice", what));
    const std::string origin = text_field(entry, "origin", what, false);
    int layer = 0;
    if (entry.contains("layer")) {
      if (!entry["layer"].is_number_integer() || entry["layer"].get<long long>() < 0 ||
          entry["layer"].get<long long>() > 1000000) {
        fail(line, fmt::format("{}: \"layer\" must be a whole number >= 0", what));
      }
      layer = entry["layer"].get<int>();
    }
    std::vector<std::string> parents;
    if (entry.contains("parents")) {
      if (!entry["parents"].is_array()) fail(line, what + ": \"parents\" must be a list of names");
      for (const auto& p : entry["parents"]) {
        if (!p.is_string()) fail(line, what + ": \"parents\" must be a list of names");
        parents.push_back(p.get<std::string>());
      }
    }
    if (!entry.contains("pieces") || !entry["pieces"].is_array() || entry["pieces"].empty()) {
      fail(line, what + ": expected \"pieces\", a non-empty list of blocks");
    }
    std::vector<Piece> pieces;
    std::vector<int> piece_lines;
    for (const auto& pj : entry["pieces"]) {
      if (!pj.is_object()) {
        fail(line, what + ": every piece must be an object {\"type\", \"x\", \"y\", ...}");
      }
      const std::string piece_what = what + ", piece";
      check_keys(pj, {"type", "x", "y", "rotation", "material"}, piece_what);
      const std::string type = text_field(pj, "type", piece_what, true);
      const auto t = block_type_from_name(type);
      if (!t) {
        fail(json_line(pj), fmt::format("{}: unknown block type '{}' (expected one of {})",
                                        piece_what, type, block_names()));
      }
      Piece p;
      p.type = *t;
      if (!pj.contains("x") || !pj.contains("y")) {
        fail(json_line(pj), piece_what + ": expected \"x\" and \"y\" (offsets from the centre)");
      }
      p.x = number(pj, "x", 0, piece_what);
      p.y = number(pj, "y", 0, piece_what);
      p.rotation = number(pj, "rotation", 0, piece_what);
      const std::string material = pj.contains("material")
                                       ? text_field(pj, "material", piece_what, true)
                                       : std::string("wood");
      const auto m = material_from_name(material);
      if (!m) {
        fail(json_line(pj), fmt::format("{}: unknown material '{}' (expected wood, stone or ice)",
                                        piece_what, material));
      }
      p.material = *m;
      pieces.push_back(p);
      piece_lines.push_back(json_line(pj));
    }
    Composite c = make_composite(name, std::move(pieces), origin, layer, std::move(parents));
    c.line = line;
    const auto overlaps = find_overlaps(composite_level(c));
    if (!overlaps.empty()) {
      const Overlap& o = overlaps.front();
      fail(line, fmt::format("{}: pieces {} and {} overlap by {:.3f} (pieces may touch, not "
                             "overlap; pieces are numbered from 1)",
                             what, o.a + 1, o.b + 1, o.depth));
    }
    if (const auto problem = structure_problem(c)) {
      const int at =
          problem->piece >= 0 ? piece_lines[static_cast<std::size_t>(problem->piece)] : 0;
      fail(at > 0 ? at : line, fmt::format("{}: {}", what, problem->message));
    }
    out.push_back(std::move(c));
  }
  if (out.empty()) fail(json_line(root), "the catalogue has no composites");
  return out;
}

Catalogue read_catalogue(const std::string& path) {
  return parse_catalogue(read_text(path), display_name(path));
}

std::string catalogue_to_json(const Catalogue& catalogue) {
  auto str = [](std::string_view v) { return json_text(v); };
  std::string out = "{\n  \"format\": \"evoplay birds composites\",\n  \"composites\": [\n";
  for (std::size_t i = 0; i < catalogue.size(); ++i) {
    const Composite& c = catalogue[i];
    out += fmt::format("    {{\"name\": {}, \"origin\": {}, \"layer\": {},", str(c.name),
                       str(c.origin), c.layer);
    if (!c.parents.empty()) out += " \"parents\": " + json_text(c.parents) + ",";
    out += " \"pieces\": [\n";
    for (std::size_t k = 0; k < c.pieces.size(); ++k) {
      const Piece& p = c.pieces[k];
      out += fmt::format(
          "      {{\"type\": {}, \"x\": {}, \"y\": {}, \"rotation\": {}, \"material\": {}}}{}\n",
          str(shape_info(p.type).name), format_number(p.x), format_number(p.y),
          format_number(p.rotation), str(material_name(p.material)),
          k + 1 < c.pieces.size() ? "," : "");
    }
    out += std::string("    ]}") + (i + 1 < catalogue.size() ? ",\n" : "\n");
  }
  out += "  ]\n}\n";
  return out;
}

void write_catalogue(const std::filesystem::path& path, const Catalogue& catalogue) {
  write_file_atomic(path, catalogue_to_json(catalogue));
}

void place_composite(const Composite& composite, double x, double y, Material material,
                     std::vector<Object>& out) {
  for (const Piece& p : composite.pieces) out.push_back(piece_object(p, x, y, material));
}

std::vector<Material> allowed_materials(const Composite& composite, const Ruleset& rules) {
  std::vector<Material> out;
  for (Material m : {Material::kWood, Material::kStone, Material::kIce}) {
    if (std::all_of(composite.pieces.begin(), composite.pieces.end(),
                    [&](const Piece& p) { return rules.allows(m, p.type); })) {
      out.push_back(m);
    }
  }
  if (composite.mixed_materials() &&
      std::all_of(composite.pieces.begin(), composite.pieces.end(),
                  [&](const Piece& p) { return rules.allows(p.material, p.type); })) {
    out.push_back(Material::kNone);
  }
  return out;
}

Level composite_level(const Composite& composite, Material material) {
  Level level;
  level.width = 2;
  place_composite(composite, 0, kGroundY - composite.box.min_y, material, level.objects);
  return level;
}

}  // namespace evoplay::games::birds
