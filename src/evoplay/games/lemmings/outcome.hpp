#pragma once
// What a Lemmings run produces: the lemmings' jobs and fates, the events of each step, and the
// outcome of a whole run.
//
// Why it exists: the simulator makes these, and the fitnesses, reports, renderers and solvers
// read them; they need the vocabulary of a run without the simulator's machinery.

#include <array>
#include <cstdint>
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
/// kTrapped (killed by a trap) happens only under the Pingus rules.
enum class Fate : std::uint8_t {
  kWaiting,
  kOut,
  kSaved,
  kSplat,
  kDrowned,
  kFellOut,
  kExploded,
  kTrapped
};
/// The deaths of Lemmings levels (what their reports list).
inline constexpr std::array<Fate, 4> kDeaths = {Fate::kSplat, Fate::kDrowned, Fate::kFellOut,
                                                Fate::kExploded};
/// The deaths of Pingus levels.
inline constexpr std::array<Fate, 5> kPingusDeaths = {Fate::kSplat, Fate::kDrowned, Fate::kFellOut,
                                                      Fate::kExploded, Fate::kTrapped};
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
  std::array<int, 5> deaths{};  // by kPingusDeaths: splat, drowned, fell out, exploded, trapped
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

/// The genes that had an effect in `outcome` (a run of `plan`), ordered by step and then by
/// their order in the plan; replaying it gives the same outcome. Two plans that solve a level
/// the same way have the same effective plan.
Plan effective_plan(const Plan& plan, const Outcome& outcome);

}  // namespace evoplay::games::lemmings
