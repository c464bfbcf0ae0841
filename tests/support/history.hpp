#pragma once
// Comparing the histories of two runs that must be identical: every column but `elapsed`, the
// wall-clock time, which is the only one allowed to differ.

#include <string>
#include <vector>

#include "evoplay/core/history.hpp"

namespace evoplay::test_support {

/// The rows of a history.csv text with the `elapsed` column set to 0.
inline std::vector<std::vector<double>> rows_without_time(const std::string& csv) {
  auto table = evoplay::parse_csv(csv, "history.csv");
  const int elapsed = table.column("elapsed");
  if (elapsed >= 0) {
    for (auto& row : table.rows) row[static_cast<std::size_t>(elapsed)] = 0;
  }
  return table.rows;
}

}  // namespace evoplay::test_support
