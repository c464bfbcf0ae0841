#include "evoplay/games/connect4/solver.hpp"

#include <unordered_set>
#include <vector>

namespace evoplay::games::connect4 {

search::AlphaBetaSettings solver_settings(double table_mib, int threads) {
  search::AlphaBetaSettings s;
  s.depth = kCells;
  s.iterative_deepening = false;
  s.table = true;
  s.table_mib = table_mib;
  s.table_grows = true;  // a line after a clear uses only the memory it needs
  s.table_move = true;
  s.enhanced_cutoffs = true;
  s.enhanced_cutoff_depth = 12;
  s.hints = true;
  s.killers = false;
  s.history = false;
  s.pvs = false;
  s.aspiration = false;
  s.quiescence = false;
  s.threads = threads;
  // Threads split the moves of nodes up to 14 plies from the root that have at least 12 empty
  // cells left: within the first move's subtree too, where splitting only near the root left
  // both threads searching the same subtree. Measured on 50 of the early positions (2 threads):
  // 1,064-1,070 M nodes against 1,184-1,195 M when splitting only at plies <= 3 (one thread:
  // 919 M); any limit of 8 plies or more gives about the same count.
  s.split_ply = 14;
  s.split_depth = 12;
  return s;
}

Solver::Solver(double table_mib, int threads) : engine_(solver_settings(table_mib, threads)) {}

std::pair<int, int> Solver::score_range(const Board& board, bool weak) {
  if (weak) return {-1, 1};
  return {-(kCells - board.moves()) / 2, (kCells + 1 - board.moves()) / 2};
}

SolveResult Solver::solve(const Board& board, bool weak, bool want_move, double seconds) {
  SolveResult out;
  if (board.is_terminal()) {
    out.score = terminal_score(board);
    if (weak) out.score = (out.score > 0) - (out.score < 0);
    out.low = out.high = out.score;
    return out;
  }
  if (board.can_win_next()) {
    out.score = (kCells + 1 - board.moves()) / 2;
    if (weak) out.score = 1;
    for (int col : Board::kCentreFirst) {
      if (board.can_play(col) && board.is_winning_move(col)) {
        out.column = col;
        break;
      }
    }
    out.low = out.high = out.score;
    return out;
  }
  const auto [lo, hi] = score_range(board, weak);
  engine_.policy().mirror = mirror_reachable(board);
  engine_.set_time_limit(seconds);
  const auto r = engine_.solve(board, kCells - board.moves(), lo, hi, want_move);
  out.score = r.value;
  out.complete = !engine_.stopped();
  out.low = out.complete ? out.score : engine_.interval().low;
  out.high = out.complete ? out.score : engine_.interval().high;
  out.column = r.has_move ? r.move : -1;
  out.stats = r.stats;
  out.seconds = r.seconds;
  return out;
}

bool mirror_reachable(const Board& board) {
  const Bits mine = board.current(), theirs = board.current() ^ board.mask();
  return ((mine & mirrored_columns(theirs)) | (theirs & mirrored_columns(mine))) == 0;
}

std::uint64_t perft(const Board& board, int depth) {
  if (depth == 0) return 1;
  if (board.is_terminal()) return 0;
  std::uint64_t n = 0;
  for (int col = 0; col < kWidth; ++col) {
    if (!board.can_play(col)) continue;
    if (depth == 1) {
      ++n;
      continue;
    }
    Board next = board;
    next.play(static_cast<Board::Move>(col));
    n += perft(next, depth - 1);
  }
  return n;
}

std::vector<std::uint64_t> distinct_positions(int max_ply) {
  std::vector<std::uint64_t> counts;
  std::vector<Board> layer{Board{}};
  for (int ply = 0; ply <= max_ply; ++ply) {
    counts.push_back(layer.size());
    if (ply == max_ply) break;
    std::unordered_set<std::uint64_t> seen;
    std::vector<Board> next;
    for (const Board& b : layer) {
      if (b.is_terminal()) continue;
      for (int col = 0; col < kWidth; ++col) {
        if (!b.can_play(col)) continue;
        Board c = b;
        c.play(static_cast<Board::Move>(col));
        if (seen.insert(c.key()).second) next.push_back(c);
      }
    }
    layer = std::move(next);
  }
  return counts;
}

}  // namespace evoplay::games::connect4
