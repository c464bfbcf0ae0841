#pragma once
// Sudoku boards of every supported size, their text formats, and an independent checker.
//
// Why it exists: every part of the Sudoku game (the exact solvers, the genetic algorithm, the
// command line, the tests) works on the same Board value: n x n cells, 0 for an empty cell and
// 1..n for a digit, with boxes of box_rows x box_cols cells. Parsing is strict and says where a
// file is broken; the checker shares no code with the solvers so tests can trust it.

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace evoplay::games::sudoku {

/// Side length, box shape and digit symbols of a supported size: 4 (2x2 boxes), 6 (boxes of 2
/// rows x 3 columns), 9 (3x3) and 16 (4x4, digits 1-9 then A-G).
struct Geometry {
  int n = 9;
  int box_rows = 3;
  int box_cols = 3;

  int cells() const { return n * n; }
  int box_of(int row, int col) const { return (row / box_rows) * (n / box_cols) + col / box_cols; }
  /// Geometry of a side length; throws Error for an unsupported one.
  static Geometry of_size(int n);
  bool operator==(const Geometry&) const = default;
};

/// One puzzle (or a filled grid). cells[r * n + c] is 0 (empty) or a digit 1..n.
struct Board {
  Geometry geometry;
  std::vector<std::uint8_t> cells;

  Board() = default;
  explicit Board(Geometry g) : geometry(g), cells(static_cast<std::size_t>(g.cells()), 0) {}

  int n() const { return geometry.n; }
  std::uint8_t at(int row, int col) const {
    return cells[static_cast<std::size_t>(row * n() + col)];
  }
  std::uint8_t& at(int row, int col) { return cells[static_cast<std::size_t>(row * n() + col)]; }
  int givens() const;
  bool complete() const;  // no empty cell
  bool operator==(const Board&) const = default;
};

/// A puzzle read from a file, with the line where it starts (for messages).
struct PuzzleEntry {
  Board board;
  int line = 0;
};

/// The symbol of a digit (1-9, then A-G) or '.' for 0.
inline char digit_symbol(int digit) {
  if (digit <= 0) return '.';
  return static_cast<char>(digit <= 9 ? '0' + digit : 'A' + digit - 10);
}

/// Reads every puzzle of a text: one puzzle per line (16, 36, 81 or 256 symbols; '.' or '0' for
/// an empty cell), or grids (one row per line; spaces and the separators | - + are ignored).
/// Blank lines, lines starting with '#' and report lines (whose first word has two letters or
/// more, one beyond G: "puzzle 1 (line 4): solved ...", "run folder: ...") are skipped, and
/// brackets around a cell ([7], a GA's cell in conflict) are ignored, so that what `sudoku
/// solve` prints reads back. Throws Error(file, line, column, ...) on a wrong length, an
/// unknown symbol or contradictory givens.
std::vector<PuzzleEntry> parse_puzzles(std::string_view text, const std::string& file);

/// Reads a file ("-" = standard input) with parse_puzzles; an empty file is an error.
std::vector<PuzzleEntry> read_puzzles(const std::string& path);

/// The boards of the first `first` entries (all of them when `first` is 0).
std::vector<Board> boards_of(std::vector<PuzzleEntry> entries, std::size_t first = 0);

/// The board on one line ("4.....8.5.3...").
std::string to_line(const Board& board);
/// The board as a grid with box separators, one row per line. Cells in `marked` (same size as
/// the board, non-zero = marked) are drawn between brackets, e.g. [7].
std::string to_grid(const Board& board, const std::vector<std::uint8_t>& marked = {});

/// Describes the first contradiction among a board's digits ("r1c3 and r1c7 both hold 5 in row
/// 1"), or "" when there is none. Empty cells are ignored.
std::string find_contradiction(const Board& board);

/// True when `solution` is a complete valid grid that keeps every given of `puzzle`.
/// Independent of the solvers: it checks every row, column and box directly.
bool is_valid_solution(const Board& puzzle, const Board& solution);

/// The cells of a complete (or partial) board that clash with another cell of their row,
/// column or box (non-zero = in conflict). Used to highlight a GA's best board.
std::vector<std::uint8_t> conflicting_cells(const Board& board);

}  // namespace evoplay::games::sudoku
