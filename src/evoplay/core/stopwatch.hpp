#pragma once
// Wall-clock time since construction, in seconds; and CPU time, which a shared machine's load
// does not inflate.

#include <time.h>

#include <chrono>

namespace evoplay {

/// CPU time used so far by the whole process (all threads), in seconds.
inline double process_cpu_seconds() {
  timespec t{};
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
  return static_cast<double>(t.tv_sec) + 1e-9 * static_cast<double>(t.tv_nsec);
}

/// CPU time used so far by the calling thread, in seconds.
inline double thread_cpu_seconds() {
  timespec t{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
  return static_cast<double>(t.tv_sec) + 1e-9 * static_cast<double>(t.tv_nsec);
}

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
  ThreadCpuStopwatch() : start_(thread_cpu_seconds()) {}
  double seconds() const { return thread_cpu_seconds() - start_; }

 private:
  double start_;
};

}  // namespace evoplay
