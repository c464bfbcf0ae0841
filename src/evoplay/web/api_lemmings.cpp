// Lemmings' routes: the shipped levels (with their reference plans), and a plan's replay on a
// level as frames for the page (the lemmings of each step and the cells that changed), with
// the outcome. Levels and plans are read by the command line's parsers (level:LINE: ...).
#include <fmt/format.h>

#include <filesystem>
#include <limits>
#include <optional>

#include "evoplay/evo/run_result.hpp"
#include "evoplay/games/lemmings/level.hpp"
#include "evoplay/games/lemmings/plan.hpp"
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

// A replay is sent whole: levels beyond these bounds are refused (the command line takes them).
constexpr long long kMostCells = 200'000;
constexpr int kMostSteps = 5000;
constexpr int kMostLemmings = 500;

/// Each step as the page draws it: the lemmings out ([id, x, y, dir, job]) and the cells that
/// changed since the step before ([x, y, symbol] in the .lvl file's symbols).
class Frames : public lem::StepObserver {
 public:
  void on_start(const lem::Simulator& sim) override {
    const auto& level = sim.level();
    cells_.assign(static_cast<std::size_t>(level.width * level.height), '.');
    for (int y = 0; y < level.height; ++y) {
      for (int x = 0; x < level.width; ++x) {
        cells_[static_cast<std::size_t>(y * level.width + x)] = lem::cell_char(sim.cell(x, y));
      }
    }
  }
  void on_step(const lem::Simulator& sim, int step, std::span<const lem::Event>) override {
    const auto& level = sim.level();
    json lemmings = json::array(), changes = json::array();
    for (int i = 0; i < sim.released(); ++i) {
      const auto l = sim.lemming(i);
      lemmings.push_back({l.id, l.x, l.y, l.dir, std::string(lem::job_name(l.job))});
    }
    for (int y = 0; y < level.height; ++y) {
      for (int x = 0; x < level.width; ++x) {
        const char c = lem::cell_char(sim.cell(x, y));
        char& was = cells_[static_cast<std::size_t>(y * level.width + x)];
        if (c != was) {
          changes.push_back({x, y, std::string(1, c)});
          was = c;
        }
      }
    }
    frames_.push_back({{"step", step},
                       {"lemmings", lemmings},
                       {"changes", changes},
                       {"saved", sim.saved()},
                       {"dead", sim.dead()}});
  }
  json frames() const { return frames_; }

 private:
  std::vector<char> cells_;
  json frames_ = json::array();
};

/// The level as `lemmings show --json` has it (header, skills, "map" rows), the frames, and
/// the outcome as `lemmings run --json` has it (with genes_applied).
json replay(const lem::Level& level, const lem::Plan& plan) {
  lem::Simulator sim(level);
  Frames frames;
  const auto& o = sim.run(plan, &frames);
  json out = lem::level_show_json(level);
  out["frames"] = frames.frames();
  out["outcome"] = lem::outcome_json(level, plan, o);
  out["outcome"]["genes_applied"] = o.genes_applied();
  return out;
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

}  // namespace

void add_lemmings_routes(httplib::Server& server, const Context& ctx) {
  // The shipped levels, each with its reference plan (solutions/NAME.plan) when there is one.
  server.Get(
      "/api/lemmings/levels", guarded([&ctx](const auto&, auto& res) {
        json levels = json::array();
        const std::string& dir = ctx.settings.lemmings_levels;
        for (const auto& [path, text] : shipped_files(dir, ".lvl")) {
          const auto plan =
              std::filesystem::path(dir) / "solutions" / (path.stem().string() + ".plan");
          levels.push_back(
              {{"name", path.stem().string()}, {"text", text}, {"plan", read_small_file(plan)}});
        }
        reply(res, {{"levels", levels}});
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
                reply(res, replay(level, plan));
              }));
  // CRO, the GA or ACO on a level as a job: each generation an event, then `lemmings solve
  // --json`'s record and the best plan (the genes that had an effect) as text.
  server.Post(
      "/api/lemmings/solve", guarded([&ctx](const auto& req, auto& res) {
        const json body = ctx.body(req);
        auto level = lem::parse_level(get_string(body, "level", "", 1 << 20), "level");
        auto settings =
            read_settings(body, lem::SolverSettings{}, {"level"}, {{"algorithm", "method"}});
        cap("evaluations", settings.evaluations, std::uint64_t{200000});
        cap("population", settings.population, std::size_t{1000});
        cap("epochs", settings.epochs, std::size_t{100000});
        cap("islands", settings.islands.islands, std::size_t{1});
        settings.threads = 1;
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
