#pragma once
// When an optimiser stops: the rules every algorithm of the engine shares, and why it stopped.

#include <atomic>
#include <cstdint>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>

#include "evoplay/core/fields.hpp"
#include "evoplay/core/limits.hpp"
#include "evoplay/evo/problem.hpp"

namespace evoplay::evo {

/// The stopping rules other settings share with Stopping (NSGA-II's, for one), declared once.
inline constexpr fields::Field kGenerationsField{
    .name = "generations",
    .help = "generation limit (CRO's epochs, ACO's iterations)",
    .lo = 0,
    .hi = limits::kGenerations,
    .run_limit = true};
inline constexpr fields::Field kEvaluationsField{
    .name = "evaluations",
    .help = "stop once this many evaluations are spent (0: no limit)",
    .lo = 0,
    .hi = limits::kEvaluations,
    .run_limit = true};
inline constexpr fields::Field kSecondsField{
    .name = "seconds",
    .help = "stop after this many seconds (0: no limit; the result then depends on the machine)",
    .lo = 0,
    .hi = limits::kSeconds,
    .value_name = "S",
    .run_limit = true};
/// A genetic algorithm's variation rates (the GA's and NSGA-II's).
inline constexpr fields::Field kCrossoverRateField{
    .name = "crossover-rate",
    .help = "probability that a pair of parents is crossed",
    .lo = 0,
    .hi = 1};
inline constexpr fields::Field kMutationRateField{
    .name = "mutation-rate", .help = "probability that a child is mutated", .lo = 0, .hi = 1};

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

  /// The rules every optimiser shares (restart_on_stagnation is the GA's own field).
  template <class S, class V>
  static void fields(S& s, V& v) {
    v(s.generations, kGenerationsField);
    v(s.evaluations, kEvaluationsField);
    v(s.target, {.name = "target",
                 .help = "stop when the best fitness reaches this value",
                 .run_limit = true});
    v(s.stagnation, {.name = "stagnation",
                     .help = "stop after this many generations without improvement (0: never)",
                     .lo = 0,
                     .hi = limits::kGenerations,
                     .run_limit = true});
    v(s.seconds, kSecondsField);
  }
};

/// Why a run stopped; kNone while it goes on.
enum class StopReason {
  kNone,
  kSolved,
  kTarget,
  kGenerations,
  kEvaluations,
  kTime,
  kStagnation,
  kCancelled
};

/// The one spelling of each reason in files and output: "solved", "target", "generations",
/// "evaluations", "time", "stagnation", "cancelled" ("" for kNone).
constexpr std::string_view stop_reason_name(StopReason r) {
  switch (r) {
    case StopReason::kNone:
      return "";
    case StopReason::kSolved:
      return "solved";
    case StopReason::kTarget:
      return "target";
    case StopReason::kGenerations:
      return "generations";
    case StopReason::kEvaluations:
      return "evaluations";
    case StopReason::kTime:
      return "time";
    case StopReason::kStagnation:
      return "stagnation";
    case StopReason::kCancelled:
      return "cancelled";
  }
  return "";
}

/// The reason of a name stop_reason_name gives (kNone for any other text).
constexpr StopReason stop_reason_from_name(std::string_view name) {
  for (auto r : {StopReason::kSolved, StopReason::kTarget, StopReason::kGenerations,
                 StopReason::kEvaluations, StopReason::kTime, StopReason::kStagnation,
                 StopReason::kCancelled}) {
    if (stop_reason_name(r) == name) return r;
  }
  return StopReason::kNone;
}

/// The stopping rules for config.json; the generation limit under `generations_key` (each
/// algorithm's word: "generations", "epochs", "iterations").
nlohmann::json to_json(const Stopping& stop, std::string_view generations_key = "generations",
                       bool with_restart = false);

/// The first rule that says stop after `generation` generations, or kNone to go on. Checked in
/// this order: solved (the problem's own test), target, generations, evaluations, time, cancel.
inline StopReason stop_reason(const Stopping& stop, Direction direction, std::size_t generation,
                              std::uint64_t evaluations, double best, bool solved, double seconds) {
  if (solved) return StopReason::kSolved;
  if (stop.target && !better(*stop.target, best, direction)) return StopReason::kTarget;
  if (generation >= stop.generations) return StopReason::kGenerations;
  if (stop.evaluations && evaluations >= stop.evaluations) return StopReason::kEvaluations;
  if (stop.seconds > 0 && seconds >= stop.seconds) return StopReason::kTime;
  if (stop.cancel && stop.cancel->load()) return StopReason::kCancelled;
  return StopReason::kNone;
}

/// Whether `stop.cancel` is set: what the engines poll inside a long loop (the first
/// population's drawing and evaluation), so that a cancel stops a setup of millions of
/// evaluations at once.
inline bool cancel_requested(const Stopping& stop) {
  return stop.cancel && stop.cancel->load(std::memory_order_relaxed);
}

/// True when `stop.stagnation` is on and `generation` is that many generations or more past
/// `last_improvement`, the last generation whose best was strictly better than every earlier
/// one. Every optimiser (GA, CRO, ACO) checks it after stop_reason() and then stops with
/// kStagnation (the GA with restart_on_stagnation re-draws its population instead).
inline bool stagnated(const Stopping& stop, std::size_t generation, std::size_t last_improvement) {
  return stop.stagnation > 0 && generation >= last_improvement &&
         generation - last_improvement >= stop.stagnation;
}

}  // namespace evoplay::evo
