#include "evoplay/games/tictactoe/solve_report.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "evoplay/search/alphabeta.hpp"
#include "evoplay/search/minimax.hpp"

namespace evoplay::games::tictactoe {

SolveReport solve_game() {
  const PerfectTable table;
  const Board start;
  SolveReport r;
  r.census = census(table);
  r.value = table.value(start) > 0 ? "win for X" : table.value(start) < 0 ? "win for O" : "draw";
  r.every_first_move_equal = table.optimal_moves(start).size() == 9;
  search::AlphaBetaSettings plain;
  plain.depth = 9;
  plain.iterative_deepening = plain.aspiration = false;
  plain.table = false;
  search::AlphaBetaSettings with_table = plain;
  with_table.table = true;
  with_table.table_mib = 1;
  r.costs.push_back({"minimax", search::Minimax<Board>({9}).search(start)});
  r.costs.push_back({"alpha-beta", search::AlphaBeta<Board>(plain).search(start)});
  r.costs.push_back({"alpha-beta + table", search::AlphaBeta<Board>(with_table).search(start)});
  return r;
}

nlohmann::json SolveReport::to_json() const {
  const Census& c = census;
  nlohmann::json out = {
      {"value", value},
      {"positions", c.positions},
      {"terminal",
       {{"total", c.terminal},
        {"x_wins", c.terminal_x_wins},
        {"o_wins", c.terminal_o_wins},
        {"draws", c.terminal_draws}}},
      {"symmetry_classes", c.symmetry_classes},
      {"positions_per_ply", c.positions_per_ply},
      {"games",
       {{"total", c.games},
        {"x_wins", c.games_x_wins},
        {"o_wins", c.games_o_wins},
        {"draws", c.games_draws}}},
      {"tree_nodes_per_ply", c.nodes_per_ply},
      {"tree_nodes", c.tree_nodes},
      {"values",
       {{"x_wins", c.value_x_wins}, {"draws", c.value_draws}, {"o_wins", c.value_o_wins}}},
      {"mistake_positions", c.mistake_positions},
      {"search", nlohmann::json::array()}};
  for (const auto& s : costs) {
    auto entry = search::to_json(s.result.stats);
    entry["algorithm"] = s.algorithm;
    entry["value"] = s.result.value;
    entry["seconds"] = s.result.seconds;
    out["search"].push_back(entry);
  }
  return out;
}

std::string SolveReport::to_text() const {
  const Census& c = census;
  std::string out = "Tic-tac-toe, solved by search\n";
  out += fmt::format("  value of the empty board:   {} (every first move: {})\n", value,
                     every_first_move_equal ? "draw" : "not all equal");
  out += fmt::format("  positions:                  {} ({} up to symmetry)\n", c.positions,
                     c.symmetry_classes);
  out += fmt::format("    per ply 0-9:              {}\n", fmt::join(c.positions_per_ply, " "));
  out += fmt::format("    terminal:                 {} (X wins {}, O wins {}, draws {})\n",
                     c.terminal, c.terminal_x_wins, c.terminal_o_wins, c.terminal_draws);
  out += fmt::format("    perfect-play values:      X wins {}, draws {}, O wins {} (X's view)\n",
                     c.value_x_wins, c.value_draws, c.value_o_wins);
  out += fmt::format("    where a mistake is possible: {}\n", c.mistake_positions);
  out += fmt::format("  games:                      {} (X wins {}, O wins {}, draws {})\n", c.games,
                     c.games_x_wins, c.games_o_wins, c.games_draws);
  out += fmt::format("  game-tree nodes per ply:    {} ({} in all)\n",
                     fmt::join(c.nodes_per_ply, " "), c.tree_nodes);
  out += "\nSearch from the empty board to the end of the game (9 plies):\n";
  out +=
      fmt::format("  {:<20} {:>6} {:>9} {:>11} {:>9} {:>13} {:>11} {:>9}\n", "algorithm", "value",
                  "nodes", "leaf evals", "cut-offs", "table probes", "table hits", "ms");
  for (const auto& s : costs) {
    const auto& st = s.result.stats;
    out += fmt::format("  {:<20} {:>6} {:>9} {:>11} {:>9} {:>13} {:>11} {:>9.3f}\n", s.algorithm,
                       s.result.value, st.nodes, st.leaves, st.cutoffs, st.tt_probes, st.tt_hits,
                       1e3 * s.result.seconds);
  }
  return out;
}

}  // namespace evoplay::games::tictactoe
