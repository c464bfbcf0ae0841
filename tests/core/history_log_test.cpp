// history.csv written as a run makes it (core/history_log.hpp): complete lines, the generations so
// far at every generation, the final file byte for byte History::to_csv; and the running marker of
// a run folder (core/run_dir.hpp) that tells a running run from a stopped one.
#include "evoplay/core/history_log.hpp"

#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>

#include "evoplay/core/history.hpp"
#include "evoplay/core/run_dir.hpp"
#include "evoplay/core/text.hpp"
#include "support/process.hpp"

namespace fs = std::filesystem;
using namespace evoplay;

namespace history_log_test {

GenerationRecord record(std::size_t g) {
  GenerationRecord r;
  r.generation = g;
  r.evaluations = 50 * (g + 1);
  r.best = 40.0 / static_cast<double>(g + 1);
  r.mean = r.best + 1.25;
  r.worst = r.best + 7;
  r.diversity = g % 3 == 0 ? std::nan("") : 0.5 * static_cast<double>(g);
  r.elapsed = 0.001 * static_cast<double>(g);
  r.extra = {{"restarts", static_cast<double>(g / 4)}, {"occupancy", 0.75}};
  return r;
}

/// An observer after the log: at each generation, what the file holds then.
struct Reader : Observer {
  fs::path file;
  std::vector<std::string> seen;
  void on_generation(const GenerationRecord&) override {
    seen.push_back(test_support::slurp(file));
  }
};

// A step-wise run: after each record, the file holds the header and every record so far, each a
// whole line, the same text History::to_csv gives for those records.
TEST(HistoryLog, TheFileHoldsTheGenerationsSoFarAsCompleteLines) {
  const auto dir = test_support::scratch_dir("history-log");
  const auto file = dir / "history.csv";
  std::ofstream(file) << "an earlier run's history\n";
  Reader reader;
  reader.file = file;
  HistoryLog log(file, &reader);
  History history;
  for (std::size_t g = 0; g < 12; ++g) {
    history.add(record(g));
    log.on_generation(history.back());
    ASSERT_EQ(reader.seen.size(), g + 1);
    const std::string& now = reader.seen.back();
    EXPECT_EQ(now, history.to_csv()) << "after generation " << g;
    EXPECT_EQ(now.back(), '\n');
    EXPECT_EQ(std::count(now.begin(), now.end(), '\n'), static_cast<long>(g + 2));  // header, rows
  }
  EXPECT_EQ(log.records(), 12u);
  EXPECT_EQ(parse_csv(test_support::slurp(file), "history.csv").rows.size(), 12u);
}

// A command that replaces the file meanwhile (an atomic checkpoint of the whole history) is
// appended to, not a copy that is gone.
TEST(HistoryLog, AppendsToAFileReplacedMeanwhile) {
  const auto dir = test_support::scratch_dir("history-log-replaced");
  const auto file = dir / "history.csv";
  HistoryLog log(file);
  History history;
  for (std::size_t g = 0; g < 3; ++g) {
    history.add(record(g));
    log.on_generation(history.back());
  }
  RunDir run = RunDir::create(dir.string(), "x");
  run.write_text("history.csv", history.to_csv());
  history.add(record(3));
  log.on_generation(history.back());
  EXPECT_EQ(test_support::slurp(file), history.to_csv());
}

// A folder it cannot write to stops the log, not the run.
TEST(HistoryLog, AFileThatCannotBeWrittenStopsTheLogQuietly) {
  const auto dir = test_support::scratch_dir("history-log-nowhere");
  Reader reader;
  reader.file = dir / "missing" / "history.csv";
  HistoryLog log(reader.file, &reader);
  log.on_generation(record(0));
  log.on_generation(record(1));
  EXPECT_EQ(log.records(), 0u);
  EXPECT_EQ(reader.seen.size(), 2u);  // the next observer still sees every record
}

// While a RunDir lives its folder is "running"; after, "complete" with result.json, else
// "stopped"; a marker left by a process that ended (killed: no RunDir to remove it) is "stopped".
TEST(RunState, RunningOnlyWhileTheRunsProcessRuns) {
  const auto dir = test_support::scratch_dir("run-state");
  {
    RunDir run = RunDir::create((dir / "a").string(), "x");
    EXPECT_TRUE(fs::exists(dir / "a" / kRunningMarker));
    EXPECT_EQ(run_state(dir / "a"), RunState::kRunning);
    run.finish({{"ok", true}});
    EXPECT_EQ(run_state(dir / "a"), RunState::kRunning);  // still writing its pictures
  }
  EXPECT_FALSE(fs::exists(dir / "a" / kRunningMarker));
  EXPECT_EQ(run_state(dir / "a"), RunState::kComplete);
  { const RunDir run = RunDir::create((dir / "b").string(), "x"); }
  EXPECT_EQ(run_state(dir / "b"), RunState::kStopped);
  EXPECT_EQ(run_state_name(RunState::kStopped), "stopped");

  // A child process opens a run and ends without its destructors (as kill -9 would end it).
  const pid_t child = ::fork();
  if (child == 0) {
    RunDir run = RunDir::create((dir / "killed").string(), "x");
    ::_exit(0);
  }
  int status = 0;
  ASSERT_EQ(::waitpid(child, &status, 0), child);
  ASSERT_TRUE(fs::exists(dir / "killed" / kRunningMarker));
  EXPECT_EQ(run_state(dir / "killed"), RunState::kStopped);
  // A marker whose process id is now another process's (ours, started at another time).
  std::ofstream(dir / "killed" / kRunningMarker)
      << R"({"pid": )" << ::getpid() << R"(, "start": 1, "host": ")"
      << test_support::slurp("/proc/sys/kernel/hostname")
             .substr(0, test_support::slurp("/proc/sys/kernel/hostname").find('\n'))
      << R"("})";
  EXPECT_EQ(run_state(dir / "killed"), RunState::kStopped);
}

}  // namespace history_log_test
