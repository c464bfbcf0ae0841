// Angry Birds' routes: the shipped levels (data/birds/*.xml), and a level simulated with the
// game's physics (birds/world.hpp, the same as `birds simulate`) as frames for the page: each
// object's outline at the start, then its pose every other step until everything is asleep,
// and the verdict (`birds simulate --json`'s report); and the level generator as a job (the
// library's generate_levels, as `birds generate`: each generation an event, then the levels as
// XML with their records). The XML is read by the command line's parser (errors: level:LINE:
// message). The game played, shot by shot: api_birds_play.cpp.
#include <fmt/format.h>

#include <cmath>
#include <filesystem>
#include <limits>
#include <map>
#include <memory>
#include <optional>
#include <span>
#include <vector>

#include "evoplay/games/birds/composite.hpp"
#include "evoplay/games/birds/generate_settings.hpp"
#include "evoplay/games/birds/level_set.hpp"
#include "evoplay/games/birds/physics.hpp"
#include "evoplay/games/birds/report.hpp"
#include "evoplay/games/birds/simulation_settings.hpp"
#include "evoplay/games/birds/world.hpp"
#include "evoplay/games/birds/xml.hpp"
#include "evoplay/web/api_birds_play.hpp"
#include "evoplay/web/context.hpp"
#include "evoplay/web/settings.hpp"

namespace evoplay::web {

using nlohmann::json;
namespace birds = games::birds;
namespace fs = std::filesystem;

namespace {

constexpr int kStride = 2;  // steps between two frames (0.04 s of game time)
// A generate job's budget, whatever the request says (and --job-seconds of wall time).
// A simulation's game time at most (its frames are sent).
constexpr double kMostGameSeconds = 20;
constexpr int kMostLevels = 10, kMostPopulation = 50, kMostGenerations = 500, kMostLength = 60,
              kMostLayers = 3, kMostIslands = 4;

/// Poses as [x, y, angle (radians), alive] per object, rounded to what a page can show.
json poses(const std::vector<birds::PieceState>& state) {
  json out = json::array();
  for (const auto& s : state) {
    auto r = [](double v) { return std::round(v * 1e4) / 1e4; };
    out.push_back({r(s.x), r(s.y), r(s.angle), s.alive ? 1 : 0});
  }
  return out;
}

json simulation(const birds::Level& level, const birds::PhysicsSettings& settings) {
  const json objects = birds_outlines(level);
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
  return {{"width", level.width},
          {"half_width", level.half_width()},
          {"ground", birds::kGroundY},
          {"objects", objects},
          {"frame_seconds", kStride * settings.time_step},
          {"frames", frames},
          {"report", birds::report_json(level, report, false)}};
}

/// What the generator takes from a request: `birds generate`'s settings under the keys of
/// Python's birds.generate (pigs: [MIN, MAX], crossover, min_birds, islands ...), within the
/// server's caps: a short run by default (3 levels, 20 generations), one thread, no pictures.
/// The server reads no file a request names: a catalogue of one's own and a parameters file
/// come as their text (composites_text, ruleset_text), not as the paths of --composites and
/// --ruleset.
const RouteSettings<birds::GenerateSettings>& generate_route() {
  static const RouteSettings<birds::GenerateSettings> kRoute = [] {
    RouteSettings<birds::GenerateSettings> r;
    r.base.levels = 3;
    r.base.generations = 20;
    r.base.pictures = false;
    r.caps = {{"levels", kMostLevels},           {"population", kMostPopulation},
              {"generations", kMostGenerations}, {"max_generations", kMostGenerations},
              {"length", kMostLength},           {"layers", kMostLayers},
              {"islands", kMostIslands}};
    r.refused = {"ruleset", "composites", "threads", "pictures"};
    r.why_refused =
        "a job runs on one thread, writes no file and reads none a request names: send a "
        "catalogue or a parameters file as composites_text or ruleset_text";
    return r;
  }();
  return kRoute;
}

/// Most characters of a catalogue's or a parameters file's text in a request.
constexpr std::size_t kMostFileText = 1 << 20;

/// A generator's job: its settings, catalogue and rulesets (the blocks of a parameters file,
/// one level set each, or the one ruleset of `levels` and `pigs`).
struct GenerateJob {
  birds::LevelSetSettings set;
  birds::Catalogue catalogue;
  std::vector<birds::Ruleset> rulesets;
  bool blocks = false;  // from a parameters file: its blocks, as `birds generate --ruleset`
};

/// The catalogue and the rulesets of a request: composites_text, the text of a catalogue (JSON,
/// as --composites reads it; not given: the built-in one), and ruleset_text, the text of a
/// parameters file (as --ruleset reads it; its blocks' levels and pigs replace `levels` and
/// `pigs`, which it may not come with; at most kMostLevels levels in all). Errors name the key
/// and the text's line.
std::pair<birds::Catalogue, std::vector<birds::Ruleset>> generate_inputs(const json& body) {
  const auto text = [&](const char* key) -> std::optional<std::string> {
    if (!body.contains(key)) return std::nullopt;
    return get_string(body, key, "", kMostFileText);
  };
  try {
    const auto composites = text("composites_text");
    birds::Catalogue catalogue = composites ? birds::parse_catalogue(*composites, "composites_text")
                                            : birds::default_catalogue();
    const auto ruleset_text = text("ruleset_text");
    if (!ruleset_text) return {std::move(catalogue), {}};
    for (const char* key : {"levels", "pigs", "pigs_min", "pigs_max"}) {
      if (body.contains(key)) {
        throw BadRequest(
            fmt::format("{}: not with ruleset_text (its block says how many levels "
                        "and pigs)",
                        key));
      }
    }
    auto rulesets = birds::parse_rulesets(*ruleset_text, "ruleset_text");
    int levels = 0;
    for (const auto& r : rulesets) levels += r.levels;
    cap("ruleset_text: levels in all", levels, kMostLevels);
    birds::check_rulesets(rulesets, catalogue, "ruleset_text");
    return {std::move(catalogue), std::move(rulesets)};
  } catch (const BadRequest&) {
    throw;
  } catch (const Error& e) {
    throw BadRequest(e.what());
  }
}

/// The generator's settings from a request (generate_route(), generate_inputs());
/// max_generations 0 (the default): the generations asked for (the command line's 0 looks on
/// for up to 20 times as many, which would pass the server's cap).
/// pigs_min, pigs_max, blocks_min and blocks_max, the keys of earlier releases, are still read.
GenerateJob generate_settings(const json& body) {
  auto [catalogue, rulesets] = generate_inputs(body);
  auto s = generate_route().read(body, {"pigs_min", "pigs_max", "blocks_min", "blocks_max",
                                        "composites_text", "ruleset_text"});
  const auto old_range = [&](const std::string& key, fields::Range<int>& range, int most) {
    range.min = static_cast<int>(get_int(body, (key + "_min").c_str(), range.min, 0, most));
    range.max = static_cast<int>(get_int(body, (key + "_max").c_str(), range.max, 0, most));
  };
  old_range("pigs", s.pigs, birds::kMaxPigs);
  old_range("blocks", s.blocks, 1000);
  if (s.max_generations == 0) s.max_generations = s.generations;  // not 20 x, past the cap
  try {
    s.validate();
    const bool blocks = !rulesets.empty();
    if (!blocks) rulesets = s.rulesets(catalogue);
    return {s.level_set(), std::move(catalogue), std::move(rulesets), blocks};
  } catch (const Error& e) {
    throw BadRequest(e.what());
  }
}

/// The generator's generations as "generation" events (numbered on over the layers, each with
/// its "layer") and its archive, when it changed, as a "levels" event (with its "layer": a new
/// layer's levels replace the last one's): the levels the run would deliver if it ended there
/// (the layer's), best first, each
/// {"id", "fitness", "stability", "stable", "blocks", "pigs"}, with its "xml" the first time its
/// id is sent (a level keeps its id; the page keeps the XML it was sent). The blocks of a
/// parameters file run one after the other: each event then has its "block", and a block's
/// generations are numbered on after the last block's (one curve).
class LiveLevels : public birds::ArchiveObserver {
 public:
  /// `blocks`: the sets are the blocks of a parameters file.
  LiveLevels(Job& job, bool blocks) : job_(job), blocks_(blocks) {}
  /// A set begins: with blocks, block `block` + 1, whose first archive is always shown.
  void on_set(std::size_t block) override {
    if (!blocks_) return;
    block_ = static_cast<int>(block) + 1;
    offset_ = next_generation_;
    shown_.clear();
    layer_ = 1;
  }
  void on_generation(const GenerationRecord& r) override {
    const double v = r.extra_value("layer");
    const double layer = std::isnan(v) ? 1.0 : v;
    if (layer != layer_) shown_.clear();  // a new layer: its first archive is always shown
    layer_ = layer;
    GenerationRecord numbered = r;
    numbered.generation += offset_;
    next_generation_ = numbered.generation + 1;
    json event = numbered.to_json();
    event["type"] = "generation";
    if (block_ > 0) event["block"] = block_;
    job_.emit(std::move(event));
  }
  void on_archive(int generation, std::span<const birds::Individual> archive) override {
    std::vector<int> ids;
    json levels = json::array();
    for (const auto& a : archive) {
      const auto [it, fresh] = ids_.try_emplace(a.level_key, static_cast<int>(ids_.size()));
      ids.push_back(it->second);
      json level = {{"id", it->second},
                    {"fitness", a.fitness},
                    {"stability", a.stability.paper_score},
                    {"stable", a.stability.stable},
                    {"blocks", a.blocks},
                    {"pigs", a.pigs_wanted - a.pigs_missing}};
      if (fresh) level["xml"] = a.level_key;
      levels.push_back(std::move(level));
    }
    if (ids == shown_) return;
    shown_ = std::move(ids);
    json event = {{"type", "levels"},
                  {"generation", static_cast<std::size_t>(generation) + offset_},
                  {"layer", static_cast<int>(layer_)},
                  {"levels", std::move(levels)}};
    if (block_ > 0) event["block"] = block_;
    job_.emit(std::move(event));
  }

 private:
  Job& job_;
  bool blocks_;
  std::map<std::string, int> ids_;  // level (XML) -> id
  std::vector<int> shown_;          // the ids of the last event
  double layer_ = 1;                // of the last generation
  int block_ = 0;                   // of a parameters file (0: none)
  std::size_t offset_ = 0, next_generation_ = 0;
};

/// The generated levels for the page: result.json's object, each level's record with its XML.
/// Blocks of a parameters file: their levels in one list, each "file" in its block's folder
/// ("block-2/level-04.xml") with its "block", and the blocks' records (without their levels)
/// under "blocks".
json generated(const birds::GenerateReport& report) {
  const json record = report.to_json();
  json out = report.blocks ? json::object() : record;
  json levels = json::array(), blocks = json::array();
  int stable = 0;
  for (std::size_t b = 0; b < report.sets.size(); ++b) {
    const auto& set = report.sets[b];
    json j = report.blocks ? record["blocks"][b] : record;
    for (std::size_t i = 0; i < set.levels.size(); ++i) {
      json level = j["levels"][i];
      level["xml"] = birds::level_to_xml(set.levels[i]);
      if (report.blocks) {
        level["file"] = j["folder"].get<std::string>() + "/" + level["file"].get<std::string>();
        level["block"] = b + 1;
      }
      levels.push_back(std::move(level));
    }
    stable += set.stable_levels;
    j.erase("levels");
    blocks.push_back(std::move(j));
  }
  out["levels"] = std::move(levels);
  out["notes"] = report.notes();
  out["stop"] = report.cancelled() || report.sets.empty()
                    ? "cancelled"
                    : evo::stop_reason_name(report.sets.back().stop);
  if (report.blocks) {
    out["blocks"] = std::move(blocks);
    out["stable_levels"] = stable;
  }
  return out;
}

}  // namespace

void add_birds_routes(Routes& server, const Context& ctx) {
  server.Get("/api/birds/levels", guarded([&ctx](const auto&, auto& res) {
               json levels = json::array();
               for (const auto& [path, text] : shipped_files(ctx.settings.birds_levels, ".xml")) {
                 levels.push_back({{"name", path.filename().string()}, {"text", text}});
               }
               reply(res, {{"levels", levels}});
             }));
  server.Post("/api/birds/simulate", guarded([&ctx](const auto& req, auto& res) {
                const json body = ctx.body(req);
                // The physics as `birds simulate` takes it (game_seconds, damage, thin_skin ...).
                const auto physics = read_settings(body, birds::SimulationSettings{}, {"xml"});
                cap("game_seconds", physics.game_seconds, kMostGameSeconds);
                const auto level =
                    birds::parse_level(get_string(body, "xml", "", 2 << 20), "level");
                const auto place = ctx.enter_heavy();  // its frames may be tens of MB
                if (level.objects.size() > kMostBirdsObjects) {
                  throw BadRequest(fmt::format(
                      "level: more than {} objects: simulate it with `evoplay birds simulate`",
                      kMostBirdsObjects));
                }
                reply(res, simulation(level, physics.physics()));
              }));
  // The generator as a job: each generation an event (its best, mean and worst fitness), the
  // levels as they appear (LiveLevels), then result.json's object with each level's XML. Cancelled
  // (or at --job-seconds): the levels found so far.
  // What the generator takes, as JSON Schema: the page's "More settings" are built from it.
  server.Get("/api/birds/generate/settings", guarded([](const auto&, auto& res) {
               json schema = generate_route().schema();
               auto& most = schema["properties"]["max_generations"]["description"];
               most = most.get<std::string>() +
                      "; on this server 0 (or not given) is the generations asked for";
               reply(res, schema);
             }));
  server.Post(
      "/api/birds/generate", guarded([&ctx](const auto& req, auto& res) {
        // Named copies, not structured bindings: clang 14 (the fuzz preset's) cannot
        // capture those.
        auto settings = std::make_shared<const GenerateJob>(generate_settings(ctx.body(req)));
        // The library's call of `birds generate`: a parameters file's blocks one after
        // the other, each with its block's seed (the levels --ruleset writes).
        ctx.start_job(req, res, "birds-generate", [&ctx, settings](Job& job) {
          LiveLevels observer(job, settings->blocks);
          const JobControl run(ctx, job, &observer);
          return generated(birds::generate_levels({}, settings->catalogue, settings->rulesets,
                                                  settings->blocks, settings->set, run.control));
        });
      }));
  add_birds_play_routes(server, ctx);
}

}  // namespace evoplay::web
