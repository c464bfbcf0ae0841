// Angry Birds played in the page: the level after the shots so far (settled, as `birds shoot`
// starts it), and the next shot, a player's or the search agent's, simulated by the library
// (play_shots, the call `birds shoot` makes: the same game to the last digit) with its frames.
// Stateless: every request sends the level's XML and the shots so far, played again.
#include "evoplay/web/api_birds_play.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <cmath>
#include <initializer_list>
#include <optional>
#include <string>
#include <vector>

#include "evoplay/games/birds/agents.hpp"
#include "evoplay/games/birds/bird_types.hpp"
#include "evoplay/games/birds/outline.hpp"
#include "evoplay/games/birds/sling.hpp"
#include "evoplay/games/birds/world.hpp"
#include "evoplay/games/birds/xml.hpp"
#include "evoplay/web/api_birds_games.hpp"
#include "evoplay/web/settings.hpp"

namespace evoplay::web {

using nlohmann::json;
namespace birds = games::birds;

namespace {

constexpr int kFrameStride = 2;  // physics steps between two frames of a shot (0.04 s)

double rounded(double v) { return std::round(v * 1000) / 1000; }

json pose_of(const birds::PieceState& s) {
  return {rounded(s.x), rounded(s.y), rounded(s.angle), s.alive ? 1 : 0};
}

/// The request's level: its text ("xml") and the level read from it.
struct RequestLevel {
  std::string xml;
  birds::Level level;
};

RequestLevel request_level(const json& body) {
  RequestLevel r;
  r.xml = get_string(body, "xml", "", 2 << 20);
  if (r.xml.empty()) throw BadRequest("xml: expected the level's XML (a Science Birds level)");
  r.level = birds::parse_level(r.xml, "level");
  if (r.level.objects.size() > kMostBirdsObjects) {
    throw BadRequest(fmt::format("xml: more than {} objects: play it with `evoplay birds shoot`",
                                 kMostBirdsObjects));
  }
  if (r.level.birds.empty()) throw BadRequest("xml: the level has no bird to play");
  return r;
}

/// A shot of a request: the fields of birds::Shot (angle, pull, tap), errors naming `where`.
birds::Shot read_shot(const json& value, const std::string& where) {
  if (!value.is_object()) throw BadRequest(where + ": expected an object {angle, pull, tap}");
  try {
    return read_settings(value, birds::Shot{}, {});
  } catch (const BadRequest& e) {
    throw BadRequest(fmt::format("{}.{}", where, e.what()));
  }
}

/// The request's "shots": the shots played so far, in the level's bird order.
std::vector<birds::Shot> request_shots(const json& body, const birds::Level& level) {
  std::vector<birds::Shot> shots;
  note_read("shots");  // read here, not by a typed getter (body_fields.hpp)
  const auto it = body.find("shots");
  if (it == body.end() || it->is_null()) return shots;
  if (!it->is_array()) throw BadRequest("shots: expected a list of shots {angle, pull, tap}");
  if (it->size() > level.birds.size()) {
    throw BadRequest(
        fmt::format("shots: {} shots, and the level has {} birds", it->size(), level.birds.size()));
  }
  for (std::size_t k = 0; k < it->size(); ++k) {
    shots.push_back(read_shot((*it)[k], fmt::format("shots[{}]", k)));
  }
  return shots;
}

/// The game of `shots`, which must all be played (none after the game ended).
birds::GameRecord replay(BirdsGames& games, const RequestLevel& r,
                         const std::vector<birds::Shot>& shots) {
  auto game = games.game(r.xml, r.level, shots, birds::PlaySettings{});
  if (game.shots.size() < shots.size()) {
    throw BadRequest(fmt::format("shots: the game was {} after shot {}",
                                 birds::status_name(game.status), game.shots.size()));
  }
  games.remember(r.xml, shots, game);
  return game;
}

/// The birds of the level, in order, each as the page aims and draws it: its collider, its
/// longest pull, full-pull speed and gravity in flight (birds/sling.hpp).
json bird_list(const birds::Level& level, const birds::PlaySettings& play) {
  json out = json::array();
  for (const auto type : level.birds) {
    const auto& spec = birds::bird_spec(type);
    json outline = json::array();
    for (const auto& p : birds::reduced_hull(spec.polygon, spec.scale))
      outline.push_back({p.x, p.y});
    out.push_back({{"type", birds::bird_name(type)},
                   {"outline", outline},
                   {"drag_radius", spec.drag_radius},
                   {"speed", birds::full_speed(type)},
                   {"gravity", birds::flight_gravity(type, -play.physics.gravity)}});
  }
  return out;
}

/// The game after `game`'s shots for the page: the record (`birds shoot --json`'s keys) and the
/// next bird.
json game_json(const birds::Level& level, const birds::GameRecord& game) {
  json out = game.to_json(level);
  out["next_bird"] =
      game.status == birds::GameStatus::kPlaying ? json(game.birds_used) : json(nullptr);
  return out;
}

json level_answer(BirdsGames& games, const RequestLevel& r, const std::vector<birds::Shot>& shots) {
  const birds::PlaySettings play;
  const auto& level = r.level;
  const auto game = replay(games, r, shots);
  json poses = json::array();
  for (const auto& s : game.end.pieces) poses.push_back(pose_of(s));
  const auto rest = birds::rest_point(level.slingshot);
  json egg = json::array();
  for (const auto& p : birds::reduced_hull(birds::egg_polygon(), 1)) egg.push_back({p.x, p.y});
  return {{"width", level.width},
          {"half_width", level.half_width()},
          {"ground", birds::kGroundY},
          {"objects", birds_outlines(level)},
          {"poses", poses},
          {"slingshot", {level.slingshot.x, level.slingshot.y}},
          {"rest", {rest.x, rest.y}},
          {"birds", bird_list(level, play)},
          {"egg", egg},
          {"time_step", play.physics.time_step},
          {"game", game_json(level, game)}};
}

/// Frames of one shot: every kFrameStride steps (and the last), the pieces whose pose changed
/// since the frame before ({"p": [[index, x, y, angle, alive]...]}; the first frame has every
/// piece) and every flyer ({"f": [[bird, egg, x, y, angle]...]}), at "t" seconds after the
/// release.
class ShotFrames {
 public:
  void on_step(const birds::ShotRun& run) {
    if (run.done() || ++steps_ % kFrameStride == 0) add(run);
  }
  json take() { return std::move(frames_); }

 private:
  void add(const birds::ShotRun& run) {
    json changed = json::array();
    const auto pieces = run.pieces();
    shown_.resize(pieces.size());
    for (std::size_t i = 0; i < pieces.size(); ++i) {
      json pose = pose_of(pieces[i]);
      if (shown_[i] == pose) continue;
      changed.push_back({i, pose[0], pose[1], pose[2], pose[3]});
      shown_[i] = std::move(pose);
    }
    json flyers = json::array();
    for (const auto& f : run.flyers()) {
      flyers.push_back(
          {birds::bird_name(f.bird), f.egg ? 1 : 0, rounded(f.x), rounded(f.y), rounded(f.angle)});
    }
    frames_.push_back({{"t", rounded(run.time())}, {"p", changed}, {"f", flyers}});
  }

  int steps_ = 0;
  std::vector<json> shown_;  // each piece's pose in the frames so far
  json frames_ = json::array();
};

/// The next shot: the request's "shot", or the agent's ("agent": random, naive or search, with
/// "seed"), chosen from the state after `shots` with the seed split by the bird's number, as
/// `birds play --seed` chooses the shot of that bird.
std::pair<birds::Shot, int> next_shot(const Context& ctx, const json& body,
                                      const birds::Level& level, const birds::GameRecord& game) {
  note_read("shot");
  const bool has_shot = body.contains("shot") && !body["shot"].is_null();
  const std::string agent = get_string(body, "agent", "", 20);
  if (has_shot == !agent.empty()) throw BadRequest("shot: give a shot, or an agent to choose it");
  if (has_shot) return {read_shot(body["shot"], "shot"), 0};
  birds::AgentSettings settings;
  try {
    settings.kind = birds::parse_agent(agent);
  } catch (const Error& e) {
    throw BadRequest(fmt::format("agent: {}", e.what()));
  }
  const auto seed = get_seed(body, "seed", 1);
  ctx.searches.acquire();
  const std::shared_ptr<void> release(nullptr, [&ctx](void*) { ctx.searches.release(); });
  Rng rng = Rng(seed).split(static_cast<std::uint64_t>(game.end.birds_used));
  const auto d = birds::choose_shot(settings, level, game.end, birds::PlaySettings{}, rng);
  return {d.shot, d.simulated};
}

json shoot_answer(const Context& ctx, BirdsGames& games, const json& body) {
  const auto r = request_level(body);
  auto shots = request_shots(body, r.level);
  auto game = replay(games, r, shots);
  if (game.status != birds::GameStatus::kPlaying) {
    throw BadRequest(fmt::format("shots: the game is {}", birds::status_name(game.status)));
  }
  const auto [shot, simulated] = next_shot(ctx, body, r.level, game);
  const auto place = ctx.enter_heavy();
  ShotFrames frames;
  const birds::PlaySettings play;
  birds::play_next_shot(r.level, game, shot, play,
                        [&frames](const birds::ShotRun& run) { frames.on_step(run); });
  shots.push_back(shot);
  games.remember(r.xml, shots, game);
  json out = {{"shot", fields::to_json(shot)},
              {"record", game.shots.back().to_json(r.level)},
              {"game", game_json(r.level, game)},
              {"frame_seconds", kFrameStride * play.physics.time_step},
              {"frames", frames.take()}};
  if (simulated > 0) out["shots_simulated"] = simulated;
  return out;
}

}  // namespace

json birds_outlines(const birds::Level& level) {
  const birds::World world(level, birds::PlaySettings{}.physics);
  const auto start = world.state();
  json objects = json::array();
  for (std::size_t i = 0; i < level.objects.size(); ++i) {
    const auto solid = birds::solid_of(level.objects[i]);
    json points = json::array();
    for (const auto& p : solid.points) points.push_back({p.x, p.y});
    objects.push_back({{"kind", static_cast<int>(level.objects[i].kind())},
                       {"material", static_cast<int>(level.objects[i].material)},
                       {"round", solid.round},
                       {"centre", {solid.centre.x, solid.centre.y}},
                       {"radius", solid.radius},
                       {"points", points},
                       {"pose", {start[i].x, start[i].y, start[i].angle}}});
  }
  return objects;
}

void add_birds_play_routes(Routes& server, const Context& ctx) {
  auto games = std::make_shared<BirdsGames>();
  // The level after the shots so far, as the page draws it and aims in it.
  server.Post("/api/birds/level", guarded([&ctx, games](const auto& req, auto& res) {
                const json body = ctx.body(req);
                const auto r = request_level(body);
                const auto shots = request_shots(body, r.level);
                const auto place = ctx.enter_heavy();
                reply(res, level_answer(*games, r, shots));
              }));
  // One more shot, simulated from the level and the shots so far.
  server.Post("/api/birds/shoot", guarded([&ctx, games](const auto& req, auto& res) {
                reply(res, shoot_answer(ctx, *games, ctx.body(req)));
              }));
}

}  // namespace evoplay::web
