// `evoplay connect4` as a user runs it: solving files and standard input (bad lines reported
// with their line numbers while the run goes on), JSON output, weak solving, and play.
#include <gtest/gtest.h>
#include <unistd.h>

#include <nlohmann/json.hpp>

#include "support/process.hpp"

using namespace evoplay::test_support;

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
  const auto wrong =
      run_evoplay("connect4 solve --check --table-mib 8", "5554224333234511764415115 3\n");
  EXPECT_EQ(wrong.status, 1);
  EXPECT_NE(wrong.out.find("WRONG (expected 3)"), std::string::npos) << wrong.out;
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
