// Signals: a command stopped by Ctrl-C or `kill` leaves no temporary file behind, and every
// file it leaves is whole (docs/reliability.md).
#include <gtest/gtest.h>
#include <signal.h>
#include <sys/wait.h>

#include <chrono>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <string>
#include <thread>
#include <vector>

#include "support/process.hpp"

namespace fs = std::filesystem;
using namespace evoplay::test_support;

namespace {

/// Waits (however long it takes) until `file` exists.
void wait_for(const fs::path& file) {
  while (!fs::exists(file)) std::this_thread::sleep_for(std::chrono::milliseconds(20));
}

/// Every file under `dir`, hidden ones included.
std::vector<fs::path> files_in(const fs::path& dir) {
  std::vector<fs::path> out;
  for (const auto& e : fs::recursive_directory_iterator(dir))
    if (e.is_regular_file()) out.push_back(e.path());
  return out;
}

/// Sends `sig` to `pid` and waits for it to end; returns its exit status (128 + N when signal N
/// ended it). One still running `guard` seconds after the signal is killed and the test fails:
/// the bound only keeps a command that ignores the signal (for minutes, as setups once did) from
/// stalling the suite; it measures no speed.
int stop_and_wait(pid_t pid, int sig, const std::string& what, double guard = 30) {
  EXPECT_EQ(kill(pid, sig), 0) << what;
  const auto sent = std::chrono::steady_clock::now();
  for (;;) {
    int status = 0;
    if (waitpid(pid, &status, WNOHANG) == pid)
      return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
    if (std::chrono::steady_clock::now() - sent > std::chrono::duration<double>(guard)) {
      kill(pid, SIGKILL);
      waitpid(pid, &status, 0);
      ADD_FAILURE() << what << ": still running " << guard << " s after signal " << sig;
      return -1;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
}

}  // namespace

// Ctrl-C (or SIGTERM) during the setup of `birds generate`, while its first population or its
// islands are made and scored (minutes for thousands of individuals), ends it with status 130
// and a run folder that says so; setups once ignored it to their end.
TEST(Signals, CtrlCStopsBirdsGenerateDuringItsSetup) {
  struct Case {
    std::vector<std::string> args;
    int sig;
  };
  const std::vector<Case> cases = {
      {{"--population", "5000"}, SIGINT},
      {{"--islands", "200"}, SIGINT},
      {{"--islands", "100000", "--population", "100000"}, SIGTERM},
  };
  int n = 0;
  for (const auto& c : cases) {
    const auto dir = scratch_dir("signals-setup-" + std::to_string(n++)) / "run";
    std::vector<std::string> args = {"birds", "generate", "--levels", "1",         "--generations",
                                     "1",     "--quiet",  "--out",    dir.string()};
    args.insert(args.end(), c.args.begin(), c.args.end());
    std::string what = "birds generate";
    for (const auto& a : c.args) what += " " + a;
    const pid_t pid = start_evoplay(args, true);
    ASSERT_GT(pid, 0);
    wait_for(dir / "config.json");  // the run has begun: its setup follows
    EXPECT_EQ(stop_and_wait(pid, c.sig, what), 130) << what;
    ASSERT_TRUE(fs::exists(dir / "result.json")) << what;
    const auto result = nlohmann::json::parse(slurp(dir / "result.json"));
    EXPECT_EQ(result.value("stopped", ""), "cancelled") << what;
    for (const auto& f : files_in(dir))
      EXPECT_EQ(f.filename().string().find(".tmp-"), std::string::npos) << f;
  }
}

TEST(Signals, AnInterruptedRunLeavesNoTemporaryAndOnlyWholeFiles) {
  for (int sig : {SIGINT, SIGTERM}) {
    const auto dir = scratch_dir("signals-" + std::to_string(sig)) / "run";
    const pid_t pid =
        start_evoplay({"sudoku", "experiment", source_path("data/sudoku/qqwing_expert_50.txt"),
                       "--runs", "1000", "--quiet", "--out", dir.string()},
                      true);
    ASSERT_GT(pid, 0);
    wait_for(dir / "config.json");
    ASSERT_EQ(kill(pid, sig), 0);
    int status = 0;
    ASSERT_EQ(waitpid(pid, &status, 0), pid);
    for (const auto& f : files_in(dir)) {
      EXPECT_EQ(f.filename().string().find(".tmp-"), std::string::npos) << f;
      if (f.extension() == ".json") {
        EXPECT_TRUE(nlohmann::json::accept(slurp(f))) << f;
      }
    }
  }
}

// Ctrl-C while the engines (CRO, the GA, ACO, alone or as islands) draw and score a first
// population of a million ends `lemmings solve` with status 130 and a run folder that says so;
// what was scored of it is dropped, so no plan, history or picture is written. The first
// population once went unheeded to its end (73 s on two cores; the two islands' setup outlasts
// the 30 s guard even in a debug build).
TEST(Signals, CtrlCStopsLemmingsSolveDuringItsFirstPopulation) {
  struct Case {
    std::vector<std::string> extra;
    long long first;  // the first population's evaluations (CRO: 90% of the reef's cells)
  };
  const std::vector<Case> cases = {
      {{}, 900000},
      {{"--method", "ga"}, 1000000},
      {{"--method", "aco"}, 1000000},
      {{"--method", "ga", "--islands", "2"}, 2000000},
  };
  int n = 0;
  for (const auto& [extra, first] : cases) {
    const auto dir = scratch_dir("signals-lemmings-" + std::to_string(n++)) / "run";
    std::vector<std::string> args = {
        "lemmings",     "solve",   source_path("data/lemmings/easy-01-down-the-hole.lvl"),
        "--population", "1000000", "--evaluations",
        "2000000",      "--quiet", "--out",
        dir.string()};
    args.insert(args.end(), extra.begin(), extra.end());
    std::string what = "lemmings solve --population 1000000";
    for (const auto& a : extra) what += " " + a;
    const pid_t pid = start_evoplay(args, true);
    ASSERT_GT(pid, 0);
    wait_for(dir / "config.json");  // the run has begun: its first population follows
    EXPECT_EQ(stop_and_wait(pid, SIGINT, what), 130) << what;
    ASSERT_TRUE(fs::exists(dir / "result.json")) << what;
    const auto result = nlohmann::json::parse(slurp(dir / "result.json"));
    EXPECT_EQ(result.value("stopped", ""), "cancelled") << what;
    EXPECT_EQ(result.value("stop_reason", ""), "cancelled") << what;
    EXPECT_EQ(result.value("generations", -1), 0) << what;
    // The first population is whole or absent, never part of it: a cancel seen while it was
    // made leaves no evaluation and no plan (one that came after it, the population counted).
    const auto evaluations = result.value("evaluations", -1LL);
    EXPECT_TRUE(evaluations == 0 || evaluations == first) << what << ": " << evaluations;
    EXPECT_EQ(fs::exists(dir / "best.plan"), evaluations > 0) << what;
    EXPECT_EQ(fs::exists(dir / "history.csv"), evaluations > 0) << what;
    for (const auto& f : files_in(dir)) {
      EXPECT_EQ(f.filename().string().find(".tmp-"), std::string::npos) << f;
      if (f.extension() == ".json") {
        EXPECT_TRUE(nlohmann::json::accept(slurp(f))) << f;
      }
    }
  }
}

// Ctrl-C while `sudoku experiment`'s first run draws and scores a population of a million ends
// it with status 130 and a run folder that says so, with no run finished.
TEST(Signals, CtrlCStopsSudokuExperimentDuringItsFirstPopulation) {
  const auto dir = scratch_dir("signals-sudoku-population") / "run";
  const pid_t pid =
      start_evoplay({"sudoku", "experiment", source_path("data/sudoku/qqwing_expert_50.txt"),
                     "--population", "1000000", "--runs", "1", "--quiet", "--out", dir.string()},
                    true);
  ASSERT_GT(pid, 0);
  wait_for(dir / "config.json");
  EXPECT_EQ(stop_and_wait(pid, SIGINT, "sudoku experiment --population 1000000"), 130);
  ASSERT_TRUE(fs::exists(dir / "result.json"));
  const auto result = nlohmann::json::parse(slurp(dir / "result.json"));
  EXPECT_EQ(result.value("stopped", ""), "cancelled");
  for (const auto& f : files_in(dir)) {
    EXPECT_EQ(f.filename().string().find(".tmp-"), std::string::npos) << f;
    if (f.extension() == ".json") {
      EXPECT_TRUE(nlohmann::json::accept(slurp(f))) << f;
    }
  }
}
