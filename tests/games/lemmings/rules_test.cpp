// The rules of the simulation, one tiny level per rule (tests/data/lemmings/*.lvl). Every
// expected position, step and fate below was worked out by hand from the rules in
// docs/lemmings.md; the comments show the reasoning.
#include <gtest/gtest.h>

#include <optional>

#include "evoplay/games/lemmings/simulator.hpp"
#include "support/process.hpp"

namespace lem = evoplay::games::lemmings;
using lem::Cell;
using lem::Fate;
using lem::Job;

namespace {

struct Recorder : lem::StepObserver {
  std::vector<std::vector<lem::LemmingState>> states;  // after each step, every released lemming
  void on_step(const lem::Simulator& sim, int step, std::span<const lem::Event>) override {
    states.resize(static_cast<std::size_t>(step) + 1);
    for (int i = 0; i < sim.released(); ++i) states.back().push_back(sim.lemming(i));
  }
};

struct Played {
  lem::Simulator sim;
  lem::Outcome outcome;
  Recorder rec;
  lem::Plan plan;

  /// Lemming `id` (1-based) after `step`.
  lem::LemmingState at(int step, int id) const {
    const auto& s = rec.states.at(static_cast<std::size_t>(step));
    return s.at(static_cast<std::size_t>(id - 1));
  }
  /// The reason gene `g` (0-based) was skipped, if it was.
  std::optional<lem::SkipReason> skipped(int g) const {
    for (const auto& e : outcome.events) {
      if (e.kind == lem::EventKind::kSkipped && e.gene == g) return e.reason;
    }
    return std::nullopt;
  }
};

Played play(const std::string& level, const std::string& plan_text = "") {
  const auto path = evoplay::test_support::source_path("tests/data/lemmings/" + level + ".lvl");
  Played p{lem::Simulator(lem::load_level(path)), {}, {}, lem::parse_plan(plan_text, "plan")};
  p.outcome = p.sim.run(p.plan, &p.rec);
  return p;
}

#define EXPECT_LEMMING(played, step, id, X, Y, JOB, DIR)              \
  do {                                                                \
    const auto l_ = (played).at(step, id);                            \
    EXPECT_EQ(l_.x, X) << "step " << (step) << " lemming " << id;     \
    EXPECT_EQ(l_.y, Y) << "step " << (step) << " lemming " << id;     \
    EXPECT_EQ(l_.job, JOB) << "step " << (step) << " lemming " << id; \
    EXPECT_EQ(l_.dir, DIR) << "step " << (step) << " lemming " << id; \
  } while (0)

}  // namespace

TEST(LemmingsRules, WalkerStepsUpTurnsAtAWallAndStepsDown) {
  const auto p = play("walk");
  // Released at step 0 at E (0,1) as a faller; the ground is right below, so it lands at once.
  EXPECT_LEMMING(p, 0, 1, 0, 1, Job::kWalker, 1);
  EXPECT_LEMMING(p, 3, 1, 3, 1, Job::kWalker, 1);   // one cell per step
  EXPECT_LEMMING(p, 4, 1, 4, 0, Job::kWalker, 1);   // (4,1) is dirt with air above: steps up
  EXPECT_LEMMING(p, 5, 1, 4, 0, Job::kWalker, -1);  // (5,0) dirt under the top border: turns
  EXPECT_LEMMING(p, 6, 1, 3, 0, Job::kWalker, -1);  // walks off the rise...
  EXPECT_LEMMING(p, 7, 1, 3, 1, Job::kWalker, -1);  // ...falls one cell and lands the same step
  EXPECT_LEMMING(p, 10, 1, 0, 1, Job::kWalker, -1);
  EXPECT_LEMMING(p, 11, 1, 0, 1, Job::kWalker, 1);  // the left border is solid
  EXPECT_EQ(p.outcome.steps, 12);                   // time runs out
  // Distances to the exit (6,1): the start (0,1) is 8 away; the closest it got was 5, at (4,0)
  // and (3,1) (the dirt at (4,1) and (5,0) counts 3 each).
  EXPECT_EQ(p.outcome.lemmings[0].distance, 8);
  EXPECT_EQ(p.outcome.lemmings[0].best_distance, 5);
  EXPECT_EQ(p.outcome.out, 1);
  EXPECT_FALSE(p.outcome.solved);
}

TEST(LemmingsRules, ExitSavesAndTheLevelEndsWhenEveryoneIsDone) {
  const auto p = play("exit");
  // L1 walks from (0,0) and enters the exit (4,0) at step 4; L2, released at step 2, at step 6.
  EXPECT_EQ(p.outcome.lemmings[0].fate, Fate::kSaved);
  EXPECT_EQ(p.outcome.lemmings[0].end_step, 4);
  EXPECT_EQ(p.outcome.lemmings[1].end_step, 6);
  EXPECT_EQ(p.outcome.lemmings[1].x, 4);  // its last cell is the exit
  EXPECT_EQ(p.outcome.lemmings[1].distance, 0);
  EXPECT_EQ(p.outcome.saved, 2);
  EXPECT_EQ(p.outcome.steps, 7);
  EXPECT_EQ(p.outcome.solved_step, 6);
  EXPECT_TRUE(p.outcome.solved);
}

TEST(LemmingsRules, WaterDrownsAndTheBottomIsDeadly) {
  const auto p = play("hazards");
  // Two entrances take turns: L1 at (0,1), L2 at (5,1). L1 walks to (2,1); at step 3 there is
  // water below, so it falls into it. L2 turns at the right border at step 2, walks to (4,1) at
  // step 3, falls into the bottom row's hole at step 4 and out of the map at step 5.
  EXPECT_LEMMING(p, 1, 2, 5, 1, Job::kWalker, 1);
  EXPECT_EQ(p.outcome.lemmings[0].fate, Fate::kDrowned);
  EXPECT_EQ(p.outcome.lemmings[0].end_step, 3);
  EXPECT_EQ(p.outcome.lemmings[1].fate, Fate::kFellOut);
  EXPECT_EQ(p.outcome.lemmings[1].end_step, 5);
  EXPECT_EQ(p.outcome.lemmings[1].y, 2);  // the bottom row
  EXPECT_EQ(p.outcome.deaths_by(Fate::kDrowned), 1);
  EXPECT_EQ(p.outcome.deaths_by(Fate::kFellOut), 1);
  EXPECT_EQ(p.outcome.dead, 2);
  EXPECT_EQ(p.outcome.steps, 6);
}

TEST(LemmingsRules, FallsUpToTheLimitAreSurvived) {
  const auto p = play("fall");  // fall: 2
  // L1 falls from (0,0) to (0,2): 2 cells, lands at step 1 and walks.
  EXPECT_LEMMING(p, 1, 1, 0, 2, Job::kWalker, 1);
  // L2 (second entrance, released at step 1) falls (3,1), (3,2), (3,3): 3 cells, dies at step 3.
  EXPECT_LEMMING(p, 2, 2, 3, 2, Job::kFaller, 1);
  EXPECT_EQ(p.at(2, 2).fall, 2);
  EXPECT_EQ(p.outcome.lemmings[1].fate, Fate::kSplat);
  EXPECT_EQ(p.outcome.lemmings[1].end_step, 3);
  EXPECT_EQ(p.outcome.lemmings[0].fate, Fate::kOut);
}

TEST(LemmingsRules, ClimberClimbsPullsItselfOverAndWalksOn) {
  const auto p = play("climber", "0 climber");  // a faller can take a climber
  EXPECT_TRUE(p.at(0, 1).climber);
  EXPECT_LEMMING(p, 2, 1, 2, 2, Job::kWalker, 1);
  EXPECT_LEMMING(p, 3, 1, 2, 1, Job::kClimbing, 1);  // the wall is two high: starts climbing
  EXPECT_LEMMING(p, 4, 1, 2, 0, Job::kClimbing, 1);
  EXPECT_LEMMING(p, 5, 1, 3, 0, Job::kWalker, 1);  // the top is free: pulls itself over
  EXPECT_LEMMING(p, 6, 1, 4, 0, Job::kWalker, 1);
  EXPECT_LEMMING(p, 8, 1, 4, 2, Job::kWalker, 1);  // fell two cells and landed
  EXPECT_EQ(p.outcome.lemmings[0].fate, Fate::kSaved);
  EXPECT_EQ(p.outcome.lemmings[0].end_step, 9);
  EXPECT_EQ(p.outcome.skills_used[static_cast<int>(lem::Skill::kClimber)], 1);
}

TEST(LemmingsRules, ClimberTurnsAndFallsAtAnOverhang) {
  const auto p = play("overhang", "0 climber");
  EXPECT_LEMMING(p, 3, 1, 2, 1, Job::kClimbing, 1);
  // (2,0) is dirt: it lets go, faces left and falls back to (2,2) in the same step.
  EXPECT_LEMMING(p, 4, 1, 2, 2, Job::kWalker, -1);
  EXPECT_LEMMING(p, 5, 1, 1, 2, Job::kWalker, -1);
}

TEST(LemmingsRules, FloaterSinksSlowlyAfterTwoCellsAndSurvives) {
  const auto p = play("floater", "0 floater");  // fall: 1, a 5-cell drop
  EXPECT_LEMMING(p, 0, 1, 0, 1, Job::kFaller, 1);
  EXPECT_LEMMING(p, 1, 1, 0, 2, Job::kFaller, 1);
  EXPECT_LEMMING(p, 2, 1, 0, 2, Job::kFaller, 1);  // from here on, one cell every two steps
  EXPECT_LEMMING(p, 3, 1, 0, 3, Job::kFaller, 1);
  EXPECT_TRUE(p.at(3, 1).floating());
  EXPECT_LEMMING(p, 4, 1, 0, 3, Job::kFaller, 1);
  EXPECT_LEMMING(p, 5, 1, 0, 4, Job::kFaller, 1);
  EXPECT_LEMMING(p, 6, 1, 0, 4, Job::kFaller, 1);
  EXPECT_LEMMING(p, 7, 1, 0, 5, Job::kWalker, 1);  // landed after falling 5 cells
  EXPECT_LEMMING(p, 8, 1, 1, 5, Job::kWalker, 1);
  EXPECT_EQ(p.outcome.dead, 0);
}

TEST(LemmingsRules, WithoutAFloaterTheSameDropKills) {
  const auto p = play("floater");
  // One cell per step: (0,1) ... (0,5) at step 4, landing after 5 cells > fall 1.
  EXPECT_EQ(p.outcome.lemmings[0].fate, Fate::kSplat);
  EXPECT_EQ(p.outcome.lemmings[0].end_step, 4);
}

TEST(LemmingsRules, BomberExplodesClearingDirtButNotSteelOrTheExit) {
  const auto p = play("bomber", "1 bomber");  // fuse 3, radius 1
  // Assigned at step 1 (L1 at (0,1)); it acts at steps 1, 2, 3 and explodes at (3,1) at the end
  // of step 3. The crater is x 2..4, y 0..2: dirt (3,2) goes, steel (2,2) and the exit (4,2) stay.
  EXPECT_EQ(p.at(1, 1).fuse, 2);
  EXPECT_EQ(p.outcome.lemmings[0].fate, Fate::kExploded);
  EXPECT_EQ(p.outcome.lemmings[0].end_step, 3);
  EXPECT_EQ(p.outcome.lemmings[0].x, 3);
  EXPECT_EQ(p.sim.cell(3, 2), Cell::kAir);
  EXPECT_EQ(p.sim.cell(2, 2), Cell::kSteel);
  EXPECT_EQ(p.sim.cell(4, 2), Cell::kExit);
  EXPECT_EQ(p.sim.cell(3, 3), Cell::kDirt);  // outside the square
  // L2 (released at step 1, one cell behind) stood at (2,1), inside the square, unhurt. The steel
  // (2,2) under it is still solid: at step 4 it walks on to (3,1); at step 5 there is no floor
  // (the crater), so it falls into (3,2) and lands on the dirt (3,3) in the same step; at step 6
  // it enters the exit (4,2).
  EXPECT_LEMMING(p, 3, 2, 2, 1, Job::kWalker, 1);
  EXPECT_LEMMING(p, 4, 2, 3, 1, Job::kWalker, 1);
  EXPECT_LEMMING(p, 5, 2, 3, 2, Job::kWalker, 1);
  EXPECT_EQ(p.outcome.lemmings[1].fate, Fate::kSaved);
  EXPECT_EQ(p.outcome.lemmings[1].end_step, 6);
  EXPECT_EQ(p.outcome.deaths_by(Fate::kExploded), 1);
  EXPECT_EQ(p.outcome.steps, 7);
}

TEST(LemmingsRules, SteelInsideACraterStaysSolid) {
  const auto p = play("bomber-steel", "1 bomber");  // fuse 3, radius 1
  // As in "bomber": L1 explodes at (3,1) at the end of step 3. The crater x 2..4, y 0..2 takes
  // the dirt (3,0) and (4,0); (5,0) is outside; the steel floor (2..4, 2) stays.
  EXPECT_EQ(p.outcome.lemmings[0].fate, Fate::kExploded);
  EXPECT_EQ(p.outcome.lemmings[0].end_step, 3);
  EXPECT_EQ(p.sim.cell(3, 0), Cell::kAir);
  EXPECT_EQ(p.sim.cell(4, 0), Cell::kAir);
  EXPECT_EQ(p.sim.cell(5, 0), Cell::kDirt);
  EXPECT_EQ(p.sim.cell(3, 2), Cell::kSteel);
  // L2 is at (2,1) after step 3 and walks over the steel, not into the water under it: (3,1) at
  // step 4, (4,1) at 5, (5,1) at 6, and the exit (6,1) at step 7.
  EXPECT_LEMMING(p, 3, 2, 2, 1, Job::kWalker, 1);
  EXPECT_LEMMING(p, 4, 2, 3, 1, Job::kWalker, 1);
  EXPECT_LEMMING(p, 5, 2, 4, 1, Job::kWalker, 1);
  EXPECT_LEMMING(p, 6, 2, 5, 1, Job::kWalker, 1);
  EXPECT_EQ(p.outcome.lemmings[1].fate, Fate::kSaved);
  EXPECT_EQ(p.outcome.lemmings[1].end_step, 7);
  EXPECT_EQ(p.outcome.deaths_by(Fate::kDrowned), 0);
  EXPECT_EQ(p.outcome.steps, 8);
  EXPECT_TRUE(p.outcome.solved);
}

TEST(LemmingsRules, BombOfRadiusZeroClearsItsCellAndTheFloorBelowOnly) {
  const auto p = play("bomb-radius0", "1 bomber");  // fuse 2, radius 0
  // L1 takes the bomber at step 1 at (0,1), walks to (1,1) (fuse 1) and (2,1) (fuse 0) and
  // explodes there at the end of step 2: only (2,1) and the floor (2,2) are in the crater.
  EXPECT_EQ(p.outcome.lemmings[0].fate, Fate::kExploded);
  EXPECT_EQ(p.outcome.lemmings[0].end_step, 2);
  EXPECT_EQ(p.outcome.lemmings[0].x, 2);
  EXPECT_EQ(p.sim.cell(2, 2), Cell::kAir);
  EXPECT_EQ(p.sim.cell(2, 0), Cell::kDirt);  // above: not in the crater
  EXPECT_EQ(p.sim.cell(1, 2), Cell::kDirt);  // beside the floor cell
  EXPECT_EQ(p.sim.cell(3, 2), Cell::kDirt);
  EXPECT_EQ(p.sim.cell(2, 3), Cell::kDirt);  // two below
  // L2: (1,1) after step 2, (2,1) after 3; at step 4 it drops into the one-cell hole (2,2),
  // at 5 steps up onto (3,1), at 6 walks to (4,1) and at 7 enters the exit (5,1).
  EXPECT_LEMMING(p, 3, 2, 2, 1, Job::kWalker, 1);
  EXPECT_LEMMING(p, 4, 2, 2, 2, Job::kWalker, 1);
  EXPECT_LEMMING(p, 5, 2, 3, 1, Job::kWalker, 1);
  EXPECT_EQ(p.outcome.lemmings[1].fate, Fate::kSaved);
  EXPECT_EQ(p.outcome.lemmings[1].end_step, 7);
}

TEST(LemmingsRules, BombOfRadiusTwoClearsAFiveByFiveSquare) {
  const auto p = play("bomb-radius2", "1 bomber");  // fuse 3, radius 2
  // L1 explodes at (3,1) at the end of step 3: the crater is x 1..5, y 0..3 (clipped at the top).
  EXPECT_EQ(p.outcome.lemmings[0].end_step, 3);
  EXPECT_EQ(p.sim.cell(1, 2), Cell::kAir);
  EXPECT_EQ(p.sim.cell(5, 2), Cell::kAir);
  EXPECT_EQ(p.sim.cell(1, 3), Cell::kAir);
  EXPECT_EQ(p.sim.cell(4, 3), Cell::kAir);
  EXPECT_EQ(p.sim.cell(5, 3), Cell::kExit);  // the exit stays
  EXPECT_EQ(p.sim.cell(0, 2), Cell::kDirt);  // three columns away
  EXPECT_EQ(p.sim.cell(6, 2), Cell::kDirt);
  EXPECT_EQ(p.sim.cell(0, 3), Cell::kDirt);
  EXPECT_EQ(p.sim.cell(6, 3), Cell::kDirt);
  EXPECT_EQ(p.sim.cell(3, 4), Cell::kDirt);  // three rows below
  // L2 is at (1,1) when L1 explodes (it acts after L1 in step 3): its floor is gone, so it falls
  // to (1,2) at step 3 and (1,3) at step 4, landing after 2 cells, then walks along the bottom
  // of the crater into the exit (5,3) at step 8.
  EXPECT_LEMMING(p, 3, 2, 1, 2, Job::kFaller, 1);
  EXPECT_LEMMING(p, 4, 2, 1, 3, Job::kWalker, 1);
  EXPECT_LEMMING(p, 7, 2, 4, 3, Job::kWalker, 1);
  EXPECT_EQ(p.outcome.lemmings[1].fate, Fate::kSaved);
  EXPECT_EQ(p.outcome.lemmings[1].end_step, 8);
}

TEST(LemmingsRules, SeveralLemmingsShareACellAndActOnTheirOwn) {
  // All three fall into the pit (1,1)-(1,2) one step apart and land at (1,2) at steps 3, 4 and 5;
  // walled in on both sides, each turns round every step from the step after it landed.
  const auto p = play("shared-cell", "6 bomber 2");  // fuse 1
  EXPECT_LEMMING(p, 4, 1, 1, 2, Job::kWalker, -1);
  EXPECT_LEMMING(p, 4, 2, 1, 2, Job::kWalker, 1);
  EXPECT_LEMMING(p, 5, 1, 1, 2, Job::kWalker, 1);
  EXPECT_LEMMING(p, 5, 2, 1, 2, Job::kWalker, -1);
  EXPECT_LEMMING(p, 5, 3, 1, 2, Job::kWalker, 1);
  // Step 6: L1 turns (to -1); L2 turns (to +1) and explodes, clearing x 0..2, y 1..3; L1 and L3
  // in the same cell are unhurt. L3 acts after the blast: no floor, it falls to (1,3).
  EXPECT_EQ(p.outcome.lemmings[1].fate, Fate::kExploded);
  EXPECT_EQ(p.outcome.lemmings[1].end_step, 6);
  EXPECT_LEMMING(p, 6, 1, 1, 2, Job::kWalker, -1);
  EXPECT_LEMMING(p, 6, 3, 1, 3, Job::kFaller, 1);
  // Each keeps its own direction: L1 falls at steps 7-8 to (1,4) and walks left into the exit
  // (0,4) at step 9; L3 lands at step 7 and walks right into the exit (4,4) at step 10.
  EXPECT_LEMMING(p, 7, 3, 1, 4, Job::kWalker, 1);
  EXPECT_LEMMING(p, 8, 1, 1, 4, Job::kWalker, -1);
  EXPECT_EQ(p.outcome.lemmings[0].fate, Fate::kSaved);
  EXPECT_EQ(p.outcome.lemmings[0].end_step, 9);
  EXPECT_EQ(p.outcome.lemmings[0].x, 0);
  EXPECT_EQ(p.outcome.lemmings[2].fate, Fate::kSaved);
  EXPECT_EQ(p.outcome.lemmings[2].end_step, 10);
  EXPECT_EQ(p.outcome.lemmings[2].x, 4);
  EXPECT_EQ(p.outcome.saved, 2);
  EXPECT_EQ(p.outcome.dead, 1);
  EXPECT_EQ(p.outcome.steps, 11);
}

TEST(LemmingsRules, OthersTurnAtABlockerAndNoBlockerStandsNextToAnother) {
  const auto p = play("blocker", "2 blocker\n5 blocker");
  EXPECT_LEMMING(p, 2, 1, 1, 0, Job::kBlocker, 1);
  // L2, released at step 3 at (0,0), meets the blocker at step 4 and turns, then the border.
  EXPECT_LEMMING(p, 4, 2, 0, 0, Job::kWalker, -1);
  EXPECT_LEMMING(p, 5, 2, 0, 0, Job::kWalker, 1);
  EXPECT_LEMMING(p, 6, 2, 0, 0, Job::kWalker, -1);
  // The second blocker: L1 is one already, L2 stands next to it.
  EXPECT_EQ(p.outcome.gene_lemming[1], 0);
  EXPECT_EQ(p.skipped(1), lem::SkipReason::kNobody);
  EXPECT_EQ(p.outcome.out, 2);
  EXPECT_EQ(p.outcome.steps, 10);
}

TEST(LemmingsRules, ClimberTurnsAtABlockerButClimbsAWall) {
  const auto p = play("climber-blocker", "2 blocker\n3 climber");
  // L1 walks from E (1,2) to (2,2) and blocks at step 2. L2, released at step 3, takes the
  // climber (a blocker cannot) and lands at once.
  EXPECT_EQ(p.outcome.gene_lemming, std::vector<int>({1, 2}));
  EXPECT_LEMMING(p, 3, 2, 1, 2, Job::kWalker, 1);
  // Step 4: the blocker ahead is a wall no one steps onto or climbs: it turns round.
  EXPECT_LEMMING(p, 4, 2, 1, 2, Job::kWalker, -1);
  // Steps 5-7: the dirt wall (0,1)-(0,2) is climbed; at the top (0,0) is free: it pulls over.
  EXPECT_LEMMING(p, 5, 2, 1, 1, Job::kClimbing, -1);
  EXPECT_LEMMING(p, 6, 2, 1, 0, Job::kClimbing, -1);
  EXPECT_LEMMING(p, 7, 2, 0, 0, Job::kWalker, -1);
  EXPECT_LEMMING(p, 7, 1, 2, 2, Job::kBlocker, 1);
}

TEST(LemmingsRules, BlockerFallsWhenItsGroundIsBlownAway) {
  // L1 walks to (2,0) and blocks at step 3. L2 (released at step 2) turns at it at step 4 and,
  // named by the gene, takes the bomber (fuse 1): it explodes at (1,0), clearing (0..2, 1).
  const auto p = play("blocker-falls", "3 blocker\n4 bomber 2");
  EXPECT_EQ(p.outcome.gene_lemming[1], 2);
  EXPECT_LEMMING(p, 4, 1, 2, 0, Job::kBlocker, 1);  // acted before L2 exploded
  EXPECT_EQ(p.outcome.lemmings[1].fate, Fate::kExploded);
  EXPECT_EQ(p.outcome.lemmings[1].end_step, 4);
  EXPECT_EQ(p.sim.cell(2, 1), Cell::kAir);
  EXPECT_LEMMING(p, 5, 1, 2, 1, Job::kFaller, 1);  // its floor is gone: it falls...
  EXPECT_LEMMING(p, 6, 1, 2, 2, Job::kWalker, 1);  // ...lands, and walks on
  EXPECT_LEMMING(p, 7, 1, 3, 2, Job::kWalker, 1);
}

TEST(LemmingsRules, ABlockerIsAWallButNotGround) {
  const auto p = play("blocker-not-ground", "6 blocker");
  // L1 walks off the ledge at (3,0) at step 3, falls to (3,1) at step 4 and (3,2) at step 5,
  // landing after 2 cells; at step 6 it blocks there.
  EXPECT_LEMMING(p, 6, 1, 3, 2, Job::kBlocker, 1);
  // L2, released at step 3, follows three steps behind: (3,0) at step 6, falling to (3,1) at
  // step 7. The blocker below is not ground: at step 8 it falls into the blocker's cell and lands
  // on the dirt (3,3) there, sharing the cell; then it walks out of it and on to the exit (7,2).
  EXPECT_LEMMING(p, 7, 2, 3, 1, Job::kFaller, 1);
  EXPECT_LEMMING(p, 8, 2, 3, 2, Job::kWalker, 1);
  EXPECT_LEMMING(p, 9, 2, 4, 2, Job::kWalker, 1);
  EXPECT_EQ(p.outcome.lemmings[1].fate, Fate::kSaved);
  EXPECT_EQ(p.outcome.lemmings[1].end_step, 12);
  EXPECT_EQ(p.outcome.lemmings[0].job, Job::kBlocker);
  EXPECT_EQ(p.outcome.steps, 14);
}

TEST(LemmingsRules, BuilderTurnsAtTheEntranceAndWalksIntoTheExit) {
  // Two entrances take turns: L1 at (0,1), L2 at (3,1). After step 2, L1 is at (2,1) facing the
  // entrance (3,1) and L2 at (4,1) facing the exit (5,1); both become builders at step 3.
  const auto p = play("builder-ends", "3 builder 1\n3 builder 2");
  EXPECT_EQ(p.outcome.gene_lemming, std::vector<int>({1, 2}));
  // L1: the entrance ahead is not plain air: it lays nothing and turns round.
  EXPECT_LEMMING(p, 3, 1, 2, 1, Job::kWalker, -1);
  EXPECT_LEMMING(p, 4, 1, 1, 1, Job::kWalker, -1);
  // L2: the exit ahead: it stops building and walks in at the next step.
  EXPECT_LEMMING(p, 3, 2, 4, 1, Job::kWalker, 1);
  EXPECT_EQ(p.outcome.lemmings[1].fate, Fate::kSaved);
  EXPECT_EQ(p.outcome.lemmings[1].end_step, 4);
  EXPECT_EQ(p.sim.cell(3, 1), Cell::kEntrance);
  EXPECT_EQ(p.sim.cell(5, 1), Cell::kExit);
  EXPECT_EQ(p.sim.cell(3, 0), Cell::kAir);
  EXPECT_EQ(p.outcome.skills_used[static_cast<int>(lem::Skill::kBuilder)], 2);
}

TEST(LemmingsRules, BuilderLaysAStairOfBricksThenWalksOn) {
  const auto p = play("builder", "1 builder");  // bricks: 3
  EXPECT_LEMMING(p, 1, 1, 1, 2, Job::kBuilder, 1);
  EXPECT_LEMMING(p, 2, 1, 2, 1, Job::kBuilder, 1);
  EXPECT_LEMMING(p, 3, 1, 3, 0, Job::kBuilder, 1);
  EXPECT_LEMMING(p, 4, 1, 3, 0, Job::kWalker, 1);  // three bricks laid: walks on
  EXPECT_LEMMING(p, 5, 1, 4, 0, Job::kWalker, 1);
  EXPECT_LEMMING(p, 8, 1, 4, 3, Job::kWalker, 1);  // a 3-cell fall off the top
  EXPECT_EQ(p.sim.cell(1, 3), Cell::kDirt);
  EXPECT_EQ(p.sim.cell(2, 2), Cell::kDirt);
  EXPECT_EQ(p.sim.cell(3, 1), Cell::kDirt);
  EXPECT_EQ(p.sim.cell(4, 0), Cell::kAir);
}

TEST(LemmingsRules, BuilderStopsWithoutHeadRoomAndTurnsAtAWall) {
  const auto p = play("builder-stops", "1 builder\n5 builder");
  // L1 lays (1,2) and stands on it at (1,1); (2,0) is dirt, so no head room for the next brick.
  EXPECT_LEMMING(p, 1, 1, 1, 1, Job::kBuilder, 1);
  EXPECT_LEMMING(p, 2, 1, 1, 1, Job::kWalker, 1);
  EXPECT_EQ(p.sim.cell(2, 1), Cell::kAir);
  // At step 5 L1 stands over air (it walked off the dirt at (2,2)), so it is not on the ground
  // and the leader's builder goes to L2 at (0,2), which faces the brick: it turns round.
  EXPECT_EQ(p.outcome.gene_lemming[1], 2);
  EXPECT_LEMMING(p, 5, 2, 0, 2, Job::kWalker, -1);
  EXPECT_EQ(p.outcome.skills_used[static_cast<int>(lem::Skill::kBuilder)], 2);
}

TEST(LemmingsRules, BasherLooksForDirtBashesThroughAndWalksOn) {
  const auto p = play("basher", "1 basher\n8 basher");
  EXPECT_LEMMING(p, 1, 1, 1, 1, Job::kBasher, 1);  // nothing to bash yet: walks on
  EXPECT_LEMMING(p, 3, 1, 3, 1, Job::kBasher, 1);
  EXPECT_EQ(p.sim.cell(3, 1), Cell::kAir);
  EXPECT_LEMMING(p, 4, 1, 4, 1, Job::kBasher, 1);
  EXPECT_LEMMING(p, 5, 1, 4, 1, Job::kWalker, 1);  // through
  EXPECT_LEMMING(p, 7, 1, 6, 1, Job::kWalker, 1);
  // At step 8 L1 faces steel: the basher is refused and costs nothing; L1 turns.
  EXPECT_EQ(p.skipped(1), lem::SkipReason::kNobody);
  EXPECT_LEMMING(p, 8, 1, 6, 1, Job::kWalker, -1);
  EXPECT_EQ(p.outcome.skills_used[static_cast<int>(lem::Skill::kBasher)], 1);
}

TEST(LemmingsRules, BasherTurnsRoundAtSteel) {
  const auto p = play("basher-steel", "1 basher");
  EXPECT_LEMMING(p, 3, 1, 3, 1, Job::kBasher, 1);
  EXPECT_LEMMING(p, 4, 1, 3, 1, Job::kWalker, -1);
  EXPECT_LEMMING(p, 5, 1, 2, 1, Job::kWalker, -1);
}

TEST(LemmingsRules, MinerDigsDiagonallyAndTurnsAtSteel) {
  const auto p = play("miner", "1 miner");
  EXPECT_LEMMING(p, 1, 1, 1, 1, Job::kMiner, 1);
  EXPECT_LEMMING(p, 2, 1, 2, 2, Job::kMiner, 1);
  EXPECT_LEMMING(p, 3, 1, 2, 2, Job::kWalker, -1);  // (3,3) is steel
  EXPECT_EQ(p.sim.cell(1, 1), Cell::kAir);
  EXPECT_EQ(p.sim.cell(2, 1), Cell::kAir);
  EXPECT_EQ(p.sim.cell(2, 2), Cell::kAir);
  EXPECT_EQ(p.sim.cell(3, 2), Cell::kDirt);
  EXPECT_LEMMING(p, 4, 1, 1, 1, Job::kWalker, -1);  // steps up its own tunnel
}

TEST(LemmingsRules, MinerFallsWhenItBreaksOutIntoAir) {
  const auto p = play("miner-breaks-out", "1 miner");
  EXPECT_LEMMING(p, 1, 1, 1, 1, Job::kMiner, 1);
  EXPECT_LEMMING(p, 2, 1, 2, 2, Job::kMiner, 1);   // mined into the cave's air at (2,2)
  EXPECT_LEMMING(p, 3, 1, 2, 3, Job::kWalker, 1);  // no floor: fell a cell and landed
}

TEST(LemmingsRules, DiggerDigsDownWalksAtSteelAndFallsThroughIntoAir) {
  const auto p = play("digger", "1 digger\n3 digger");
  EXPECT_LEMMING(p, 1, 1, 0, 1, Job::kDigger, 1);
  EXPECT_LEMMING(p, 2, 1, 0, 2, Job::kDigger, 1);
  EXPECT_LEMMING(p, 3, 1, 0, 2, Job::kWalker, 1);  // steel below
  // The second digger: L1 is digging already, so it goes to L2, which fell from the second
  // entrance to (5,1) and turned at the border at step 2; it stands on dirt.
  EXPECT_EQ(p.outcome.gene_lemming[1], 2);
  EXPECT_LEMMING(p, 3, 2, 5, 2, Job::kDigger, -1);
  EXPECT_LEMMING(p, 4, 2, 5, 3, Job::kWalker, -1);  // broke through and landed
  EXPECT_EQ(p.sim.cell(0, 1), Cell::kAir);
  EXPECT_EQ(p.sim.cell(5, 2), Cell::kAir);
}

TEST(LemmingsRules, WhoCanTakeWhichSkill) {
  const auto p = play("skills",
                      "0 digger\n"     // 0: L1 was just released: a faller is not on the ground
                      "0 climber\n"    // 1: a faller can take a climber
                      "1 climber\n"    // 2: none left
                      "1 digger\n"     // 3: L1 stands on steel, L2 is a faller
                      "2 digger\n"     // 4: L1 at (1,1) stands on dirt
                      "2 floater 3\n"  // 5: named: L3, just released
                      "2 miner 2\n"    // 6: named: L2 stands on steel
                      "3 basher 5\n"   // 7: named: there is no lemming 5
                      "3 blocker\n"    // 8: a digger on the ground can become a blocker
                      "4 floater 3\n"  // 9: L3 is a floater already
                      "4 climber\n"    // 10: none left
                      "50 digger\n");  // 11: after the end of the level
  const std::vector<int> expected = {0, 1, 0, 0, 1, 3, 0, 0, 1, 0, 0, 0};
  EXPECT_EQ(p.outcome.gene_lemming, expected);
  EXPECT_EQ(p.skipped(0), lem::SkipReason::kNobody);
  EXPECT_EQ(p.skipped(2), lem::SkipReason::kUsedUp);
  EXPECT_EQ(p.skipped(3), lem::SkipReason::kNobody);
  EXPECT_EQ(p.skipped(6), lem::SkipReason::kCannotTake);
  EXPECT_EQ(p.skipped(7), lem::SkipReason::kNotOut);
  EXPECT_EQ(p.skipped(9), lem::SkipReason::kCannotTake);
  EXPECT_EQ(p.skipped(10), lem::SkipReason::kUsedUp);
  EXPECT_FALSE(p.skipped(11).has_value());  // never reached
  EXPECT_EQ(p.outcome.genes_applied(), 4);
  EXPECT_EQ(p.outcome.skills_used_total(), 4);
  EXPECT_EQ(p.at(3, 1).job, Job::kBlocker);
}
