#pragma once
// Stability of a level by simulating it with Box2D 2.4.1 (the engine behind Unity's 2D physics),
// in-process and headless, with the game's settings: gravity, step, iterations, sleeping,
// damping, masses, frictions, damage on impact, TNT explosions, and the physics settings of
// Science Birds' Unity project (its contact offset 0.01, discrete collision; docs/birds.md says
// where each comes from).
//
// The level is simulated as the game runs it, but movement is measured from where the contact
// skin alone would leave every object: Box2D (and Unity) keep resting objects a skin apart, so a
// stack lifts by about 0.01 a layer as soon as it loads. That lift is not a fall. A second world
// of the same level, gravity off, lets Box2D's own position correction push the touching objects
// apart by the skin and nothing else (no time passes, nothing is damaged); displacements and
// turns are measured from the poses it reaches, so every topple, slide, fall and break still
// counts while the lift does not.
//
// simulate() builds one b2World for the call and touches nothing else, so it is deterministic
// (the same level gives the same report every time) and safe to run in parallel, one level per
// thread. It stops early once every body is asleep: from then on nothing in the world can move,
// so the report is the one the full time would give (only `simulated_time` and `steps` say
// how much was actually stepped).

#include <functional>
#include <span>
#include <vector>

#include "evoplay/core/cancel.hpp"
#include "evoplay/core/control.hpp"
#include "evoplay/games/birds/check.hpp"
#include "evoplay/games/birds/level.hpp"

namespace evoplay::games::birds {

/// The longest game time one simulation may cover, in seconds (an hour of play).
inline constexpr double kMaxSeconds = 3600;

/// The contact offset of Science Birds' Unity project (ProjectSettings/Physics2DSettings.asset,
/// `m_MinPenetrationForPenalty: 0.01`, which Unity's API calls defaultContactOffset): the skin
/// Box2D keeps around every polygon (b2_polygonRadius, the same 0.01).
inline constexpr double kGameContactOffset = 0.01;
/// A skin of half Box2D's contact slop, the judge evoplay used before it took the game's: objects
/// rest exactly where the level puts them, which the game does not do.
inline constexpr double kThinSkin = 0.0025;

struct PhysicsSettings {
  double seconds = 10;  // game time to simulate, at most kMaxSeconds
  double time_step = 0.02;
  int velocity_iterations = 100;
  int position_iterations = 100;
  double gravity = -9.81;  // times each type's gravity scale (blocks and small pigs 0.5)
  // Degrees gravity leans from straight down (positive: towards +x), as if the whole level and
  // its ground were turned by as much; the game's is 0. Robustness trials lean it.
  double gravity_lean = 0;
  double block_linear_damping = 1.0;
  double angular_damping = 0.05;
  double friction_wood = 4, friction_stone = 4, friction_ice = 0.74, friction_other = 0.4;
  bool damage = true;          // objects lose life on impact and are destroyed at 0
  bool intended_life = false;  // blocks: wood 5, stone 10, ice 2.5 (the game in effect: 5 for all)
  double block_life = 5;
  double tnt_radius = 2, tnt_damage = 3, tnt_power = 3;  // the game's TNT (ABTNT.Explode)
  // Collider skin: the game's contact offset (Box2D's and Unity's default 0.01), which lifts
  // every resting contact by about 0.01; kThinSkin (0.0025) keeps objects where the level puts
  // them (see thin_skin()).
  double contact_skin = kGameContactOffset;
  // Box2D's continuous collision (time of impact against static bodies). Every body of the game
  // is Discrete (m_CollisionDetection: 0 in its block, pig, TNT and bird prefabs): off.
  bool continuous = false;
  // Displacements measured from where the skin's push alone leaves each object (see the header).
  bool discount_skin = true;
  bool round_pigs = false;       // pigs as circles instead of the game's flat-based octagons
  bool stop_when_asleep = true;  // exact: see the header comment
  double fall_limit = 10;        // a piece this far below the ground has left the world

  // What counts as moved.
  double move_threshold = 0.1;          // ChatGPT4PCG: displaced >= this is unstable
  double paper_move_threshold = 0.08;   // the document: displaced more than this is penalised
  double paper_rotation_threshold = 5;  // the document: rotated this many degrees or more
  double paper_penalty = 0.33;          // the document: share of one piece per fault
  double overlap_tolerance = kOverlapTolerance;

  /// Throws Error naming the first setting that is out of range (NaN and infinities are).
  void validate() const;
  /// The thin-skin judge evoplay used before it took the game's settings (`--thin-skin`): a
  /// 0.0025 skin, continuous collision on, displacements from the file's poses. Not the game: a
  /// stack that stands here may topple on the game's skin.
  static PhysicsSettings thin_skin();
};

/// What happened to one object of the level.
struct ObjectOutcome {
  bool destroyed = false;
  bool left_world = false;            // destroyed by falling off the level or starting outside it
  double time_destroyed = 0;          // game time of destruction (destroyed only)
  double x = 0, y = 0, rotation = 0;  // final pose (at destruction for destroyed objects)
  double displacement = 0;            // distance from the start (beyond the skin's push)
  double rotation_change = 0;         // degrees, in (-180, 180]
  double life = 0;                    // life left (platforms: 0)
  bool moved = false;                 // survived and displacement >= move_threshold
  double skin_shift = 0;              // how far the skin's push alone moves it (discount_skin)
  bool operator==(const ObjectOutcome&) const = default;
};

struct StabilityReport {
  std::vector<ObjectOutcome> objects;  // one per Level::objects entry (platforms never change)
  std::vector<Overlap> overlaps;       // overlaps at the start, before simulating
  int pieces = 0;                      // blocks + pigs + TNT
  int destroyed = 0;
  int moved = 0;              // survivors displaced >= move_threshold
  int paper_moved = 0;        // survivors displaced > paper_move_threshold
  int paper_rotated = 0;      // survivors rotated >= paper_rotation_threshold degrees
  double score = 1;           // ChatGPT4PCG: 1 - (destroyed + moved) / pieces
  double paper_score = 100;   // the document: 100 (pieces - destroyed) / pieces
                              // - 100 / pieces * penalty * (paper_moved + paper_rotated)
  bool at_rest = false;       // every surviving piece asleep at the end
  bool stable = false;        // nothing destroyed and nothing moved
  double settle_time = -1;    // game time when every piece was first asleep; -1 = never
  double simulated_time = 0;  // game time actually stepped
  int steps = 0;

  /// The same physical outcome (everything but simulated_time and steps).
  bool same_outcome(const StabilityReport& o) const;
};

/// Simulates `level` for settings.seconds of game time and reports its stability.
StabilityReport simulate(const Level& level, const PhysicsSettings& settings = {});

/// simulate() for every level, `threads` at a time (0 = all cores); slot i is level i's report,
/// identical for any number of threads.
std::vector<StabilityReport> simulate_all(std::span<const Level> levels,
                                          const PhysicsSettings& settings, int threads);

/// A level's final state: the objects that survived, at their final poses.
Level final_level(const Level& level, const StabilityReport& report);

}  // namespace evoplay::games::birds
