#pragma once
// Runs the evoplay program as a user would, for tests of the command line: arguments, exit
// status, standard output and standard error.

#include <fcntl.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <set>
#include <string>
#include <vector>

extern char** environ;

namespace evoplay::test_support {

struct ProcessResult {
  int status = -1;
  std::string out, err;
};

/// The scratch folders made by this test process, removed when it exits (kept when the
/// environment variable EVOPLAY_KEEP_TEST_DIRS is set, to look at a failure).
class ScratchDirs {
 public:
  ~ScratchDirs() {
    if (std::getenv("EVOPLAY_KEEP_TEST_DIRS")) return;
    std::error_code ignored;
    for (const auto& dir : dirs_) std::filesystem::remove_all(dir, ignored);
  }
  void add(const std::filesystem::path& dir) { dirs_.insert(dir); }

 private:
  std::set<std::filesystem::path> dirs_;
};

/// A fresh empty folder under the system's temporary folder, removed when the test process ends.
inline std::filesystem::path scratch_dir(const std::string& name) {
  static ScratchDirs made;
  const auto dir = std::filesystem::temp_directory_path() /
                   ("evoplay-test-" + name + "-" + std::to_string(::getpid()));
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  made.add(dir);
  return dir;
}

inline std::string slurp(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

/// Runs `evoplay ARGS` through the shell (ARGS is shell text), optionally feeding `input`.
inline ProcessResult run_evoplay(const std::string& args, const std::string& input = "") {
  static int counter = 0;
  const auto dir = std::filesystem::temp_directory_path() /
                   ("evoplay-run-" + std::to_string(::getpid()) + "-" + std::to_string(counter++));
  std::filesystem::create_directories(dir);
  const auto in = dir / "in", out = dir / "out", err = dir / "err";
  std::ofstream(in) << input;
  const std::string cmd = std::string(EVOPLAY_BINARY) + " " + args + " <" + in.string() + " >" +
                          out.string() + " 2>" + err.string();
  const int raw = std::system(cmd.c_str());
  ProcessResult r;
  r.status = WIFEXITED(raw) ? WEXITSTATUS(raw) : -1;
  r.out = slurp(out);
  r.err = slurp(err);
  std::filesystem::remove_all(dir);
  return r;
}

/// Starts `evoplay ARGS...` in the background with its standard input, output and error opened
/// on the given paths (an existing file or terminal is opened as it is; output files are
/// created; an empty path: inherited from the test); returns its process id for kill() and
/// waitpid(), -1 if it could not start.
inline pid_t spawn_evoplay(std::vector<std::string> args, const std::string& in,
                           const std::string& out, const std::string& err) {
  args.insert(args.begin(), EVOPLAY_BINARY);
  std::vector<char*> argv;
  for (auto& a : args) argv.push_back(a.data());
  argv.push_back(nullptr);
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  if (!in.empty()) posix_spawn_file_actions_addopen(&actions, 0, in.c_str(), O_RDONLY, 0);
  if (!out.empty())
    posix_spawn_file_actions_addopen(&actions, 1, out.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
  if (!err.empty())
    posix_spawn_file_actions_addopen(&actions, 2, err.c_str(), O_RDWR | O_CREAT | O_NOCTTY, 0644);
  pid_t pid = -1;
  if (posix_spawn(&pid, argv[0], &actions, nullptr, argv.data(), environ) != 0) pid = -1;
  posix_spawn_file_actions_destroy(&actions);
  return pid;
}

/// Starts `evoplay ARGS...` in the background, its standard output (and, with `quiet_errors`,
/// its standard error) thrown away; returns its process id for kill() and waitpid().
inline pid_t start_evoplay(std::vector<std::string> args, bool quiet_errors = false) {
  return spawn_evoplay(std::move(args), "", "/dev/null", quiet_errors ? "/dev/null" : "");
}

/// Starts `/bin/sh -c COMMAND` in the background; its process id (with `exec` in the command,
/// the program's own), -1 if it could not start.
inline pid_t spawn_sh(const std::string& command) {
  std::string sh = "/bin/sh", c = "-c", text = command;
  char* argv[] = {sh.data(), c.data(), text.data(), nullptr};
  pid_t pid = -1;
  if (posix_spawn(&pid, argv[0], nullptr, nullptr, argv, environ) != 0) pid = -1;
  return pid;
}

/// Path of a file in the source tree.
inline std::string source_path(const std::string& relative) {
  return std::string(EVOPLAY_SOURCE_DIR) + "/" + relative;
}

}  // namespace evoplay::test_support
