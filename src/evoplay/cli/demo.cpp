// evoplay demo: binds the options to the demo library (evoplay/demo/) and says where the
// pictures are.
#include "evoplay/demo/demo.hpp"

#include <fmt/format.h>

#include <algorithm>

#include "evoplay/cli/commands.hpp"
#include "evoplay/cli/common.hpp"
#include "evoplay/core/stopwatch.hpp"

namespace evoplay::cli {

void add_demo_command(CLI::App& app) {
  struct Options {
    CommonOptions common;
    std::vector<std::string> only;
  };
  auto opt = std::make_shared<Options>();
  auto* cmd = app.add_subcommand(
      "demo", "run a short showcase of every part and say where the pictures are");
  add_common_options(cmd, opt->common, kSeed | kThreads | kOut | kQuiet);
  cmd->add_option("--only", opt->only, "run only these parts: " + demo::part_names())
      ->delimiter(',');
  cmd->callback([opt] {
    demo::check_part_names(opt->only);  // before the run folder: nothing half-written
    RunDir run = open_run_dir(opt->common, "demo");
    demo::Context ctx{run.path(),        opt->common.seed, opt->common.threads,
                      opt->common.quiet, stdout,           {}};
    auto config = base_config("demo", opt->common);
    const Stopwatch clock;
    config["parts"] = demo::run(ctx, opt->only);
    run.write_json("config.json", config);
    // The demo's folder is a run too (its parts are runs inside it): complete once they are.
    run.finish({{"parts", config["parts"]}, {"seconds", clock.seconds()}});
    fmt::print("\nDemo finished in {:.1f} s. Pictures and files:\n", clock.seconds());
    std::size_t width = 0;  // the paths in one column, however long a label
    for (const auto& artefact : ctx.artefacts) width = std::max(width, artefact.first.size());
    for (const auto& [label, path] : ctx.artefacts)
      fmt::print("  {:<{}} {}\n", label, width, path.string());
    print_run_dir(run);
    fmt::print("Play in the browser: run `evoplay serve`, then open http://127.0.0.1:8080\n");
  });
}

}  // namespace evoplay::cli
