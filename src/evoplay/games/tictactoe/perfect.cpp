#include "evoplay/games/tictactoe/perfect.hpp"

#include <mutex>
#include <unordered_set>

namespace evoplay::games::tictactoe {

PerfectTable::PerfectTable() { solve(Board{}); }

int PerfectTable::solve(const Board& b) {
  const auto i = static_cast<std::size_t>(b.index3());
  if (known_[i]) return value_[i];
  known_[i] = true;
  ++positions_;
  if (b.is_terminal()) {
    value_[i] = static_cast<std::int8_t>(b.winner() < 0 ? 0 : -1);  // the side to move lost
    distance_[i] = 0;
    return value_[i];
  }
  int best = -2, best_distance = 0;
  for (int cell = 0; cell < 9; ++cell) {
    if (!(b.empty() >> cell & 1)) continue;
    Board next = b;
    next.play(static_cast<Board::Move>(cell));
    const int v = -solve(next);
    const int d = distance_[static_cast<std::size_t>(next.index3())] + 1;
    // Better value; or equal value and faster when winning, slower when not.
    if (v > best || (v == best && (v > 0 ? d < best_distance : d > best_distance))) {
      best = v;
      best_distance = d;
    }
  }
  value_[i] = static_cast<std::int8_t>(best);
  distance_[i] = static_cast<std::int8_t>(best_distance);
  return best;
}

search::MoveList<Board::Move, 9> PerfectTable::optimal_moves(const Board& b) const {
  search::MoveList<Board::Move, 9> out;
  if (b.is_terminal()) return out;
  const int v = value(b);
  for (int cell = 0; cell < 9; ++cell) {
    if (!(b.empty() >> cell & 1)) continue;
    Board next = b;
    next.play(static_cast<Board::Move>(cell));
    if (-value(next) == v) out.push_back(static_cast<Board::Move>(cell));
  }
  return out;
}

search::MoveList<Board::Move, 9> PerfectTable::fastest_moves(const Board& b) const {
  search::MoveList<Board::Move, 9> out;
  for (auto m : optimal_moves(b)) {
    Board next = b;
    next.play(m);
    if (distance(next) + 1 == distance(b)) out.push_back(m);
  }
  return out;
}

namespace {

struct Walker {
  const PerfectTable& table;
  Census& c;
  std::unordered_set<std::uint64_t> seen;

  // Every game: counts nodes per ply and outcomes.
  void games(Board& b, int ply) {
    ++c.nodes_per_ply[static_cast<std::size_t>(ply)];
    ++c.tree_nodes;
    if (b.is_terminal()) {
      ++c.games;
      const int w = b.winner();
      (w == 0 ? c.games_x_wins : w == 1 ? c.games_o_wins : c.games_draws) += 1;
      return;
    }
    for (int cell = 0; cell < 9; ++cell) {
      if (!(b.empty() >> cell & 1)) continue;
      b.play(static_cast<Board::Move>(cell));
      games(b, ply + 1);
      b.undo(static_cast<Board::Move>(cell));
    }
  }

  // Every distinct position once.
  void positions(const Board& b) {
    if (!seen.insert(b.hash()).second) return;
    ++c.positions;
    ++c.positions_per_ply[static_cast<std::size_t>(b.moves())];
    const int v = table.value(b);
    const int v_x = b.to_move() == 0 ? v : -v;
    (v_x > 0 ? c.value_x_wins : v_x < 0 ? c.value_o_wins : c.value_draws) += 1;
    if (b.is_terminal()) {
      ++c.terminal;
      const int w = b.winner();
      (w == 0 ? c.terminal_x_wins : w == 1 ? c.terminal_o_wins : c.terminal_draws) += 1;
      return;
    }
    if (table.optimal_moves(b).size() < 9 - b.moves()) ++c.mistake_positions;
    for (int cell = 0; cell < 9; ++cell) {
      if (!(b.empty() >> cell & 1)) continue;
      Board next = b;
      next.play(static_cast<Board::Move>(cell));
      positions(next);
    }
  }
};

}  // namespace

Census census(const PerfectTable& table) {
  Census c;
  Walker w{table, c, {}};
  Board start;
  w.games(start, 0);
  w.positions(Board{});
  std::unordered_set<std::uint64_t> classes;
  for (std::uint64_t h : w.seen) {
    classes.insert(Board(static_cast<std::uint16_t>(h & 0777), static_cast<std::uint16_t>(h >> 9))
                       .canonical_hash());
  }
  c.symmetry_classes = classes.size();
  return c;
}

search::SearchResult<Board::Move> PerfectBot::choose(const Board& b) {
  search::SearchResult<Board::Move> r;
  const auto moves = table_->optimal_moves(b);
  if (moves.empty()) return r;
  r.move = moves[static_cast<int>(rng_.index(static_cast<std::size_t>(moves.size())))];
  r.has_move = true;
  r.pv = {r.move};
  const int v = table_->value(b);
  const int d = table_->distance(b);
  r.value = v > 0 ? search::kWin - d : v < 0 ? -search::kWin + d : 0;
  r.depth = d;
  return r;
}

search::BotFactory<Board> bots() {
  search::BotDefaults d;
  d.minimax_depth = 9;
  d.alphabeta_depth = 9;
  d.alphabeta_seconds = 0;  // the whole game, in well under a millisecond
  d.mcts_iterations = 2000;
  d.table_mib = 1;
  auto f = search::standard_bots<Board>(d);
  // The table is solved when the first perfect bot is made, once, whichever thread asks.
  struct Lazy {
    std::once_flag once;
    std::shared_ptr<const PerfectTable> table;
  };
  auto lazy = std::make_shared<Lazy>();
  f.add("perfect", "perfect",
        [lazy](const search::BotSpec& s, Rng rng) -> std::unique_ptr<search::Bot<Board>> {
          s.expect_at_most(0);
          std::call_once(lazy->once, [&] { lazy->table = std::make_shared<const PerfectTable>(); });
          return std::make_unique<PerfectBot>(s.text, lazy->table, rng);
        });
  return f;
}

}  // namespace evoplay::games::tictactoe
