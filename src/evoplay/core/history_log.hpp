#pragma once
// history.csv as a run makes it: each record appended as a complete line the moment it is made,
// so that a run can be watched while it runs (the web page's Runs, `tail -f`, `evoplay plot`).
//
// Why it exists: the commands wrote history.csv once, at the end, and a live run showed an
// empty chart. The log is an Observer put in front of the command's own (its progress line): it
// writes the record, then passes it on. The header comes with the first record (whose extra
// columns name the rest) and replaces whatever the file held. Each line goes to the file in one
// write() on a file opened for appending (AppendLog), so a reader sees whole lines only (the
// last line of a read may be missing, never cut). At the end the command still writes the whole
// history atomically over the file: the same bytes when every record came through the log.

#include <cstddef>
#include <filesystem>
#include <mutex>
#include <string>

#include "evoplay/core/history.hpp"

namespace evoplay {

/// Lines appended to a file as they are made (a CSV written as a run goes), each call's text in
/// one write() on the file opened for appending: a reader sees whole lines only. The first call
/// replaces whatever the file held. A write that fails (a full disk) stops the log quietly: the
/// command goes on, and its final atomic write of the whole file reports the error.
class AppendLog {
 public:
  explicit AppendLog(std::filesystem::path file) : file_(std::move(file)) {}
  /// Appends `lines` (complete lines), after `header` on the first call; false once the log
  /// has stopped.
  bool append(const std::string& header, const std::string& lines);
  bool started() const { return started_; }

 private:
  std::filesystem::path file_;
  bool started_ = false, failed_ = false;
};

class HistoryLog : public Observer {
 public:
  /// Records go to `file` (History::to_csv's format), then to `next` when given.
  explicit HistoryLog(std::filesystem::path file, Observer* next = nullptr);
  HistoryLog(const HistoryLog&) = delete;
  HistoryLog& operator=(const HistoryLog&) = delete;

  void on_generation(const GenerationRecord& record) override;
  /// Records written so far. A record that could not be written (a full disk) stops the log
  /// quietly: the run goes on, and its final history.csv reports the error.
  std::size_t records() const;

 private:
  AppendLog log_;
  Observer* next_;
  mutable std::mutex mutex_;
  std::size_t records_ = 0;
};

}  // namespace evoplay
