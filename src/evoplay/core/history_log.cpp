#include "evoplay/core/history_log.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>

namespace evoplay {

HistoryLog::HistoryLog(std::filesystem::path file, Observer* next)
    : log_(std::move(file)), next_(next) {}

void HistoryLog::on_generation(const GenerationRecord& record) {
  {
    std::lock_guard lock(mutex_);
    const std::string header = log_.started() ? std::string() : History::csv_header(&record);
    if (log_.append(header, History::csv_line(record))) ++records_;
  }
  if (next_) next_->on_generation(record);
}

std::size_t HistoryLog::records() const {
  std::lock_guard lock(mutex_);
  return records_;
}

bool AppendLog::append(const std::string& header, const std::string& lines) {
  if (failed_) return false;
  const bool fresh = !started_;
  const std::string text = fresh ? header + lines : lines;
  started_ = true;
  // Opened for each call: a command that replaces the file meanwhile (an atomic checkpoint of
  // the whole history) is appended to, not an unlinked copy.
  const int flags = O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC | (fresh ? O_TRUNC : 0);
  const int fd = ::open(file_.c_str(), flags, 0644);
  if (fd < 0) {
    failed_ = true;
    return false;
  }
  std::size_t done = 0;
  while (done < text.size()) {
    const ssize_t n = ::write(fd, text.data() + done, text.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) break;
    done += static_cast<std::size_t>(n);
  }
  failed_ = ::close(fd) != 0 || done != text.size();
  return !failed_;
}

}  // namespace evoplay
