// The Lemmings part of `evoplay demo`: the suite's reference plans replayed (and how rare a
// random plan that solves each level is), one level's replay and paths drawn, and a medium level
// solved by Coral Reef Optimization.
#include <fmt/format.h>

#include <functional>

#include "evoplay/core/data_dir.hpp"
#include "evoplay/core/history_log.hpp"
#include "evoplay/core/input_files.hpp"
#include "evoplay/core/parallel.hpp"
#include "evoplay/core/rng.hpp"
#include "evoplay/core/text.hpp"
#include "evoplay/demo/demo.hpp"
#include "evoplay/games/lemmings/check.hpp"
#include "evoplay/games/lemmings/render.hpp"
#include "evoplay/games/lemmings/report.hpp"
#include "evoplay/games/lemmings/simulator.hpp"
#include "evoplay/games/lemmings/solve_level.hpp"

namespace evoplay::demo {

namespace lem = games::lemmings;

namespace {

void print_indented(const Context& ctx, const std::string& text) {
  for (const auto line : split_lines(text)) ctx.say("  {}\n", line);
}

/// Every level of the suite with its reference plan, and how many of 500 random plans (the
/// thesis's random initialisation) solve it.
nlohmann::json replay_suite(const Context& ctx, const std::filesystem::path& data) {
  nlohmann::json rows = nlohmann::json::array();
  ctx.say("  {:<20} {:>8} {:>5}  {:<22} {:>12}\n", "level", "lemmings", "genes", "reference plan",
          "random plans");
  for (const auto& name : expand_input_files({data.string()}, ".lvl")) {
    const std::filesystem::path file = name;
    const lem::Level level = lem::load_level(file.string());
    const lem::Plan plan = lem::load_plan(lem::reference_plan_path(file).string());
    lem::Simulator sim(level);
    const lem::Outcome& o = sim.run(plan);
    const std::string result = fmt::format("{} {}/{} (need {})", o.solved ? "saves" : "FAILS",
                                           o.saved, level.lemmings, level.save);
    const bool solved = o.solved;
    Rng rng = Rng(ctx.seed).split(std::hash<std::string>{}(file.stem().string()));
    int random_solved = 0;
    constexpr int kRandom = 500;
    for (int i = 0; i < kRandom; ++i) {
      random_solved += sim.run(lem::random_plan(level, sim.estimated_duration(), rng)).solved;
    }
    ctx.say("  {:<20} {:>8} {:>5}  {:<22} {:>7} of {}\n", level.name, level.lemmings, plan.size(),
            result, random_solved, kRandom);
    rows.push_back({{"file", file.filename().string()},
                    {"level", level.name},
                    {"solved", solved},
                    {"genes", plan.size()},
                    {"random_plans_solving", random_solved},
                    {"random_plans", kRandom}});
  }
  return rows;
}

}  // namespace

void lemmings(Context& ctx) {
  const auto data = find_data_dir("lemmings");
  if (data.empty()) {
    ctx.say("  skipped: data/lemmings not found (run from the source folder)\n");
    return;
  }
  const RunDir run = ctx.begin_part(
      "lemmings", {{"replayed", data.string()}, {"cro_level", "medium-01-bridge-and-tunnel.lvl"}});
  const auto& dir = run.path();
  const nlohmann::json rows = replay_suite(ctx, data);

  // One medium level's replay, and the paths its lemmings took.
  const auto level_file = data / "medium-05-down-and-back.lvl";
  const lem::Level level = lem::load_level(level_file.string());
  const lem::Plan plan = lem::load_plan(lem::reference_plan_path(level_file).string());
  lem::RenderOptions options;
  options.delay_cs = 10;
  const auto outcome = lem::render_replay_gif(level, plan, dir / "replay.gif", options);
  lem::render_paths_png(level, plan, dir / "paths.png");
  run.write_json("result.json",
                 {{"levels", rows}, {"replay", lem::outcome_json(level, plan, outcome)}});
  print_indented(ctx, lem::outcome_text(level, plan, outcome));
  ctx.show("Lemmings replay (GIF)", dir / "replay.gif");
  ctx.show("Lemmings paths", dir / "paths.png");

  // Coral Reef Optimization solves a medium level from scratch (the heuristic fitness, the
  // study's budget of 20,000 simulations), and the replay of the best plan it found.
  const lem::Level cro_level = lem::load_level((data / "medium-01-bridge-and-tunnel.lvl").string());
  lem::SolverSettings s;
  s.algorithm = lem::Algorithm::kCro;
  s.seed = ctx.seed;
  s.threads = resolve_threads(ctx.threads);  // every coral of the reef spawns each epoch
  HistoryLog live(dir / "cro-history.csv");  // the history as it grows
  Control control;
  control.observer = &live;
  const lem::LevelSolveResult r = lem::solve_level(cro_level, s, control);
  lem::render_replay_gif(cro_level, r.best, dir / "cro-replay.gif");
  run.write_text("cro-best.plan", lem::to_text(r.best));
  lem::save_solve_history(r.run, dir / "cro-history.csv", dir / "cro-fitness.png",
                          fmt::format("CRO on {}", cro_level.name));
  ctx.say(
      "  CRO on {}: {} after {} evaluations; {} distinct solutions in {} evaluations "
      "({:.1f} s)\n",
      cro_level.name, r.run.counters.solved ? "solved" : "NOT solved", r.run.first_solution,
      r.run.distinct(), r.run.counters.evaluations, r.run.counters.seconds);
  print_indented(ctx, lem::outcome_text(cro_level, r.best, r.outcome));
  run.write_json("cro.json",
                 nlohmann::json{{"level", cro_level.name},
                                {"solved", r.run.counters.solved},
                                {"first_solution", r.run.first_solution},
                                {"distinct_solutions", r.run.distinct()},
                                {"evaluations", r.run.counters.evaluations},
                                {"best_fitness", r.run.counters.best_fitness},
                                {"best_plan", lem::to_text(r.best)},
                                {"outcome", lem::outcome_json(cro_level, r.best, r.outcome)}});
  ctx.show("Lemmings solved by CRO (GIF)", dir / "cro-replay.gif");
  ctx.show("CRO fitness curve", dir / "cro-fitness.png");
}

}  // namespace evoplay::demo
