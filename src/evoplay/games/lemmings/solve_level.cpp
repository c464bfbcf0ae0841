#include "evoplay/games/lemmings/solve_level.hpp"

#include <fmt/format.h>

#include <algorithm>

#include "evoplay/core/atomic_file.hpp"
#include "evoplay/core/error.hpp"
#include "evoplay/core/text.hpp"
#include "evoplay/games/lemmings/render.hpp"
#include "evoplay/games/lemmings/report.hpp"
#include "evoplay/games/lemmings/simulator.hpp"
#include "evoplay/render/history_plot.hpp"

namespace evoplay::games::lemmings {

namespace {

constexpr const char* kNoSkill = "the level offers no skill: there is nothing to plan";

/// The plan as a file: a comment header, then one gene per line.
std::string plan_file_text(const std::string& header, const Plan& plan) {
  std::string text;
  for (const auto line : split_lines(header)) text += "# " + std::string(line) + "\n";
  return text + to_text(plan);
}

}  // namespace

SolveProgress::SolveProgress(Progress& progress, const SolverSettings& s)
    : progress_(progress), budget_(s.evaluations), epochs_(s.epochs) {
  progress_.set_total(epochs_ > 0 ? epochs_ : budget_);
}

void SolveProgress::on_generation(const GenerationRecord& r) {
  if (epochs_ > 0) {
    progress_.update(r.generation, fmt::format("generation {}/{}  evaluations {}  best {:.4f}",
                                               r.generation, epochs_, r.evaluations, r.best));
    return;
  }
  const auto done = std::min(r.evaluations, budget_);
  progress_.update(done, fmt::format("evaluations {}/{}  best {:.4f}", done, budget_, r.best));
}

Level load_level_to_solve(const std::string& file) {
  Level level = load_level(file);
  if (level.total_skills() <= 0) throw Error(file, 0, kNoSkill);
  return level;
}

LevelSolveResult solve_level(const Level& level, const SolverSettings& settings,
                             const Control& control) {
  settings.validate();
  if (level.total_skills() <= 0) throw Error(kNoSkill);
  LevelSolveResult r;
  r.level = level;
  r.settings = settings;
  r.run = solve(level, settings, control);
  const auto sim = make_runner(level);
  r.best = effective_plan(r.run.best, sim->play(r.run.best));
  r.outcome = sim->play(r.best);
  if (r.run.counters.solved) r.fewest = effective_plan(r.run.fewest, sim->play(r.run.fewest));
  return r;
}

std::string LevelSolveResult::label() const {
  const auto& s = settings;
  const std::string budget = s.epochs > 0
                                 ? fmt::format("{} {}, {} evaluations", run.counters.generations,
                                               s.algorithm == Algorithm::kCro  ? "epochs"
                                               : s.algorithm == Algorithm::kGa ? "generations"
                                                                               : "iterations",
                                               run.counters.evaluations)
                                 : fmt::format("{} evaluations", run.counters.evaluations);
  return fmt::format("{} on {} ({} fitness, {}, seed {})", algorithm_label(s.algorithm), level.name,
                     fitness_name(s.fitness), budget, s.seed);
}

nlohmann::json LevelSolveResult::to_json() const {
  const bool solved = run.counters.solved;
  nlohmann::json j = run.counters.to_json();  // solved, best_fitness, evaluations, generations...
  j.update({{"level", level.name},
            {"algorithm", algorithm_name(settings.algorithm)},
            {"fitness", fitness_name(settings.fitness)},
            {"first_solution",
             run.first_solution ? nlohmann::json(run.first_solution) : nlohmann::json(nullptr)},
            {"distinct_solutions", run.distinct()},
            {"fewest_actions", solved ? nlohmann::json(run.fewest_actions) : nlohmann::json()},
            {"fewest_plan", solved ? nlohmann::json(to_text(fewest)) : nlohmann::json()},
            {"best_plan", to_text(best)},
            {"outcome", outcome_json(level, best, outcome)}});
  return j;
}

std::string LevelSolveResult::text() const {
  std::string out = label() + "\n";
  out += run.counters.solved
             ? fmt::format(
                   "solved: first after {} evaluations; {} distinct solutions, the "
                   "fewest actions {}; {:.2f} s\n",
                   run.first_solution, run.distinct(), run.fewest_actions, run.counters.seconds)
             : fmt::format("not solved in {} evaluations; {:.2f} s\n", run.counters.evaluations,
                           run.counters.seconds);
  out += fmt::format("best plan (fitness {:.4f}), the genes that had an effect:\n{}",
                     run.counters.best_fitness, outcome_text(level, best, outcome));
  return out;
}

void save_solve_history(const SolveResult& run, const std::filesystem::path& csv,
                        const std::filesystem::path& png, const std::string& title) {
  write_file_atomic(csv, run.history.to_csv());
  render::HistoryPlotOptions plot;
  plot.title = title;
  plot.x_column = "evaluations";
  plot.columns = {"best", "mean"};
  plot.y_label = fmt::format("{} fitness", fitness_name(run.fitness));
  render::save_history_plot(png, run.history, plot);
}

void save_solve_files(const LevelSolveResult& r, const RunDir& run) {
  if (r.run.history.empty()) return;  // a cancel stopped the first population: no plan, no row
  const std::string label = r.label();
  run.write_text(
      "best.plan",
      plan_file_text(fmt::format("Best plan found by {}: fitness {:.6f}\n{}; the "
                                 "genes that had an effect",
                                 label, r.run.counters.best_fitness,
                                 r.outcome.solved ? "solves the level" : "does not solve"),
                     r.best));
  if (r.run.counters.solved) {
    run.write_text("fewest.plan",
                   plan_file_text(fmt::format("A solution with the fewest actions found ({}) by "
                                              "{}; the genes that had an effect",
                                              r.run.fewest_actions, label),
                                  r.fewest));
  }
  run.write_text(
      "best-genome.plan",
      plan_file_text("The best genome as the algorithm holds it (every gene)", r.run.best));
  save_solve_history(r.run, run.file("history.csv"), run.file("fitness.png"), label);
  RenderOptions render;
  render.delay_cs = 8;
  render_replay_gif(r.level, r.best, run.file("replay.gif"), render);
}

}  // namespace evoplay::games::lemmings
