#include "evoplay/core/parallel.hpp"

#include <oneapi/tbb/info.h>

#include <algorithm>
#include <thread>

namespace evoplay {

int hardware_threads() {
  return std::max(1, static_cast<int>(std::thread::hardware_concurrency()));
}

int usable_threads() { return std::max(1, tbb::info::default_concurrency()); }

int resolve_threads(int requested) { return requested <= 0 ? hardware_threads() : requested; }

}  // namespace evoplay
