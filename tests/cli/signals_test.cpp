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

}  // namespace

TEST(Signals, AnInterruptedRunLeavesNoTemporaryAndOnlyWholeFiles) {
  for (int sig : {SIGINT, SIGTERM}) {
    const auto dir = scratch_dir("signals-" + std::to_string(sig)) / "run";
    const pid_t pid = start_evoplay(
        {"sudoku", "experiment", source_path("data/sudoku/qqwing_expert_50.txt"),
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
