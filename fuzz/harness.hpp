#pragma once
// What every fuzzing harness shares: the input as text, the rule that a parser may refuse input
// only with an evoplay::Error that says where, and a check that aborts (a crash to the fuzzer).
//
// A harness calls a reader of user input on the bytes it is given, then uses what was read the
// way the program would (write it back, read that again, simulate a little). Any exception other
// than evoplay::Error escapes the harness: the program would report it as an internal error, so
// the fuzzer must report it as a crash.

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <optional>
#include <string>
#include <string_view>

#include "evoplay/core/error.hpp"

namespace evoplay::fuzz {

/// The input as text (the bytes as they are: parsers must cope with NUL and invalid UTF-8).
inline std::string_view as_text(const std::uint8_t* data, std::size_t size) {
  return size == 0 ? std::string_view()
                   : std::string_view(reinterpret_cast<const char*>(data), size);
}

/// Aborts with a message when an invariant of the harness does not hold.
inline void require(bool ok, const char* what, std::string_view detail = {}) {
  if (ok) return;
  const std::string shown(detail.substr(0, 2000));
  std::fprintf(stderr, "fuzz: %s\n%s\n", what, shown.c_str());
  std::abort();
}

/// Lines of a text as split_lines counts them, at least 1 (an empty text has a line 1).
inline int line_count(std::string_view text) {
  int lines = static_cast<int>(std::count(text.begin(), text.end(), '\n'));
  if (text.empty() || text.back() != '\n') ++lines;
  return std::max(lines, 1);
}

/// The length of a 1-based line of a text (its terminator not counted).
inline std::size_t line_length(std::string_view text, int line) {
  std::size_t start = 0;
  for (int l = 1; l < line && start <= text.size(); ++l) {
    const auto nl = text.find('\n', start);
    start = nl == std::string_view::npos ? text.size() + 1 : nl + 1;
  }
  if (start > text.size()) return 0;
  const auto nl = text.find('\n', start);
  return (nl == std::string_view::npos ? text.size() : nl) - start;
}

/// A refusal must name the file it was given, a line of it (0 = the whole file) and a column
/// of that line (0 = the whole line; one past its end for something missing at its end), and
/// say why.
inline void check_error(const Error& e, const std::string& file, std::string_view text) {
  require(e.file() == file, "an error names another file", e.what());
  require(e.line() >= 0 && e.line() <= line_count(text), "an error names a line out of the file",
          e.what());
  require(e.column() >= 0, "an error names a negative column", e.what());
  require(e.column() == 0 || (e.line() > 0 && static_cast<std::size_t>(e.column()) <=
                                                  line_length(text, e.line()) + 1),
          "an error names a column out of its line", e.what());
  require(!e.message().empty(), "an error without a message", e.what());
}

/// What `read()` returns, or nothing when it refuses `text` (named `file`) with an Error, which
/// must then pass check_error.
template <class Read>
auto read_or_refuse(std::string_view text, const std::string& file, Read read)
    -> std::optional<decltype(read())> {
  try {
    return read();
  } catch (const Error& e) {
    check_error(e, file, text);
    return std::nullopt;
  }
}

}  // namespace evoplay::fuzz
