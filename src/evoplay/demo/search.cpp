// The game-tree search part of `evoplay demo`: tic-tac-toe solved, the cost of minimax against
// alpha-beta on Connect Four, exact Connect Four scores on Pons' test positions, and one game of
// alpha-beta against MCTS drawn as a GIF.
#include <fmt/format.h>

#include <filesystem>

#include "evoplay/core/data_dir.hpp"
#include "evoplay/core/rng.hpp"
#include "evoplay/core/run_dir.hpp"
#include "evoplay/core/text.hpp"
#include "evoplay/demo/demo.hpp"
#include "evoplay/games/connect4/board.hpp"
#include "evoplay/games/connect4/bots.hpp"
#include "evoplay/games/connect4/render.hpp"
#include "evoplay/games/connect4/solver.hpp"
#include "evoplay/games/tictactoe/perfect.hpp"
#include "evoplay/render/plot.hpp"
#include "evoplay/search/alphabeta.hpp"
#include "evoplay/search/minimax.hpp"
#include "evoplay/search/series.hpp"

namespace evoplay::demo {

namespace c4 = games::connect4;
namespace ttt = games::tictactoe;

void search(Context& ctx) {
  const auto dir = ctx.folder("search");
  const RunDir run = ctx.begin_part("search");
  const Rng master(ctx.seed);
  nlohmann::json result;

  // 1. Tic-tac-toe solved.
  const ttt::PerfectTable table;
  const auto census = ttt::census(table);
  const auto perfect_first =
      search::win_draw_loss(ttt::Board{}, ttt::bots(), "perfect", "random", 1000, master.split(1));
  const auto perfect_second =
      search::win_draw_loss(ttt::Board{}, ttt::bots(), "random", "perfect", 1000, master.split(2));
  ctx.say("  tic-tac-toe: {} positions, {} games, value of the empty board: {}\n", census.positions,
          census.games, table.value(ttt::Board{}) == 0 ? "draw" : "not a draw");
  ctx.say(
      "  perfect (X) vs random: {} / {} / {} wins/draws/losses; random vs perfect (O): {} / {} / "
      "{}\n",
      perfect_first[0], perfect_first[1], perfect_first[2], perfect_second[0], perfect_second[1],
      perfect_second[2]);
  result["tictactoe"] = {{"positions", census.positions},
                         {"games", census.games},
                         {"perfect_first_vs_random", perfect_first},
                         {"random_vs_perfect_second", perfect_second}};

  // 2. Nodes per depth from the empty Connect Four board.
  render::LinePlot plot;
  plot.title = "Connect Four from the empty board: nodes searched per depth";
  plot.x_label = "depth (plies)";
  plot.y_label = "nodes (log scale)";
  plot.log_y = true;
  auto nodes = [&](const char* label, auto&& search_to) {  // the series; its node count at 7
    render::Series s;
    s.label = label;
    s.markers = true;
    for (int depth = 1; depth <= 7; ++depth) {
      s.x.push_back(depth);
      s.y.push_back(static_cast<double>(search_to(depth).stats.nodes));
    }
    plot.series.push_back(s);
    return s.y.back();
  };
  auto alphabeta = [](int depth, bool full) {
    search::AlphaBetaSettings s;
    s.depth = depth;
    s.iterative_deepening = s.aspiration = s.table = full;
    s.quiescence = false;
    if (full) s.table_mib = 4;
    return search::AlphaBeta<c4::Board>(s).search(c4::Board{});
  };
  const double mm =
      nodes("minimax", [](int d) { return search::Minimax<c4::Board>({d}).search(c4::Board{}); });
  const double ab = nodes("alpha-beta (ordering)", [&](int d) { return alphabeta(d, false); });
  const double abt =
      nodes("alpha-beta + table + deepening", [&](int d) { return alphabeta(d, true); });
  ctx.say(
      "  connect4, depth 7 from the empty board: minimax {} nodes, alpha-beta {}, with table {}\n",
      mm, ab, abt);
  result["connect4_depth7_nodes"] = {{"minimax", mm}, {"alphabeta", ab}, {"alphabeta_table", abt}};
  render::save_line_plot(dir / "connect4_pruning.png", plot);
  ctx.show("Connect Four pruning", dir / "connect4_pruning.png");

  // 3. Exact scores on the first 100 positions of each of Pons' sets shipped in data/connect4.
  c4::Solver solver(32);
  const auto data = find_data_dir("connect4");
  for (const char* set : {"Test_L3_R1", "Test_L2_R1", "Test_L1_R1", "Test_L2_R2"}) {
    const std::filesystem::path path = data / set;
    if (data.empty() || !std::filesystem::exists(path)) {
      ctx.say("  connect4 {}: data/connect4/{} not found, skipped\n", set, set);
      continue;
    }
    int n = 0, right = 0;
    double seconds = 0;
    std::uint64_t nodes = 0;
    const std::string text = read_text(path.string());  // the lines below are views into it
    for (auto line : split_lines(text)) {
      line = trim(line);
      if (line.empty() || n == 100) continue;
      const auto space = line.find(' ');
      solver.clear();
      const auto r = solver.solve(c4::Board::from_moves(line.substr(0, space)));
      long long expected = 0;
      right += try_parse_int(line.substr(space + 1), expected) && expected == r.score;
      seconds += r.seconds;
      nodes += r.stats.nodes;
      ++n;
    }
    ctx.say("  connect4 {}: {}/{} exact scores, mean {:.1f} us and {:.0f} nodes per position\n",
            set, right, n, 1e6 * seconds / n, static_cast<double>(nodes) / n);
    result["connect4_solve"][set] = {
        {"positions", n}, {"exact", right}, {"mean_micros", 1e6 * seconds / n}};
  }

  // 4. One game: alpha-beta against MCTS, 100 ms a move each.
  auto factory = c4::bots();
  auto x = factory.make("alphabeta:100ms", master.split(3));
  auto o = factory.make("mcts:100ms", master.split(4));
  const auto game = search::play_game(c4::Board{}, {x.get(), o.get()},
                                      [](const c4::Board&, c4::Board::Move, const auto&) {});
  const std::string outcome = game.winner < 0    ? "draw"
                              : game.winner == 0 ? "alpha-beta (red) wins"
                                                 : "MCTS (yellow) wins";
  c4::Board end;
  for (auto m : game.moves) end.play(m);
  const std::string caption =
      fmt::format("alpha-beta 100 ms vs MCTS 100 ms: {} in {} moves", outcome, game.moves.size());
  c4::save_board_picture(dir / "connect4_game.png", end, caption);
  c4::save_game_gif(dir / "connect4_game.gif", game.moves, caption);
  ctx.say("  connect4 game, alpha-beta:100ms vs mcts:100ms: {} in {} moves\n", outcome,
          game.moves.size());
  result["connect4_game"] = {{"x", "alphabeta:100ms"},
                             {"o", "mcts:100ms"},
                             {"winner", game.winner},
                             {"moves", game.moves.size()}};
  ctx.show("Connect Four game (GIF)", dir / "connect4_game.gif");

  run.write_json("result.json", result);
}

}  // namespace evoplay::demo
