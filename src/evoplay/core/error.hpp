#pragma once
// The one exception type for bad input and bad usage.
//
// Why it exists: every message a user sees about a broken file must say where it is broken.
// An Error carries the file, the 1-based line (0 = unknown) and column (0 = unknown), and what
// was expected; what() renders it as "FILE:LINE:COL: message" so the CLI prints
// "evoplay: error: FILE:LINE: message" and exits with status 2.

#include <fmt/format.h>

#include <stdexcept>
#include <string>

namespace evoplay {

class Error : public std::runtime_error {
 public:
  explicit Error(std::string message) : Error("", 0, 0, std::move(message)) {}
  Error(std::string file, int line, std::string message)
      : Error(std::move(file), line, 0, std::move(message)) {}
  Error(std::string file, int line, int column, std::string message)
      : std::runtime_error(render(file, line, column, message)),
        file_(std::move(file)),
        line_(line),
        column_(column),
        message_(std::move(message)) {}

  const std::string& file() const { return file_; }
  int line() const { return line_; }
  int column() const { return column_; }
  /// The message without its location.
  const std::string& message() const { return message_; }

  /// The same error located in `file` (used when a parser of text is given a file name later).
  Error in_file(const std::string& file) const { return Error(file, line_, column_, message_); }

 private:
  static std::string render(const std::string& file, int line, int column, const std::string& msg) {
    std::string where = file;
    if (line > 0) where += fmt::format("{}{}", where.empty() ? "line " : ":", line);
    if (line > 0 && column > 0) where += fmt::format(":{}", column);
    return where.empty() ? msg : where + ": " + msg;
  }

  std::string file_;
  int line_;
  int column_;
  std::string message_;
};

/// Thrown for a fault in evoplay itself (a broken invariant), reported with exit status 1.
class InternalError : public std::logic_error {
 public:
  using std::logic_error::logic_error;
};

}  // namespace evoplay
