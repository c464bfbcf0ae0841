#pragma once
// The Box2D world of a level as the game runs it: the ground, platforms, and the pieces (blocks,
// pigs, TNT) with the game's masses, frictions, damping, damage on impact, destruction, TNT
// explosions and pieces leaving the level; and the birds in flight (birds, Blue's children,
// White's egg), which hurt blocks by their damage multipliers and never touch each other.
// Internal to the birds game: the stability simulation (physics.cpp) steps one from the level as
// its file puts it, the shots (shot.cpp) from the state the previous shot left.

#include <box2d/box2d.h>

#include <span>
#include <vector>

#include "evoplay/games/birds/bird_types.hpp"
#include "evoplay/games/birds/level.hpp"
#include "evoplay/games/birds/physics.hpp"
#include "evoplay/games/birds/piece_state.hpp"

namespace evoplay::games::birds {

/// An explosion: the game's ABTNT.Explode (TNT, Black, the egg).
struct Blast {
  double radius = 2, power = 3, damage = 3;
};

/// A body shot into the world: a bird, one of Blue's children, or White's egg.
struct Flyer {
  b2Body* body = nullptr;
  BirdType type = BirdType::kRed;
  bool egg = false;
  double first_contact = -1;  // game time of its first contact with anything (-1: none yet)
  bool touched = false;       // began a contact in the last step
  bool alive = true;
};

class World : public b2ContactListener {
 public:
  /// The level as its file puts it: every piece awake at its pose; pieces wholly outside the
  /// level's width are removed at once (the game does so), as having left the world.
  World(const Level& level, const PhysicsSettings& settings);
  /// The level in `state` (one entry per object of `level`); its time starts at 0.
  World(const Level& level, const PhysicsSettings& settings, std::span<const PieceState> state);
  World(const World&) = delete;
  World& operator=(const World&) = delete;

  /// Where the contact skin alone leaves the level (physics.hpp: the poses movement is measured
  /// from): gravity off, Box2D's position correction pushes touching objects apart until every
  /// contact rests at the skin's gap (the lift of stacks, the spread of blocks side by side),
  /// moving nothing otherwise. Contacts whose true outlines overlap by more than `tolerance` are
  /// left alone (a real overlap, which the simulation pushes out and counts); the piece sunk into
  /// another rides along with it. The poses reached become the pieces' start poses; returns how
  /// far each object moved. Meant for a world of its own, thrown away after.
  std::vector<double> skin_rest(double tolerance);

  /// One step of settings.time_step, then the game's rules: pieces that fell out of the level,
  /// pieces whose life ran out are destroyed (TNT explodes, possibly destroying more).
  void step();
  int steps() const { return steps_; }
  double time() const;

  /// Every surviving piece asleep (the game's IsLevelStable).
  bool pieces_asleep() const;
  /// ... and every flyer still in the world too.
  bool all_asleep() const;

  /// The state of every object now: survivors where they are, destroyed ones as they were
  /// destroyed.
  std::vector<PieceState> state() const;
  const PieceState& dead(std::size_t i) const { return pieces_[i].state; }
  bool alive(std::size_t i) const { return pieces_[i].state.alive; }
  double life(std::size_t i) const { return pieces_[i].state.life; }
  /// False for platforms' and pieces removed at the start (outside the level).
  bool has_body(std::size_t i) const { return pieces_[i].body != nullptr; }
  /// Where the piece's body started (Box2D's floats); platforms and removed pieces: the file's.
  b2Vec2 start_position(std::size_t i) const { return pieces_[i].start_position; }
  float start_angle(std::size_t i) const { return pieces_[i].start_angle; }
  float angle(std::size_t i) const;
  b2Vec2 position(std::size_t i) const;
  /// Pieces destroyed so far, in the order they were.
  const std::vector<std::size_t>& destroyed() const { return destroyed_; }

  /// Shoots a flyer into the world (dynamic, awake, colliding with everything but flyers).
  int add_flyer(BirdType type, bool egg, b2Vec2 position, b2Vec2 velocity, float gravity_scale);
  Flyer& flyer(int i) { return flyers_[static_cast<std::size_t>(i)]; }
  const Flyer& flyer(int i) const { return flyers_[static_cast<std::size_t>(i)]; }
  int flyers() const { return static_cast<int>(flyers_.size()); }
  /// Takes a flyer out of the world (it died).
  void remove_flyer(int i);

  /// The game's explosion at `centre`: every piece whose collider reaches within the radius takes
  /// damage / distance and an impulse power / (2 distance) away from the centre, the distance
  /// measured to its centre (at least 0.1). Flyers are spared. `self`: a piece to leave out.
  void explode(b2Vec2 centre, const Blast& blast, int self = -1);

  /// The level's width and where its ground is: for the out-of-world tests of flyers.
  const Level& level() const { return level_; }

  void BeginContact(b2Contact* contact) override;
  void PreSolve(b2Contact* contact, const b2Manifold* old_manifold) override;

 private:
  /// The ground, no piece yet.
  World(const Level& level, const PhysicsSettings& settings, int);

  /// One piece of the level in the world.
  struct Piece {
    b2Body* body = nullptr;  // null for pieces removed at the start (and platforms: static)
    bool dying = false;      // life reached 0 in this step; destroyed after it
    b2Vec2 start_position;
    float start_angle = 0;
    PieceState state;  // life always; the rest for destroyed pieces (as destroyed)
  };

  void add_ground();
  void add_object(std::size_t i, const PieceState* start);
  void hurt(std::size_t piece, double damage);
  void mark_fallen();
  void destroy_dying();
  void destroy(std::size_t i);
  /// The bodies' touching contacts, after a rebuild, are known without any damage.
  void settle_contacts(std::span<const PieceState> state);

  const Level& level_;
  const PhysicsSettings& s_;
  b2World world_;
  std::vector<Piece> pieces_;
  std::vector<Flyer> flyers_;
  std::vector<std::size_t> dying_;
  std::vector<std::size_t> destroyed_;
  int steps_ = 0;
  bool quiet_ = false;    // contacts cause no damage (while settling a rebuilt world's contacts)
  double settling_ = -1;  // skin_rest's overlap tolerance while it runs (-1: not settling)
  // The pairs of bodies skin_rest found overlapping for real (their contact left alone).
  std::vector<std::pair<b2Body*, b2Body*>> overlapping_;
};

/// Game time after `steps` steps of `time_step`: steps / (steps per second) when a second holds
/// a whole number of steps (0.7, not 35 x 0.02 = 0.7000000000000001), else steps x step.
double game_time(int steps, double time_step);

}  // namespace evoplay::games::birds
