// evoplay demo: runs each part's showcase and says where the pictures are.
#include "evoplay/cli/demo.hpp"

#include <fmt/format.h>

#include <cmath>
#include <functional>

#include "evoplay/cli/commands.hpp"
#include "evoplay/cli/common.hpp"
#include "evoplay/core/error.hpp"
#include "evoplay/core/progress.hpp"
#include "evoplay/core/stopwatch.hpp"
#include "evoplay/evo/ga.hpp"
#include "evoplay/evo/operators/crossover.hpp"
#include "evoplay/evo/operators/mutation.hpp"
#include "evoplay/evo/problems/circle_tsp.hpp"
#include "evoplay/render/canvas.hpp"
#include "evoplay/render/history_plot.hpp"

namespace evoplay::cli {

std::filesystem::path DemoContext::folder(const std::string& part) const {
  auto path = root / part;
  std::filesystem::create_directories(path);
  return path;
}

namespace {

struct DemoPart {
  const char* name;
  const char* title;
  std::function<void(DemoContext&)> run;
};

std::vector<DemoPart> demo_parts() {
  return {
      {"tsp", "genetic algorithm: a 60-city circle tour, optimum known", demo_tsp},
      {"birds", "Angry Birds levels: stability by Box2D physics, pictures before and after",
       demo_birds},
      {"birdsgen", "Angry Birds level generator: the document's GA, five stable levels",
       demo_birds_generator},
      {"birdsplay", "Angry Birds played: a generated level won by the search agent, animated",
       demo_birds_play},
      {"sudoku", "Sudoku: a medium puzzle solved by the permutation GA", demo_sudoku},
      {"lemmings", "Lemmings: the level suite replayed, one replay drawn, a level solved by CRO",
       demo_lemmings},
      {"search", "game-tree search: tic-tac-toe solved, Connect Four pruning, exact scores, a game",
       demo_search},
      {"flags", "capture the flag: a tournament of four bots on two maps, one game drawn",
       demo_flags},
      {"tictactoe-learn", "tic-tac-toe players evolved as rule sets until they never lose",
       demo_tictactoe_learning},
  };
}

void draw_tour(const std::filesystem::path& path, const evo::CircleTsp& tsp,
               const std::vector<int>& tour, const std::string& caption) {
  render::save_picture(path, 520, 560, [&](cairo_t* cr) {
    const double cx = 260, cy = 290, scale = 220;
    cairo_set_source_rgb(cr, 0.0, 0.45, 0.70);
    cairo_set_line_width(cr, 2);
    for (std::size_t i = 0; i <= tour.size(); ++i) {
      const int c = tour[i % tour.size()];
      const double x = cx + scale * tsp.x(c), y = cy - scale * tsp.y(c);
      i == 0 ? cairo_move_to(cr, x, y) : cairo_line_to(cr, x, y);
    }
    cairo_stroke(cr);
    cairo_set_source_rgb(cr, 0.84, 0.37, 0.0);
    for (std::size_t c = 0; c < tsp.cities(); ++c) {
      cairo_arc(cr, cx + scale * tsp.x(static_cast<int>(c)),
                cy - scale * tsp.y(static_cast<int>(c)), 4, 0, 2 * M_PI);
      cairo_fill(cr);
    }
    cairo_set_source_rgb(cr, 0.15, 0.15, 0.15);
    render::draw_text(cr, caption, 260, 14, 15, 0.5, 0, true);
  });
}

}  // namespace

void demo_tsp(DemoContext& ctx) {
  const auto dir = ctx.folder("tsp");
  const evo::CircleTsp tsp(60);
  evo::GaParams params;
  params.population = 200;
  params.crossover_rate = 0.9;
  params.mutation_rate = 0.4;
  params.elite_count = 2;
  params.selection = evo::Selection::parse("tournament:3");
  params.stop.generations = 2000;
  params.seed = ctx.seed;
  params.threads = ctx.threads;
  Progress progress(ctx.quiet, "tsp", params.stop.generations);
  ProgressObserver observer(progress, params.stop.generations);
  using G = std::vector<int>;
  const auto result = evo::run_ga(
      tsp, params, [](const G& a, const G& b, Rng& r) { return evo::ox(a, b, r); },
      [](G& g, Rng& r) { evo::inversion_mutation(g, r); }, &observer);
  progress.finish();

  auto config = evo::to_json(params);
  config["problem"] = {{"name", "circle-tsp"}, {"cities", tsp.cities()}};
  config["crossover"] = "ox";
  config["mutation"] = "inversion";
  const RunDir run = RunDir::create(dir.string(), "tsp");
  run.write_json("config.json", config);
  run.write_text("history.csv", result.history.to_csv());
  run.write_json("result.json", {{"solved", result.solved},
                                 {"best_length", result.best_fitness},
                                 {"optimum", tsp.optimum()},
                                 {"generations", result.generations},
                                 {"evaluations", result.evaluations},
                                 {"seconds", result.seconds},
                                 {"best_tour", result.best}});
  render::HistoryPlotOptions plot;
  plot.title = "GA on a 60-city circle TSP (tour length, optimum " +
               fmt::format("{:.4f}", tsp.optimum()) + ")";
  plot.y_label = "tour length";
  plot.y2_label = "diversity (edge distance)";
  render::save_history_plot(dir / "fitness.png", parse_csv(result.history.to_csv(), "history.csv"),
                            plot, "history.csv");
  draw_tour(dir / "tour.png", tsp, result.best,
            fmt::format("best tour after {} generations: {:.4f}", result.generations,
                        result.best_fitness));
  fmt::print(
      "  {} after {} generations, {} evaluations, {:.2f} s: tour length {:.4f} (optimum {:.4f})\n",
      result.solved ? "solved" : "not solved", result.generations, result.evaluations,
      result.seconds, result.best_fitness, tsp.optimum());
  ctx.show("TSP fitness curve", dir / "fitness.png");
  ctx.show("TSP best tour", dir / "tour.png");
}

void add_demo_command(CLI::App& app) {
  struct Options {
    CommonOptions common;
    std::vector<std::string> only;
  };
  auto opt = std::make_shared<Options>();
  auto* cmd = app.add_subcommand(
      "demo", "run a short showcase of every part and say where the pictures are");
  add_common_options(cmd, opt->common, kSeed | kThreads | kOut | kQuiet);
  std::string names;
  for (const auto& p : demo_parts()) names += std::string(names.empty() ? "" : ", ") + p.name;
  cmd->add_option("--only", opt->only, "run only these parts: " + names)->delimiter(',');
  cmd->callback([opt] {
    const auto parts = demo_parts();
    for (const auto& want : opt->only) {
      bool known = false;
      for (const auto& p : parts) known = known || want == p.name;
      if (!known)
        throw Error(fmt::format("--only: unknown demo part '{}' (parts: {})", want, [&] {
          std::string s;
          for (const auto& p : parts) s += std::string(s.empty() ? "" : ", ") + p.name;
          return s;
        }()));
    }
    const RunDir run = open_run_dir(opt->common, "demo");
    DemoContext ctx{run.path(), opt->common.seed, opt->common.threads, opt->common.quiet, {}};
    auto config = base_config("demo", opt->common);
    config["parts"] = nlohmann::json::array();
    const Stopwatch clock;
    for (const auto& part : parts) {
      if (!opt->only.empty() &&
          std::find(opt->only.begin(), opt->only.end(), part.name) == opt->only.end())
        continue;
      fmt::print("== {}: {}\n", part.name, part.title);
      std::fflush(stdout);
      part.run(ctx);
      config["parts"].push_back(part.name);
    }
    run.write_json("config.json", config);
    fmt::print("\nDemo finished in {:.1f} s. Pictures and files:\n", clock.seconds());
    for (const auto& [label, path] : ctx.artefacts)
      fmt::print("  {:<28} {}\n", label, path.string());
    fmt::print("All results: {}\n", run.path().string());
    fmt::print("Play in the browser: run `evoplay serve`, then open http://127.0.0.1:8080\n");
  });
}

}  // namespace evoplay::cli
