#include "evoplay/games/birds/report.hpp"

#include "evoplay/core/error.hpp"
#include "evoplay/core/units.hpp"

namespace evoplay::games::birds {

std::string_view kind_name(Kind kind) {
  switch (kind) {
    case Kind::kBlock:
      return "block";
    case Kind::kPig:
      return "pig";
    case Kind::kTnt:
      return "tnt";
    case Kind::kPlatform:
      break;
  }
  return "platform";
}

nlohmann::json overlap_json(const Overlap& overlap) {
  nlohmann::json b =
      overlap.b == Overlap::kGround ? nlohmann::json("ground") : nlohmann::json(overlap.b);
  return {{"a", overlap.a}, {"b", b}, {"depth", overlap.depth}};
}

nlohmann::json overlaps_json(const std::vector<Overlap>& overlaps) {
  nlohmann::json out = nlohmann::json::array();
  for (std::size_t i = 0; i < overlaps.size() && i < kListedOverlaps; ++i)
    out.push_back(overlap_json(overlaps[i]));
  return out;
}

nlohmann::json report_json(const Level& level, const StabilityReport& r, bool per_object) {
  nlohmann::json j = {
      {"stable", r.stable},
      {"score", r.score},
      {"paper_score", r.paper_score},
      {"objects", r.pieces},
      {"destroyed", r.destroyed},
      {"moved", r.moved},
      {"paper_moved", r.paper_moved},
      {"rotated", r.paper_rotated},
      {"at_rest", r.at_rest},
      {"settle_time", r.settle_time < 0 ? nlohmann::json(nullptr) : nlohmann::json(r.settle_time)},
      {"simulated_time", r.simulated_time},
      {"overlap_count", r.overlaps.size()},
      {"overlaps", overlaps_json(r.overlaps)}};
  if (per_object) {
    j["per_object"] = nlohmann::json::array();
    for (std::size_t i = 0; i < level.objects.size() && i < r.objects.size(); ++i) {
      const Object& o = level.objects[i];
      const ObjectOutcome& out = r.objects[i];
      nlohmann::json e = {
          {"index", i}, {"kind", kind_name(o.kind())}, {"type", o.shape().name}, {"x", o.x},
          {"y", o.y},   {"rotation", o.rotation}};
      if (o.kind() == Kind::kBlock) e["material"] = material_name(o.material);
      if (o.line > 0) e["line"] = o.line;
      if (o.is_piece()) {
        e["destroyed"] = out.destroyed;
        if (out.destroyed) {
          e["time_destroyed"] = out.time_destroyed;
          e["left_world"] = out.left_world;
        }
        e["final"] = {{"x", out.x}, {"y", out.y}, {"rotation", out.rotation}};
        e["displacement"] = out.displacement;
        e["skin_shift"] = out.skin_shift;
        e["rotation_change"] = out.rotation_change;
        e["moved"] = out.moved;
        e["life"] = out.life;
      }
      j["per_object"].push_back(std::move(e));
    }
  }
  return j;
}

nlohmann::json report_unit_json(const StabilityReport& r) {
  // Doubles through json_double: a NaN (never expected) would otherwise not read back.
  nlohmann::json objects = nlohmann::json::array();
  for (const auto& o : r.objects) {
    objects.push_back({o.destroyed, o.left_world, o.moved,
                       json_doubles({o.time_destroyed, o.x, o.y, o.rotation, o.displacement,
                                     o.rotation_change, o.life, o.skin_shift})});
  }
  nlohmann::json overlaps = nlohmann::json::array();
  for (const auto& o : r.overlaps) overlaps.push_back({o.a, o.b, json_double(o.depth)});
  return {{"objects", objects},
          {"overlaps", overlaps},
          {"counts", {r.pieces, r.destroyed, r.moved, r.paper_moved, r.paper_rotated, r.steps}},
          {"flags", {r.at_rest, r.stable}},
          {"figures", json_doubles({r.score, r.paper_score, r.settle_time, r.simulated_time})}};
}

StabilityReport report_from_unit_json(const nlohmann::json& j) {
  StabilityReport r;
  for (const auto& o : j.at("objects")) {
    const auto v = doubles_from_json(o.at(3));
    if (v.size() != 8) throw InternalError("a unit's object outcome has the wrong size");
    r.objects.push_back({o.at(0).get<bool>(), o.at(1).get<bool>(), v[0], v[1], v[2], v[3], v[4],
                         v[5], v[6], o.at(2).get<bool>(), v[7]});
  }
  for (const auto& o : j.at("overlaps"))
    r.overlaps.push_back({o.at(0).get<int>(), o.at(1).get<int>(), double_from_json(o.at(2))});
  const auto& c = j.at("counts");
  r.pieces = c.at(0).get<int>();
  r.destroyed = c.at(1).get<int>();
  r.moved = c.at(2).get<int>();
  r.paper_moved = c.at(3).get<int>();
  r.paper_rotated = c.at(4).get<int>();
  r.steps = c.at(5).get<int>();
  r.at_rest = j.at("flags").at(0).get<bool>();
  r.stable = j.at("flags").at(1).get<bool>();
  const auto f = doubles_from_json(j.at("figures"));
  if (f.size() != 4) throw InternalError("a unit's report has the wrong size");
  r.score = f[0];
  r.paper_score = f[1];
  r.settle_time = f[2];
  r.simulated_time = f[3];
  return r;
}

}  // namespace evoplay::games::birds
