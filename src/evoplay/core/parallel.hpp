#pragma once
// Parallel work over fixed slots with TBB.
//
// Every slot is computed independently and written to its own place, so the result is the
// same for any number of threads; randomness inside a slot must come from a stream derived
// from the slot's index (Rng::split), never from a shared generator.

#include <oneapi/tbb/blocked_range.h>
#include <oneapi/tbb/parallel_for.h>
#include <oneapi/tbb/task_arena.h>

#include <algorithm>
#include <cstddef>
#include <memory>
#include <span>

namespace evoplay {

/// Number of hardware threads; what --threads 0 means.
int hardware_threads();

/// Resolves a --threads value: 0 means all hardware threads; at least 1.
int resolve_threads(int requested);

/// The threads TBB may run this process's work on: the cores of its affinity mask (under mpirun
/// with binding, a rank's cores), at least 1.
int usable_threads();

/// A pool of up to `threads` workers (a TBB arena) kept for a whole run, so that many small
/// parallel loops do not each pay for starting threads. The arena has at most usable_threads():
/// more would add nothing (the slots' results do not depend on the threads) and TBB would print
/// "TBB Warning: The number of workers is currently limited to ..." on stderr.
class Workers {
 public:
  explicit Workers(int threads) : threads_(resolve_threads(threads)) {
    const int arena = std::min(threads_, usable_threads());
    if (arena > 1) arena_ = std::make_unique<tbb::task_arena>(arena);
  }
  int threads() const { return threads_; }

  /// Calls fn(i) for every i in [0, n); 1 thread = in the calling thread, in order.
  template <class Fn>
  void for_each(std::size_t n, Fn&& fn) {
    if (!arena_ || n <= 1) {
      for (std::size_t i = 0; i < n; ++i) fn(i);
      return;
    }
    arena_->execute([&] {
      tbb::parallel_for(tbb::blocked_range<std::size_t>(0, n, 1),
                        [&](const tbb::blocked_range<std::size_t>& range) {
                          for (std::size_t i = range.begin(); i != range.end(); ++i) fn(i);
                        });
    });
  }

 private:
  int threads_;
  std::unique_ptr<tbb::task_arena> arena_;
};

/// Calls fn(i) for every i in [0, n), on up to `threads` threads (for one-off loops).
template <class Fn>
void parallel_slots(std::size_t n, int threads, Fn&& fn) {
  Workers(threads).for_each(n, std::forward<Fn>(fn));
}

}  // namespace evoplay
