// evoplay plot RUN_DIR: fitness curves of a run from its history.csv.
#include <fmt/format.h>

#include "evoplay/cli/commands.hpp"
#include "evoplay/render/history_plot.hpp"

namespace evoplay::cli {

void add_plot_command(CLI::App& app) {
  struct Options {
    std::string run_dir, out, x = "generation", title;
    std::vector<std::string> columns = {"best", "mean", "worst"};
    std::vector<std::string> right = {"diversity"};
    bool log = false;
  };
  auto opt = std::make_shared<Options>();
  auto* cmd =
      app.add_subcommand("plot", "draw a run's fitness curves (history.csv) to a PNG or SVG");
  cmd->add_option("run_dir", opt->run_dir,
                  "run folder holding history.csv (or the CSV file itself)")
      ->required();
  cmd->add_option("--image", opt->out,
                  "picture to write (.png or .svg; default RUN_DIR/fitness.png)");
  cmd->add_option("--x-axis", opt->x, "column for the x axis (e.g. evaluations, elapsed)")
      ->capture_default_str();
  cmd->add_option("--left", opt->columns, "columns on the left axis")
      ->delimiter(',')
      ->capture_default_str();
  cmd->add_option("--right", opt->right, "columns on the right axis, drawn when present")
      ->delimiter(',')
      ->capture_default_str();
  cmd->add_option("--title", opt->title, "title (default: the run folder's name)");
  cmd->add_flag("--log", opt->log, "logarithmic left axis");
  cmd->callback([opt] {
    render::HistoryPlotOptions options;
    options.x_column = opt->x;
    options.columns = opt->columns;
    options.right_columns = opt->right;
    options.log_y = opt->log;
    options.title = opt->title;
    fmt::print("{}\n", render::plot_run_history(opt->run_dir, options, opt->out).string());
  });
}

}  // namespace evoplay::cli
