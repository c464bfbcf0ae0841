// The demo's first part: the GA on a 60-city circle TSP, whose optimum is known, with its
// fitness curve and the best tour drawn.
#include <fmt/format.h>

#include <cmath>

#include "evoplay/core/history_log.hpp"
#include "evoplay/core/progress.hpp"
#include "evoplay/core/run_dir.hpp"
#include "evoplay/core/text.hpp"
#include "evoplay/demo/demo.hpp"
#include "evoplay/evo/ga.hpp"
#include "evoplay/evo/operators/crossover.hpp"
#include "evoplay/evo/operators/mutation.hpp"
#include "evoplay/evo/problems/circle_tsp.hpp"
#include "evoplay/render/canvas.hpp"
#include "evoplay/render/history_plot.hpp"

namespace evoplay::demo {

namespace {

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

void tsp(Context& ctx) {
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
  auto config = evo::to_json(params);
  config["problem"] = {{"name", "circle-tsp"}, {"cities", tsp.cities()}};
  config["crossover"] = "ox";
  config["mutation"] = "inversion";
  const RunDir run = ctx.begin_part("tsp", config);
  Progress progress(ctx.quiet, "tsp", params.stop.generations);
  ProgressObserver observer(progress, params.stop.generations);
  HistoryLog live(run.file("history.csv"), &observer);  // the history as it grows
  using G = std::vector<int>;
  const auto result = evo::run_ga(
      tsp, params, [](const G& a, const G& b, Rng& r) { return evo::ox(a, b, r); },
      [](G& g, Rng& r) { evo::inversion_mutation(g, r); }, &live);
  progress.finish();

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
  ctx.say(
      "  {} after {} generations, {} evaluations, {:.2f} s: tour length {:.4f} (optimum {:.4f})\n",
      result.solved ? "solved" : "not solved", result.generations, result.evaluations,
      result.seconds, result.best_fitness, tsp.optimum());
  ctx.show("TSP fitness curve", dir / "fitness.png");
  ctx.show("TSP best tour", dir / "tour.png");
}

}  // namespace evoplay::demo
