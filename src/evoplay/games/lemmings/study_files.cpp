// A study's CSV files and JSON, and the files of its run folder.
#include <fmt/format.h>

#include <cmath>
#include <limits>

#include "evoplay/core/history.hpp"
#include "evoplay/games/lemmings/study_report.hpp"

namespace evoplay::games::lemmings {

namespace {

std::string csv_text(const std::string& s) {
  return s.find_first_of(",\"") == std::string::npos ? s : "\"" + s + "\"";
}

}  // namespace

std::string study_summary_csv(const StudyResult& r) {
  std::string csv =
      "level,difficulty,fitness,algorithm,runs,solved,solve_rate,solve_low95,solve_high95,"
      "distinct_mean,distinct_sd,distinct_median,distinct_min,distinct_max,distinct_union,"
      "p_distinct_vs_cro,best_fitness_mean,best_fitness_sd,first_solution_mean,first_solution_sd,"
      "first_solution_min,first_solution_q1,first_solution_median,first_solution_q3,"
      "first_solution_max,fewest_actions_min,fewest_actions_median\n";
  for (const auto& c : r.cells) {
    const auto& l = r.levels[c.level];
    const auto& first = c.first_solution;
    // Over the solved runs; empty without one.
    auto f = [&](double v) { return first.n ? format_number(v) : std::string(); };
    csv += fmt::format("{},{},{},{},{},{},{},{},{},{},{},{},{},{},{},{},{},{},", csv_text(l.id),
                       l.difficulty, fitness_name(c.fitness), algorithm_name(c.algorithm), c.runs,
                       c.solved, format_number(c.solve_rate.rate),
                       format_number(c.solve_rate.ci95.low), format_number(c.solve_rate.ci95.high),
                       format_number(c.distinct.mean), format_number(c.distinct.stddev),
                       format_number(c.distinct.median), format_number(c.distinct.min),
                       format_number(c.distinct.max), c.distinct_union, format_number(c.p_vs_cro),
                       format_number(c.best_fitness.mean), format_number(c.best_fitness.stddev));
    csv += fmt::format("{},{},{},{},{},{},{},{},{}\n", f(first.mean), f(first.stddev), f(first.min),
                       f(first.q1), f(first.median), f(first.q3), f(first.max),
                       f(c.fewest_actions.min), f(c.fewest_actions.median));
  }
  return csv;
}

std::string study_runs_csv(const StudyResult& r) {
  std::string csv =
      "level,difficulty,fitness,algorithm,run,seed,solved,first_solution,distinct,fewest_actions,"
      "best_fitness,evaluations,seconds,simulation_seconds,cpu_seconds\n";
  for (const auto& run : r.runs) {
    const auto& l = r.levels[run.level];
    const evo::RunCounters& n = run.counters;
    csv += fmt::format("{},{},{},{},{},{},{},{},{},{},{},{},{},{},{}\n", csv_text(l.id),
                       l.difficulty, fitness_name(run.fitness), algorithm_name(run.algorithm),
                       run.run + 1, run.seed, n.solved ? 1 : 0,
                       run.first_solution ? std::to_string(run.first_solution) : std::string(),
                       run.distinct, n.solved ? std::to_string(run.fewest_actions) : std::string(),
                       format_number(n.best_fitness), n.evaluations, format_number(n.seconds),
                       format_number(run.simulation_seconds), format_number(run.cpu_seconds));
  }
  return csv;
}

std::vector<double> study_mean_curve(const StudyResult& r, std::size_t level, FitnessKind f,
                                     Algorithm a, bool best) {
  const std::size_t points = std::max<std::size_t>(r.spec.curve_points, 1);
  std::vector<double> sum(points, 0.0), count(points, 0.0);
  for (const auto& run : r.runs) {
    if (run.level != level || run.fitness != f || run.algorithm != a) continue;
    const auto& c = best ? run.best_curve : run.mean_curve;
    for (std::size_t k = 0; k < points && k < c.size(); ++k) {
      if (std::isnan(c[k])) continue;
      sum[k] += c[k];
      count[k] += 1;
    }
  }
  for (std::size_t k = 0; k < points; ++k)
    sum[k] = count[k] > 0 ? sum[k] / count[k] : std::numeric_limits<double>::quiet_NaN();
  return sum;
}

std::string study_curves_csv(const StudyResult& r) {
  std::string csv = "level,fitness,algorithm,evaluations,best,mean\n";
  const std::size_t points = std::max<std::size_t>(r.spec.curve_points, 1);
  for (std::size_t l = 0; l < r.levels.size(); ++l) {
    for (auto f : r.spec.fitnesses) {
      for (auto a : r.spec.algorithms) {
        const auto best = study_mean_curve(r, l, f, a, true),
                   mean = study_mean_curve(r, l, f, a, false);
        for (std::size_t k = 0; k < points; ++k) {
          csv += fmt::format("{},{},{},{},{},{}\n", csv_text(r.levels[l].id), fitness_name(f),
                             algorithm_name(a), r.spec.solver.evaluations * (k + 1) / points,
                             format_number(best[k]), format_number(mean[k]));
        }
      }
    }
  }
  return csv;
}

nlohmann::json StudyResult::to_json() const {
  const StudyResult& r = *this;
  nlohmann::json levels = nlohmann::json::array(), cells = nlohmann::json::array(),
                 diffs = nlohmann::json::array();
  for (const auto& l : r.levels) {
    levels.push_back(
        {{"file", l.file}, {"id", l.id}, {"name", l.level.name}, {"difficulty", l.difficulty}});
  }
  auto nullable = [](double v) {
    return std::isnan(v) ? nlohmann::json(nullptr) : nlohmann::json(v);
  };
  for (const auto& c : r.cells) {
    cells.push_back(
        {{"level", r.levels[c.level].id},
         {"fitness", fitness_name(c.fitness)},
         {"algorithm", algorithm_name(c.algorithm)},
         {"runs", c.runs},
         {"solved", c.solved},
         {"solve_rate", c.solve_rate.rate},
         {"solve_ci95", {c.solve_rate.ci95.low, c.solve_rate.ci95.high}},
         {"distinct",
          {{"mean", c.distinct.mean},
           {"sd", c.distinct.stddev},
           {"median", c.distinct.median},
           {"min", c.distinct.min},
           {"max", c.distinct.max}}},
         {"distinct_union", c.distinct_union},
         {"p_distinct_vs_cro", nullable(c.p_vs_cro)},
         {"best_fitness", {{"mean", c.best_fitness.mean}, {"sd", c.best_fitness.stddev}}},
         {"median_first_solution", nullable(c.median_first_solution())},
         {"first_solution", c.first_solution.n == 0
                                ? nlohmann::json(nullptr)
                                : nlohmann::json{{"runs", c.first_solution.n},
                                                 {"mean", c.first_solution.mean},
                                                 {"sd", c.first_solution.stddev},
                                                 {"min", c.first_solution.min},
                                                 {"q1", c.first_solution.q1},
                                                 {"median", c.first_solution.median},
                                                 {"q3", c.first_solution.q3},
                                                 {"max", c.first_solution.max}}},
         {"fewest_actions", c.fewest_actions.n == 0
                                ? nlohmann::json(nullptr)
                                : nlohmann::json{{"min", c.fewest_actions.min},
                                                 {"median", c.fewest_actions.median}}}});
  }
  for (const auto& d : r.difficulties) {
    nlohmann::json by = nlohmann::json::object();
    for (std::size_t ai = 0; ai < r.spec.algorithms.size(); ++ai) {
      by[std::string(algorithm_name(r.spec.algorithms[ai]))] = {
          {"solved", d.solved[ai]},
          {"rate", d.by_algorithm[ai].rate},
          {"ci95", {d.by_algorithm[ai].ci95.low, d.by_algorithm[ai].ci95.high}}};
    }
    diffs.push_back({{"difficulty", d.difficulty},
                     {"fitness", fitness_name(d.fitness)},
                     {"runs", d.runs},
                     {"by_algorithm", by},
                     {"any",
                      {{"solved", d.any_solved},
                       {"rate", d.any.rate},
                       {"ci95", {d.any.ci95.low, d.any.ci95.high}}}}});
  }
  return {{"spec", r.spec.to_json()}, {"levels", levels},
          {"cells", cells},           {"difficulties", diffs},
          {"runs", r.runs.size()},    {"evaluations", r.evaluations},
          {"seconds", r.seconds},     {"cpu_seconds", r.cpu_seconds}};
}

void save_study_files(const StudyResult& result, const RunDir& run) {
  run.write_text("tables.md", study_markdown(result));
  run.write_text("summary.csv", study_summary_csv(result));
  run.write_text("runs.csv", study_runs_csv(result));
  run.write_text("curves.csv", study_curves_csv(result));
  std::filesystem::create_directories(run.file("plots"));
  save_study_plots(result, run.file("plots"));
}

}  // namespace evoplay::games::lemmings
