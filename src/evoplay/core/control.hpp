#pragma once
// What a caller gives long work besides its settings: a way to stop it and ways to watch it.
//
// Why it exists: every capability of the library is one call, `Result f(inputs, settings,
// control)`, the same for the command line, Python, the web server and MPI workers. The
// settings say what to do (and are validated); the Control says how the caller takes part: it
// may cancel the work (the call then returns soon, with what it finished and its stop reason
// "cancelled"), see an optimiser's generations, and see how many units of work are done.

#include <cstdint>
#include <functional>

#include "evoplay/core/cancel.hpp"
#include "evoplay/core/history.hpp"

namespace evoplay {

class UnitRunner;  // core/units.hpp
class Exchange;    // core/exchange.hpp

struct Control {
  CancelToken cancel;            // cancelled: stop soon and return what is finished
  Observer* observer = nullptr;  // an optimiser's per-generation records (one run)
  /// Units of work done so far of `total` (puzzles, levels, runs, games), called from the
  /// thread that runs the call, in order.
  std::function<void(std::uint64_t done, std::uint64_t total)> progress;
  /// Where a call's independent units run (core/units.hpp): null = threads of this process.
  UnitRunner* units = nullptr;
  /// The processes that run this call together (an island model over MPI ranks, see
  /// core/exchange.hpp): null = this process alone. Only calls that say so use it.
  Exchange* exchange = nullptr;

  bool cancelled() const { return cancel.cancelled(); }
  void report(std::uint64_t done, std::uint64_t total) const {
    if (progress) progress(done, total);
  }
};

}  // namespace evoplay
