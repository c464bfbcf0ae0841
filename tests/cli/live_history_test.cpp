// A command's run folder while it runs (docs/runs.md): history.csv holds the generations (or a
// series' games) so far as complete lines, the running marker names the command's process;
// Ctrl-C ends it with result.json, the marker gone and history.csv the whole history.
#include <gtest/gtest.h>
#include <signal.h>
#include <sys/wait.h>

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <thread>

#include "support/process.hpp"

namespace live_history_test {

namespace fs = std::filesystem;
using namespace evoplay::test_support;

/// The complete lines of `file` now (a last line without its newline is left out).
std::size_t complete_lines(const fs::path& file) {
  const std::string text = slurp(file);
  return static_cast<std::size_t>(std::count(text.begin(), text.end(), '\n'));
}

/// Waits until `file` holds at least `lines` complete lines while the command `pid` runs (fails
/// if it ends first, saying `what` it ended before).
void wait_for_lines(const fs::path& file, std::size_t lines, pid_t pid, const std::string& what) {
  int status = 0;
  while (complete_lines(file) < lines) {
    ASSERT_EQ(waitpid(pid, &status, WNOHANG), 0) << "the command ended before " << what;
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
}

TEST(LiveHistory, ARunningCommandsHistoryGrowsAndItsMarkerNamesIt) {
  const auto dir = scratch_dir("live-history");
  const auto out = dir / "run";
  {
    std::ifstream in(source_path("data/sudoku/hardest.txt"));
    std::string line;
    std::getline(in, line);
    std::ofstream(dir / "p.txt") << line << "\n";
  }
  // 10^6 generations of a population of 100 on the hardest puzzle (seeded: unsolved for the
  // tens of thousands of generations the test watches, on any machine).
  const pid_t pid = start_evoplay(
      {"sudoku", "solve", (dir / "p.txt").string(), "--method", "ga", "--generations", "1000000",
       "--population", "100", "--threads", "1", "--seed", "1", "--quiet", "--out", out.string()},
      true);
  ASSERT_GT(pid, 0);
  // Wait for the states: the header and three rows while the command runs.
  ASSERT_NO_FATAL_FAILURE(wait_for_lines(out / "history.csv", 4, pid, "its 3rd generation"));
  const auto marker = nlohmann::json::parse(slurp(out / ".running"));
  EXPECT_EQ(marker["pid"], pid);
  EXPECT_FALSE(fs::exists(out / "result.json"));
  const std::size_t seen = complete_lines(out / "history.csv");
  const std::string header = slurp(out / "history.csv").substr(0, 56);
  EXPECT_EQ(header, "generation,evaluations,best,mean,worst,diversity,elapsed");
  ASSERT_NO_FATAL_FAILURE(wait_for_lines(out / "history.csv", seen + 1, pid, "its next row"));
  int status = 0;
  ASSERT_EQ(kill(pid, SIGINT), 0);
  ASSERT_EQ(waitpid(pid, &status, 0), pid);
  EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 130) << status;
  EXPECT_FALSE(fs::exists(out / ".running"));
  const auto result = nlohmann::json::parse(slurp(out / "result.json"));
  EXPECT_EQ(result["stopped"], "cancelled");
  // The final history: a row per generation run, numbered from 0.
  const std::string text = slurp(out / "history.csv");
  const std::size_t rows = complete_lines(out / "history.csv") - 1;
  EXPECT_GT(rows, seen - 1);
  const auto last = text.rfind('\n', text.size() - 2);
  EXPECT_EQ(text.substr(last + 1, text.find(',', last) - last - 1), std::to_string(rows - 1));
}

TEST(LiveHistory, ASeriesOfGamesWritesItsRowsAsTheBlocksOfGamesEnd) {
  const auto dir = scratch_dir("live-series");
  const auto out = dir / "run";
  // A million games (blocks of 1,000): rows appear long before the end on any machine.
  const pid_t pid =
      start_evoplay({"tictactoe", "play", "--x", "random", "--o", "random", "--games", "1000000",
                     "--threads", "1", "--seed", "1", "--quiet", "--out", out.string()},
                    true);
  ASSERT_GT(pid, 0);
  ASSERT_NO_FATAL_FAILURE(wait_for_lines(out / "history.csv", 2, pid, "its first block"));
  EXPECT_FALSE(fs::exists(out / "result.json"));
  const std::size_t seen = complete_lines(out / "history.csv");
  EXPECT_EQ((seen - 1) % 1000, 0u) << "whole blocks of 1,000 games";
  const std::string text = slurp(out / "history.csv");
  EXPECT_EQ(text.substr(0, text.find('\n')),
            "game,winner,plies,nodes_0,nodes_1,seconds_0,seconds_1");
  EXPECT_EQ(text.substr(text.find('\n') + 1, 2), "1,");  // the first game first
  ASSERT_NO_FATAL_FAILURE(wait_for_lines(out / "history.csv", seen + 1, pid, "its next block"));
  int status = 0;
  ASSERT_EQ(kill(pid, SIGINT), 0);
  ASSERT_EQ(waitpid(pid, &status, 0), pid);
  EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 130) << status;
  // The final history: a row for every game result.json counts, the live rows first.
  const auto result = nlohmann::json::parse(slurp(out / "result.json"));
  EXPECT_EQ(result["stopped"], "cancelled");
  EXPECT_EQ(complete_lines(out / "history.csv") - 1, result["games"].get<std::size_t>());
  EXPECT_EQ(slurp(out / "history.csv").substr(0, text.size()), text);
}

}  // namespace live_history_test
