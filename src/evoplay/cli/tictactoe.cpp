// evoplay tictactoe: play (people, bots and learned agents) and solve (the game's facts and the
// cost of search); learn and agents are in tictactoe_learn.cpp.
#include <fmt/format.h>

#include "evoplay/cli/commands.hpp"
#include "evoplay/cli/common.hpp"
#include "evoplay/cli/play.hpp"
#include "evoplay/cli/tictactoe_learn.hpp"
#include "evoplay/core/json_text.hpp"
#include "evoplay/games/tictactoe/agent_bot.hpp"
#include "evoplay/games/tictactoe/board.hpp"
#include "evoplay/games/tictactoe/perfect.hpp"
#include "evoplay/search/alphabeta.hpp"
#include "evoplay/search/minimax.hpp"

namespace evoplay::cli {

namespace ttt = games::tictactoe;

namespace {

std::shared_ptr<const GameUi<ttt::Board>> tictactoe_ui() {
  auto ui = std::make_shared<GameUi<ttt::Board>>();
  auto tally = std::make_shared<ttt::AgentTally>();
  ui->command = "tictactoe";
  ui->seat_names = {"X", "O"};
  // With a learned agent playing, the board also says how many games were drawn and how many of
  // the agent's moves its rules chose.
  ui->draw = [tally](const ttt::Board& b, bool human) {
    return b.to_text(human) + tally->status();
  };
  ui->on_game_end = [tally](const ttt::Board&, int winner) {
    ++tally->games;
    if (winner < 0) ++tally->draws;
  };
  ui->move_name = [](const ttt::Board::Move& m) { return std::to_string(m + 1); };
  ui->move_help = "a cell from 1 to 9";
  ui->parse_move = [](const ttt::Board& b, std::string_view text, ttt::Board::Move& m,
                      std::string& why) {
    int cell = 0;
    if (!read_number(text, 1, 9, "cell", cell, why)) return false;
    if (!(b.empty() >> (cell - 1) & 1)) {
      why = fmt::format("cell {} is taken: choose an empty cell", cell);
      return false;
    }
    m = static_cast<ttt::Board::Move>(cell - 1);
    return true;
  };
  ui->bots = [tally] {
    auto f = ttt::bots();
    ttt::add_agent_bots(f, tally);
    return f;
  };
  return ui;
}

struct SearchCost {
  std::string name;
  search::SearchResult<ttt::Board::Move> result;
};

template <class Fn>
SearchCost measure(std::string name, Fn&& fn) {
  return {std::move(name), fn()};
}

void run_solve(bool json) {
  const ttt::PerfectTable table;
  const ttt::Census c = ttt::census(table);
  const ttt::Board start;
  search::AlphaBetaSettings plain;
  plain.depth = 9;
  plain.iterative_deepening = plain.aspiration = false;
  plain.table = false;
  search::AlphaBetaSettings with_table = plain;
  with_table.table = true;
  with_table.table_mib = 1;
  const std::vector<SearchCost> costs = {
      measure("minimax", [&] { return search::Minimax<ttt::Board>({9}).search(start); }),
      measure("alpha-beta", [&] { return search::AlphaBeta<ttt::Board>(plain).search(start); }),
      measure("alpha-beta + table",
              [&] { return search::AlphaBeta<ttt::Board>(with_table).search(start); }),
  };
  const char* value = table.value(start) > 0   ? "win for X"
                      : table.value(start) < 0 ? "win for O"
                                               : "draw";
  if (json) {
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
      entry["algorithm"] = s.name;
      entry["value"] = s.result.value;
      entry["seconds"] = s.result.seconds;
      out["search"].push_back(entry);
    }
    fmt::print("{}\n", json_text(out, 2));
    return;
  }
  auto join = [](const auto& values) {
    std::string s;
    for (auto v : values) s += fmt::format("{}{}", s.empty() ? "" : " ", v);
    return s;
  };
  fmt::print("Tic-tac-toe, solved by search\n");
  fmt::print("  value of the empty board:   {} (every first move: {})\n", value,
             table.optimal_moves(start).size() == 9 ? "draw" : "not all equal");
  fmt::print("  positions:                  {} ({} up to symmetry)\n", c.positions,
             c.symmetry_classes);
  fmt::print("    per ply 0-9:              {}\n", join(c.positions_per_ply));
  fmt::print("    terminal:                 {} (X wins {}, O wins {}, draws {})\n", c.terminal,
             c.terminal_x_wins, c.terminal_o_wins, c.terminal_draws);
  fmt::print("    perfect-play values:      X wins {}, draws {}, O wins {} (X's view)\n",
             c.value_x_wins, c.value_draws, c.value_o_wins);
  fmt::print("    where a mistake is possible: {}\n", c.mistake_positions);
  fmt::print("  games:                      {} (X wins {}, O wins {}, draws {})\n", c.games,
             c.games_x_wins, c.games_o_wins, c.games_draws);
  fmt::print("  game-tree nodes per ply:    {} ({} in all)\n", join(c.nodes_per_ply), c.tree_nodes);
  fmt::print("\nSearch from the empty board to the end of the game (9 plies):\n");
  fmt::print("  {:<20} {:>6} {:>9} {:>11} {:>9} {:>13} {:>11} {:>9}\n", "algorithm", "value",
             "nodes", "leaf evals", "cut-offs", "table probes", "table hits", "ms");
  for (const auto& s : costs) {
    fmt::print("  {:<20} {:>6} {:>9} {:>11} {:>9} {:>13} {:>11} {:>9.3f}\n", s.name, s.result.value,
               s.result.stats.nodes, s.result.stats.leaves, s.result.stats.cutoffs,
               s.result.stats.tt_probes, s.result.stats.tt_hits, 1e3 * s.result.seconds);
  }
}

}  // namespace

void add_tictactoe_commands(CLI::App& app) {
  auto* cmd = app.add_subcommand(
      "tictactoe",
      "tic-tac-toe: play against bots or people, the game solved by search, and agents that learn");
  cmd->require_subcommand(1);
  add_play_command<ttt::Board>(cmd, tictactoe_ui(), {"human", "alphabeta"});
  auto json = std::make_shared<bool>(false);
  auto* solve = cmd->add_subcommand(
      "solve",
      "the value of the game, its exact counts, and the nodes minimax and alpha-beta need");
  solve->add_flag("--json", *json, "machine-readable output: JSON");
  solve->callback([json] { run_solve(*json); });
  add_tictactoe_learn_commands(cmd);
}

}  // namespace evoplay::cli
