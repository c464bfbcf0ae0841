#pragma once
// The Pingus rules: plays a Pingus level (pingus_level.hpp) with a plan tick by tick as the
// game's engine does (Pingus 0.7.6: World::update, PinguHolder, the entrances, exits and spikes,
// and every action of src/pingus/actions/), and reports the same Outcome as the Lemmings
// simulator, so that the fitnesses, reports and solvers work unchanged.
//
// Why it exists: plans found on our simulator should hold in the real game. Positions are the
// game's floats, the collision map its bytes, the animation clocks that some actions wait for
// (33 ms per tick against each sprite's frame time) its numbers; a plan exported as a demo
// (pingus_demo.hpp) replays in the real game to the same number saved.
//
// A plan's STEP is the game's world time: a gene at step t is applied right after the world's
// t-th update, as a demo's event with (time t) is. A gene goes to its pingu (the k-th released,
// 1-based), else to the earliest released pingu still in the world that can take it — one the
// game's Pingu::request_set_action accepts (and not one that is already exiting, drowning or
// splashing).

#include <array>
#include <cstdint>
#include <memory>
#include <string_view>
#include <vector>

#include "evoplay/games/lemmings/level.hpp"
#include "evoplay/games/lemmings/outcome.hpp"
#include "evoplay/games/lemmings/pingus_level.hpp"
#include "evoplay/games/lemmings/plan.hpp"
#include "evoplay/games/lemmings/simulator.hpp"

namespace evoplay::games::lemmings {

/// What a pingu is doing (the game's ActionName, the ones these rules play).
enum class PinguAction : std::uint8_t {
  kWalker,
  kFaller,
  kFloater,
  kClimber,
  kJumper,
  kBlocker,
  kBomber,
  kBridger,
  kWaiter,
  kBasher,
  kDigger,
  kMiner,
  kSlider,
  kExiter,
  kDrown,
  kSplashed
};

/// A pingu as observers see it.
struct PinguState {
  int id = 0;  // 1 = the first released
  float x = 0, y = 0;
  int dir = 1;
  PinguAction action = PinguAction::kFaller;
  bool climber = false, floater = false;
  bool alive = true;  // still in the world
};

/// An applied gene as the real game receives it: the pingu (0-based, as demo files number them)
/// and where it stood.
struct PinguAssignment {
  int step = 0;
  int pingu = 0;
  float x = 0, y = 0;
  Skill skill = Skill::kDigger;
};

class PingusSimulator;

/// Sees a Pingus run tick by tick (replays).
class PingusObserver {
 public:
  virtual ~PingusObserver() = default;
  virtual void on_start(const PingusSimulator& /*sim*/) {}
  virtual void on_step(const PingusSimulator& sim, int step) = 0;
};

class PingusSimulator : public PlanRunner {
 public:
  /// `level.pingus` must be set (load_level of a .pingus file).
  explicit PingusSimulator(Level level);

  const Level& level() const { return level_; }
  const PingusLevel& pingus_level() const { return *level_.pingus; }
  /// Plays the plan; the outcome is valid until the next run.
  const Outcome& run(const Plan& plan, PingusObserver* observer = nullptr);
  const Outcome& play(const Plan& plan) override { return run(plan); }

  /// The genes applied in the last run, in order (what a demo file records).
  const std::vector<PinguAssignment>& assignments() const { return assignments_; }
  /// During or after a run.
  int released() const { return static_cast<int>(pingus_.size()); }
  PinguState pingu(int index) const;
  /// The collision map now (width * height bytes, PingusGround values).
  const std::vector<std::uint8_t>& colmap() const { return colmap_; }
  int saved() const { return outcome_.saved; }
  int dead() const { return outcome_.dead; }

 private:
  struct Clock {
    int tick = 0, frame = 0;
    bool finished = false;
    void update(int delay, int frames, bool loop);
    void restart() { *this = Clock{}; }
  };
  enum Status : std::uint8_t { kAlive, kExited, kDead };
  struct Pingu {
    float x = 0, y = 0, vx = 0, vy = 0;
    int dir = -1;
    PinguAction action = PinguAction::kFaller, previous = PinguAction::kFaller;
    bool climber = false, floater = false;
    Status status = kAlive;
    Fate cause = Fate::kOut;  // why it died
    int owner = 0;
    int counter = 0;       // basher_c, digger and miner delay_count
    bool flag = false;     // basher first_bash, bridger block_build, bomber exploded
    bool walking = false;  // bridger: walking between bricks
    int bricks = 0;
    float value = 0;  // waiter countdown, slider speed
    Clock clock[2];   // the action's sprite, left [0] and right [1]
    Clock walk[2];    // the bridger's walking sprite
    std::int32_t best = kUnreachable;
  };

  void reset(const Plan& plan);
  void tick(int t);
  void apply_gene(int step, int gene, const Gene& g);
  bool can_take(const Pingu& p, Skill s) const;
  void finish(int index, Fate fate);

  // The game's pieces.
  int getpixel(int x, int y) const {
    if (x >= 0 && x < width_ && y >= 0 && y < height_) {
      return colmap_[static_cast<std::size_t>(x) +
                     static_cast<std::size_t>(y) * static_cast<std::size_t>(width_)];
    }
    return kGpOutOfScreen;
  }
  int rel(const Pingu& p, int x, int y) const {
    return getpixel(static_cast<int>(p.x + static_cast<float>(x * p.dir)),
                    static_cast<int>(p.y - static_cast<float>(y)));
  }
  bool head_collision_on_walk(const Pingu& p, int x, int y) const;
  void remove(const PingusMask& m, int x, int y);
  void put(const PingusMask& m, int x, int y, std::uint8_t type);
  void set_action(Pingu& p, PinguAction a);
  void set_velocity(Pingu& p, float vx, float vy);
  bool move_linear(Pingu& p, float mx, float my);  // LinearMover + PinguCollider; true if collided
  void update(Pingu& p);
  void walker(Pingu& p);
  void faller(Pingu& p);
  void floater(Pingu& p);
  void climber(Pingu& p);
  void jumper(Pingu& p);
  void blocker(Pingu& p);
  void bomber(Pingu& p);
  void bridger(Pingu& p);
  void waiter(Pingu& p);
  void basher(Pingu& p);
  void digger(Pingu& p);
  void miner(Pingu& p);
  void slider(Pingu& p);
  void exiter(Pingu& p);
  void dying(Pingu& p, int delay, int frames);
  void bash(Pingu& p);
  void update_spike(int i);
  int distance_of(const Pingu& p) const;

  Level level_;
  const PingusMasks* masks_ = nullptr;
  std::vector<int> distances_;  // the coarse map's exit distances
  int width_ = 0, height_ = 0;

  // Per run.
  std::vector<std::uint8_t> colmap_;
  std::vector<Pingu> pingus_;
  std::vector<int> holder_;  // the game's list of pingus in the world, in its order
  std::vector<long long> last_release_;
  std::vector<int> last_direction_;
  struct Spike {
    Clock clock;
    bool killing = false;
  };
  std::vector<Spike> spikes_;
  std::vector<int> door_height_;  // a door's tiles still shut
  std::vector<bool> door_opening_;
  std::vector<bool> switch_on_;
  std::vector<std::uint64_t> order_;
  std::array<int, kSkillCount> left_{};
  std::vector<PinguAssignment> assignments_;
  int time_ = 0;
  int done_ = 0;
  Outcome outcome_;
};

}  // namespace evoplay::games::lemmings
