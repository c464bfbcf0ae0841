// The plots of a study: distinct solutions and runs that solve per level, and the mean fitness
// curves of each level.
#include <fmt/format.h>

#include "evoplay/games/lemmings/study_report.hpp"
#include "evoplay/render/plot.hpp"

namespace evoplay::games::lemmings {

std::vector<std::filesystem::path> save_study_plots(const StudyResult& r,
                                                    const std::filesystem::path& dir) {
  std::vector<std::filesystem::path> written;
  const std::size_t points = std::max<std::size_t>(r.spec.curve_points, 1);
  for (auto f : r.spec.fitnesses) {
    render::BarChart distinct, solved;
    distinct.title = fmt::format("Distinct solutions per run ({} fitness, {} evaluations)",
                                 fitness_name(f), r.spec.solver.evaluations);
    distinct.y_label = fmt::format("distinct solutions (mean of {} runs; bars: sd)", r.spec.runs);
    solved.title = fmt::format("Runs that solve the level ({} fitness, {} evaluations)",
                               fitness_name(f), r.spec.solver.evaluations);
    solved.y_label = "runs that solve (%; bars: 95% Wilson interval)";
    solved.y_max = 100;
    distinct.width = solved.width = std::max(960, 110 * static_cast<int>(r.levels.size()));
    for (const auto& l : r.levels) {
      distinct.categories.push_back(l.id);
      solved.categories.push_back(l.id);
    }
    for (auto a : r.spec.algorithms) {
      render::BarGroup d{std::string(algorithm_label(a)), {}, {}};
      render::BarGroup s{std::string(algorithm_label(a)), {}, {}};
      for (std::size_t l = 0; l < r.levels.size(); ++l) {
        const auto& c = r.cell(l, f, a);
        d.values.push_back(c.distinct.mean);
        d.errors.push_back(c.distinct.stddev);
        s.values.push_back(100 * c.solve_rate.rate);
        s.errors.push_back(50 * (c.solve_rate.ci95.high - c.solve_rate.ci95.low));
      }
      distinct.groups.push_back(d);
      solved.groups.push_back(s);
    }
    const auto dpath = dir / fmt::format("distinct-{}.png", fitness_name(f));
    const auto spath = dir / fmt::format("solved-{}.png", fitness_name(f));
    render::save_bar_chart(dpath, distinct);
    render::save_bar_chart(spath, solved);
    written.push_back(dpath);
    written.push_back(spath);

    for (std::size_t l = 0; l < r.levels.size(); ++l) {
      render::LinePlot plot;
      plot.title = fmt::format("{} ({}), {} fitness, mean of {} runs", r.levels[l].level.name,
                               r.levels[l].difficulty, fitness_name(f), r.spec.runs);
      plot.x_label = "evaluations (simulations)";
      plot.y_label = "fitness";
      plot.y_min = 0;
      std::vector<double> x(points);
      for (std::size_t k = 0; k < points; ++k)
        x[k] = static_cast<double>(r.spec.solver.evaluations * (k + 1) / points);
      int color = 0;
      for (auto a : r.spec.algorithms) {
        render::Series best, mean;
        best.label = std::string(algorithm_label(a)) + " best so far";
        mean.label = std::string(algorithm_label(a)) + " population mean";
        best.x = mean.x = x;
        best.y = study_mean_curve(r, l, f, a, true);
        mean.y = study_mean_curve(r, l, f, a, false);
        best.color = mean.color = color++;
        mean.dashed = true;
        plot.series.push_back(best);
        plot.series.push_back(mean);
      }
      const auto path = dir / fmt::format("fitness-{}-{}.png", fitness_name(f), r.levels[l].id);
      render::save_line_plot(path, plot);
      written.push_back(path);
    }
  }
  return written;
}

}  // namespace evoplay::games::lemmings
