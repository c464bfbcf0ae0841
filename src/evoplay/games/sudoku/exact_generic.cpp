// The size-generic exact solver: candidate bitmasks per cell, naked and hidden singles, and
// backtracking on the unsolved cell with the fewest candidates.
#include <bit>
#include <vector>

#include "evoplay/core/stopwatch.hpp"
#include "evoplay/games/sudoku/exact.hpp"

namespace evoplay::games::sudoku {

namespace {

class GenericSolver {
 public:
  explicit GenericSolver(const Geometry& g) : g_(g), n_(g.n), cells_(g.n * g.n) {
    // Units: rows, columns, boxes; each a list of cell indices.
    const int boxes_across = n_ / g.box_cols;
    for (int u = 0; u < n_; ++u) {
      std::vector<int> row, col, box;
      for (int k = 0; k < n_; ++k) {
        row.push_back(u * n_ + k);
        col.push_back(k * n_ + u);
        const int r = (u / boxes_across) * g.box_rows + k / g.box_cols;
        const int c = (u % boxes_across) * g.box_cols + k % g.box_cols;
        box.push_back(r * n_ + c);
      }
      units_.push_back(row);
      units_.push_back(col);
      units_.push_back(box);
    }
    peers_.resize(static_cast<std::size_t>(cells_));
    for (int cell = 0; cell < cells_; ++cell) {
      const int r = cell / n_, c = cell % n_;
      for (int other = 0; other < cells_; ++other) {
        const int r2 = other / n_, c2 = other % n_;
        if (other != cell && (r == r2 || c == c2 || g.box_of(r, c) == g.box_of(r2, c2))) {
          peers_[static_cast<std::size_t>(cell)].push_back(other);
        }
      }
    }
  }

  ExactResult solve(const Board& puzzle, int limit) {
    limit_ = limit;
    result_ = ExactResult{};
    State s;
    s.cand.assign(static_cast<std::size_t>(cells_), (n_ == 32 ? ~0u : (1u << n_) - 1));
    s.value.assign(static_cast<std::size_t>(cells_), 0);
    bool ok = true;
    for (int cell = 0; cell < cells_ && ok; ++cell) {
      const int d = puzzle.cells[static_cast<std::size_t>(cell)];
      if (d != 0) ok = assign(s, cell, d - 1);
    }
    if (ok) search(s, false);
    return result_;
  }

 private:
  struct State {
    std::vector<std::uint32_t> cand;
    std::vector<std::uint8_t> value;  // 0 or digit + 1
  };

  /// Puts digit d (0-based) in a cell and propagates naked singles. False on a contradiction.
  bool assign(State& s, int cell, int d) {
    const std::uint32_t bit = 1u << d;
    if (!(s.cand[static_cast<std::size_t>(cell)] & bit)) return false;
    std::vector<int> queue{cell};
    std::vector<int> digits{d};
    while (!queue.empty()) {
      const int x = queue.back();
      const int dx = digits.back();
      queue.pop_back();
      digits.pop_back();
      const std::uint32_t bx = 1u << dx;
      if (s.value[static_cast<std::size_t>(x)] != 0) {
        if (s.value[static_cast<std::size_t>(x)] != dx + 1) return false;
        continue;
      }
      if (!(s.cand[static_cast<std::size_t>(x)] & bx)) return false;
      s.value[static_cast<std::size_t>(x)] = static_cast<std::uint8_t>(dx + 1);
      s.cand[static_cast<std::size_t>(x)] = bx;
      for (int p : peers_[static_cast<std::size_t>(x)]) {
        auto& c = s.cand[static_cast<std::size_t>(p)];
        if (!(c & bx)) continue;
        c &= ~bx;
        if (c == 0) return false;
        if (s.value[static_cast<std::size_t>(p)] == 0 && std::has_single_bit(c)) {
          queue.push_back(p);
          digits.push_back(std::countr_zero(c));
        }
      }
    }
    return true;
  }

  /// Hidden singles in every unit until none is left. False on a contradiction.
  bool hidden_singles(State& s) {
    for (bool changed = true; changed;) {
      changed = false;
      for (const auto& unit : units_) {
        std::uint32_t once = 0, twice = 0, placed = 0;
        for (int cell : unit) {
          const std::uint32_t c = s.cand[static_cast<std::size_t>(cell)];
          twice |= once & c;
          once |= c;
          if (s.value[static_cast<std::size_t>(cell)]) placed |= c;
        }
        const std::uint32_t all = (1u << n_) - 1;
        if ((once & all) != all) return false;  // a digit with nowhere to go
        std::uint32_t singles = once & ~twice & ~placed;
        while (singles) {
          const int d = std::countr_zero(singles);
          singles &= singles - 1;
          for (int cell : unit) {
            if (s.cand[static_cast<std::size_t>(cell)] & (1u << d)) {
              if (!assign(s, cell, d)) return false;
              changed = true;
              break;
            }
          }
        }
      }
    }
    return true;
  }

  void search(State& s, bool guessed) {
    if (!hidden_singles(s)) {
      if (guessed) ++result_.stats.backtracks;
      return;
    }
    int best = -1, best_count = 1 << 30;
    for (int cell = 0; cell < cells_; ++cell) {
      if (s.value[static_cast<std::size_t>(cell)]) continue;
      const int count = std::popcount(s.cand[static_cast<std::size_t>(cell)]);
      if (count < best_count) best = cell, best_count = count;
    }
    if (best < 0) {
      if (result_.solutions == 0) {
        result_.solution = Board(g_);
        for (int cell = 0; cell < cells_; ++cell) {
          result_.solution.cells[static_cast<std::size_t>(cell)] =
              s.value[static_cast<std::size_t>(cell)];
        }
      }
      ++result_.solutions;
      return;
    }
    ++result_.stats.guesses;
    std::uint32_t options = s.cand[static_cast<std::size_t>(best)];
    while (options && result_.solutions < limit_) {
      const int d = std::countr_zero(options);
      options &= options - 1;
      State child = s;
      if (assign(child, best, d)) {
        search(child, true);
      } else {
        ++result_.stats.backtracks;
      }
    }
  }

  Geometry g_;
  int n_, cells_;
  int limit_ = 2;
  std::vector<std::vector<int>> units_;
  std::vector<std::vector<int>> peers_;
  ExactResult result_;
};

}  // namespace

ExactResult solve_exact_generic(const Board& puzzle, int limit) {
  const Stopwatch clock;
  GenericSolver solver(puzzle.geometry);
  ExactResult result = solver.solve(puzzle, limit);
  result.seconds = clock.seconds();
  return result;
}

ExactResult solve_exact(const Board& puzzle, int limit) {
  if (puzzle.n() != 9) return solve_exact_generic(puzzle, limit);
  const Stopwatch clock;
  ExactResult result;
  Board solution(puzzle.geometry);
  result.solutions = solve9(puzzle.cells.data(), solution.cells.data(), limit, result.stats);
  if (result.solutions > 0) result.solution = std::move(solution);
  result.seconds = clock.seconds();
  return result;
}

}  // namespace evoplay::games::sudoku
