#pragma once
// What the threads of one parallel exact search share besides the transposition table: a stop
// signal, and the positions being searched right now.
//
// Why it exists: AlphaBeta::solve() with several threads runs each null-window probe on every
// thread over one table (Lazy SMP). Left alone, the threads would walk the same tree in the same
// order; instead, at a node where one move was already searched, a thread defers the moves whose
// positions another thread is searching and takes the next one (the "simplified ABDADA" of Tom
// Kerrigan), so the threads split the remaining moves between them and meet again through the
// table. The set of busy positions is a small array indexed by hash: a lost or stale mark only
// makes a thread search something twice or defer it once, never changes a result.

#include <array>
#include <atomic>
#include <cstdint>

namespace evoplay::search {

class SharedSearch {
 public:
  /// Ready for a new probe: no stop, no answer, nothing busy.
  void reset() {
    stop_.store(false, std::memory_order_relaxed);
    winner_.store(-1);
    for (auto& s : busy_) s.store(0, std::memory_order_relaxed);
  }

  /// Thread `who` finished the probe: true if it is the first (its value is the answer).
  bool claim(int who) {
    int none = -1;
    return winner_.compare_exchange_strong(none, who);
  }
  /// The thread that answered the probe, or -1.
  int winner() const { return winner_.load(); }

  /// Asks every thread to stop (the probe is answered, or time is up).
  void stop() { stop_.store(true, std::memory_order_relaxed); }
  bool stopping() const { return stop_.load(std::memory_order_relaxed); }

  /// Whether another thread is searching the position of `hash` now.
  bool busy(std::uint64_t hash) const {
    return busy_[slot(hash)].load(std::memory_order_relaxed) == hash;
  }
  /// Marks the position of `hash` as being searched by the caller, until leave(hash).
  void enter(std::uint64_t hash) { busy_[slot(hash)].store(hash, std::memory_order_relaxed); }
  void leave(std::uint64_t hash) {
    auto& s = busy_[slot(hash)];
    if (s.load(std::memory_order_relaxed) == hash) s.store(0, std::memory_order_relaxed);
  }

 private:
  static constexpr int kBits = 12;
  static std::size_t slot(std::uint64_t hash) {
    return static_cast<std::size_t>((hash * 0xD6E8FEB86659FD93ULL) >> (64 - kBits));
  }

  std::atomic<bool> stop_{false};
  std::atomic<int> winner_{-1};
  alignas(64) std::array<std::atomic<std::uint64_t>, std::size_t{1} << kBits> busy_{};
};

}  // namespace evoplay::search
