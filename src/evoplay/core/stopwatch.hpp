#pragma once
// Wall-clock time since construction, in seconds; and the CPU time of the calling thread.

#include <time.h>

#include <chrono>

namespace evoplay {

class Stopwatch {
 public:
  Stopwatch() : start_(std::chrono::steady_clock::now()) {}
  double seconds() const {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
  }
  void reset() { start_ = std::chrono::steady_clock::now(); }

 private:
  std::chrono::steady_clock::time_point start_;
};

/// CPU time the calling thread has used since construction, in seconds: unlike wall-clock time it
/// does not grow while other processes hold the cores (the tournament's time rule uses it).
class ThreadCpuStopwatch {
 public:
  ThreadCpuStopwatch() : start_(now()) {}
  double seconds() const { return now() - start_; }

 private:
  static double now() {
    timespec t{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return static_cast<double>(t.tv_sec) + 1e-9 * static_cast<double>(t.tv_nsec);
  }
  double start_;
};

}  // namespace evoplay
