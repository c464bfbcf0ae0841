#pragma once
// Clocks for timed searches in tests. Time that advances with the work done, not with the wall
// clock, makes a timed search end the same way on every machine, however fast or loaded it is
// (the real clock's figures, how late a move comes back, are measured by `make bench`).

#include <cstdint>

#include "evoplay/search/deadline.hpp"

namespace evoplay::search::test {

/// A clock on which every node the engine enters takes `seconds_per_node` (the engine needs a
/// `nodes()` count of its running search).
template <class Engine>
Clock node_clock(const Engine& engine, double seconds_per_node) {
  return [&engine, seconds_per_node] {
    return seconds_per_node * static_cast<double>(engine.nodes());
  };
}

/// A clock that moves on by `step` seconds at every reading.
inline Clock step_clock(double step) {
  return [now = 0.0, step]() mutable { return now += step; };
}

}  // namespace evoplay::search::test
