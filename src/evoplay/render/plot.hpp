#pragma once
// Charts for papers: line plots (fitness per generation, success against a parameter) with an
// optional second y axis and error bands, and grouped bar charts. PNG or SVG by extension.

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace evoplay::render {

struct Series {
  std::string label;
  std::vector<double> x, y;       // NaN values break the line
  std::vector<double> low, high;  // optional shaded band (same length as y)
  int color = -1;                 // index into kSeriesColors; -1 = next free
  bool dashed = false;
  bool markers = false;
  bool right_axis = false;  // plotted against the second y axis
};

struct LinePlot {
  std::string title, x_label, y_label, y2_label;
  std::vector<Series> series;
  int width = 960, height = 600;
  bool log_y = false;
  std::optional<double> y_min, y_max, y2_min, y2_max;
  bool legend_below = false;  // the legend under the chart (the picture grows), not over it
  // Each series its own dash pattern and marker shape (hollow square, triangle, diamond...),
  // and is nudged by 2 px per series (centred on the value), so that series with equal values
  // stay visible side by side.
  bool distinct_styles = false;
};

struct BarGroup {
  std::string label;           // legend entry (e.g. an algorithm)
  std::vector<double> values;  // one per category
  std::vector<double> errors;  // optional half-widths of error bars
};

struct BarChart {
  std::string title, y_label;
  std::vector<std::string> categories;  // x axis (e.g. levels)
  std::vector<BarGroup> groups;
  int width = 960, height = 600;
  std::optional<double> y_max;
};

void save_line_plot(const std::filesystem::path& path, const LinePlot& plot);
void save_bar_chart(const std::filesystem::path& path, const BarChart& chart);

/// "Nice" tick positions covering [lo, hi] with about `target` ticks (1, 2, 2.5, 5 x 10^k);
/// never empty.
std::vector<double> nice_ticks(double lo, double hi, int target = 6);
/// Label of a tick value, without trailing zeros.
std::string tick_label(double value, double step);
/// Labels of a logarithmic axis's decades, all written one way: whole numbers with thousands
/// separators when every tick lies from 1 to 1,000,000 ("1", ..., "1,000,000"), else powers of
/// ten ("1e-3", ..., "1e9"); never "100000" beside "1e6".
std::vector<std::string> log_tick_labels(const std::vector<double>& ticks);

}  // namespace evoplay::render
