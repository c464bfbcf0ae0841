// The library calls of `sudoku solve` and `sudoku check`, in-process: results checked by the
// independent checker and by the data's own counts, the hand-made JSON writers against the JSON
// library, settings validation, cancellation, and the text output read back.
#include "evoplay/games/sudoku/solve_file.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <nlohmann/json.hpp>
#include <sstream>

#include "evoplay/core/error.hpp"
#include "evoplay/core/json_text.hpp"
#include "evoplay/core/text.hpp"
#include "evoplay/games/sudoku/check.hpp"
#include "support/process.hpp"

using namespace evoplay;
using namespace evoplay::games::sudoku;
using evoplay::test_support::source_path;

namespace {

std::vector<PuzzleEntry> read(const std::string& name) {
  return read_puzzles(source_path("data/sudoku/" + name));
}

/// Puzzles of every kind the exact solver reports: unique (9x9, 4x4, 6x6, 16x16), several
/// solutions, none.
std::vector<PuzzleEntry> mixed() {
  std::vector<PuzzleEntry> out;
  for (const char* file :
       {"hardest.txt", "4x4_minimal_50.txt", "6x6_2x3_203.txt", "16x16_10.txt"}) {
    auto part = read(file);
    out.insert(out.end(), part.begin(), part.begin() + 3);
  }
  // The first of top95 has 17 givens; with 16 no Sudoku is unique.
  std::string two = to_line(read("top95.txt").at(0).board);
  two[two.find_first_not_of('.')] = '.';
  std::string none(81, '.');
  none.replace(0, 8, "12345678");
  none[80] = '9';  // r1c9 can hold nothing: 1-8 in its row, 9 in its column
  for (const auto& text : {two, none}) {
    out.push_back(parse_puzzles(text, "made").at(0));
  }
  return out;
}

std::string expected_json_lines(const SolveResult& r) {
  std::string out;
  for (std::size_t i = 0; i < r.puzzles.size(); ++i) out += json_text(r.puzzle_json(i)) + "\n";
  return out;
}

}  // namespace

TEST(SudokuSolveFile, ExactSolutionsPassTheIndependentChecker) {
  const auto puzzles = read("hardest.txt");
  const auto r = solve_puzzles(puzzles, SolveSettings{});
  ASSERT_EQ(r.puzzles.size(), puzzles.size());
  EXPECT_EQ(r.total, puzzles.size());
  EXPECT_EQ(r.solved, puzzles.size());
  EXPECT_FALSE(r.cancelled);
  for (std::size_t i = 0; i < puzzles.size(); ++i) {
    EXPECT_EQ(r.puzzles[i].line, puzzles[i].line);
    EXPECT_EQ(r.puzzles[i].solutions, 1);
    EXPECT_TRUE(is_valid_solution(puzzles[i].board, r.puzzles[i].board)) << i;
  }
}

TEST(SudokuSolveFile, HandWrittenJsonIsTheJsonLibrarysText) {
  auto r = solve_puzzles(mixed(), SolveSettings{});
  ASSERT_EQ(r.puzzles.size(), 14u);
  EXPECT_EQ(r.puzzles[12].solutions, 2);
  EXPECT_EQ(r.puzzles[13].solutions, 0);
  // Timings of every shape a double takes in the text.
  const double seconds[] = {0, 1e-7,   2.5e-6, 0.000123456789, 0.5,
                            1, 123.45, 1e22,   3.1e-300,       7.000000000000001};
  for (std::size_t i = 0; i < r.puzzles.size(); ++i)
    r.puzzles[i].counters.seconds = seconds[i % 10];
  for (bool cancelled : {false, true}) {
    r.cancelled = cancelled;
    r.seconds = cancelled ? 0.25 : 1.0 / 3;
    std::ostringstream lines;
    r.write_puzzles(lines, true);
    EXPECT_EQ(lines.str(), expected_json_lines(r));
    EXPECT_EQ(r.result_json_text(), json_text(r.to_json(), 2) + "\n");
  }
  r.puzzles.clear();  // a run cancelled before its first puzzle
  EXPECT_EQ(r.result_json_text(), json_text(r.to_json(), 2) + "\n");
}

TEST(SudokuSolveFile, GaResultsDoNotDependOnThreadsAndUseSeedPlusIndex) {
  auto puzzles = read("qqwing_easy_50.txt");
  puzzles.resize(3);
  SolveSettings s;
  s.method = "ga";
  s.ga.generations = 15;
  s.ga.population = 20;
  s.ga.seed = 7;
  s.threads = 1;
  const auto one = solve_puzzles(puzzles, s);
  s.threads = 2;
  const auto two = solve_puzzles(puzzles, s);
  ASSERT_EQ(one.puzzles.size(), 3u);
  for (std::size_t i = 0; i < 3; ++i) {
    EXPECT_EQ(one.puzzles[i].board, two.puzzles[i].board);
    EXPECT_EQ(one.puzzles[i].counters.evaluations, two.puzzles[i].counters.evaluations);
    GaSettings alone = s.ga;
    alone.seed = 7 + i;
    EXPECT_EQ(solve_ga(puzzles[i].board, alone).best, one.puzzles[i].board) << i;
  }
  // The GA's lines are the JSON library's too (conflicts listed).
  std::string lines;
  for (std::size_t i = 0; i < 3; ++i) one.append_json_line(lines, i);
  EXPECT_EQ(lines, expected_json_lines(one));
}

TEST(SudokuSolveFile, ProgressCountsPuzzlesAndACancelStopsSoon) {
  const auto puzzles = read("magictour_top1465.txt");
  Control control;
  std::uint64_t last = 0, calls = 0;
  control.progress = [&](std::uint64_t done, std::uint64_t total) {
    EXPECT_EQ(total, puzzles.size());
    EXPECT_GT(done, last);
    last = done;
    if (++calls == 2) control.cancel.cancel();  // after the second chunk
  };
  SolveSettings s;
  s.threads = 1;
  const auto r = solve_puzzles(puzzles, s, control);
  EXPECT_TRUE(r.cancelled);
  EXPECT_EQ(r.puzzles.size(), last);
  EXPECT_LT(r.puzzles.size(), puzzles.size());
  EXPECT_EQ(r.total, puzzles.size());
  EXPECT_EQ(r.to_json()["stopped"], "cancelled");
  // Cancelled before the first puzzle: nothing finished.
  Control stop;
  stop.cancel.cancel();
  SolveSettings ga;
  ga.method = "ga";
  const auto none = solve_puzzles(std::span(puzzles).first(1), ga, stop);
  EXPECT_TRUE(none.cancelled);
  EXPECT_TRUE(none.puzzles.empty());
}

TEST(SudokuSolveFile, SettingsNameTheBadField) {
  auto refused = [](const SolveSettings& s) {
    try {
      s.validate();
    } catch (const Error& e) {
      return e.message();
    }
    return std::string("accepted");
  };
  SolveSettings s;
  EXPECT_EQ(refused(s), "accepted");
  s.method = "annealing";
  EXPECT_NE(refused(s).find("method: expected exact, ga or cro"), std::string::npos);
  s.method = "ga";
  s.ga.population = 1;
  EXPECT_EQ(refused(s), "population: expected a whole number from 2 to 1000000, found 1");
  s.ga.population = 40;
  s.ga.crossover_rate = std::numeric_limits<double>::quiet_NaN();
  EXPECT_EQ(refused(s), "crossover-rate: expected a number from 0 to 1, found nan");
  s.ga.crossover_rate = 0.5;
  s.ga.mutation = "flip";
  EXPECT_NE(refused(s).find("mutation: expected regeneration, swap-next"), std::string::npos);
  s.ga.mutation = "rotation";
  s.ga.selection = "tournament:0";
  EXPECT_NE(refused(s), "accepted");
  s.method = "exact";  // the GA's fields do not matter to the exact solver
  EXPECT_EQ(refused(s), "accepted");
  EXPECT_EQ(s.to_json(), nlohmann::json({{"method", "exact"}}));
}

TEST(SudokuSolveFile, PrintedTextReadsBackAsTheSolutions) {
  const auto puzzles = read("top95.txt");
  const auto r = solve_puzzles(std::span(puzzles).first(5), SolveSettings{});
  std::ostringstream printed;
  r.write_puzzles(printed, false);
  std::string text = printed.str();
  text += r.summary_text() + "run folder: runs/sudoku-solve-20260101-000000\n";
  EXPECT_NE(text.find("\nsolved 5 of 5 puzzles in "), std::string::npos) << text;
  const auto back = parse_puzzles(text, "out.txt");
  ASSERT_EQ(back.size(), 5u);
  for (std::size_t i = 0; i < 5; ++i) EXPECT_EQ(back[i].board, r.puzzles[i].board);
  // solutions.txt reads back too (a line per puzzle).
  const auto lines = parse_puzzles(r.solutions_text(), "solutions.txt");
  ASSERT_EQ(lines.size(), 5u);
  EXPECT_EQ(lines[4].board, r.puzzles[4].board);
}

TEST(SudokuCheck, CountsAgreeWithTheData) {
  // Every puzzle of the 6x6 set is unique (so the set says); the mixed set adds one of each.
  const auto six = check_puzzles(read("6x6_2x3_203.txt"), {});
  EXPECT_EQ(six.puzzles.size(), 203u);
  EXPECT_EQ(six.unique, 203u);
  const auto r = check_puzzles(mixed(), {1});
  EXPECT_EQ(r.unique, 12u);
  EXPECT_EQ(r.several, 1u);
  EXPECT_EQ(r.without, 1u);
  EXPECT_EQ(r.summary_text(),
            "14 puzzles: 12 unique, 1 without solution, 1 with 2 or more solutions\n");
  EXPECT_EQ(r.puzzle_json(13)["unique"], false);
  EXPECT_EQ(r.to_json()["several"], 1);
  EXPECT_EQ(r.to_json()["results"][12]["solutions"], 2);
  EXPECT_EQ(r.puzzle_text(0).substr(0, 23), "puzzle 1 (line 1, 9x9, ");
  EXPECT_THROW(check_puzzles(mixed(), {-1}), Error);
}
