// Sudoku boards: reading every format and size, writing them back, every error case, and the
// independent solution checker.
#include "evoplay/games/sudoku/board.hpp"

#include <fmt/format.h>
#include <gtest/gtest.h>

#include "evoplay/core/error.hpp"
#include "evoplay/core/text.hpp"
#include "support/error.hpp"
#include "support/process.hpp"

using namespace evoplay;
using namespace evoplay::games::sudoku;
using evoplay::test_support::source_path;

namespace {

// The first puzzle of top95.txt and its solution (Norvig's published answer).
const char* kPuzzle =
    "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
const char* kSolution =
    "417369825632158947958724316825437169791586432346912758289643571573291684164875293";

Board one(const std::string& text) { return parse_puzzles(text, "test").at(0).board; }

/// The error of parsing `text` (a test failure if it parses).
Error parse_error(const std::string& text) {
  return test_support::error_from([&] { parse_puzzles(text, "bad.txt"); }, text);
}

}  // namespace

TEST(SudokuBoard, OneLineRoundTrip) {
  const Board b = one(kPuzzle);
  EXPECT_EQ(b.n(), 9);
  EXPECT_EQ(b.givens(), 17);
  EXPECT_EQ(b.at(0, 0), 4);
  EXPECT_EQ(b.at(0, 6), 8);
  EXPECT_EQ(to_line(b), kPuzzle);
  // Zeros read as empty cells.
  std::string zeros = kPuzzle;
  for (char& c : zeros) c = c == '.' ? '0' : c;
  EXPECT_EQ(one(zeros), b);
}

TEST(SudokuBoard, GridTextRoundTrip) {
  const Board b = one(kPuzzle);
  const std::string grid = to_grid(b);
  EXPECT_NE(grid.find('|'), std::string::npos);
  EXPECT_NE(grid.find("-+-"), std::string::npos);
  EXPECT_EQ(one(grid), b);
  // A hand-written grid with blank lines, comments and several puzzles.
  const auto many =
      parse_puzzles("# two puzzles\n\n" + grid + "\n" + std::string(kSolution) + "\n", "f");
  ASSERT_EQ(many.size(), 2u);
  EXPECT_EQ(many[0].board, b);
  EXPECT_EQ(many[0].line, 3);
  EXPECT_EQ(to_line(many[1].board), kSolution);
}

TEST(SudokuBoard, EverySizeOfTheSharedData) {
  struct Case {
    const char* file;
    int n, count;
  };
  for (const Case c :
       {Case{"data/sudoku/4x4_minimal_50.txt", 4, 50}, Case{"data/sudoku/6x6_2x3_203.txt", 6, 203},
        Case{"data/sudoku/16x16_10.txt", 16, 10}, Case{"data/sudoku/top95.txt", 9, 95}}) {
    const auto text = read_text(source_path(c.file));
    const auto puzzles = parse_puzzles(text, c.file);
    ASSERT_EQ(static_cast<int>(puzzles.size()), c.count) << c.file;
    const auto lines = split_lines(text);
    for (std::size_t i = 0; i < puzzles.size(); ++i) {
      EXPECT_EQ(puzzles[i].board.n(), c.n);
      EXPECT_EQ(to_line(puzzles[i].board), std::string(trim(lines[i]))) << c.file << ":" << i + 1;
    }
  }
  const Geometry six = Geometry::of_size(6);
  EXPECT_EQ(six.box_rows, 2);
  EXPECT_EQ(six.box_cols, 3);
  EXPECT_EQ(six.box_of(1, 3), 1);
  EXPECT_EQ(six.box_of(2, 0), 2);
}

TEST(SudokuBoard, SixteenBySixteenGridIsNotSixteenFourByFours) {
  const auto big =
      parse_puzzles(read_text(source_path("data/sudoku/16x16_10.txt")), "16").at(0).board;
  const std::string grid = to_grid(big);
  const auto back = parse_puzzles(grid, "grid");
  ASSERT_EQ(back.size(), 1u);
  EXPECT_EQ(back[0].board, big);
  // Lowercase letters are accepted.
  std::string lower = to_line(big);
  for (char& c : lower) c = static_cast<char>(std::tolower(c));
  EXPECT_EQ(one(lower), big);
}

TEST(SudokuBoard, ErrorsSayWhere) {
  {
    const Error e =
        parse_error(std::string(kPuzzle) + "\n" + std::string(kPuzzle).substr(1) + "\n");
    EXPECT_EQ(e.line(), 2);
    EXPECT_NE(e.message().find("80 cells"), std::string::npos) << e.what();
  }
  {
    std::string bad = kPuzzle;
    bad[10] = 'x';
    const Error e = parse_error(bad);
    EXPECT_EQ(e.line(), 1);
    EXPECT_EQ(e.column(), 11);
    EXPECT_NE(e.message().find("unknown symbol 'x'"), std::string::npos) << e.what();
  }
  {
    // A digit too big for the size: 7 in a 6x6 puzzle.
    const Error e = parse_error("7" + std::string(35, '.') + "\n");
    EXPECT_NE(e.message().find("unknown symbol '7': expected a digit 1-6"), std::string::npos)
        << e.what();
  }
  {
    // Two 4s in row 1: cells r1c1 and r1c5.
    std::string bad = kPuzzle;
    bad[4] = '4';
    const Error e = parse_error("\n" + bad);
    EXPECT_EQ(e.line(), 2);
    EXPECT_NE(e.message().find("r1c1 and r1c5 both hold 4 in row 1"), std::string::npos)
        << e.what();
  }
  {
    // Two 3s in column 2 (r2c2 given; add r9c2) and two in a box.
    std::string bad = kPuzzle;
    bad[8 * 9 + 1] = '3';
    EXPECT_NE(parse_error(bad).message().find("both hold 3 in column 2"), std::string::npos);
    std::string box = kPuzzle;
    box[2 * 9 + 2] = '3';  // r3c3, same box as r2c2
    EXPECT_NE(parse_error(box).message().find("r2c2 and r3c3 both hold 3 in box 1"),
              std::string::npos);
  }
  {
    const Error e = parse_error("1234\n3412\n");
    EXPECT_NE(e.message().find("grid started on line 1 has 2 rows: expected 4"), std::string::npos)
        << e.what();
  }
  {
    const Error e = parse_error("123456789\n12345678\n");
    EXPECT_EQ(e.line(), 2);
    EXPECT_NE(e.message().find("grid row has 8 cells: expected 9"), std::string::npos) << e.what();
  }
  {
    const Error e = parse_error("12345\n");
    EXPECT_NE(e.message().find("5 cells: expected a puzzle of 16, 36, 81 or 256 cells"),
              std::string::npos);
  }
  {
    // A stray 7 on line 10 of a 4x4 one-per-line file is a bad symbol there, not a sign that
    // the first 16 lines are a 16x16 grid (which used to report contradictory givens on line 1).
    const auto text = read_text(source_path("data/sudoku/4x4_minimal_50.txt"));
    auto lines = split_lines(text);
    std::string bad;
    for (std::size_t i = 0; i < lines.size(); ++i) {
      std::string l(lines[i]);
      if (i == 9) {
        ASSERT_EQ(l.substr(0, 6), ".....4");
        l[2] = '7';
      }
      bad += l + "\n";
    }
    const Error e = parse_error(bad);
    EXPECT_EQ(e.line(), 10) << e.what();
    EXPECT_EQ(e.column(), 3) << e.what();
    EXPECT_NE(e.message().find("unknown symbol '7': expected a digit 1-4"), std::string::npos)
        << e.what();
    // The same line alone (or as the last line) is a bad 4x4 puzzle too.
    const Error alone = parse_error(std::string(trim(lines[0])) + "\n" + ".......7........\n");
    EXPECT_EQ(alone.line(), 2) << alone.what();
    EXPECT_NE(alone.message().find("unknown symbol '7'"), std::string::npos) << alone.what();
  }
  {
    // A 16x16 grid cut short by the end of the file: reported on its last row (line 14 here:
    // rows 1-12 and two separator lines), not on a line past the end.
    const auto big =
        parse_puzzles(read_text(source_path("data/sudoku/16x16_10.txt")), "16").at(0).board;
    const std::string grid = to_grid(big);
    const auto grid_lines = split_lines(grid);
    std::string cut;
    for (std::size_t i = 0; i < 14; ++i) cut += std::string(grid_lines[i]) + "\n";
    const Error e = parse_error(cut);
    EXPECT_EQ(e.line(), 14) << e.what();
    EXPECT_NE(e.message().find("grid started on line 1 has 12 rows: expected 16"),
              std::string::npos)
        << e.what();
    // Without a trailing newline, the same.
    EXPECT_EQ(parse_error(cut.substr(0, cut.size() - 1)).line(), 14);
    // A complete 16x16 grid with a repeated given is still a 16x16 grid with contradictory
    // givens, not sixteen 4x4 puzzles with unknown symbols.
    Board twice = big;
    int first = -1;
    for (int c = 0; c < 16 && first < 0; ++c) {
      if (twice.at(0, c) != 0) first = c;
    }
    ASSERT_GE(first, 0);
    int empty = -1;
    for (int c = 15; c >= 0 && empty < 0; --c) {
      if (twice.at(0, c) == 0) empty = c;
    }
    ASSERT_GE(empty, 0);
    twice.at(0, empty) = twice.at(0, first);
    const Error dup = parse_error(to_grid(twice));
    EXPECT_EQ(dup.line(), 1) << dup.what();
    EXPECT_NE(dup.message().find(fmt::format("r1c{} and r1c{} both hold", first + 1, empty + 1)),
              std::string::npos)
        << dup.what();
  }
  EXPECT_THROW(read_puzzles(source_path("no/such/file.txt")), Error);
}

TEST(SudokuBoard, CheckerIsStrict) {
  const Board puzzle = one(kPuzzle), solution = one(kSolution);
  EXPECT_TRUE(is_valid_solution(puzzle, solution));
  EXPECT_TRUE(find_contradiction(solution).empty());
  // Swapping two cells of a row keeps rows valid but breaks columns.
  Board swapped = solution;
  std::swap(swapped.at(0, 1), swapped.at(0, 2));
  EXPECT_FALSE(is_valid_solution(Board(puzzle.geometry), swapped));
  // A changed given is rejected even when the grid itself is valid.
  Board other = puzzle;
  other.at(0, 0) = 0;
  other.at(0, 1) = 4;
  EXPECT_FALSE(is_valid_solution(other, solution));
  // Incomplete grids are not solutions.
  EXPECT_FALSE(is_valid_solution(puzzle, puzzle));
  // Conflicting cells of the swapped grid: exactly the two swapped cells and their partners.
  const auto marks = conflicting_cells(swapped);
  EXPECT_TRUE(marks[1]);
  EXPECT_TRUE(marks[2]);
  EXPECT_FALSE(marks[0]);
  int marked = 0;
  for (auto m : marks) marked += m;
  EXPECT_EQ(marked, 4);  // r1c2, r1c3 and the cells of columns 2 and 3 they now repeat
}
