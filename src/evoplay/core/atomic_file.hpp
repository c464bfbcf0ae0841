#pragma once
// Atomic output: content goes to a temporary file beside the target, which is renamed over
// the target only when complete. A failure (bad input discovered late, a crash, Ctrl-C) never
// leaves a half-written result behind.

#include <filesystem>
#include <fstream>
#include <string>
#include <string_view>

namespace evoplay {

/// Writes `content` to `path` atomically, creating parent folders. Throws Error on failure.
void write_file_atomic(const std::filesystem::path& path, std::string_view content);

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
};

}  // namespace evoplay
