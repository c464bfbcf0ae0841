// Tic-tac-toe: the whole game solved from the empty board by minimax, alpha-beta and alpha-beta
// with a transposition table (time and nodes), the perfect table, and random games per second.
#include "bench_util.hpp"
#include "evoplay/core/rng.hpp"
#include "evoplay/games/tictactoe/board.hpp"
#include "evoplay/games/tictactoe/perfect.hpp"
#include "evoplay/search/alphabeta.hpp"
#include "evoplay/search/bots.hpp"
#include "evoplay/search/minimax.hpp"

using namespace evoplay;
using namespace evoplay::games::tictactoe;

int main() {
  const Board start;
  search::Minimax<Board> minimax({9});
  search::SearchResult<Board::Move> m;
  const double minimax_s = bench::seconds([&] { m = minimax.search(start); });
  bench::figure("tictactoe_solve_minimax_time", 1e3 * minimax_s, "ms");
  bench::figure("tictactoe_solve_minimax_nodes", static_cast<double>(m.stats.nodes), "nodes");

  for (bool table : {false, true}) {
    search::AlphaBetaSettings s;
    s.depth = 9;
    s.iterative_deepening = s.aspiration = false;
    s.table = table;
    s.table_mib = 1;
    search::AlphaBeta<Board> ab(s);
    const int runs = 200;
    search::SearchResult<Board::Move> r;
    double total = 0;
    for (int i = 0; i < runs; ++i) {
      ab.clear();  // each run from an empty table
      total += bench::cpu_seconds([&] { r = ab.search(start); });
    }
    const std::string tag = table ? "tictactoe_solve_alphabeta_table" : "tictactoe_solve_alphabeta";
    bench::figure(tag + "_time", 1e3 * total / runs, table ? "ms(goal<5)" : "ms");
    bench::figure(tag + "_nodes", static_cast<double>(r.stats.nodes), "nodes");
    bench::figure(tag + "_share_of_minimax",
                  100.0 * static_cast<double>(r.stats.nodes) / static_cast<double>(m.stats.nodes),
                  "%(goal<=10)");
    if (r.value != m.value) bench::figure(tag + "_VALUE_DIFFERS", 1, "error");
  }

  const double table_s = bench::seconds([] { const PerfectTable t; });
  bench::figure("tictactoe_perfect_table_build", 1e3 * table_s, "ms");

  auto factory = bots();
  auto a = factory.make("random", Rng(1)), b = factory.make("random", Rng(2));
  const int games = 200000;
  const double games_s = bench::seconds([&] {
    for (int i = 0; i < games; ++i)
      search::play_game(start, {a.get(), b.get()}, [](const Board&, Board::Move, const auto&) {});
  });
  bench::figure("tictactoe_random_games", games / games_s, "games/s");
}
