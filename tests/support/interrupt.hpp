#pragma once
// Ctrl-C as a user gives it: start the program, wait (however long it takes) until the run has
// started, send the signal, and check what the run left.

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

namespace evoplay::test_support {

/// Starts `evoplay args...`, waits until `started` exists (no time limit: the state, not a
/// time), sends `sig`, and returns the exit status (128 + signal if the signal ended it).
inline int interrupt_when(const std::vector<std::string>& args,
                          const std::filesystem::path& started, int sig = SIGINT) {
  const pid_t pid = start_evoplay(args, true);
  if (pid <= 0) return -1;
  while (!std::filesystem::exists(started)) {
    int status = 0;
    if (waitpid(pid, &status, WNOHANG) == pid) return -2;  // ended before it started
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  kill(pid, sig);
  int status = 0;
  waitpid(pid, &status, 0);
  return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}

/// A run folder left by a cancelled run: result.json says "stopped": "cancelled", every JSON
/// file parses, no temporary file is left.
inline void expect_cancelled_run(const std::filesystem::path& dir) {
  ASSERT_TRUE(std::filesystem::exists(dir / "result.json")) << dir;
  for (const auto& e : std::filesystem::recursive_directory_iterator(dir)) {
    if (!e.is_regular_file()) continue;
    EXPECT_EQ(e.path().filename().string().find(".tmp-"), std::string::npos) << e.path();
    if (e.path().extension() == ".json") {
      EXPECT_TRUE(nlohmann::json::accept(slurp(e.path()))) << e.path();
    }
  }
  EXPECT_EQ(nlohmann::json::parse(slurp(dir / "result.json")).value("stopped", ""), "cancelled");
}

}  // namespace evoplay::test_support
