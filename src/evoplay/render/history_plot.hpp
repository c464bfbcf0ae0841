#pragma once
// The standard picture of a run: best / mean / worst fitness per generation from history.csv,
// with diversity on a second axis when the run recorded it.

#include <filesystem>
#include <map>
#include <string>
#include <vector>

#include "evoplay/core/fields.hpp"
#include "evoplay/core/history.hpp"
#include "evoplay/render/plot.hpp"

namespace evoplay::render {

struct HistoryPlotOptions {
  std::string title;
  std::string x_column = "generation";
  std::vector<std::string> columns = {"best", "mean", "worst"};  // left axis
  std::vector<std::string> right_columns = {"diversity"};        // drawn if they hold values
  std::string y_label = "fitness";
  std::string y2_label = "diversity";
  bool log_y = false;
  /// A legend's words for a column (e.g. min_hamming: "closest pair"); not listed: its name.
  std::map<std::string, std::string> labels;

  /// What `evoplay plot` lets a person choose (core/fields.hpp).
  template <class S, class V>
  static void fields(S& s, V& v) {
    v(s.x_column, {.name = "x-axis", .help = "column for the x axis (e.g. evaluations, elapsed)"});
    v(s.columns, {.name = "left", .help = "columns on the left axis"});
    v(s.right_columns, {.name = "right", .help = "columns on the right axis, drawn when present"});
    v(s.title, {.name = "title", .help = "title (default: the run folder's name)"});
    v(s.log_y, {.name = "log", .help = "logarithmic left axis"});
  }
  void validate() const { fields::check(*this); }
};

/// The chart of the chosen columns of a history table: a series per column, labelled by
/// options.labels or the column's name. Throws Error (at `source_name`) if a column is missing.
LinePlot history_line_plot(const CsvTable& history, const HistoryPlotOptions& options,
                           const std::string& source_name);

/// Draws it. Throws Error if a column is missing.
void save_history_plot(const std::filesystem::path& path, const CsvTable& history,
                       const HistoryPlotOptions& options, const std::string& source_name);

/// The same, from a run's History in memory.
void save_history_plot(const std::filesystem::path& path, const History& history,
                       const HistoryPlotOptions& options);

/// `evoplay plot`: the curves of a run folder's history.csv (or of that CSV file given itself)
/// into `out` (.png or .svg; empty: fitness.png beside the CSV), titled by the folder's name
/// when options.title is empty. Returns the picture's path. Throws Error naming a missing or
/// empty file.
std::filesystem::path plot_run_history(const std::filesystem::path& run_or_csv,
                                       HistoryPlotOptions options, std::filesystem::path out);

}  // namespace evoplay::render
