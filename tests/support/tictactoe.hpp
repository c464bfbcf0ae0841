#pragma once
// Helpers of the tic-tac-toe learning tests: histories and reports compared without their
// timings, the line of a file where a text starts, and one perfect referee for every test.

#include <fmt/format.h>

#include <filesystem>
#include <string>
#include <vector>

#include "evoplay/core/text.hpp"
#include "evoplay/games/tictactoe/measures.hpp"
#include "support/history.hpp"
#include "support/process.hpp"

namespace evoplay::test_support {

/// The rows of a history.csv text without its `elapsed` column, each as one line of text.
inline std::vector<std::string> rows_text(const std::string& csv) {
  std::vector<std::string> out;
  for (const auto& row : rows_without_time(csv)) {
    std::string line;
    for (double v : row) line += fmt::format("{},", v);
    out.push_back(line);
  }
  return out;
}

/// The text without its lines that start with "seconds ".
inline std::string without_seconds(const std::string& text) {
  std::string out;
  for (auto line : split_lines(text))
    if (!line.starts_with("seconds ")) out += std::string(line) + "\n";
  return out;
}

/// The number (from 1) of the first line of `file` that starts with `prefix`; 0 if none.
inline int line_of(const std::filesystem::path& file, const std::string& prefix) {
  const auto text = slurp(file);
  int line = 1;
  for (std::size_t start = 0; start < text.size(); ++line) {
    if (text.compare(start, prefix.size(), prefix) == 0) return line;
    const auto end = text.find('\n', start);
    if (end == std::string::npos) break;
    start = end + 1;
  }
  return 0;
}

/// The perfect player's table, built once for every test.
inline const games::tictactoe::Referee& referee() {
  static const games::tictactoe::Referee r;
  return r;
}

}  // namespace evoplay::test_support
