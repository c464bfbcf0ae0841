#include "evoplay/games/sudoku/board.hpp"

#include <fmt/format.h>

#include <cctype>
#include <optional>

#include "evoplay/core/error.hpp"
#include "evoplay/core/text.hpp"

namespace evoplay::games::sudoku {

Geometry Geometry::of_size(int n) {
  switch (n) {
    case 4:
      return {4, 2, 2};
    case 6:
      return {6, 2, 3};
    case 9:
      return {9, 3, 3};
    case 16:
      return {16, 4, 4};
    default:
      throw Error(fmt::format("unsupported Sudoku size {}: expected 4, 6, 9 or 16", n));
  }
}

int Board::givens() const {
  int count = 0;
  for (auto c : cells) count += c != 0;
  return count;
}

bool Board::complete() const {
  for (auto c : cells) {
    if (c == 0) return false;
  }
  return true;
}

namespace {

/// A line with separators removed, and the column (1-based) of each kept symbol.
struct Cleaned {
  std::string symbols;
  std::vector<int> columns;
};

Cleaned clean(std::string_view line) {
  Cleaned out;
  for (std::size_t i = 0; i < line.size(); ++i) {
    const char ch = line[i];
    if (ch == ' ' || ch == '\t' || ch == '|' || ch == '-' || ch == '+' || ch == '\r' || ch == '[' ||
        ch == ']')
      continue;
    out.symbols.push_back(ch);
    out.columns.push_back(static_cast<int>(i) + 1);
  }
  return out;
}

/// Value of a symbol for a board of side n: 0 for empty, 1..n, or -1 if not a symbol of n.
int symbol_value(char ch, int n) {
  if (ch == '.' || ch == '0') return 0;
  int v = -1;
  if (ch >= '1' && ch <= '9') v = ch - '0';
  if (ch >= 'A' && ch <= 'G') v = ch - 'A' + 10;
  if (ch >= 'a' && ch <= 'g') v = ch - 'a' + 10;
  return v >= 1 && v <= n ? v : -1;
}

std::string expected_symbols(int n) {
  if (n <= 9) return fmt::format("a digit 1-{} or '.' / '0' for an empty cell", n);
  return fmt::format("a digit 1-9 or A-{} or '.' / '0' for an empty cell", digit_symbol(n));
}

bool one_line_size(std::size_t length, int& n) {
  for (int s : {4, 6, 9, 16}) {
    if (length == static_cast<std::size_t>(s * s)) {
      n = s;
      return true;
    }
  }
  return false;
}

bool grid_row_size(std::size_t length, int& n) {
  for (int s : {4, 6, 9, 16}) {
    if (length == static_cast<std::size_t>(s)) {
      n = s;
      return true;
    }
  }
  return false;
}

void fill_row(Board& board, int row, const Cleaned& c, const std::string& file, int line) {
  const int n = board.n();
  for (int col = 0; col < n; ++col) {
    const int v = symbol_value(c.symbols[static_cast<std::size_t>(col)], n);
    if (v < 0) {
      throw Error(file, line, c.columns[static_cast<std::size_t>(col)],
                  fmt::format("unknown symbol '{}': expected {}",
                              c.symbols[static_cast<std::size_t>(col)], expected_symbols(n)));
    }
    board.at(row, col) = static_cast<std::uint8_t>(v);
  }
}

void check_givens(const Board& board, const std::string& file, int line) {
  const std::string why = find_contradiction(board);
  if (!why.empty()) throw Error(file, line, "contradictory givens: " + why);
}

bool is_report_line(std::string_view t);

/// True when a 16-symbol line can only be a 16x16 grid row (it uses a digit above 4).
bool beyond_four(const std::string& symbols) {
  for (char ch : symbols) {
    const int v = symbol_value(ch, 16);
    if (v > 4) return true;
  }
  return false;
}

/// A 16-symbol line at `first` is a 4x4 puzzle on one line, or the first row of a 16x16 grid.
/// It starts a grid when the rows from it (separator lines skipped, up to a blank line, a
/// comment or a line of another length) use a symbol above 4 and either form a complete,
/// well-formed 16x16 puzzle (known symbols, no contradictory givens) or, for a grid that is cut
/// short or faulty, most of two or more rows use a symbol above 4. A 4x4 file with one stray `7`
/// therefore stays a 4x4 file and gets an "unknown symbol" error on the line of the 7.
bool starts_big_grid(const std::vector<std::string_view>& lines, std::size_t first) {
  std::vector<std::string> rows;
  for (std::size_t k = first; k < lines.size() && rows.size() < 16; ++k) {
    const std::string_view t = trim(lines[k]);
    if (t.empty() || t.front() == '#' || is_report_line(t)) break;
    Cleaned next = clean(lines[k]);
    if (next.symbols.empty()) continue;  // a separator line
    if (next.symbols.size() != 16) break;
    rows.push_back(std::move(next.symbols));
  }
  std::size_t big_rows = 0;
  for (const auto& r : rows) big_rows += beyond_four(r);
  if (big_rows == 0) return false;
  if (rows.size() >= 2 && big_rows * 2 > rows.size()) return true;
  if (rows.size() < 16) return false;
  Board board(Geometry::of_size(16));
  for (int r = 0; r < 16; ++r) {
    for (int col = 0; col < 16; ++col) {
      const int v =
          symbol_value(rows[static_cast<std::size_t>(r)][static_cast<std::size_t>(col)], 16);
      if (v < 0) return false;
      board.at(r, col) = static_cast<std::uint8_t>(v);
    }
  }
  return find_contradiction(board).empty();
}

/// A report line of evoplay's own output ("puzzle 1 (line 4): solved ...", "run folder: ...",
/// "no solution"): its first word has two letters or more, one of them no digit symbol (beyond
/// G), and ends the line or is followed by a space or a colon. Skipped like a comment, so that
/// the text `sudoku solve` prints reads back.
bool is_report_line(std::string_view t) {
  std::size_t k = 0;
  bool beyond_g = false;
  while (k < t.size() && std::isalpha(static_cast<unsigned char>(t[k]))) {
    beyond_g = beyond_g || (t[k] | 0x20) > 'g';
    ++k;
  }
  return k >= 2 && beyond_g && (k == t.size() || t[k] == ' ' || t[k] == ':');
}

/// The common case of large files, read without the general path's copies: a line of exactly
/// 81 symbols (digits, '.') with no contradiction. Returns false for anything else, which the
/// general path then reads (and explains, if it is wrong).
bool read_plain_line(std::string_view raw, int line, std::vector<PuzzleEntry>& out) {
  if (raw.size() != 81) return false;
  std::uint16_t rows[9] = {}, cols[9] = {}, boxes[9] = {};
  PuzzleEntry entry{Board(Geometry{9, 3, 3}), line};
  for (int i = 0; i < 81; ++i) {
    const char ch = raw[static_cast<std::size_t>(i)];
    if (ch == '.' || ch == '0') continue;
    if (ch < '1' || ch > '9') return false;
    const int d = ch - '0', r = i / 9, c = i % 9, b = (r / 3) * 3 + c / 3;
    const auto bit = static_cast<std::uint16_t>(1u << d);
    if ((rows[r] | cols[c] | boxes[b]) & bit) return false;
    rows[r] |= bit, cols[c] |= bit, boxes[b] |= bit;
    entry.board.cells[static_cast<std::size_t>(i)] = static_cast<std::uint8_t>(d);
  }
  out.push_back(std::move(entry));
  return true;
}

}  // namespace

std::vector<PuzzleEntry> parse_puzzles(std::string_view text, const std::string& file) {
  const auto lines = split_lines(text);
  std::vector<PuzzleEntry> out;
  std::optional<PuzzleEntry> grid;  // a grid being read, row by row
  int grid_rows = 0;
  int grid_last = 0;  // line of the grid's last row read so far
  auto finish_grid = [&](int line) {
    if (!grid) return;
    if (grid_rows < grid->board.n()) {
      throw Error(file, line,
                  fmt::format("grid started on line {} has {} rows: expected {}", grid->line,
                              grid_rows, grid->board.n()));
    }
  };
  for (std::size_t i = 0; i < lines.size(); ++i) {
    const int line = static_cast<int>(i) + 1;
    const std::string_view raw = lines[i];
    if (!grid && read_plain_line(raw, line, out)) continue;
    const std::string_view t = trim(raw);
    if (t.empty() || t.front() == '#' || is_report_line(t)) {
      finish_grid(line);
      grid.reset();
      continue;
    }
    const Cleaned c = clean(raw);
    if (c.symbols.empty()) continue;  // a separator line (---+---) inside or between grids
    int n = 0;
    if (grid) {
      if (c.symbols.size() != static_cast<std::size_t>(grid->board.n())) {
        throw Error(file, line,
                    fmt::format("grid row has {} cells: expected {} (grid started on line {})",
                                c.symbols.size(), grid->board.n(), grid->line));
      }
      fill_row(grid->board, grid_rows++, c, file, line);
      grid_last = line;
      if (grid_rows == grid->board.n()) {
        check_givens(grid->board, file, grid->line);
        out.push_back(std::move(*grid));
        grid.reset();
      }
      continue;
    }
    bool as_line = one_line_size(c.symbols.size(), n);
    if (as_line && n == 4) as_line = !starts_big_grid(lines, i);
    if (as_line) {
      PuzzleEntry entry{Board(Geometry::of_size(n)), line};
      for (int r = 0; r < n; ++r) {
        Cleaned part;
        part.symbols =
            c.symbols.substr(static_cast<std::size_t>(r * n), static_cast<std::size_t>(n));
        part.columns.assign(c.columns.begin() + r * n, c.columns.begin() + (r + 1) * n);
        fill_row(entry.board, r, part, file, line);
      }
      check_givens(entry.board, file, line);
      out.push_back(std::move(entry));
      continue;
    }
    if (grid_row_size(c.symbols.size(), n)) {
      grid = PuzzleEntry{Board(Geometry::of_size(n)), line};
      grid_rows = 0;
      fill_row(grid->board, grid_rows++, c, file, line);
      grid_last = line;
      continue;
    }
    throw Error(
        file, line,
        fmt::format("{} cells: expected a puzzle of 16, 36, 81 or 256 cells on one line, or a "
                    "grid row of 4, 6, 9 or 16 cells",
                    c.symbols.size()));
  }
  finish_grid(grid_last);  // cut short by the end of the file: point at its last row
  return out;
}

std::vector<PuzzleEntry> read_puzzles(const std::string& path) {
  const std::string name = display_name(path);
  auto puzzles = parse_puzzles(read_text(path), name);
  if (puzzles.empty())
    throw Error(name, 0, "no puzzle found (expected one puzzle per line or a grid)");
  return puzzles;
}

std::vector<Board> boards_of(std::vector<PuzzleEntry> entries, std::size_t first) {
  if (first > 0 && first < entries.size()) entries.resize(first);
  std::vector<Board> boards;
  boards.reserve(entries.size());
  for (auto& e : entries) boards.push_back(std::move(e.board));
  return boards;
}

std::string to_line(const Board& board) {
  std::string s;
  s.reserve(board.cells.size());
  for (auto c : board.cells) s.push_back(digit_symbol(c));
  return s;
}

std::string to_grid(const Board& board, const std::vector<std::uint8_t>& marked) {
  const Geometry& g = board.geometry;
  const bool any_mark = !marked.empty();
  const int cell_width = any_mark ? 3 : 2;
  // A row is: cells of a box, " |", cells of the next box...; the separator puts '+' under '|'.
  std::string separator;
  for (int box = 0; box < g.n / g.box_cols; ++box) {
    if (box > 0) separator += "-+";
    separator += std::string(static_cast<std::size_t>(cell_width * g.box_cols), '-');
  }
  separator += "-";
  std::string out;
  for (int row = 0; row < g.n; ++row) {
    if (row > 0 && row % g.box_rows == 0) out += separator + "\n";
    for (int col = 0; col < g.n; ++col) {
      if (col > 0 && col % g.box_cols == 0) out += " |";
      const char sym = digit_symbol(board.at(row, col));
      if (any_mark) {
        const bool m = marked[static_cast<std::size_t>(row * g.n + col)] != 0;
        out += m ? fmt::format("[{}]", sym) : fmt::format(" {} ", sym);
      } else {
        out += fmt::format(" {}", sym);
      }
    }
    out += "\n";
  }
  return out;
}

std::string find_contradiction(const Board& board) {
  const Geometry& g = board.geometry;
  const int n = g.n;
  auto name = [](int r, int c) { return fmt::format("r{}c{}", r + 1, c + 1); };
  // For each unit kind, remember where each digit was first seen.
  for (int kind = 0; kind < 3; ++kind) {
    for (int unit = 0; unit < n; ++unit) {
      std::vector<int> seen(static_cast<std::size_t>(n) + 1, -1);
      for (int k = 0; k < n; ++k) {
        int r = 0, c = 0;
        if (kind == 0) {
          r = unit, c = k;
        } else if (kind == 1) {
          r = k, c = unit;
        } else {
          const int boxes_across = n / g.box_cols;
          r = (unit / boxes_across) * g.box_rows + k / g.box_cols;
          c = (unit % boxes_across) * g.box_cols + k % g.box_cols;
        }
        const int d = board.at(r, c);
        if (d == 0) continue;
        int& first = seen[static_cast<std::size_t>(d)];
        if (first >= 0) {
          static constexpr const char* kKinds[] = {"row", "column", "box"};
          return fmt::format("{} and {} both hold {} in {} {}", name(first / n, first % n),
                             name(r, c), digit_symbol(d), kKinds[kind], unit + 1);
        }
        first = r * n + c;
      }
    }
  }
  return "";
}

bool is_valid_solution(const Board& puzzle, const Board& solution) {
  const Geometry& g = solution.geometry;
  const int n = g.n;
  if (puzzle.geometry.n != n || solution.cells.size() != static_cast<std::size_t>(n * n))
    return false;
  for (std::size_t i = 0; i < solution.cells.size(); ++i) {
    const int v = solution.cells[i];
    if (v < 1 || v > n) return false;
    if (puzzle.cells[i] != 0 && puzzle.cells[i] != v) return false;
  }
  for (int unit = 0; unit < n; ++unit) {
    std::vector<int> row(static_cast<std::size_t>(n) + 1, 0), col(row), box(row);
    for (int k = 0; k < n; ++k) {
      ++row[solution.at(unit, k)];
      ++col[solution.at(k, unit)];
      const int boxes_across = n / g.box_cols;
      const int r = (unit / boxes_across) * g.box_rows + k / g.box_cols;
      const int c = (unit % boxes_across) * g.box_cols + k % g.box_cols;
      ++box[solution.at(r, c)];
    }
    for (int d = 1; d <= n; ++d) {
      if (row[static_cast<std::size_t>(d)] != 1 || col[static_cast<std::size_t>(d)] != 1 ||
          box[static_cast<std::size_t>(d)] != 1) {
        return false;
      }
    }
  }
  return true;
}

std::vector<std::uint8_t> conflicting_cells(const Board& board) {
  const Geometry& g = board.geometry;
  const int n = g.n;
  std::vector<std::uint8_t> marked(board.cells.size(), 0);
  for (int r = 0; r < n; ++r) {
    for (int c = 0; c < n; ++c) {
      const int d = board.at(r, c);
      if (d == 0) continue;
      for (int r2 = 0; r2 < n; ++r2) {
        for (int c2 = 0; c2 < n; ++c2) {
          if ((r2 == r && c2 == c) || board.at(r2, c2) != d) continue;
          if (r2 == r || c2 == c || g.box_of(r, c) == g.box_of(r2, c2)) {
            marked[static_cast<std::size_t>(r * n + c)] = 1;
          }
        }
      }
    }
  }
  return marked;
}

}  // namespace evoplay::games::sudoku
