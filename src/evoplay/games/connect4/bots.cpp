#include "evoplay/games/connect4/bots.hpp"

#include <fmt/format.h>

#include <algorithm>

#include "evoplay/core/error.hpp"
#include "evoplay/core/stopwatch.hpp"

namespace evoplay::games::connect4 {

namespace {

search::AlphaBetaSettings fallback_settings(double seconds) {
  search::AlphaBetaSettings s;
  s.depth = kCells;
  s.seconds = std::max(seconds / 5, 0.02);
  s.table_mib = 8;
  return s;
}

}  // namespace

PerfectBot::PerfectBot(std::string name, double seconds, double table_mib)
    : search::Bot<Board>(std::move(name)),
      seconds_(seconds),
      solver_(table_mib),
      heuristic_(fallback_settings(seconds)) {
  // A timed move must not pay for the table's growth: full size (every page touched) at once.
  solver_.engine().table().set_grows(false);
}

search::SearchResult<Board::Move> PerfectBot::choose(const Board& b) {
  Stopwatch clock;
  search::SearchResult<Board::Move> r;
  const SolveResult s = solver_.solve(b, false, true, seconds_);
  last_solved_ = s.complete && s.column >= 0;
  if (last_solved_) {
    r.move = static_cast<Board::Move>(s.column);
    r.has_move = true;
    r.value = s.score;
    r.depth = kCells - b.moves();
    r.stats = s.stats;
  } else {
    r = heuristic_.search(b);
    r.stats += s.stats;
  }
  r.pv = {r.move};
  r.seconds = clock.seconds();
  return r;
}

search::BotFactory<Board> bots() {
  search::BotDefaults d;
  d.minimax_depth = 5;
  d.alphabeta_depth = kCells;
  d.alphabeta_seconds = 1.0;
  d.mcts_iterations = 20000;
  d.table_mib = 16;
  auto f = search::standard_bots<Board>(d);
  f.add("perfect", "perfect[:TIME]",
        [](const search::BotSpec& s, Rng) -> std::unique_ptr<search::Bot<Board>> {
          s.expect_at_most(1);
          double seconds = 5;
          if (!s.args.empty()) {
            const auto t = search::parse_duration(s.args[0]);
            if (!t)
              throw Error(fmt::format("player '{}': expected a time such as 500ms or 10s", s.text));
            seconds = *t;
          }
          return std::make_unique<PerfectBot>(s.text, seconds);
        });
  return f;
}

}  // namespace evoplay::games::connect4
