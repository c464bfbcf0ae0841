#pragma once
// The Lemmings simulator: plays a level with a plan, step by step, by the rules of
// docs/lemmings.md, and reports the outcome.
//
// Why it exists: solvers judge every candidate plan by simulating it, tens of thousands of times
// per run, so a Simulator owns reusable buffers (one terrain copy per run, no allocation inside
// a step) and its Outcome carries what a distance-aware fitness needs: how every lemming ended,
// its last cell, its path distance to the exit then and at best, and which genes had an effect.
// One Simulator per thread: run() is not re-entrant.

#include <array>
#include <cstdint>
#include <memory>
#include <span>
#include <string_view>
#include <vector>

#include "evoplay/games/lemmings/level.hpp"
#include "evoplay/games/lemmings/outcome.hpp"
#include "evoplay/games/lemmings/plan.hpp"

namespace evoplay::games::lemmings {

class Simulator;

/// What plays plans on a level: the Lemmings simulator below, or the Pingus rules
/// (pingus_rules.hpp) for a Pingus level. Solvers only need play().
class PlanRunner {
 public:
  virtual ~PlanRunner() = default;
  /// Plays the plan; the outcome is valid until the next play.
  virtual const Outcome& play(const Plan& plan) = 0;
};

/// The runner of a level's rules: a PingusSimulator when level.pingus is set, else a Simulator
/// (whose distances use `dirt_cost`).
std::unique_ptr<PlanRunner> make_runner(const Level& level, int dirt_cost = kDirtCost);

/// Sees a run step by step (trace, replays); not needed for plain evaluation.
class StepObserver {
 public:
  virtual ~StepObserver() = default;
  /// Before step 0: the level as it starts.
  virtual void on_start(const Simulator& /*sim*/) {}
  /// After each step, with what happened in it.
  virtual void on_step(const Simulator& sim, int step, std::span<const Event> events) = 0;
};

class Simulator : public PlanRunner {
 public:
  /// Copies the level. `dirt_cost` is the path cost of a dirt cell in the distance map that
  /// outcomes report (see exit_distances).
  explicit Simulator(Level level, int dirt_cost = kDirtCost);

  const Level& level() const { return level_; }
  /// exit_distances(level(), dirt_cost), row-major.
  const std::vector<int>& distances() const { return distances_; }
  int distance(int x, int y) const {
    return distances_[static_cast<std::size_t>(y * level_.width + x)];
  }
  int estimated_duration() const { return estimated_duration_; }

  /// Plays the level with `plan` and returns the outcome (valid until the next run).
  const Outcome& run(const Plan& plan, StepObserver* observer = nullptr);
  const Outcome& play(const Plan& plan) override { return run(plan); }

  // The state during a run (for observers) and after it.
  Cell cell(int x, int y) const;
  int released() const { return released_; }
  LemmingState lemming(int index) const;  // 0-based index < released()
  int saved() const { return outcome_.saved; }
  int dead() const { return outcome_.dead; }

 private:
  struct Lem {
    std::int32_t pos;
    std::int32_t best;
    std::int16_t fuse;
    std::uint16_t fall;
    std::uint16_t bricks;
    std::int8_t dir;
    Job job;
    bool climber;
    bool floater;
    bool pause;   // a floater's every-other-step wait
    bool bashed;  // a basher that has bashed at least one cell
  };

  void reset(const Plan& plan);
  void release(int step);
  void apply_gene(int step, int gene, const Gene& g);
  bool can_take(const Lem& l, Skill s) const;
  void assign(Lem& l, Skill s);
  void act(Lem& l);
  void walker(Lem& l);
  void faller(Lem& l);
  void climbing(Lem& l);
  void blocker(Lem& l);
  void builder(Lem& l);
  void basher(Lem& l);
  void miner(Lem& l);
  void digger(Lem& l);
  void land(Lem& l);
  void fall_now(Lem& l);
  void enter(Lem& l, int pos);
  void finish(Lem& l, Fate fate);
  void explode(Lem& l);
  void finalize();

  Level level_;
  std::vector<int> distances_;
  int estimated_duration_ = 0;
  int stride_ = 0;
  std::vector<std::uint8_t> pristine_;  // padded terrain at the start
  std::vector<std::int32_t> dist_;      // padded distance map
  std::vector<int> entrance_pos_;       // padded positions

  // Per run.
  std::vector<std::uint8_t> cells_;
  std::vector<Lem> lems_;
  std::vector<std::uint64_t> order_;  // (step << 32) | gene index, sorted
  std::array<int, kSkillCount> left_{};
  int released_ = 0;
  int done_ = 0;
  int step_ = 0;
  Outcome outcome_;
};

/// One run on a fresh runner of the level's rules (convenient; solvers keep one per thread).
Outcome simulate(const Level& level, const Plan& plan);

}  // namespace evoplay::games::lemmings
