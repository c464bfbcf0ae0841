#pragma once
// Whether a level stands only because every object is exactly where its file puts it. The game
// is not exact: Unity's physics varies from run to run (the ChatGPT4PCG evaluator takes the best
// of three trials for that reason), and a designer's level should not fall when a block sits a
// hair off. A level is robust when it stands (nothing destroyed, nothing moved 0.1 or more,
// physics.hpp) as its file has it and also in each of `trials` seeded trials in which every
// piece (block, pig, TNT; not platforms) is moved by up to `position_jitter` in x and in y and
// turned by up to `angle_jitter` degrees, uniformly at random. The overlaps a nudge makes are
// pushed out by the simulation like the skin's, and like the skin's that push does not count as
// movement (physics.hpp).
//
// A column one block wide and fifteen blocks high stands in a plain simulation and falls in
// these trials; a pillar-and-beam room stands in both (tests/games/birds/robustness_test.cpp).

#include <cstdint>
#include <functional>
#include <nlohmann/json.hpp>
#include <span>
#include <vector>

#include "evoplay/core/control.hpp"
#include "evoplay/core/fields.hpp"
#include "evoplay/games/birds/level.hpp"
#include "evoplay/games/birds/physics.hpp"

namespace evoplay::games::birds {

struct RobustnessSettings {
  int trials = 2;                 // nudged copies simulated (0: the plain level only)
  double position_jitter = 0.01;  // each piece moved by up to this in x and in y
  double angle_jitter = 1;        // and turned by up to this many degrees
  double lean = 4;                // and the level leaned this many degrees, each way in turn
  std::uint64_t seed = 1;         // trial k nudges with Rng(seed).split(k)

  template <class S, class V>
  static void fields(S& s, V& v) {
    v(s.trials,
      {.name = "trials", .help = "with --robust: nudged copies per level", .lo = 0, .hi = 1000});
    v(s.position_jitter, {.name = "jitter",
                          .help = "with --robust: each piece moved by up to this in x and in y",
                          .lo = 0,
                          .hi = 1});
    v(s.angle_jitter, {.name = "jitter-angle",
                       .help = "with --robust: each piece turned by up to this many degrees",
                       .lo = 0,
                       .hi = 45});
    v(s.lean, {.name = "lean",
               .help = "with --robust: the level leaned this many degrees, one way then the other",
               .lo = 0,
               .hi = 45});
  }
  /// Throws Error naming the first field out of range (robustness.NAME).
  void validate() const;
  nlohmann::json to_json() const;
};

struct RobustnessReport {
  bool stable = false;               // the plain level stands
  int trials = 0, stood = 0;         // nudged trials, and how many of them stand
  bool robust = false;               // the plain level and every trial stand
  std::vector<double> paper_scores;  // the document's score of each trial (the plain one first)
  /// The mean of paper_scores: the generator's stability term.
  double mean_paper_score() const;
  nlohmann::json to_json() const;
};

/// The level of trial `trial` (from 0): every piece nudged as the header says.
Level nudged(const Level& level, const RobustnessSettings& settings, int trial);

/// The plain simulation (or `plain`, when the caller has it) and, when that stands, the nudged
/// trials; the trials of a level that falls as it is are not run (they count as fallen, their
/// scores the plain one's).
RobustnessReport robustness(const Level& level, const PhysicsSettings& physics,
                            const RobustnessSettings& settings,
                            const StabilityReport* plain = nullptr);

/// `birds simulate`: simulate() of every level (and robustness() with `robust`), in batches of
/// 4 x threads levels, each handed to `on_report(i, report, robustness or null)` in level order
/// as soon as its batch is done (so output streams); a cancel stops after the batch under way.
/// With control.units (MPI ranks: `birds simulate` under mpirun), each level is a unit run
/// there, and the reports come in level order once the units are done (after a cancel: the
/// levels before the first unfinished one). Returns how many levels were reported.
std::size_t simulate_streamed(std::span<const Level> levels, const PhysicsSettings& physics,
                              const RobustnessSettings* robust, int threads, const Control& control,
                              const std::function<void(std::size_t, const StabilityReport&,
                                                       const RobustnessReport*)>& on_report);

}  // namespace evoplay::games::birds
