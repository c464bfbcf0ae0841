#include "evoplay/games/tictactoe/learn_plots.hpp"

#include <tuple>

#include "evoplay/render/history_plot.hpp"
#include "evoplay/render/plot.hpp"

namespace evoplay::games::tictactoe {

namespace {

std::vector<double> column(const History& h, const std::string& name) {
  std::vector<double> out;
  for (const auto& r : h.rows)
    out.push_back(name == "generation" ? static_cast<double>(r.generation) : r.extra_value(name));
  return out;
}

}  // namespace

std::vector<std::filesystem::path> save_learn_plots(const RunDir& run, const History& h,
                                                    const std::string& title) {
  if (h.rows.size() < 2) return {};
  const auto x = column(h, "generation");
  auto series = [&](const std::string& label, const std::string& name, int color, bool dashed) {
    render::Series s;
    s.label = label;
    s.x = x;
    s.y = column(h, name);
    s.color = color;
    s.dashed = dashed;
    return s;
  };
  auto percent_plot = [&](const std::string& what, const std::string& y_label) {
    render::LinePlot p;
    p.title = title + ": " + what;
    p.x_label = "cycle";
    p.y_label = y_label;
    p.y_min = 0;
    p.y_max = 100;
    p.legend_below = true;
    return p;
  };
  // Solid: the best agent; dashed: the population's mean (exact probabilities).
  auto results = percent_plot("games against random and perfect (%)", "% of games");
  int color = 0;
  for (const auto& [what, name] : {std::pair{"X vs random: win", "x_random_win"},
                                   {"X vs random: loss", "x_random_loss"},
                                   {"O vs random: win", "o_random_win"},
                                   {"O vs random: loss", "o_random_loss"},
                                   {"X vs perfect: loss", "x_perfect_loss"},
                                   {"O vs perfect: loss", "o_perfect_loss"}}) {
    results.series.push_back(series(std::string("best, ") + what, name, color, false));
    results.series.push_back(
        series(std::string("mean, ") + what, std::string("mean_") + name, color, true));
    ++color;
  }
  auto knows = percent_plot("what the agents know", "%");
  knows.y2_label = "losing lines (exhaustive check)";
  knows.series = {
      series("best: optimal moves, positions it faces", "agree_faced", 0, false),
      series("mean: optimal moves, positions faced", "mean_agree_faced", 0, true),
      series("best: optimal moves, 3,191 mistake positions", "agree_mistakes", 1, false),
      series("mean: optimal moves, 3,191 mistake positions", "mean_agree_mistakes", 1, true),
      series("best: moves by rules", "rule_moves", 2, false),
      series("mean: moves by rules (vs random)", "mean_rule_moves", 2, true),
      series("agents that never lose as X", "mean_x_unbeaten", 4, false),
      series("agents that never lose as O", "mean_o_unbeaten", 5, false)};
  for (auto [label, name, dashed] :
       {std::tuple{"best: lost lines as X", "x_lost_lines", false},
        std::tuple{"best: lost lines as O", "o_lost_lines", true},
        std::tuple{"mean: lost lines as X", "mean_x_lost_lines", false},
        std::tuple{"mean: lost lines as O", "mean_o_lost_lines", true}}) {
    auto l = series(label, name, std::string(name).starts_with("mean") ? 7 : 6, dashed);
    l.right_axis = true;
    knows.series.push_back(l);
  }
  knows.y2_min = 0;
  const auto results_png = run.file("results.png"), knows_png = run.file("knowledge.png"),
             weights_png = run.file("fitness.png");
  render::save_line_plot(results_png, results);
  render::save_line_plot(knows_png, knows);
  render::HistoryPlotOptions w;
  w.title = title + ": agents' weights";
  w.x_column = "generation";
  w.y_label = "weight";
  w.y2_label = "diversity (share of rules not shared)";
  render::save_history_plot(weights_png, h, w);
  return {results_png, knows_png, weights_png};
}

}  // namespace evoplay::games::tictactoe
