#pragma once
// A Sudoku puzzle as an optimisation problem for the evo engine (the paper's representation).
//
// Why it exists: the genetic algorithm of "Operadores genéticos sobre permutaciones aplicados a
// la resolución del Sudoku" sees a grid as one permutation per row: the givens stay in place
// and the free cells of a row hold the row's missing digits in some order, so rows never
// repeat a digit. Fitness (minimised, 0 = solved) counts the digits missing from each column
// and from each box. The class is a plain evo::Problem (random_genome, evaluate, direction,
// is_solved, distance), so any optimiser of the engine (GA, CRO, ...) can work on it; the
// row-wise operators live in operators.hpp.

#include <cstdint>
#include <vector>

#include "evoplay/core/rng.hpp"
#include "evoplay/evo/problem.hpp"
#include "evoplay/games/sudoku/board.hpp"

namespace evoplay::games::sudoku {

class SudokuProblem {
 public:
  /// A full grid, row-major (n * n cells, each 1..n); every row is a permutation of 1..n.
  using Genome = std::vector<std::uint8_t>;

  /// `restricted`: random genomes draw each free cell only from the digits that the givens
  /// of its column and box allow (the `strong` preset's initialisation); otherwise a row is a
  /// uniformly random permutation of its missing digits (the paper).
  explicit SudokuProblem(Board puzzle, bool restricted = false);

  Genome random_genome(Rng& rng) const;
  /// Digits missing from every column plus digits missing from every box.
  double evaluate(const Genome& genome) const;
  evo::Direction direction() const { return evo::Direction::minimize; }
  bool is_solved(const Genome& /*genome*/, double fitness) const { return fitness == 0; }
  /// Number of cells that differ.
  double distance(const Genome& a, const Genome& b) const;

  // ---- what the operators need ----
  const Board& puzzle() const { return puzzle_; }
  int n() const { return puzzle_.n(); }
  bool restricted() const { return restricted_; }
  /// Columns of the free (non-given) cells of a row, in order.
  const std::vector<int>& free_columns(int row) const {
    return free_[static_cast<std::size_t>(row)];
  }
  /// Rows with at least `k` free cells.
  const std::vector<int>& rows_with_free(int k) const;
  /// Digits the givens allow in a cell (bit d for digit d): not given in its row, column, box.
  std::uint32_t allowed(int row, int col) const {
    return allowed_[static_cast<std::size_t>(row * n() + col)];
  }
  /// True when every free cell of the row holds an allowed digit.
  bool row_respects_candidates(const Genome& genome, int row) const;
  /// Re-draws the free cells of a row: a random permutation of its missing digits, or with
  /// `restricted`, a random one that puts only allowed digits in each cell.
  void draw_row(Genome& genome, int row, Rng& rng, bool restricted) const;
  /// Makes a row respect the candidates again with the fewest changes it can find: swaps of two
  /// free cells first, a restricted re-draw of the row if swaps do not suffice.
  void repair_row(Genome& genome, int row, Rng& rng) const;
  /// The genome as a board, and back (a board must keep the givens and have valid rows).
  Board to_board(const Genome& genome) const;
  Genome from_board(const Board& board) const;
  /// Box index of each cell, row-major (for fast evaluation and local search).
  int box_of_cell(int cell) const { return box_[static_cast<std::size_t>(cell)]; }

 private:
  Board puzzle_;
  bool restricted_;
  std::vector<std::vector<int>> free_;              // per row: free columns
  std::vector<std::vector<std::uint8_t>> missing_;  // per row: missing digits
  std::vector<std::uint32_t> allowed_;              // per cell
  std::vector<int> box_;                            // per cell
  std::vector<std::vector<int>> rows_with_;         // rows_with_[k]: rows with >= k free cells
};

static_assert(evo::Problem<SudokuProblem>);
static_assert(evo::HasSolved<SudokuProblem>);
static_assert(evo::HasDistance<SudokuProblem>);

}  // namespace evoplay::games::sudoku
