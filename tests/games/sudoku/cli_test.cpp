// `evoplay sudoku ...` as a user runs it: outputs, run folders, JSON lines, errors and exit codes.
#include <gtest/gtest.h>
#include <signal.h>
#include <sys/wait.h>

#include <chrono>
#include <nlohmann/json.hpp>
#include <set>
#include <sstream>
#include <thread>

#include "evoplay/core/history.hpp"
#include "evoplay/games/sudoku/board.hpp"
#include "support/history.hpp"
#include "support/process.hpp"

using namespace evoplay::test_support;
namespace sd = evoplay::games::sudoku;

namespace {
std::vector<nlohmann::json> json_lines(const std::string& out) {
  std::vector<nlohmann::json> lines;
  std::istringstream in(out);
  for (std::string line; std::getline(in, line);) {
    if (!line.empty()) lines.push_back(nlohmann::json::parse(line));
  }
  return lines;
}
const std::string kTop95First =
    "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
}  // namespace

TEST(SudokuCli, ExactSolveOfAFileWithJsonLinesInOrder) {
  const auto dir = scratch_dir("sudoku-exact");
  const auto r = run_evoplay("sudoku solve " + source_path("data/sudoku/hardest.txt") +
                             " --json --out " + (dir / "run").string());
  ASSERT_EQ(r.status, 0) << r.err;
  const auto lines = json_lines(r.out);
  ASSERT_EQ(lines.size(), 12u);  // a line per puzzle, then the run's
  EXPECT_EQ(lines.back()["run_dir"], (dir / "run").string());
  EXPECT_EQ(lines.back()["puzzles"], 11);
  EXPECT_EQ(lines.back()["solved"], 11);
  const auto puzzles = sd::read_puzzles(source_path("data/sudoku/hardest.txt"));
  for (std::size_t i = 0; i + 1 < lines.size(); ++i) {
    const auto& j = lines[i];
    EXPECT_EQ(j["puzzle"], i + 1);
    EXPECT_EQ(j["line"], puzzles[i].line);
    EXPECT_EQ(j["solved"], true);
    EXPECT_EQ(j["unique"], true);
    EXPECT_EQ(j["fitness"], 0);
    for (const char* key : {"generations", "evaluations", "seconds", "solution"})
      EXPECT_TRUE(j.contains(key)) << key;
    const auto solution = sd::parse_puzzles(j["solution"].get<std::string>(), "json").at(0).board;
    EXPECT_TRUE(sd::is_valid_solution(puzzles[i].board, solution));
  }
  for (const char* file : {"config.json", "result.json", "solutions.txt"}) {
    EXPECT_TRUE(std::filesystem::exists(dir / "run" / file)) << file;
  }
  const auto config = nlohmann::json::parse(slurp(dir / "run" / "config.json"));
  EXPECT_EQ(config["method"], "exact");
  EXPECT_EQ(config["seed"], 1);
}

TEST(SudokuCli, GaSolveFromStandardInputWithGridText) {
  const auto dir = scratch_dir("sudoku-ga");
  const auto grid = sd::to_grid(
      sd::read_puzzles(source_path("data/sudoku/qqwing_intermediate_50.txt")).at(1).board);
  const auto r = run_evoplay(
      "sudoku solve - --method ga --preset strong --threads 1 --out " + dir.string(), grid);
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.out.find("puzzle 1 (line 1): solved by the GA in"), std::string::npos) << r.out;
  const auto history = evoplay::parse_csv(slurp(dir / "history.csv"), "history.csv");
  EXPECT_GT(history.rows.size(), 1u);
  EXPECT_EQ(history.values("best").back(), 0);
  EXPECT_GT(std::filesystem::file_size(dir / "fitness.png"), 5000u);
  EXPECT_GT(std::filesystem::file_size(dir / "board.png"), 2000u);
  const auto config = nlohmann::json::parse(slurp(dir / "config.json"));
  EXPECT_EQ(config["ga"]["preset"], "strong");
  EXPECT_EQ(config["ga"]["population"], 40);
}

TEST(SudokuCli, CroSolveGoesThroughTheGenericReef) {
  const auto dir = scratch_dir("sudoku-cro");
  const auto line = sd::to_line(
      sd::read_puzzles(source_path("data/sudoku/qqwing_intermediate_50.txt")).at(0).board);
  const auto r = run_evoplay(
      "sudoku solve - --method cro --preset strong --json --quiet --out " + dir.string(), line);
  ASSERT_EQ(r.status, 0) << r.err;
  const auto j = json_lines(r.out).at(0);
  EXPECT_EQ(j["method"], "cro");
  EXPECT_EQ(j["solved"], true);
  EXPECT_EQ(j["fitness"], 0);
  const auto config = nlohmann::json::parse(slurp(dir / "config.json"));
  EXPECT_EQ(config["cro"]["reef"], "5x8");  // the strong preset's 40
  EXPECT_EQ(config["cro"]["gamma"], 1.0);
  const auto history = evoplay::parse_csv(slurp(dir / "history.csv"), "history.csv");
  EXPECT_GE(history.column("occupancy"), 0);  // CRO's own columns
  const auto bad = run_evoplay("sudoku solve - --method cro --elitism 5", line);
  EXPECT_EQ(bad.status, 2);
  EXPECT_NE(bad.err.find("--elitism: applies to method ga only"), std::string::npos) << bad.err;
}

TEST(SudokuCli, GaFailureShowsBestBoardAndConflicts) {
  const auto dir = scratch_dir("sudoku-ga-fail");
  const auto r = run_evoplay(
      "sudoku solve - --method ga --generations 5 --population 20 --json --out " + dir.string(),
      kTop95First + "\n");
  ASSERT_EQ(r.status, 0) << r.err;
  const auto j = json_lines(r.out).at(0);
  EXPECT_EQ(j["solved"], false);
  EXPECT_GT(j["fitness"].get<int>(), 0);
  EXPECT_EQ(j["generations"], 5);
  EXPECT_EQ(j["solution"].get<std::string>().size(), 81u);
  EXPECT_FALSE(j["conflicts"].empty());
  const auto human = run_evoplay(
      "sudoku solve - --method ga --generations 5 --population 20 --out " + dir.string(),
      kTop95First + "\n");
  EXPECT_NE(human.out.find("not solved: best fitness"), std::string::npos);
  EXPECT_NE(human.out.find("["), std::string::npos);  // conflicting cells in brackets
}

TEST(SudokuCli, CheckCountsSolutions) {
  std::string two = kTop95First;
  two[0] = '.';  // one given fewer: several solutions
  const std::string none =
      "12345678.\n.........\n.........\n.........\n.........\n.........\n.........\n"
      "........9\n.........\n";
  const auto r = run_evoplay("sudoku check -", kTop95First + "\n" + two + "\n\n" + none);
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.out.find("puzzle 1 (line 1, 9x9, 17 givens): 1 solution (unique)"), std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("puzzle 2 (line 2, 9x9, 16 givens): 2 or more solutions"), std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("puzzle 3 (line 4, 9x9, 9 givens): no solution"), std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("3 puzzles: 1 unique, 1 without solution, 1 with 2 or more solutions"),
            std::string::npos);
  const auto j =
      run_evoplay("sudoku check " + source_path("data/sudoku/6x6_2x3_203.txt") + " --json");
  const auto lines = json_lines(j.out);
  ASSERT_EQ(lines.size(), 203u);
  for (const auto& l : lines) EXPECT_EQ(l["solutions"], 1);
}

TEST(SudokuCli, BadInputNamesFileAndLine) {
  const auto dir = scratch_dir("sudoku-bad");
  std::ofstream(dir / "bad.txt") << kTop95First << "\n" << kTop95First.substr(0, 80) << "x\n";
  auto r = run_evoplay("sudoku solve " + (dir / "bad.txt").string() + " --out " +
                       (dir / "run").string());
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(
      r.err.find("evoplay: error: " + (dir / "bad.txt").string() + ":2:81: unknown symbol 'x'"),
      std::string::npos)
      << r.err;
  EXPECT_FALSE(std::filesystem::exists(dir / "run" / "result.json"));
  std::string clash = kTop95First;
  clash[1] = '4';
  r = run_evoplay("sudoku check -", clash + "\n");
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.err.find("<stdin>:1: contradictory givens: r1c1 and r1c2 both hold 4 in row 1"),
            std::string::npos)
      << r.err;
  r = run_evoplay("sudoku solve -", "");
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.err.find("no puzzle found"), std::string::npos) << r.err;
  r = run_evoplay("sudoku solve - --crossover pmx", kTop95First);
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.err.find("--crossover: applies to method ga or cro only"), std::string::npos)
      << r.err;
  r = run_evoplay("sudoku solve - --method ga --crossover nope", kTop95First);
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.err.find("--crossover: expected uniform-blocks, one-point"), std::string::npos) << r.err;
  r = run_evoplay("sudoku solve - --method ga --preset fast", kTop95First);
  EXPECT_EQ(r.status, 2);
  r = run_evoplay("sudoku experiment - --vary size=1:2:1", kTop95First);
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.err.find("unknown parameter 'size'"), std::string::npos) << r.err;
  r = run_evoplay("sudoku solve /no/such/file.txt");
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.err.find("evoplay: error: /no/such/file.txt"), std::string::npos) << r.err;
}

TEST(SudokuCli, GaOptionsOutOfRangeAreErrors) {
  // -1 used to mean "not given" and silently fell back to the preset; every value out of range
  // is now refused with exit 2 and a message naming the option and what it expects.
  struct Case {
    const char* option;
    const char* expected;
  };
  for (const Case c :
       {Case{"--population -1",
             "--population: expected a whole number from 2 to 1000000, found '-1'"},
        Case{"--population 1",
             "--population: expected a whole number from 2 to 1000000, found '1'"},
        Case{"--generations -1", "--generations: expected a whole number from 0 to 1000000000"},
        Case{"--crossover-rate -1", "--crossover-rate: expected a number from 0 to 1, found '-1'"},
        Case{"--crossover-rate 1.5",
             "--crossover-rate: expected a number from 0 to 1, found '1.5'"},
        Case{"--mutation-rate -1", "--mutation-rate: expected a number from 0 to 1, found '-1'"},
        Case{"--elitism -1", "--elitism: expected a number from 0 to 100, found '-1'"},
        Case{"--elitism 150", "--elitism: expected a number from 0 to 100, found '150'"}}) {
    const auto r = run_evoplay(std::string("sudoku solve - --method ga --quiet ") + c.option,
                               kTop95First + "\n");
    EXPECT_EQ(r.status, 2) << c.option << ": " << r.err;
    EXPECT_NE(r.err.find(c.expected), std::string::npos) << c.option << ": " << r.err;
  }
  // In range, at the edges: accepted (one generation keeps it short).
  const auto dir = scratch_dir("sudoku-ga-options");
  const auto ok = run_evoplay(
      "sudoku solve - --method ga --population 2 --generations 0 --crossover-rate 0 "
      "--mutation-rate 1 --elitism 100 --json --out " +
          (dir / "run").string(),
      kTop95First + "\n");
  ASSERT_EQ(ok.status, 0) << ok.err;
  const auto config = nlohmann::json::parse(slurp(dir / "run" / "config.json"));
  EXPECT_EQ(config["ga"]["population"], 2);
  EXPECT_EQ(config["ga"]["generations"], 0);
  // Experiment runs: a clear message, not CLI11's range text.
  for (const char* runs : {"0", "-3"}) {
    const auto r = run_evoplay(std::string("sudoku experiment - --quiet --runs ") + runs,
                               kTop95First + "\n");
    EXPECT_EQ(r.status, 2) << r.err;
    EXPECT_NE(r.err.find(std::string("--runs: expected a whole number from 1 to 1000000, found '") +
                         runs + "'"),
              std::string::npos)
        << r.err;
  }
}

TEST(SudokuCli, ExperimentWritesTablesAndPlots) {
  const auto dir = scratch_dir("sudoku-experiment");
  const auto r =
      run_evoplay("sudoku experiment " + source_path("data/sudoku/qqwing_easy_50.txt") +
                  " --first 2 --runs 2 --crossover combined,pmx --population 20 --vary "
                  "generations=5:20:5 --quiet --out " +
                  dir.string());
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.out.find("combined / 20"), std::string::npos) << r.out;
  const std::string_view names[] = {"crossover", "mutation"};  // the text columns
  const auto summary = evoplay::parse_csv(slurp(dir / "summary.csv"), "summary.csv", names);
  EXPECT_EQ(summary.rows.size(), 8u);
  EXPECT_GE(summary.column("success_low95"), 0);
  const auto runs = evoplay::parse_csv(slurp(dir / "runs.csv"), "runs.csv", names);
  EXPECT_EQ(runs.rows.size(), 2u * 2 * 2 * 4);
  // Unique column names: the varied limit beside the generations each run used.
  const std::set<std::string> unique(runs.columns.begin(), runs.columns.end());
  EXPECT_EQ(unique.size(), runs.columns.size());
  EXPECT_GE(runs.column("generation_limit"), 0);
  EXPECT_GE(runs.column("generations"), 0);
  EXPECT_GT(std::filesystem::file_size(dir / "success.png"), 5000u);
  EXPECT_GT(std::filesystem::file_size(dir / "fitness.png"), 5000u);

  const auto cmp = run_evoplay(
      "sudoku experiment " + source_path("data/sudoku/qqwing_easy_50.txt") +
      " --first 2 --runs 2 --population 20 --generations 10 --compare combined,ox --json "
      "--out " +
      (dir / "cmp").string());
  ASSERT_EQ(cmp.status, 0) << cmp.err;
  const auto j = nlohmann::json::parse(cmp.out);
  EXPECT_EQ(j["run_dir"], (dir / "cmp").string());
  ASSERT_EQ(j["comparisons"].size(), 2u);
  EXPECT_EQ(j["comparisons"][0]["measure"], "best fitness");
  EXPECT_EQ(j["configs"].size(), 2u);
}

TEST(SudokuCli, DemoPartIsDeterministicAcrossThreads) {
  const auto dir = scratch_dir("sudoku-demo");
  const auto one =
      run_evoplay("demo --only sudoku --quiet --threads 1 --out " + (dir / "one").string());
  const auto two =
      run_evoplay("demo --only sudoku --quiet --threads 2 --out " + (dir / "two").string());
  ASSERT_EQ(one.status, 0) << one.err;
  ASSERT_EQ(two.status, 0) << two.err;
  const auto h1 = slurp(dir / "one" / "sudoku" / "history.csv");
  EXPECT_EQ(rows_without_time(h1),
            rows_without_time(slurp(dir / "two" / "sudoku" / "history.csv")));
  EXPECT_NE(one.out.find("strong preset: solved"), std::string::npos) << one.out;
  for (const char* png : {"fitness.png", "paper-fitness.png", "board.png", "paper-board.png"}) {
    EXPECT_GT(std::filesystem::file_size(dir / "one" / "sudoku" / png), 5000u) << png;
  }
}

TEST(SudokuCli, SolvedTextReadsBackIntoCheck) {
  // sudoku solve FILE > out.txt; sudoku check out.txt
  const auto dir = scratch_dir("sudoku-round-trip");
  const auto solve = run_evoplay("sudoku solve " + source_path("data/sudoku/top95.txt") +
                                 " --out " + (dir / "run").string());
  ASSERT_EQ(solve.status, 0) << solve.err;
  std::ofstream(dir / "out.txt") << solve.out;
  const auto check = run_evoplay("sudoku check " + (dir / "out.txt").string());
  ASSERT_EQ(check.status, 0) << check.err;
  EXPECT_NE(check.out.find("95 puzzles: 95 unique, 0 without solution"), std::string::npos)
      << check.out;
}

namespace {

/// Waits (however long it takes) until `file` exists.
void wait_for(const std::filesystem::path& file) {
  while (!std::filesystem::exists(file)) std::this_thread::sleep_for(std::chrono::milliseconds(20));
}

/// Ctrl-C once the run has started: exit 130, result.json says cancelled, every JSON file
/// parses, no temporary file is left.
nlohmann::json interrupt(const std::vector<std::string>& args, const std::filesystem::path& dir) {
  const pid_t pid = start_evoplay(args, true);
  EXPECT_GT(pid, 0);
  wait_for(dir / "config.json");
  EXPECT_EQ(kill(pid, SIGINT), 0);
  int status = 0;
  EXPECT_EQ(waitpid(pid, &status, 0), pid);
  EXPECT_TRUE(WIFEXITED(status));
  EXPECT_EQ(WEXITSTATUS(status), 130);
  for (const auto& e : std::filesystem::recursive_directory_iterator(dir)) {
    EXPECT_EQ(e.path().filename().string().find(".tmp-"), std::string::npos) << e.path();
    if (e.path().extension() == ".json") {
      EXPECT_TRUE(nlohmann::json::accept(slurp(e.path()))) << e.path();
    }
  }
  const auto result = nlohmann::json::parse(slurp(dir / "result.json"));
  EXPECT_EQ(result["stopped"], "cancelled");
  return result;
}

}  // namespace

TEST(SudokuCli, CtrlCStopsAGaSolveOfAFile) {
  const auto dir = scratch_dir("sudoku-sigint-solve") / "run";
  const auto result =
      interrupt({"sudoku", "solve", source_path("data/sudoku/magictour_top1465.txt"), "--method",
                 "ga", "--threads", "1", "--out", dir.string()},
                dir);
  EXPECT_EQ(result["puzzles"], 1465);
  EXPECT_LT(result["results"].size(), 1465u);
  const auto solutions = slurp(dir / "solutions.txt");  // a line per puzzle finished
  EXPECT_EQ(static_cast<std::size_t>(std::count(solutions.begin(), solutions.end(), '\n')),
            result["results"].size());
}

TEST(SudokuCli, CtrlCStopsAnExperiment) {
  const auto dir = scratch_dir("sudoku-sigint-experiment") / "run";
  const auto result = interrupt(
      {"sudoku", "experiment", source_path("data/sudoku/qqwing_expert_50.txt"),
       "--runs", "1000", "--threads", "1", "--out", dir.string()},
      dir);
  EXPECT_TRUE(result.contains("configs"));
  EXPECT_TRUE(std::filesystem::exists(dir / "runs.csv"));
}
