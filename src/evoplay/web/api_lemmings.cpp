// Lemmings' routes: the shipped levels (with their reference plans), and a plan's replay on a
// level as frames for the page (the lemmings of each step and the cells that changed), with
// the outcome. Levels and plans are read by the command line's parsers (level:LINE: ...).
#include <fmt/format.h>

#include <algorithm>
#include <filesystem>
#include <limits>
#include <optional>
#include <string_view>

#include "evoplay/core/atomic_file.hpp"
#include "evoplay/core/base64.hpp"
#include "evoplay/evo/islands.hpp"
#include "evoplay/evo/run_result.hpp"
#include "evoplay/games/lemmings/level.hpp"
#include "evoplay/games/lemmings/pingus_level.hpp"
#include "evoplay/games/lemmings/plan.hpp"
#include "evoplay/games/lemmings/render.hpp"
#include "evoplay/games/lemmings/report.hpp"
#include "evoplay/games/lemmings/simulator.hpp"
#include "evoplay/games/lemmings/solve_level.hpp"
#include "evoplay/web/context.hpp"
#include "evoplay/web/events.hpp"
#include "evoplay/web/settings.hpp"

namespace evoplay::web {

using nlohmann::json;
namespace lem = games::lemmings;
namespace fs = std::filesystem;

namespace {

/// What a solve job takes from a request: `lemmings solve`'s settings under Python's keys, one
/// thread, no island model (a job holds one core), the caps below.
const RouteSettings<lem::SolverSettings>& solve_route() {
  static const RouteSettings<lem::SolverSettings> kRoute = [] {
    RouteSettings<lem::SolverSettings> r;
    r.base.threads = 1;
    r.caps = {{"evaluations", 200000}, {"population", 1000}, {"epochs", 100000}};
    r.refused = {"threads"};
    r.refuse_all(evo::IslandParams{});
    r.why_refused = "a job runs on one thread; `evoplay lemmings solve` runs islands";
    return r;
  }();
  return kRoute;
}

// A replay is sent whole: levels beyond these bounds are refused (the command line takes them).
constexpr long long kMostCells = 200'000;
constexpr int kMostSteps = 5000;
constexpr int kMostLemmings = 500;

/// Appends `text` as a JSON string (the job names and map symbols are plain ASCII; escaped all
/// the same).
void append_json_string(std::string& out, std::string_view text) {
  out += '"';
  for (const char c : text) {
    if (c == '"' || c == '\\') {
      out += '\\';
      out += c;
    } else if (static_cast<unsigned char>(c) < 0x20) {
      out += fmt::format("\\u{:04x}", static_cast<int>(c));
    } else {
      out += c;
    }
  }
  out += '"';
}

/// Each step as the page draws it: the lemmings out ([id, x, y, dir, job]) and the cells that
/// changed since the step before ([x, y, symbol] in the .lvl file's symbols), written as JSON
/// text at once: as JSON values the frames of a large replay took 20 times the memory.
class Frames : public lem::StepObserver {
 public:
  /// The frames are appended to `text` (as "[frame,...]").
  explicit Frames(std::string& text) : text_(text) {}
  void on_start(const lem::Simulator& sim) override {
    const auto& level = sim.level();
    cells_.assign(static_cast<std::size_t>(level.width * level.height), '.');
    for (int y = 0; y < level.height; ++y) {
      for (int x = 0; x < level.width; ++x) {
        cells_[static_cast<std::size_t>(y * level.width + x)] = lem::cell_char(sim.cell(x, y));
      }
    }
    text_ += '[';
    started_ = true;
  }
  void on_step(const lem::Simulator& sim, int step, std::span<const lem::Event>) override {
    const auto& level = sim.level();
    if (steps_++ > 0) text_ += ',';
    text_ += fmt::format("{{\"step\":{},\"lemmings\":[", step);
    for (int i = 0; i < sim.released(); ++i) {
      const auto l = sim.lemming(i);
      if (i > 0) text_ += ',';
      text_ += fmt::format("[{},{},{},{},", l.id, l.x, l.y, l.dir);
      append_json_string(text_, lem::job_name(l.job));
      text_ += ']';
    }
    text_ += "],\"changes\":[";
    bool first = true;
    for (int y = 0; y < level.height; ++y) {
      for (int x = 0; x < level.width; ++x) {
        const char c = lem::cell_char(sim.cell(x, y));
        char& was = cells_[static_cast<std::size_t>(y * level.width + x)];
        if (c != was) {
          text_ += fmt::format("{}[{},{},", first ? "" : ",", x, y);
          append_json_string(text_, std::string_view(&c, 1));
          text_ += ']';
          first = false;
          was = c;
        }
      }
    }
    text_ += fmt::format("],\"saved\":{},\"dead\":{}}}", sim.saved(), sim.dead());
  }
  /// Closes the array.
  void finish() { text_ += started_ ? "]" : "[]"; }

 private:
  std::string& text_;
  std::vector<char> cells_;
  bool started_ = false;
  int steps_ = 0;
};

/// The level as `lemmings show --json` has it (header, skills, "map" rows), the frames, and
/// the outcome as `lemmings run --json` has it (with genes_applied), as JSON text written in
/// one string (the frames straight into it).
std::string replay(const lem::Level& level, const lem::Plan& plan) {
  std::string text = dump(lem::level_show_json(level));  // an object: "{...}"
  text.pop_back();
  text += ",\"frames\":";
  lem::Simulator sim(level);
  Frames frames(text);
  const auto& o = sim.run(plan, &frames);
  frames.finish();
  json outcome = lem::outcome_json(level, plan, o);
  outcome["genes_applied"] = o.genes_applied();
  text += ",\"outcome\":";
  text += dump(outcome);
  text += '}';
  return text;
}

/// The levels of Pingus' sets (pingus-data, where the command line finds it) by their ids
/// "SET/NAME", in the sets' order; none when the game's data is not installed.
json pingus_levels() {
  json out = json::array();
  const std::string dir = lem::pingus_data_dir();
  for (const auto& set : lem::pingus_level_set_names(dir)) {
    std::vector<std::string> files;
    try {
      files = lem::pingus_level_set(set, dir);
    } catch (const Error&) {
      continue;  // not installed (the tutorial's folder is missing) or a broken set
    }
    for (const auto& file : files) {
      const std::string name = fs::path(file).stem().string();
      out.push_back({{"id", set + "/" + name}, {"set", set}, {"name", name}});
    }
  }
  return out;
}

/// The file of the Pingus level `id` ("SET/NAME", as pingus_levels() lists it), read from the
/// request's `field`: a request names a level of the game's data, never a path.
std::string pingus_file(const std::string& id, const char* field) {
  const auto slash = id.find('/');
  const std::string set = id.substr(0, slash),
                    name = slash == std::string::npos ? "" : id.substr(slash + 1);
  const std::string dir = lem::pingus_data_dir();
  const auto sets = lem::pingus_level_set_names(dir);
  if (slash != std::string::npos && std::find(sets.begin(), sets.end(), set) != sets.end()) {
    for (const auto& file : lem::pingus_level_set(set, dir)) {
      if (fs::path(file).stem() == name) return file;
    }
  }
  throw BadRequest(fmt::format(
      "{}: no Pingus level '{}' (expected SET/NAME as GET /api/lemmings/levels lists them "
      "under \"pingus\"; is pingus-data installed?)",
      field, id));
}

/// The Pingus level `id` loaded; its errors name the level by its id, not by the server's path
/// to the game's data ("tutorial/NAME.pingus:71:5: unsupported object 'guillotine' ...").
lem::Level load_pingus(const std::string& id, const char* field) {
  const std::string file = pingus_file(id, field);
  try {
    return lem::load_level(file);
  } catch (const Error& e) {
    if (e.file() == file) throw e.in_file(id + ".pingus");
    throw;
  }
}

/// A plan on a Pingus level as the command line's pictures show it: the level's head and
/// skills (`lemmings show --json`), the outcome (`lemmings run --json`, with genes_applied), the
/// replay (`lemmings render --image FILE.gif`) and the paths (`--image FILE.png`) in base64.
std::string pingus_replay(const lem::Level& level, const lem::Plan& plan) {
  json answer = lem::level_show_json(level);
  answer.erase("map");  // the page shows the pictures, not the coarse map
  const lem::RenderSettings defaults;
  std::optional<lem::Outcome> outcome;
  const auto picture = [&](const std::string& extension) {
    return base64_encode(written_bytes(extension, [&](const fs::path& path) {
      outcome = lem::render_file(level, plan, path, defaults);
    }));
  };
  answer["gif"] = picture(".gif");
  answer["png"] = picture(".png");
  json o = lem::outcome_json(level, plan, *outcome);
  o["genes_applied"] = outcome->genes_applied();
  answer["outcome"] = o;
  return dump(answer);
}

/// Each generation's record, and the best plan so far whenever its fitness improves: the page
/// shows the plan as the solver improves it.
class PlanEvents : public evo::BestObserver<lem::Plan> {
 public:
  explicit PlanEvents(Job& job) : job_(job), generations_(job) {}
  void on_generation(const GenerationRecord& r) override { generations_.on_generation(r); }
  void on_best(const lem::Plan& best, double fitness) override {
    if (shown_ && fitness <= *shown_) return;
    shown_ = fitness;
    job_.emit({{"type", "best"}, {"fitness", fitness}, {"plan", lem::to_text(best)}});
  }

 private:
  Job& job_;
  GenerationEvents generations_;
  std::optional<double> shown_;
};

/// The difficulties of the shipped levels, easiest first; a level's name starts with its own
/// ("easy-01-down-the-hole").
constexpr std::string_view kDifficulties[] = {"easy", "medium", "hard"};

std::string difficulty(const std::string& name) {
  for (const auto d : kDifficulties)
    if (name.starts_with(d) && name.size() > d.size() && name[d.size()] == '-')
      return std::string(d);
  return "";
}

/// Where a difficulty comes in the list: easy, medium, hard, then levels with none.
std::size_t difficulty_rank(const json& d) {
  const auto* at =
      std::find(std::begin(kDifficulties), std::end(kDifficulties), d.get<std::string>());
  return static_cast<std::size_t>(at - std::begin(kDifficulties));
}

}  // namespace

void add_lemmings_routes(Routes& server, const Context& ctx) {
  // The shipped levels, each with its reference plan (solutions/NAME.plan) when there is one.
  server.Get("/api/lemmings/levels", guarded([&ctx](const auto&, auto& res) {
               json levels = json::array();
               const std::string& dir = ctx.settings.lemmings_levels;
               for (const auto& [path, text] : shipped_files(dir, ".lvl")) {
                 const auto plan =
                     std::filesystem::path(dir) / "solutions" / (path.stem().string() + ".plan");
                 levels.push_back({{"name", path.stem().string()},
                                   {"difficulty", difficulty(path.stem().string())},
                                   {"text", text},
                                   {"plan", read_small_file(plan)}});
               }
               std::stable_sort(levels.begin(), levels.end(), [](const json& a, const json& b) {
                 return difficulty_rank(a["difficulty"]) < difficulty_rank(b["difficulty"]);
               });
               reply(res, {{"levels", levels}, {"pingus", pingus_levels()}});
             }));
  server.Post("/api/lemmings/replay", guarded([&ctx](const auto& req, auto& res) {
                const json body = ctx.body(req);
                const auto level =
                    lem::parse_level(get_string(body, "level", "", 1 << 20), "level");
                if (static_cast<long long>(level.width) * level.height > kMostCells ||
                    level.time > kMostSteps || level.lemmings > kMostLemmings) {
                  throw BadRequest(fmt::format(
                      "level: too large to replay here (at most {} cells, {} steps, {} lemmings)",
                      kMostCells, kMostSteps, kMostLemmings));
                }
                const auto plan = lem::parse_plan(get_string(body, "plan", "", 1 << 20), "plan");
                const auto place = ctx.enter_heavy();  // its frames may be tens of MB
                reply_text(res, replay(level, plan));
              }));
  // A plan on a Pingus level (by its id): the command line's pictures of it and its outcome.
  server.Post("/api/lemmings/pingus/replay", guarded([&ctx](const auto& req, auto& res) {
                const json body = ctx.body(req);
                const auto id = get_string(body, "level", "", 200);
                const auto plan = lem::parse_plan(get_string(body, "plan", "", 1 << 20), "plan");
                const auto place = ctx.enter_heavy();  // a level of millions of pixels
                reply_text(res, pingus_replay(load_pingus(id, "level"), plan));
              }));
  // CRO, the GA or ACO on a level as a job: each generation an event, then `lemmings solve
  // --json`'s record and the best plan (the genes that had an effect) as text.
  // What a solve job takes, as JSON Schema: the page's "More settings" are built from it.
  server.Get("/api/lemmings/solve/settings",
             guarded([](const auto&, auto& res) { reply(res, solve_route().schema()); }));
  server.Post(
      "/api/lemmings/solve", guarded([&ctx](const auto& req, auto& res) {
        const json body = ctx.body(req);
        // A drawn level as text, or a Pingus level by its id.
        const std::string pingus = get_string(body, "pingus", "", 200);
        if (!pingus.empty() && body.contains("level")) {
          throw BadRequest("pingus: a Pingus level's id or a level's text (level), not both");
        }
        auto level = pingus.empty()
                         ? lem::parse_level(get_string(body, "level", "", 1 << 20), "level")
                         : load_pingus(pingus, "pingus");
        auto settings = solve_route().read(body, {"level", "pingus"}, {{"algorithm", "method"}});
        const std::string algorithm(lem::algorithm_name(settings.algorithm));
        if (level.total_skills() == 0) throw BadRequest("level: it offers no skill to plan");
        ctx.start_job(req, res, "lemmings-" + algorithm, [&ctx, level, settings](Job& job) {
          PlanEvents observer(job);
          const JobControl run(ctx, job, &observer);
          const auto r = lem::solve_level(level, settings, run.control);
          return json{{"result", r.to_json()}, {"plan", lem::to_text(r.best)}};
        });
      }));
}

}  // namespace evoplay::web
