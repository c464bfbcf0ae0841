#pragma once
// Atomic output: content goes to a temporary file beside the target, which is renamed over
// the target only when complete. A failure (bad input discovered late, a crash, Ctrl-C) never
// leaves a half-written result behind.
//
// Temporaries are named ".NAME.tmp-PID-N". Those in flight are removed when the program is
// stopped by a signal (remove_temporaries_on_signals); those a killed program (kill -9) left
// behind are removed by the next run that writes into the same place
// (remove_stale_temporaries).

#include <filesystem>
#include <fstream>
#include <functional>
#include <string>
#include <string_view>

namespace evoplay {

/// Installs handlers of SIGINT, SIGTERM and SIGHUP that remove the temporaries being written,
/// then end the program as the signal would have (a command that handles a signal itself, as
/// `tictactoe learn` does Ctrl-C, installs its own over it).
void remove_temporaries_on_signals();

/// Removes the temporaries being written and ends the program as `signal` would. Safe to call
/// from a signal handler (it is one).
[[noreturn]] void remove_temporaries_and_exit(int signal);

/// Removes the temporaries in `dir` (and, with `recursive`, its subfolders) left by programs that
/// no longer run; with `target`, only those of that file name. Returns how many it removed.
int remove_stale_temporaries(const std::filesystem::path& dir, bool recursive,
                             std::string_view target = {});

/// Writes `content` to `path` atomically, creating parent folders. Throws Error on failure.
void write_file_atomic(const std::filesystem::path& path, std::string_view content);

/// The bytes of a file that `write(path)` writes: for the writers of pictures, which choose
/// their format by the file's extension, called on a temporary file with `extension` (in the
/// system's temporary folder), removed whatever happens. Python's render_png and the server's
/// pictures are the command line's files this way.
std::string written_bytes(const std::string& extension,
                          const std::function<void(const std::filesystem::path&)>& write);

/// A file being written: stream into out(), then commit(). Destroyed uncommitted, it removes
/// its temporary file and leaves any previous file at the target untouched.
class AtomicFile {
 public:
  explicit AtomicFile(std::filesystem::path path);
  AtomicFile(const AtomicFile&) = delete;
  AtomicFile& operator=(const AtomicFile&) = delete;
  ~AtomicFile();

  /// The stream to the temporary file, opened on first use.
  std::ofstream& out();
  /// The temporary path, for libraries that write a file by name themselves (cairo, giflib).
  const std::filesystem::path& temp_path() const { return temp_; }
  /// Closes the stream (if used) and renames the temporary file over the target.
  void commit();

 private:
  std::filesystem::path path_;
  std::filesystem::path temp_;
  std::ofstream out_;
  bool committed_ = false;
  int slot_ = -1;  // where the temporary is registered for removal on a signal (-1: not)
};

}  // namespace evoplay
