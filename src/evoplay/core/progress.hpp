#pragma once
// A one-line progress display on stderr for long work.
//
// Shown only when stderr is a terminal and the user did not ask for --quiet; otherwise every
// call is a no-op, so logs and pipes stay clean. Redraws at most ten times a second.

#include <chrono>
#include <cstdint>
#include <string>

#include "evoplay/core/history.hpp"

namespace evoplay {

class Progress {
 public:
  /// `total` units of work (0 if unknown); `label` prefixes the line.
  Progress(bool quiet, std::string label, std::uint64_t total = 0);
  ~Progress();
  Progress(const Progress&) = delete;
  Progress& operator=(const Progress&) = delete;

  bool enabled() const { return enabled_; }
  void set_total(std::uint64_t total) { total_ = total; }
  /// Reports `done` units and a free-form status; adds an ETA when the total is known.
  void update(std::uint64_t done, const std::string& status);
  /// Clears the line.
  void finish();

 private:
  bool enabled_;
  std::string label_;
  std::uint64_t total_;
  std::chrono::steady_clock::time_point start_;
  std::chrono::steady_clock::time_point last_;
  bool drawn_ = false;
};

/// Observer that shows generation, best, evaluations per second and ETA of an optimiser.
class ProgressObserver : public Observer {
 public:
  ProgressObserver(Progress& progress, std::uint64_t total_generations)
      : progress_(progress), total_(total_generations) {}
  void on_generation(const GenerationRecord& record) override;

 private:
  Progress& progress_;
  std::uint64_t total_;
};

/// True when stderr is a terminal.
bool stderr_is_terminal();

}  // namespace evoplay
