// The outputs of an experiment: result.json, the table for people, summary.csv, runs.csv and
// the plots of the paper's figures.
#include <fmt/format.h>

#include <cmath>
#include <map>

#include "evoplay/core/text.hpp"
#include "evoplay/games/sudoku/experiment.hpp"
#include "evoplay/render/plot.hpp"

namespace evoplay::games::sudoku {

namespace {

std::string csv_text(const std::string& s) {
  return s.find_first_of(",\"") == std::string::npos ? s : "\"" + s + "\"";
}

/// The CSV column of the varied parameter: its name, but generation_limit for generations
/// (runs.csv has a column of the generations each run used).
std::string vary_column(const std::string& vary) {
  return vary == "generations" ? "generation_limit" : vary;
}

nlohmann::json number_or_null(double v) {
  return std::isnan(v) ? nlohmann::json(nullptr) : nlohmann::json(v);
}

std::string fmt_or_dash(double v, const char* spec) {
  return std::isnan(v) ? "-" : fmt::format(fmt::runtime(spec), v);
}

/// A p-value for people: "p = 0.0123", or "p < 0.001" below what four digits show usefully.
std::string p_text(double p) { return p < 0.001 ? "p < 0.001" : fmt::format("p = {:.4g}", p); }

}  // namespace

nlohmann::json ExperimentResult::to_json() const {
  nlohmann::json summary = nlohmann::json::array();
  for (const auto& c : configs) {
    nlohmann::json j = {{"crossover", c.crossover},
                        {"mutation", c.mutation},
                        {"runs", c.runs},
                        {"solved", c.successes},
                        {"success_rate", c.success.rate},
                        {"success_ci95", {c.success.ci95.low, c.success.ci95.high}},
                        {"mean_best_fitness", number_or_null(c.mean_best_fitness)},
                        {"mean_seconds", number_or_null(c.mean_seconds)},
                        {"median_generations", number_or_null(c.median_generations)},
                        {"median_evaluations", number_or_null(c.median_evaluations)},
                        {"median_failed_fitness", number_or_null(c.median_failed_fitness)}};
    if (!vary.empty()) j[vary] = c.value;
    summary.push_back(j);
  }
  nlohmann::json tests = nlohmann::json::array();
  for (const auto& c : comparisons) {
    tests.push_back({{"a", c.a},
                     {"b", c.b},
                     {"measure", c.measure},
                     {"median_a", c.median_a},
                     {"median_b", c.median_b},
                     {"u", c.test.u1},
                     {"p_value", c.test.p_value},
                     {"effect", c.test.effect},
                     {"exact", c.test.exact}});
  }
  nlohmann::json j = {{"configs", summary}, {"comparisons", tests}};
  if (cancelled) j["stopped"] = "cancelled";
  return j;
}

std::string ExperimentResult::text() const {
  const std::string head = vary.empty() ? "operator" : "operator / " + vary;
  std::string out =
      fmt::format("{:<34} {:>5} {:>21} {:>8} {:>10} {:>8} {:>8} {:>8}\n", head, "runs",
                  "solved % [95% CI]", "med gen", "med evals", "failfit", "meanfit", "mean s");
  for (const auto& c : configs) {
    std::string name = c.label;
    if (!vary.empty()) name += fmt::format(" / {}", format_number(c.value));
    out += fmt::format(
        "{:<34} {:>5} {:>21} {:>8} {:>10} {:>8} {:>8} {:>8}\n", name, c.runs,
        fmt::format("{:.0f} [{:.0f}, {:.0f}]", 100 * c.success.rate, 100 * c.success.ci95.low,
                    100 * c.success.ci95.high),
        fmt_or_dash(c.median_generations, "{:.0f}"), fmt_or_dash(c.median_evaluations, "{:.0f}"),
        fmt_or_dash(c.median_failed_fitness, "{:.1f}"), fmt_or_dash(c.mean_best_fitness, "{:.2f}"),
        fmt_or_dash(c.mean_seconds, "{:.3f}"));
  }
  for (const auto& c : comparisons) {
    out += fmt::format(
        "Mann-Whitney U, {} vs {} on {}: medians {} vs {}, U = {}, {}{} (P({} > {}) = {:.2f})\n",
        c.a, c.b, c.measure, format_number(c.median_a), format_number(c.median_b),
        format_number(c.test.u1), p_text(c.test.p_value), c.test.exact ? " (exact)" : "", c.a, c.b,
        c.test.effect);
  }
  if (cancelled) out += fmt::format("cancelled: {} runs finished\n", runs.size());
  return out;
}

std::string summary_csv(const ExperimentResult& result) {
  const std::string& vary = result.vary;
  std::string csv = "crossover,mutation";
  if (!vary.empty()) csv.append(",").append(vary_column(vary));
  csv +=
      ",runs,solved,success_rate,success_low95,success_high95,median_generations,"
      "median_evaluations,median_failed_fitness,mean_best_fitness,mean_seconds\n";
  for (const auto& c : result.configs) {
    csv += csv_text(c.crossover) + "," + csv_text(c.mutation);
    if (!vary.empty()) csv.append(",").append(format_number(c.value));
    csv += fmt::format(",{},{},{},{},{},{},{},{},{},{}\n", c.runs, c.successes,
                       format_number(c.success.rate), format_number(c.success.ci95.low),
                       format_number(c.success.ci95.high), format_number(c.median_generations),
                       format_number(c.median_evaluations), format_number(c.median_failed_fitness),
                       format_number(c.mean_best_fitness), format_number(c.mean_seconds));
  }
  return csv;
}

std::string runs_csv(const ExperimentResult& result) {
  const std::string& vary = result.vary;
  std::string csv = "crossover,mutation";
  if (!vary.empty()) csv.append(",").append(vary_column(vary));
  csv += ",puzzle,run,seed,solved,best_fitness,generations,evaluations,seconds\n";
  for (const auto& r : result.runs) {
    csv += csv_text(r.crossover) + "," + csv_text(r.mutation);
    if (!vary.empty()) csv.append(",").append(format_number(r.value));
    csv +=
        fmt::format(",{},{},{},{},{},{},{},{}\n", r.puzzle + 1, r.run + 1, r.seed, r.solved ? 1 : 0,
                    r.fitness, r.generations, r.evaluations, format_number(r.seconds));
  }
  return csv;
}

void save_experiment_plots(const ExperimentResult& result, const std::string& title,
                           const std::filesystem::path& success_png,
                           const std::filesystem::path& fitness_png) {
  const std::string& vary = result.vary;
  if (vary.empty()) {
    render::BarChart success, fitness;
    success.title = title + ": runs solved";
    success.y_label = "solved (%), bars: 95% interval";
    success.y_max = 100;
    fitness.title = title + ": best fitness at the end";
    fitness.y_label = "mean best fitness (0 = solved)";
    render::BarGroup s{"solved %", {}, {}}, f{"mean best fitness", {}, {}};
    for (const auto& c : result.configs) {
      success.categories.push_back(c.label);
      fitness.categories.push_back(c.label);
      s.values.push_back(100 * c.success.rate);
      s.errors.push_back(50 * (c.success.ci95.high - c.success.ci95.low));
      f.values.push_back(c.mean_best_fitness);
    }
    success.groups.push_back(s);
    fitness.groups.push_back(f);
    render::save_bar_chart(success_png, success);
    render::save_bar_chart(fitness_png, fitness);
    return;
  }
  render::LinePlot success, fitness;
  success.title = title + ": runs solved against " + vary;
  success.x_label = fitness.x_label = vary;
  success.y_label = "solved (%), band: 95% interval";
  success.y_min = 0;
  success.y_max = 100;
  fitness.title = title + ": mean best fitness against " + vary;
  fitness.y_label = "mean best fitness (0 = solved)";
  fitness.y_min = 0;
  // Operators often tie (all at 0% or 100% solved): distinct dashes and markers keep each line
  // visible where they coincide.
  success.distinct_styles = fitness.distinct_styles = true;
  std::map<std::string, std::size_t> index;  // label -> series
  for (const auto& c : result.configs) {
    auto [it, fresh] = index.emplace(c.label, success.series.size());
    if (fresh) {
      render::Series line;
      line.label = c.label;
      line.markers = true;
      success.series.push_back(line);
      fitness.series.push_back(line);
    }
    auto& s = success.series[it->second];
    auto& f = fitness.series[it->second];
    s.x.push_back(c.value);
    s.y.push_back(100 * c.success.rate);
    s.low.push_back(100 * c.success.ci95.low);
    s.high.push_back(100 * c.success.ci95.high);
    f.x.push_back(c.value);
    f.y.push_back(c.mean_best_fitness);
  }
  // Interval bands stay readable for a few lines only; with more, the lines alone are drawn.
  if (success.series.size() > 3) {
    success.y_label = "solved (%)";
    for (auto& s : success.series) s.low.clear(), s.high.clear();
  }
  render::save_line_plot(success_png, success);
  render::save_line_plot(fitness_png, fitness);
}

void save_experiment_files(const RunDir& run, const ExperimentResult& result,
                           const ExperimentSettings& settings, const std::string& puzzle_file,
                           std::size_t puzzles) {
  const std::string title = fmt::format("{} ({} puzzles x {} runs, {} preset)",
                                        std::filesystem::path(puzzle_file).filename().string(),
                                        puzzles, settings.runs, settings.base.preset);
  run.write_text("summary.csv", summary_csv(result));
  run.write_text("runs.csv", runs_csv(result));
  save_experiment_plots(result, title, run.file("success.png"), run.file("fitness.png"));
}

}  // namespace evoplay::games::sudoku
