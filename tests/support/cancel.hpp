#pragma once
// The check of a long command stopped by Ctrl-C: it exits with status 130 after writing
// result.json with "stopped": "cancelled", every JSON file it left parses, and no temporary file
// (.tmp-) is left (docs/runs.md).

#include <gtest/gtest.h>
#include <signal.h>
#include <sys/wait.h>

#include <filesystem>
#include <nlohmann/json.hpp>

#include "support/process.hpp"

namespace evoplay::test_support {

/// Sends SIGINT to `pid` (started with start_evoplay and seen to have started), waits for it and
/// checks the run folder `dir` it wrote; returns result.json.
inline nlohmann::json expect_cancelled(pid_t pid, const std::filesystem::path& dir) {
  EXPECT_EQ(kill(pid, SIGINT), 0);
  int status = 0;
  EXPECT_EQ(waitpid(pid, &status, 0), pid);
  EXPECT_TRUE(WIFEXITED(status)) << "killed by a signal instead of stopping cleanly";
  EXPECT_EQ(WEXITSTATUS(status), 130);
  for (const auto& e : std::filesystem::recursive_directory_iterator(dir)) {
    const auto name = e.path().filename().string();
    EXPECT_EQ(name.find(".tmp-"), std::string::npos) << e.path();
    if (e.path().extension() == ".json") {
      EXPECT_TRUE(nlohmann::json::accept(slurp(e.path()))) << e.path();
    }
  }
  const auto result = nlohmann::json::parse(slurp(dir / "result.json"), nullptr, false);
  EXPECT_EQ(result.value("stopped", nlohmann::json()), "cancelled") << result.dump();
  return result;
}

}  // namespace evoplay::test_support
