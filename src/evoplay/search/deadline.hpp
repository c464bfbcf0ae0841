#pragma once
// A search's time limit, checked cheaply from its inner loop.
//
// Why it exists: a time-limited bot must return within its limit plus a few milliseconds of
// wall-clock time, even when its nodes are slow or the machine is loaded. So the hard stop is a
// little before the limit (the limit minus 10%, at most 5 ms: the unwinding and the result that
// follow it, and a scheduler delay, fit in the margin), and the clock is read by time rather than
// by a fixed node count: the number of work units between two readings adapts so that the clock
// is read about every 0.1-0.2 ms, whether a unit takes 100 ns (a Connect Four node) or 50 us (a
// node of a large map with its evaluation). A reading costs about 25 ns.
//
// The clock can be replaced (set_clock): tests give one that advances with the work done, so
// that a timed search ends the same way on every machine, however fast or loaded. A search can
// also be cancelled from outside (set_cancel): the flag is read with the clock, so a search with
// or without a time limit stops within a fraction of a millisecond of it, and a progress display
// can be called from the working thread at the readings (set_heartbeat).

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <functional>
#include <utility>

#include "evoplay/core/stopwatch.hpp"

namespace evoplay::search {

/// Where a deadline reads the time: seconds from any fixed origin. Empty: the steady clock.
using Clock = std::function<double()>;

class Deadline {
 public:
  /// The hard stop of a limit of `seconds`: the limit minus min(5 ms, 10% of it).
  static double hard_stop(double seconds) { return seconds - std::min(0.005, 0.1 * seconds); }

  /// Starts the clock; `seconds` 0 (or less) = no limit, and tick() stops only on a cancel.
  void start(double seconds) {
    watch_.reset();
    origin_ = clock_ ? clock_() : 0;
    timed_ = seconds > 0;
    watching_ = timed_ || cancel_ != nullptr || static_cast<bool>(beat_);
    next_beat_ = every_;
    hard_ = timed_ ? hard_stop(seconds) : 0;
    expired_ = false;
    interval_ = 1;
    countdown_ = interval_;
    last_ = 0;
  }

  /// Reads time from `clock` from the next start() on (empty: the steady clock again).
  void set_clock(Clock clock) { clock_ = std::move(clock); }
  /// Stops the work when `*cancel` becomes true (nullptr: never), from the next start() on.
  void set_cancel(const std::atomic<bool>* cancel) { cancel_ = cancel; }
  /// Calls `beat(elapsed())` from tick() about every `every` seconds (when the clock is read),
  /// from the next start() on; empty: never. It does not stop the work.
  void set_heartbeat(std::function<void(double)> beat, double every) {
    beat_ = std::move(beat);
    every_ = every;
  }

  bool timed() const { return timed_; }
  /// Whether tick() can stop: a time limit or a cancel flag.
  bool watching() const { return watching_; }
  /// Whether the stop came from the cancel flag.
  bool cancelled() const { return cancel_ != nullptr && cancel_->load(std::memory_order_relaxed); }
  /// Seconds since start().
  double elapsed() const { return clock_ ? clock_() - origin_ : watch_.seconds(); }
  /// True once a reading found the hard stop passed or the work cancelled (it stays true until
  /// the next start()).
  bool expired() const { return expired_; }

  /// Counts one unit of work (a node, an iteration); reads the clock (and the cancel flag) when
  /// due. Returns expired().
  bool tick() {
    if (!watching_ || --countdown_ > 0) return expired_;
    return check();
  }

 private:
  // Reads the clock and sets how many units pass before the next reading. Returns expired().
  bool check() {
    const double now = elapsed();
    if ((timed_ && now >= hard_) || cancelled()) expired_ = true;
    if (beat_ && now >= next_beat_) {
      next_beat_ = now + every_;
      beat_(now);
    }
    const double dt = now - last_;
    last_ = now;
    if (dt < kShortest) {  // readings too close together: twice the units before the next
      interval_ = std::min<std::uint32_t>(interval_ * 2, kMostUnits);
    } else if (dt > kLongest) {  // too far apart: fewer units, in proportion
      interval_ = std::max<std::uint32_t>(
          static_cast<std::uint32_t>(static_cast<double>(interval_) * kShortest / dt), 1);
    }
    countdown_ = interval_;
    return expired_;
  }

  static constexpr double kShortest = 0.0001, kLongest = 0.0002;  // seconds between readings
  static constexpr std::uint32_t kMostUnits = 1u << 14;

  Stopwatch watch_;
  Clock clock_;
  const std::atomic<bool>* cancel_ = nullptr;
  std::function<void(double)> beat_;
  double every_ = 0, next_beat_ = 0;
  bool watching_ = false;
  double origin_ = 0;
  bool timed_ = false;
  bool expired_ = false;
  double hard_ = 0;
  double last_ = 0;
  std::uint32_t interval_ = 1;  // units between two readings
  std::uint32_t countdown_ = 1;
};

}  // namespace evoplay::search
