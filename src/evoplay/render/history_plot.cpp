#include "evoplay/render/history_plot.hpp"

#include <cmath>

#include "evoplay/core/error.hpp"
#include "evoplay/core/output_path.hpp"
#include "evoplay/core/text.hpp"
#include "evoplay/render/plot.hpp"

namespace evoplay::render {

LinePlot history_line_plot(const CsvTable& history, const HistoryPlotOptions& options,
                           const std::string& source_name) {
  auto need = [&](const std::string& name) {
    if (history.column(name) < 0) {
      std::string have;
      for (const auto& c : history.columns) have += (have.empty() ? "" : ", ") + c;
      throw Error(source_name, 1, "no column '" + name + "' (columns: " + have + ")");
    }
    return history.values(name);
  };
  const auto label_of = [&](const std::string& name) {
    const auto it = options.labels.find(name);
    return it == options.labels.end() ? name : it->second;
  };
  LinePlot plot;
  plot.title = options.title;
  plot.x_label = options.x_column;
  plot.y_label = options.y_label;
  plot.y2_label = options.y2_label;
  plot.log_y = options.log_y;
  const auto x = need(options.x_column);
  int color = 0;
  for (const auto& name : options.columns) {
    Series s;
    s.label = label_of(name);
    s.x = x;
    s.y = need(name);
    s.color = color++;
    s.dashed = name == "mean";
    plot.series.push_back(std::move(s));
  }
  for (const auto& name : options.right_columns) {
    if (history.column(name) < 0) continue;
    auto y = history.values(name);
    bool any = false;
    for (double v : y) any = any || std::isfinite(v);
    if (!any) continue;
    Series s;
    s.label = label_of(name);
    s.x = x;
    s.y = std::move(y);
    s.right_axis = true;
    s.color = 6;
    s.dashed = true;
    plot.series.push_back(std::move(s));
  }
  if (plot.series.size() > options.columns.size() && options.right_columns.size() > 1) {
    plot.y2_label.clear();
  }
  return plot;
}

void save_history_plot(const std::filesystem::path& path, const CsvTable& history,
                       const HistoryPlotOptions& options, const std::string& source_name) {
  save_line_plot(path, history_line_plot(history, options, source_name));
}

void save_history_plot(const std::filesystem::path& path, const History& history,
                       const HistoryPlotOptions& options) {
  save_history_plot(path, history.table(), options, "history");
}

std::filesystem::path plot_run_history(const std::filesystem::path& run_or_csv,
                                       HistoryPlotOptions options, std::filesystem::path out) {
  std::filesystem::path csv = run_or_csv;
  if (std::filesystem::is_directory(csv)) csv /= "history.csv";
  if (!std::filesystem::exists(csv))
    throw Error(csv.string(), 0, "no such file (expected a run folder with history.csv)");
  const auto table = parse_csv(read_text(csv.string()), csv.string());
  if (table.rows.empty()) throw Error(csv.string(), 2, "no rows to plot");
  if (options.title.empty())
    options.title = std::filesystem::absolute(csv).parent_path().filename().string();
  if (out.empty()) out = csv.parent_path() / "fitness.png";
  check_output_file(out, {".png", ".svg"}, "--image");
  save_history_plot(out, table, options, csv.string());
  return out;
}

}  // namespace evoplay::render
