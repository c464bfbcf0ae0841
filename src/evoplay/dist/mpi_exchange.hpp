#pragma once
// The Exchange (core/exchange.hpp) of every rank of MPI_COMM_WORLD: how an island model's
// islands on different ranks swap their statuses and migrants.

#include <memory>

#include "evoplay/core/exchange.hpp"

namespace evoplay::dist {

/// The exchange among MPI_COMM_WORLD's ranks while an MpiSession is active with more than one
/// rank; null otherwise (one process: nothing to exchange). Only the main thread may use it.
std::unique_ptr<Exchange> world_exchange();

}  // namespace evoplay::dist
