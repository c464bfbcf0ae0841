#pragma once
// The one exception type for bad input and bad usage.
//
// Why it exists: every message a user sees about a broken file must say where it is broken.
// An Error carries the file, the 1-based line (0 = unknown) and column (0 = unknown), and what
// was expected; what() renders it as "FILE:LINE:COL: message" so the CLI prints
// "evoplay: error: FILE:LINE: message" and exits with status 2.

#include <fmt/format.h>

#include <algorithm>
#include <stdexcept>
#include <string>
#include <string_view>

namespace evoplay {

class Error : public std::runtime_error {
 public:
  explicit Error(std::string message) : Error("", 0, 0, std::move(message)) {}
  Error(std::string file, int line, std::string message)
      : Error(std::move(file), line, 0, std::move(message)) {}
  Error(std::string file, int line, int column, std::string message)
      : Error(Parts{printable(file), line, column, printable(message)}) {}

  const std::string& file() const { return file_; }
  int line() const { return line_; }
  int column() const { return column_; }
  /// The message without its location.
  const std::string& message() const { return message_; }

  /// The same error located in `file` (used when a parser of text is given a file name later).
  Error in_file(const std::string& file) const {
    return Error(Parts{printable(file), line_, column_, message_});
  }

 private:
  struct Parts {
    std::string file;
    int line, column;
    std::string message;
  };
  explicit Error(Parts p)
      : std::runtime_error(render(p.file, p.line, p.column, p.message)),
        file_(std::move(p.file)),
        line_(p.line),
        column_(p.column),
        message_(std::move(p.message)) {}

  /// `text` fit to print: control characters (a NUL would cut the message short, an escape
  /// sequence would reach the terminal) as \xNN, and cut after kMostBytes (a bad line of 10 MB
  /// is not echoed whole).
  static std::string printable(std::string_view text) {
    constexpr std::size_t kMostBytes = 1000;
    std::size_t keep = std::min(text.size(), kMostBytes);
    while (keep < text.size() && keep > 0 &&
           (static_cast<unsigned char>(text[keep]) & 0xC0) == 0x80)
      --keep;  // not inside a UTF-8 character
    std::string out;
    out.reserve(keep + 32);
    for (const char c : text.substr(0, keep)) {
      const auto b = static_cast<unsigned char>(c);
      if ((b < 0x20 && c != '\n' && c != '\t') || b == 0x7F) {
        out += fmt::format("\\x{:02X}", b);
      } else {
        out += c;
      }
    }
    if (keep < text.size()) out += fmt::format("... ({} more bytes)", text.size() - keep);
    return out;
  }

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
