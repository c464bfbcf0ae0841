#pragma once
// Shots: the other half of the game. A bird on the slingshot is pulled and released, flies under
// the launch gravity, hits the level (blocks take its damage multipliers), uses its ability when
// tapped (Yellow's boost, Blue's split, Black's explosion, White's egg), and dies by the game's
// rules (at rest 3 s after its first contact, checked each second; out of the level; Black when
// it explodes); the shot ends when the bird (its children, its egg) is gone and the level is at
// rest. The level is won when its last pig dies, lost when no bird is left, pigs live and
// everything has stopped. Rules and sources: docs/birds-play.md.
//
// Between shots the game keeps a GameState (where every object is, how it moves, its life); each
// shot rebuilds a Box2D world from it, so a shot from a state gives the same outcome every time,
// whoever plays it: the search agent's predictions are the game's outcomes.

#include <functional>
#include <memory>
#include <nlohmann/json.hpp>
#include <vector>

#include "evoplay/core/fields.hpp"
#include "evoplay/games/birds/bird_types.hpp"
#include "evoplay/games/birds/level.hpp"
#include "evoplay/games/birds/physics.hpp"
#include "evoplay/games/birds/piece_state.hpp"

namespace evoplay::games::birds {

/// One shot as a player makes it.
struct Shot {
  double angle = 45;  // degrees: the launch direction (0 = right, 90 = up)
  double pull = 1;    // 0..1 of the drag radius (1 = full power: 10 units/s)
  double tap = -1;    // seconds after the release to use the ability (< 0: never)
  double wait = 0;    // seconds the bird sits on the slingshot before the release
  bool operator==(const Shot&) const = default;
  nlohmann::json to_json() const;

  /// The shot as a player gives it (the server's JSON shots; `wait` is the tests' own).
  template <class S, class V>
  static void fields(S& s, V& v) {
    v(s.angle, {.name = "angle",
                .help = "launch angle in degrees (0 = right, 90 = up)",
                .lo = -90,
                .hi = 90});
    v(s.pull, {.name = "pull",
               .help = "pull, 0..1 of the drag radius (1 = full power, 10 units/s)",
               .lo = 0,
               .hi = 1});
    v(s.tap, {.name = "tap",
              .help = "seconds after the release to use the bird's ability (negative: never)"});
  }
  /// Throws FieldError naming the first field out of range.
  void validate() const { fields::check(*this); }
};

/// The rules of play; the defaults are the original game's (SB-orig).
struct PlaySettings {
  PhysicsSettings physics;        // the world: gravity, step, iterations, damage, TNT
  AbilityNumbers abilities;       // Yellow, Blue, Black, White, the egg, the explosions
  double death_check_delay = 3;   // ABBird: a bird checks its speed this long after its first
  double death_check_period = 1;  // contact, then every period, and dies when slower than
  double death_speed = 0.001;     // this
  double settle_seconds = 10;     // before the first shot the level settles, this long at most
  double max_shot_seconds = 20;   // a shot ends after this long even if the world still moves
  int pig_points = 50;            // ABPig.Die
  int block_points = 25;          // ABBlock._points of every block prefab
  /// Throws Error naming the first field out of range.
  void validate() const;
  nlohmann::json to_json() const;
};

enum class GameStatus { kPlaying, kWon, kLost };
std::string_view status_name(GameStatus status);

/// The game between two shots.
struct GameState {
  std::vector<PieceState> pieces;  // one per object of the level
  int birds_used = 0;              // the next bird is level.birds[birds_used]
  int score = 0;                   // points of the shots so far
  int pigs_alive(const Level& level) const;
  int birds_left(const Level& level) const;
  /// Won when no pig is left; lost when pigs are left and no bird (a state is taken at rest).
  GameStatus status(const Level& level) const;
};

/// The level as it stands before the first shot: simulated from its file until at rest (at most
/// settings.settle_seconds). What falls or breaks then scores nothing.
GameState initial_state(const Level& level, const PlaySettings& settings);

/// Where a bird, one of Blue's children or White's egg went, one point per step.
struct FlightPath {
  BirdType bird = BirdType::kRed;
  bool egg = false;
  std::vector<Point> points;
};

/// What one shot did.
struct ShotRecord {
  BirdType bird = BirdType::kRed;
  Shot shot;
  double tap_time = -1;            // seconds after the release when the ability fired (-1: never)
  Point first_contact{};           // where the bird was when it first touched something ...
  double first_contact_time = -1;  // ... and when (-1: it touched nothing)
  std::vector<int> destroyed;      // objects of the level it destroyed, in order
  int pigs_killed = 0, blocks_destroyed = 0, tnt_exploded = 0;
  double damage = 0;     // life taken from blocks, pigs and TNT
  int score = 0;         // its points
  double seconds = 0;    // game time from the release to the end of the shot
  int steps = 0;         // physics steps of the shot (the wait included)
  bool at_rest = false;  // the shot ended with everything asleep (not by the time limit)
  GameStatus status = GameStatus::kPlaying;  // the game after it
  std::vector<FlightPath> paths;
  nlohmann::json to_json(const Level& level) const;
};

/// What a picture of a moment needs: every object's state and the flyers' poses.
struct FlyerPose {
  BirdType bird = BirdType::kRed;
  bool egg = false;
  double x = 0, y = 0, angle = 0;
};

class World;

/// One shot, step by step (for pictures and tests; play_shot runs it to the end).
class ShotRun {
 public:
  /// Keeps a reference to `level` (which must outlive it), copies the rest. Throws Error when no
  /// bird is left.
  ShotRun(const Level& level, const GameState& state, const Shot& shot,
          const PlaySettings& settings);
  ~ShotRun();
  ShotRun(const ShotRun&) = delete;
  ShotRun& operator=(const ShotRun&) = delete;

  bool done() const { return done_; }
  /// One physics step and the game's rules after it.
  void step();
  /// Won as soon as the last pig dies; lost only at the end of the last bird's shot.
  GameStatus status() const;
  /// Seconds since the release (negative while the bird waits on the slingshot).
  double time() const;
  std::vector<PieceState> pieces() const;
  std::vector<FlyerPose> flyers() const;
  /// The velocity of every flyer in the world (tests).
  std::vector<Point> flyer_velocities() const;
  /// The game after the shot (call when done).
  GameState state() const;
  const ShotRecord& record() const { return record_; }

 private:
  void release();
  void use_ability();
  void apply_rules();
  bool out_of_world(int flyer) const;
  void finish();

  const Level& level_;
  int birds_used_ = 0;  // before the shot
  int score_before_ = 0;
  Shot shot_;
  PlaySettings s_;
  std::unique_ptr<World> world_;
  ShotRecord record_;
  int bird_ = 0;  // the bird's flyer
  bool released_ = false;
  double release_time_ = 0;         // world time of the release
  bool tapped_ = false;             // the tap was tried
  bool split_ = false;              // Blue split into its children
  double explode_at_ = -1;          // Black: world time of its explosion
  std::vector<double> next_check_;  // per flyer: world time of its next speed check (-1: none)
  bool done_ = false;
  std::vector<double> life_before_;
};

/// Plays one shot from `state` to its end and updates `state`. `on_step` is called after every
/// step (pictures).
ShotRecord play_shot(const Level& level, GameState& state, const Shot& shot,
                     const PlaySettings& settings,
                     const std::function<void(const ShotRun&)>& on_step = {});

}  // namespace evoplay::games::birds
