#include "evoplay/games/sudoku/problem.hpp"

#include <algorithm>
#include <bit>

#include "evoplay/core/error.hpp"

namespace evoplay::games::sudoku {

SudokuProblem::SudokuProblem(Board puzzle, bool restricted)
    : puzzle_(std::move(puzzle)), restricted_(restricted) {
  const int n = puzzle_.n();
  const Geometry& g = puzzle_.geometry;
  free_.resize(static_cast<std::size_t>(n));
  missing_.resize(static_cast<std::size_t>(n));
  allowed_.assign(static_cast<std::size_t>(n * n), 0);
  box_.resize(static_cast<std::size_t>(n * n));
  std::vector<std::uint32_t> in_row(static_cast<std::size_t>(n), 0), in_col(in_row), in_box(in_row);
  for (int r = 0; r < n; ++r) {
    for (int c = 0; c < n; ++c) {
      const int d = puzzle_.at(r, c);
      box_[static_cast<std::size_t>(r * n + c)] = g.box_of(r, c);
      if (d == 0) continue;
      in_row[static_cast<std::size_t>(r)] |= 1u << d;
      in_col[static_cast<std::size_t>(c)] |= 1u << d;
      in_box[static_cast<std::size_t>(g.box_of(r, c))] |= 1u << d;
    }
  }
  const std::uint32_t all = ((1u << n) - 1) << 1;
  for (int r = 0; r < n; ++r) {
    for (int c = 0; c < n; ++c) {
      if (puzzle_.at(r, c) != 0) continue;
      free_[static_cast<std::size_t>(r)].push_back(c);
      allowed_[static_cast<std::size_t>(r * n + c)] =
          all & ~(in_row[static_cast<std::size_t>(r)] | in_col[static_cast<std::size_t>(c)] |
                  in_box[static_cast<std::size_t>(g.box_of(r, c))]);
    }
    for (int d = 1; d <= n; ++d) {
      if (!(in_row[static_cast<std::size_t>(r)] >> d & 1)) {
        missing_[static_cast<std::size_t>(r)].push_back(static_cast<std::uint8_t>(d));
      }
    }
  }
  rows_with_.resize(static_cast<std::size_t>(n) + 1);
  for (int k = 0; k <= n; ++k) {
    for (int r = 0; r < n; ++r) {
      if (static_cast<int>(free_[static_cast<std::size_t>(r)].size()) >= k) {
        rows_with_[static_cast<std::size_t>(k)].push_back(r);
      }
    }
  }
}

const std::vector<int>& SudokuProblem::rows_with_free(int k) const {
  return rows_with_[static_cast<std::size_t>(std::clamp(k, 0, n()))];
}

void SudokuProblem::draw_row(Genome& genome, int row, Rng& rng, bool restricted) const {
  const int n = this->n();
  const auto& cols = free_[static_cast<std::size_t>(row)];
  std::vector<std::uint8_t> values = missing_[static_cast<std::size_t>(row)];
  rng.shuffle(values);
  if (restricted && !cols.empty()) {
    // Depth-first search for a random assignment of the missing digits to the free cells that
    // respects each cell's candidates: cells with fewer candidates first, values in random
    // order. The row of the solution is such an assignment, so one exists for a puzzle with a
    // solution; the search gives up (and keeps the unrestricted shuffle) after a node budget.
    const std::size_t m = cols.size();
    std::vector<std::size_t> order(m);
    for (std::size_t i = 0; i < m; ++i) order[i] = i;
    rng.shuffle(order);
    std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
      return std::popcount(allowed(row, cols[a])) < std::popcount(allowed(row, cols[b]));
    });
    std::vector<std::uint8_t> chosen(m, 0);
    std::vector<std::size_t> next(m, 0);  // next value index to try at each depth
    std::vector<char> used(values.size(), 0);
    std::size_t depth = 0;
    long budget = 20000;
    while (depth < m && budget-- > 0) {
      const std::size_t cell = order[depth];
      const std::uint32_t ok = allowed(row, cols[cell]);
      bool placed = false;
      for (std::size_t& k = next[depth]; k < values.size(); ++k) {
        if (used[k] || !(ok >> values[k] & 1)) continue;
        used[k] = 1;
        chosen[cell] = static_cast<std::uint8_t>(k);
        ++k;
        placed = true;
        break;
      }
      if (placed) {
        ++depth;
        if (depth < m) next[depth] = 0;
        continue;
      }
      if (depth == 0) break;
      --depth;
      used[chosen[order[depth]]] = 0;
    }
    if (depth == m) {
      for (std::size_t i = 0; i < m; ++i) {
        genome[static_cast<std::size_t>(row * n + cols[i])] = values[chosen[i]];
      }
      return;
    }
  }
  for (std::size_t i = 0; i < cols.size(); ++i) {
    genome[static_cast<std::size_t>(row * n + cols[i])] = values[i];
  }
}

bool SudokuProblem::row_respects_candidates(const Genome& genome, int row) const {
  const int n = this->n();
  for (int c : free_[static_cast<std::size_t>(row)]) {
    if (!(allowed(row, c) >> genome[static_cast<std::size_t>(row * n + c)] & 1)) return false;
  }
  return true;
}

void SudokuProblem::repair_row(Genome& genome, int row, Rng& rng) const {
  const int n = this->n();
  const auto& cols = free_[static_cast<std::size_t>(row)];
  auto value = [&](int c) -> std::uint8_t& {
    return genome[static_cast<std::size_t>(row * n + c)];
  };
  for (int pass = 0; pass < 2; ++pass) {
    bool clean = true;
    for (int c1 : cols) {
      if (allowed(row, c1) >> value(c1) & 1) continue;
      clean = false;
      // Swap with a cell that takes this value and whose value fits here.
      for (int c2 : cols) {
        if (c2 == c1) continue;
        if ((allowed(row, c1) >> value(c2) & 1) && (allowed(row, c2) >> value(c1) & 1)) {
          std::swap(value(c1), value(c2));
          break;
        }
      }
    }
    if (clean) return;
  }
  if (!row_respects_candidates(genome, row)) draw_row(genome, row, rng, true);
}

SudokuProblem::Genome SudokuProblem::random_genome(Rng& rng) const {
  Genome g(puzzle_.cells.begin(), puzzle_.cells.end());
  for (int r = 0; r < n(); ++r) draw_row(g, r, rng, restricted_);
  return g;
}

double SudokuProblem::evaluate(const Genome& g) const {
  const int n = this->n();
  std::uint32_t col[16] = {}, box[16] = {};
  for (int r = 0; r < n; ++r) {
    const std::uint8_t* row = g.data() + r * n;
    const int* boxes = box_.data() + r * n;
    for (int c = 0; c < n; ++c) {
      const std::uint32_t bit = 1u << row[c];
      col[c] |= bit;
      box[boxes[c]] |= bit;
    }
  }
  int missing = 0;
  for (int k = 0; k < n; ++k) missing += 2 * n - std::popcount(col[k]) - std::popcount(box[k]);
  return missing;
}

double SudokuProblem::distance(const Genome& a, const Genome& b) const {
  int differ = 0;
  for (std::size_t i = 0; i < a.size(); ++i) differ += a[i] != b[i];
  return differ;
}

Board SudokuProblem::to_board(const Genome& genome) const {
  Board b(puzzle_.geometry);
  b.cells.assign(genome.begin(), genome.end());
  return b;
}

SudokuProblem::Genome SudokuProblem::from_board(const Board& board) const {
  if (board.n() != n()) throw Error("board size differs from the puzzle's");
  return Genome(board.cells.begin(), board.cells.end());
}

}  // namespace evoplay::games::sudoku
