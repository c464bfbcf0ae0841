// evoplay plot RUN_DIR: fitness curves of a run from its history.csv.
#include <fmt/format.h>

#include "evoplay/cli/commands.hpp"
#include "evoplay/cli/fields.hpp"
#include "evoplay/render/history_plot.hpp"

namespace evoplay::cli {

void add_plot_command(CLI::App& app) {
  struct Options {
    std::string run_dir, out;
    std::shared_ptr<FieldOptions<render::HistoryPlotOptions>> plot;
  };
  auto opt = std::make_shared<Options>();
  auto* cmd =
      app.add_subcommand("plot", "draw a run's fitness curves (history.csv) to a PNG or SVG");
  cmd->add_option("run_dir", opt->run_dir,
                  "run folder holding history.csv (or the CSV file itself)")
      ->required();
  cmd->add_option("--image", opt->out,
                  "picture to write (.png or .svg; default RUN_DIR/fitness.png)");
  opt->plot = bind_fields(cmd, render::HistoryPlotOptions{});
  cmd->callback([opt] {
    fmt::print("{}\n",
               render::plot_run_history(opt->run_dir, opt->plot->resolve(), opt->out).string());
  });
}

}  // namespace evoplay::cli
