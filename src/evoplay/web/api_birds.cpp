// Angry Birds' routes: the shipped levels (data/birds/*.xml), and a level simulated with the
// game's physics (birds/world.hpp, the same as `birds simulate`) as frames for the page: each
// object's outline at the start, then its pose every other step until everything is asleep,
// and the verdict (`birds simulate --json`'s report). The XML is read by the command line's
// parser (errors: level:LINE: message).
#include <fmt/format.h>

#include <cmath>
#include <filesystem>

#include "evoplay/games/birds/outline.hpp"
#include "evoplay/games/birds/physics.hpp"
#include "evoplay/games/birds/report.hpp"
#include "evoplay/games/birds/world.hpp"
#include "evoplay/games/birds/xml.hpp"
#include "evoplay/web/context.hpp"

namespace evoplay::web {

using nlohmann::json;
namespace birds = games::birds;
namespace fs = std::filesystem;

namespace {

constexpr std::size_t kMostObjects = 1000;  // a replay is sent whole
constexpr int kStride = 2;                  // steps between two frames (0.04 s of game time)

/// Poses as [x, y, angle (radians), alive] per object, rounded to what a page can show.
json poses(const std::vector<birds::PieceState>& state) {
  json out = json::array();
  for (const auto& s : state) {
    auto r = [](double v) { return std::round(v * 1e4) / 1e4; };
    out.push_back({r(s.x), r(s.y), r(s.angle), s.alive ? 1 : 0});
  }
  return out;
}

json simulation(const birds::Level& level) {
  const birds::PhysicsSettings settings;
  json objects = json::array();
  for (const auto& o : level.objects) {
    const auto solid = birds::solid_of(o);
    json points = json::array();
    for (const auto& p : solid.points) points.push_back({p.x, p.y});
    objects.push_back({{"kind", static_cast<int>(o.kind())},
                       {"material", static_cast<int>(o.material)},
                       {"round", solid.round},
                       {"centre", {solid.centre.x, solid.centre.y}},
                       {"radius", solid.radius},
                       {"points", points}});
  }
  birds::World world(level, settings);
  json frames = json::array();
  frames.push_back(poses(world.state()));
  const int steps = static_cast<int>(std::lround(settings.seconds / settings.time_step));
  for (int s = 1; s <= steps; ++s) {
    world.step();
    if (s % kStride == 0 || s == steps) frames.push_back(poses(world.state()));
    if (world.pieces_asleep()) {
      if (s % kStride != 0) frames.push_back(poses(world.state()));
      break;
    }
  }
  const auto report = birds::simulate(level, settings);
  return {{"width", level.width}, {"half_width", level.half_width()},
          {"objects", objects},   {"frame_seconds", kStride * settings.time_step},
          {"frames", frames},     {"report", birds::report_json(level, report, false)}};
}

}  // namespace

void add_birds_routes(httplib::Server& server, const Context& ctx) {
  server.Get("/api/birds/levels", guarded([&ctx](const auto&, auto& res) {
               json levels = json::array();
               for (const auto& [path, text] : shipped_files(ctx.settings.birds_levels, ".xml")) {
                 levels.push_back({{"name", path.filename().string()}, {"text", text}});
               }
               reply(res, {{"levels", levels}});
             }));
  server.Post("/api/birds/simulate", guarded([&ctx](const auto& req, auto& res) {
                const json body = ctx.body(req);
                const auto level =
                    birds::parse_level(get_string(body, "xml", "", 2 << 20), "level");
                if (level.objects.size() > kMostObjects) {
                  throw BadRequest(fmt::format(
                      "level: more than {} objects: simulate it with `evoplay birds simulate`",
                      kMostObjects));
                }
                reply(res, simulation(level));
              }));
}

}  // namespace evoplay::web
