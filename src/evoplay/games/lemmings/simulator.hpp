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
#include <span>
#include <string_view>
#include <vector>

#include "evoplay/games/lemmings/level.hpp"
#include "evoplay/games/lemmings/plan.hpp"

namespace evoplay::games::lemmings {

/// What a lemming is doing. Climber and floater are permanent abilities (flags), a running
/// bomber countdown is a counter; kClimbing is a climber on a wall.
enum class Job : std::uint8_t {
  kWalker,
  kFaller,
  kClimbing,
  kBlocker,
  kBuilder,
  kBasher,
  kMiner,
  kDigger,
  kSaved,
  kDead
};
inline constexpr int kJobCount = 10;
std::string_view job_name(Job job);

/// How a lemming ended: not released yet, still out, saved, or one of the four deaths.
enum class Fate : std::uint8_t { kWaiting, kOut, kSaved, kSplat, kDrowned, kFellOut, kExploded };
inline constexpr std::array<Fate, 4> kDeaths = {Fate::kSplat, Fate::kDrowned, Fate::kFellOut,
                                                Fate::kExploded};
std::string_view fate_name(Fate fate);  // "waiting", "out", "saved", "splat", "drowned", ...

/// A lemming as observers see it during a run.
struct LemmingState {
  int id = 0;  // 1 = the first released
  int x = 0, y = 0;
  int dir = 1;  // +1 right, -1 left
  Job job = Job::kFaller;
  bool climber = false, floater = false;
  int fuse = 0;  // steps left before it explodes; 0 = no countdown
  int fall = 0;  // cells fallen so far (fallers)
  bool floating() const { return job == Job::kFaller && floater && fall >= 2; }
};

/// How one lemming ended the run.
struct LemmingOutcome {
  Fate fate = Fate::kWaiting;
  Job job = Job::kFaller;       // its job at the end (kSaved / kDead when it is no longer out)
  int x = -1, y = -1;           // its last cell in the map (the exit if saved; the bottom row if it
                                // fell out); -1 if never released
  int end_step = -1;            // the step it was saved or died, -1 if it did not
  int distance = kUnreachable;  // exit_distances() of its last cell (0 if saved)
  int best_distance = kUnreachable;  // the smallest distance it reached while out
  bool climber = false, floater = false;
};

enum class EventKind : std::uint8_t { kReleased, kAssigned, kSkipped, kSaved, kDied };
/// Why a gene was skipped.
enum class SkipReason : std::uint8_t {
  kNone,
  kUsedUp,      // the level has no more of that skill
  kNobody,      // no lemming out can take it
  kNotOut,      // the named lemming is not out (not released yet, saved or dead)
  kCannotTake,  // the named lemming cannot take it now
};
std::string_view skip_reason_text(SkipReason reason);

struct Event {
  int step = 0;
  EventKind kind = EventKind::kReleased;
  int lemming = 0;  // 1-based; 0 for a skipped leader gene
  int gene = -1;    // index in the plan (kAssigned, kSkipped)
  Skill skill = Skill::kClimber;
  Fate fate = Fate::kOut;  // kDied: how
  SkipReason reason = SkipReason::kNone;
};

struct Outcome {
  bool solved = false;
  int saved = 0, dead = 0;
  int out = 0;  // neither saved nor dead: still out (blockers included) or never released
  int released = 0;
  int steps = 0;         // steps played: the step the last lemming was saved or died, + 1; or time
  int solved_step = -1;  // the step in which the save-th lemming was saved; -1 if never
  std::array<int, 4> deaths{};  // by kDeaths: splat, drowned, fell out, exploded
  std::array<int, kSkillCount> skills_used{};
  std::int64_t lemming_steps = 0;        // lemming actions performed (for speed figures)
  std::vector<LemmingOutcome> lemmings;  // by release order
  std::vector<int> gene_lemming;  // per gene of the plan: the lemming (1-based) it went to, or 0
                                  // if it was skipped (had no effect)
  std::vector<Event> events;      // everything that happened, in order

  int deaths_by(Fate cause) const;
  int skills_used_total() const;
  int genes_applied() const;
};

class Simulator;

/// Sees a run step by step (trace, replays); not needed for plain evaluation.
class StepObserver {
 public:
  virtual ~StepObserver() = default;
  /// Before step 0: the level as it starts.
  virtual void on_start(const Simulator& /*sim*/) {}
  /// After each step, with what happened in it.
  virtual void on_step(const Simulator& sim, int step, std::span<const Event> events) = 0;
};

class Simulator {
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

/// One run on a fresh simulator (convenient; solvers keep a Simulator per thread instead).
Outcome simulate(const Level& level, const Plan& plan);

/// The genes that had an effect in `outcome` (a run of `plan`), ordered by step and then by
/// their order in the plan; replaying it gives the same outcome. Two plans that solve a level
/// the same way have the same effective plan.
Plan effective_plan(const Plan& plan, const Outcome& outcome);

}  // namespace evoplay::games::lemmings
