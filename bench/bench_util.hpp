#pragma once
// Shared by the benchmark programs: print one figure as `name value unit`, time a block.

#include <fmt/format.h>

#include <chrono>
#include <cstdio>
#include <fstream>
#include <string>

#include "evoplay/core/stopwatch.hpp"

namespace evoplay::bench {

inline void figure(const std::string& name, double value, const std::string& unit) {
  fmt::print("{} {} {}\n", name,
             value >= 100 ? fmt::format("{:.0f}", value) : fmt::format("{:.4g}", value), unit);
  std::fflush(stdout);
}

/// Seconds taken by fn().
template <class Fn>
double seconds(Fn&& fn) {
  const auto start = std::chrono::steady_clock::now();
  fn();
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

/// CPU seconds the calling thread spent in fn(): unlike wall time, not inflated when other
/// programs share the cores (equal to wall time for single-threaded work on an idle machine).
template <class Fn>
double cpu_seconds(Fn&& fn) {
  const double start = thread_cpu_seconds();
  fn();
  return thread_cpu_seconds() - start;
}

/// The machine's load average over the last minute ("unknown" where /proc/loadavg is missing):
/// printed next to wall-clock figures, which other programs sharing the cores inflate.
inline std::string load_average() {
  std::ifstream in("/proc/loadavg");
  std::string one;
  in >> one;
  return one.empty() ? "unknown" : one;
}

/// Path of a shared data set (../shared/data) or of the project's own copy (data/).
inline std::string data_path(const std::string& relative) {
  return std::string(EVOPLAY_SOURCE_DIR) + "/" + relative;
}

}  // namespace evoplay::bench
