#pragma once
// The processes that run one call together, as the call sees them.
//
// Why it exists: an island model spread over MPI ranks must swap migrants and agree on when to
// stop, but the engine (evo/) must not know MPI. A call that works across processes takes an
// Exchange from its Control: every process calls all_gather at the same points, with its own
// bytes, and gets every process's bytes in rank order. No Exchange (the default) is one process.
// evoplay/dist implements it over MPI_COMM_WORLD (dist/mpi_exchange.hpp).

#include <cstdint>
#include <string>
#include <vector>

namespace evoplay {

class Exchange {
 public:
  virtual ~Exchange() = default;
  /// This process's place (0 ... size-1) and the number of processes.
  virtual int rank() const = 0;
  virtual int size() const = 0;
  /// Every process's `mine`, in rank order. Every process calls it, at the same point of the
  /// same call; it returns when all have.
  virtual std::vector<std::string> all_gather(const std::string& mine) = 0;
};

/// The sum of every process's `value` (just `value` without an exchange): e.g. a counter that
/// each process kept of the work it did.
std::uint64_t sum_over_processes(Exchange* exchange, std::uint64_t value);

}  // namespace evoplay
