#pragma once
// When an optimiser stops: the rules every algorithm of the engine shares.

#include <atomic>
#include <cstdint>
#include <optional>
#include <string>

#include "evoplay/evo/problem.hpp"

namespace evoplay::evo {

/// When a run stops. Generations always bound it; the others are off at 0 / empty.
struct Stopping {
  std::size_t generations = 100;
  std::uint64_t evaluations = 0;  // stop once this many evaluations are spent
  std::optional<double> target;   // stop when the best reaches it (<= minimising, >= maximising)
  std::size_t stagnation = 0;     // generations without improvement of the best (0 = off)
  bool restart_on_stagnation = false;         // GA only: on stagnation, re-draw all but the
                                              // elite instead of stopping
  double seconds = 0;                         // wall time (makes a run depend on the machine)
  const std::atomic<bool>* cancel = nullptr;  // set from outside (e.g. Ctrl-C) to stop
};

/// The first rule that says stop after `generation` generations, or "" to go on. Checked in this
/// order: solved (the problem's own test), target, generations, evaluations, time, cancel.
inline std::string stop_reason(const Stopping& stop, Direction direction, std::size_t generation,
                               std::uint64_t evaluations, double best, bool solved,
                               double seconds) {
  if (solved) return "solved";
  if (stop.target && !better(*stop.target, best, direction)) return "target";
  if (generation >= stop.generations) return "generations";
  if (stop.evaluations && evaluations >= stop.evaluations) return "evaluations";
  if (stop.seconds > 0 && seconds >= stop.seconds) return "time";
  if (stop.cancel && stop.cancel->load()) return "cancelled";
  return "";
}

/// True when `stop.stagnation` is on and `generation` is that many generations or more past
/// `last_improvement`, the last generation whose best was strictly better than every earlier
/// one. Every optimiser (GA, CRO, ACO) checks it after stop_reason() and then stops with
/// "stagnation" (the GA with restart_on_stagnation re-draws its population instead).
inline bool stagnated(const Stopping& stop, std::size_t generation, std::size_t last_improvement) {
  return stop.stagnation > 0 && generation >= last_improvement &&
         generation - last_improvement >= stop.stagnation;
}

}  // namespace evoplay::evo
