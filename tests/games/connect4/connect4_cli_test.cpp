// `evoplay connect4` as a user runs it: solving files and standard input (bad lines reported
// with their line numbers while the run goes on), JSON output, weak solving, and play.
#include <fcntl.h>
#include <gtest/gtest.h>
#include <signal.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <nlohmann/json.hpp>

#include "support/process.hpp"

using namespace evoplay::test_support;

namespace {

// Runs `evoplay ARGS` with standard error on a new pseudo-terminal; returns what it wrote there.
std::string run_with_terminal_stderr(const std::vector<std::string>& args,
                                     const std::filesystem::path& out) {
  const int master = posix_openpt(O_RDWR | O_NOCTTY);
  if (master < 0 || grantpt(master) != 0 || unlockpt(master) != 0) return "no pseudo-terminal";
  // The test holds the terminal open until the program has exited, so that reading it cannot
  // fail before the program has opened it; then reads what it wrote until the end (EIO).
  const std::string slave = ptsname(master);
  const int held = open(slave.c_str(), O_RDWR | O_NOCTTY);
  const pid_t pid = spawn_evoplay(args, "/dev/null", out, slave);
  int status = 0;
  waitpid(pid, &status, 0);
  close(held);
  std::string text;
  char buffer[4096];
  for (;;) {
    const ssize_t n = read(master, buffer, sizeof buffer);
    if (n <= 0) break;
    text.append(buffer, static_cast<std::size_t>(n));
  }
  close(master);
  return text;
}

}  // namespace

TEST(Connect4Cli, SolvesLinesAndReportsBadOnesWithTheirNumbers) {
  const auto dir = scratch_dir("c4-solve");
  std::ofstream(dir / "lines.txt") << "# three positions from Pons' sets and three broken lines\n"
                                      "5554224333234511764415115 4\n"
                                      "44444444\n"
                                      "52753311433677442422121 8\n"
                                      "48\n"
                                      "\n"
                                      "1212121212\n"
                                      "271713432331713132 -11\n";
  const auto r = run_evoplay("connect4 solve --table-mib 8 " + (dir / "lines.txt").string());
  EXPECT_EQ(r.status, 2) << r.err;
  EXPECT_NE(r.out.find("5554224333234511764415115 4 "), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("52753311433677442422121 8 "), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("271713432331713132 -11 "), std::string::npos) << r.out;
  EXPECT_NE(r.err.find("lines.txt:3:7: move 7: column 4 is full"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("lines.txt:5:2:"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("lines.txt:7:8: move 8: the game ended"), std::string::npos) << r.err;
}

TEST(Connect4Cli, LeadingBlanksCountInErrorColumns) {
  const auto dir = scratch_dir("c4-indent");
  std::ofstream(dir / "lines.txt") << "   5554224333234511764415115 4\n"
                                      "  44444444\n"
                                      "\t48\n";
  const auto r = run_evoplay("connect4 solve --table-mib 8 " + (dir / "lines.txt").string());
  EXPECT_EQ(r.status, 2) << r.err;
  EXPECT_NE(r.out.find("5554224333234511764415115 4 "), std::string::npos) << r.out;
  // The 7th move is the 9th character of "  44444444", the 2nd move the 3rd of "\t48".
  EXPECT_NE(r.err.find("lines.txt:2:9: move 7: column 4 is full"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("lines.txt:3:3: move 2:"), std::string::npos) << r.err;
}

TEST(Connect4Cli, BadInputPathsAndTableSizesAreUserErrors) {
  const auto dir = scratch_dir("c4-paths");
  const auto d = run_evoplay("connect4 solve " + dir.string());
  EXPECT_EQ(d.status, 2) << d.err;
  EXPECT_NE(d.err.find(dir.string() + ": is a directory, expected a file"), std::string::npos)
      << d.err;
  EXPECT_EQ(d.err.find("internal error"), std::string::npos) << d.err;
  const auto range = run_evoplay("connect4 solve --table-mib 100000", "4\n");
  EXPECT_EQ(range.status, 2) << range.err;
  EXPECT_NE(range.err.find("--table-mib"), std::string::npos) << range.err;
  // The largest size the option takes, 64 GiB, is more than this machine's memory (checked): the
  // table is refused before any of it is touched, with an error naming the option.
  const long pages = sysconf(_SC_PHYS_PAGES), page = sysconf(_SC_PAGE_SIZE);
  if (static_cast<double>(pages) * static_cast<double>(page) >= 65536.0 * 1024 * 1024) {
    GTEST_SKIP() << "this machine has 64 GiB of memory or more";
  }
  const auto big = run_evoplay("connect4 solve --table-mib 65536", "4\n");
  EXPECT_EQ(big.status, 2) << big.err;
  EXPECT_NE(big.err.find("--table-mib 65536: cannot allocate"), std::string::npos) << big.err;
  EXPECT_EQ(big.err.find("internal error"), std::string::npos) << big.err;
}

TEST(Connect4Cli, JsonWeakAndCheck) {
  const std::string input = "5554224333234511764415115 4\n271713432331713132 -11\n";
  const auto j = run_evoplay("connect4 solve - --json --table-mib 8", input);
  ASSERT_EQ(j.status, 0) << j.err;
  std::istringstream lines(j.out);
  std::string line;
  std::vector<nlohmann::json> rows;
  while (std::getline(lines, line)) rows.push_back(nlohmann::json::parse(line));
  ASSERT_EQ(rows.size(), 2u);
  EXPECT_EQ(rows[0]["moves"], "5554224333234511764415115");
  EXPECT_EQ(rows[0]["score"], 4);
  EXPECT_EQ(rows[1]["score"], -11);
  EXPECT_EQ(rows[1]["result"], "loss");
  EXPECT_TRUE(rows[0].contains("nodes"));
  EXPECT_TRUE(rows[0].contains("micros"));
  const auto weak = run_evoplay("connect4 solve --weak --table-mib 8", input);
  ASSERT_EQ(weak.status, 0) << weak.err;
  EXPECT_NE(weak.out.find("5554224333234511764415115 win "), std::string::npos) << weak.out;
  EXPECT_NE(weak.out.find("271713432331713132 loss "), std::string::npos) << weak.out;
}

// A score that differs from the file's is a finding about the input: the lines are named and
// the exit status is 3 (not an internal error).
TEST(Connect4Cli, CheckReportsWrongScoresWithStatus3) {
  const auto wrong = run_evoplay("connect4 solve --check --table-mib 8",
                                 "5554224333234511764415115 4\n52753311433677442422121 7\n");
  EXPECT_EQ(wrong.status, 3) << wrong.err;
  EXPECT_NE(wrong.out.find("52753311433677442422121 8 "), std::string::npos) << wrong.out;
  EXPECT_NE(wrong.out.find("WRONG (expected 7)"), std::string::npos) << wrong.out;
  EXPECT_NE(wrong.err.find("1 position solved differently from the expected score: line 2"),
            std::string::npos)
      << wrong.err;
  EXPECT_EQ(wrong.err.find("internal error"), std::string::npos) << wrong.err;
  const auto right =
      run_evoplay("connect4 solve --check --table-mib 8", "5554224333234511764415115 4\n");
  EXPECT_EQ(right.status, 0) << right.err;
}

TEST(Connect4Cli, HelpWarnsThatEarlyPositionsTakeMinutes) {
  const auto help = run_evoplay("connect4 solve --help");
  EXPECT_EQ(help.status, 0);
  EXPECT_NE(help.out.find("minutes"), std::string::npos) << help.out;
  EXPECT_NE(help.out.find("--time-limit"), std::string::npos) << help.out;
  const auto bad = run_evoplay("connect4 solve --time-limit -1", "4\n");
  EXPECT_EQ(bad.status, 2) << bad.err;
  EXPECT_NE(bad.err.find("--time-limit"), std::string::npos) << bad.err;
}

// --time-limit: a 4-move position (seconds to solve) either solved or printed with the bounds
// proven so far, which hold its score (-2, from data/connect4/early_100).
TEST(Connect4Cli, ATimeLimitPrintsTheBoundsProvenSoFar) {
  const auto r = run_evoplay("connect4 solve --table-mib 8 --time-limit 0.02 --json", "2234\n");
  ASSERT_EQ(r.status, 0) << r.err;
  const auto j = nlohmann::json::parse(r.out);
  if (j.contains("score")) {
    EXPECT_EQ(j["score"], -2);
  } else {
    EXPECT_EQ(j["complete"], false);
    EXPECT_LE(j["low"].get<int>(), -2);
    EXPECT_GE(j["high"].get<int>(), -2);
    EXPECT_NE(r.err.find("1 unfinished"), std::string::npos) << r.err;
  }
}

// "." is the empty board: the first player wins at the last possible move (score 1, Pons'
// convention), far beyond a short time limit; either way its line names it "." and what is
// printed holds the score.
TEST(Connect4Cli, TheEmptyBoardIsADot) {
  const auto r = run_evoplay("connect4 solve --table-mib 8 --time-limit 0.05 --json --check", ". 1\n");
  ASSERT_EQ(r.status, 0) << r.err;
  const auto j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["moves"], ".");
  if (j.contains("score")) {
    EXPECT_EQ(j["score"], 1);
  } else {
    EXPECT_EQ(j["complete"], false);
    EXPECT_LE(j["low"].get<int>(), 1);
    EXPECT_GE(j["high"].get<int>(), 1);
  }
}

// No progress line when standard error is not a terminal (here a file): every line of it is
// the summary or an error, never the carriage-return line drawn on a terminal.
TEST(Connect4Cli, NoProgressLineWhenStderrIsNotATerminal) {
  const auto r = run_evoplay("connect4 solve --table-mib 8",
                             "5554224333234511764415115\n52753311433677442422121\n");
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.err.find('\r'), std::string::npos) << r.err;
  EXPECT_EQ(r.err.find("nodes/s"), std::string::npos) << r.err;
  EXPECT_EQ(r.err.find("2 positions solved"), 0u) << r.err;
}

// On a terminal (a pseudo-terminal here) the same run draws the progress line, which names the
// position, the window of scores and the speed; --quiet turns it off.
TEST(Connect4Cli, AProgressLineOnATerminal) {
  const auto dir = scratch_dir("c4-tty");
  std::ofstream(dir / "in") << "5554224333234511764415115\n";
  for (const bool quiet : {false, true}) {
    std::vector<std::string> args = {"connect4", "solve", "--table-mib", "8",
                                     (dir / "in").string()};
    if (quiet) args.push_back("--quiet");
    const std::string err = run_with_terminal_stderr(args, dir / "out");
    EXPECT_EQ(slurp(dir / "out").rfind("5554224333234511764415115 4 ", 0), 0u);
    if (quiet) {
      EXPECT_EQ(err.find("nodes/s"), std::string::npos) << err;
    } else {
      EXPECT_NE(err.find("line 1 (5554224333234511764415115): score in ["), std::string::npos)
          << err;
      EXPECT_NE(err.find("nodes/s"), std::string::npos) << err;
    }
  }
}

// Ctrl-C in the middle of a long position (one stone: minutes) after two quick lines: exit
// status 130, the two lines printed whole, nothing of the interrupted line or the ones after it.
TEST(Connect4Cli, InterruptedSolveKeepsTheFinishedLines) {
  const auto dir = scratch_dir("c4-sigint");
  std::ofstream(dir / "in") << "5554224333234511764415115 4\n52753311433677442422121 8\n4\n"
                               "271713432331713132 -11\n";
  const pid_t pid = spawn_evoplay({"connect4", "solve", "--table-mib", "8", (dir / "in").string()},
                                  "/dev/null", dir / "out", dir / "err");
  ASSERT_GT(pid, 0);
  // The finished lines reach the file while the long one is searched.
  int status = 0;
  for (;;) {
    const std::string out = slurp(dir / "out");
    if (std::count(out.begin(), out.end(), '\n') >= 2) break;
    ASSERT_EQ(waitpid(pid, &status, WNOHANG), 0) << "ended early: " << slurp(dir / "err");
    usleep(20000);
  }
  ASSERT_EQ(kill(pid, SIGINT), 0);
  ASSERT_EQ(waitpid(pid, &status, 0), pid);
  ASSERT_TRUE(WIFEXITED(status));
  EXPECT_EQ(WEXITSTATUS(status), 130) << slurp(dir / "err");
  const std::string out = slurp(dir / "out");
  ASSERT_EQ(std::count(out.begin(), out.end(), '\n'), 2) << out;
  EXPECT_EQ(out.back(), '\n');
  EXPECT_EQ(out.rfind("5554224333234511764415115 4 ", 0), 0u) << out;
  EXPECT_NE(out.find("\n52753311433677442422121 8 "), std::string::npos) << out;
  EXPECT_NE(slurp(dir / "err").find("(cancelled)"), std::string::npos) << slurp(dir / "err");
}

TEST(Connect4Cli, AHumanPlaysThroughStandardInput) {
  const auto dir = scratch_dir("c4-human");
  // Column 8 does not exist, column 1 fills up after six stones; q quits.
  const auto r =
      run_evoplay("connect4 play --x human --o alphabeta:2 --out " + (dir / "run").string(),
                  "8\n1\n1\n1\n1\nq\n");
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.out.find("'8' is not a column"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("Game stopped"), std::string::npos) << r.out;
  const auto full =
      run_evoplay("connect4 play --x human --o random --seed 2 --out " + (dir / "full").string(),
                  "1\n1\n1\n1\n1\n1\n1\n");
  EXPECT_EQ(full.status, 0) << full.err;
  EXPECT_TRUE(full.out.find("column 1 is full") != std::string::npos ||
              full.out.find("X (human) wins") != std::string::npos)
      << full.out;
}

TEST(Connect4Cli, BotsPlayASeries) {
  const auto dir = scratch_dir("c4-series");
  const auto r =
      run_evoplay("connect4 play --x greedy --o mcts:200 --games 6 --threads 2 --json --out " +
                  (dir / "run").string());
  ASSERT_EQ(r.status, 0) << r.err;
  const auto result = nlohmann::json::parse(r.out);
  EXPECT_EQ(result["games"], 6);
  EXPECT_EQ(result["players"][1]["player"], "mcts:200");
}

TEST(Connect4Cli, DemoPartSolvesExactlyAndDrawsItsPictures) {
  const auto dir = scratch_dir("c4-demo");
  const auto r = run_evoplay("demo --only search --quiet --out " + (dir / "demo").string());
  ASSERT_EQ(r.status, 0) << r.err;
  const auto part = dir / "demo" / "search";
  for (const char* file :
       {"connect4_pruning.png", "connect4_game.png", "connect4_game.gif", "result.json"}) {
    EXPECT_TRUE(std::filesystem::exists(part / file)) << file;
  }
  const auto result = nlohmann::json::parse(slurp(part / "result.json"));
  for (const auto& [set, figures] : result["connect4_solve"].items()) {
    EXPECT_EQ(figures["exact"], figures["positions"]) << set;
  }
  EXPECT_EQ(result["connect4_solve"].size(), 4u);
  EXPECT_EQ(result["tictactoe"]["perfect_first_vs_random"][2], 0) << "the perfect player lost";
}
