#include "evoplay/games/birds/report.hpp"

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
        e["rotation_change"] = out.rotation_change;
        e["moved"] = out.moved;
        e["life"] = out.life;
      }
      j["per_object"].push_back(std::move(e));
    }
  }
  return j;
}

}  // namespace evoplay::games::birds
