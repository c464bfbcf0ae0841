#pragma once
// The physics a person chooses for a simulation: `birds simulate`, `birds render --after` and
// Python's birds.simulate. Declared once (core/fields.hpp), so that the command line, Python and
// the docs' option tables spell each choice alike, and resolved into the engine's PhysicsSettings.

#include <string_view>

#include "evoplay/core/fields.hpp"
#include "evoplay/games/birds/physics.hpp"

namespace evoplay::games::birds {

struct SimulationSettings {
  double game_seconds = PhysicsSettings{}.seconds;
  bool intended_life = false;
  bool damage = true;
  bool round_pigs = false;
  bool thin_skin = false;
  bool full_time = false;

  template <class S, class V>
  static void fields(S& s, V& v) {
    v(s.game_seconds, {.name = "game-seconds",
                       .help = "game time to simulate (seconds)",
                       .lo = 0,
                       .hi = kMaxSeconds,
                       .above = true});
    v(s.intended_life, {.name = "intended-life",
                        .help = "block life by material as the game intends (wood 5, stone 10, "
                                "ice 2.5) instead of the 5 it applies to every block"});
    v(s.damage, {.name = "damage",
                 .help = "damage on impact (--no-damage: nothing is destroyed, so only what falls "
                         "or slides shows, which tells a level that stands by luck of damage "
                         "from one that stands)"});
    v(s.round_pigs,
      {.name = "round-pigs", .help = "pigs as circles instead of the game's flat-based octagons"});
    v(s.thin_skin, {.name = "thin-skin",
                    .help = "not the game's physics: a collider skin of 0.0025 instead of the "
                            "game's contact offset 0.01 (resting objects stay exactly where the "
                            "file puts them, tall stacks stand more easily), continuous collision "
                            "on (the judge evoplay used before)"});
    v(s.full_time, {.name = "full-time",
                    .help = "step the whole time even after every body sleeps (same report, "
                            "slower)"});
  }

  /// Throws Error naming the first field out of range.
  void validate() const { fields::check(*this); }

  /// The engine's settings: the game's, with these choices.
  PhysicsSettings physics() const {
    PhysicsSettings s;
    if (thin_skin) {
      const auto thin = PhysicsSettings::thin_skin();
      s.contact_skin = thin.contact_skin;
      s.continuous = thin.continuous;
      s.discount_skin = thin.discount_skin;
    }
    s.seconds = game_seconds;
    s.intended_life = intended_life;
    s.damage = damage;
    s.round_pigs = round_pigs;
    s.stop_when_asleep = !full_time;
    return s;
  }
};

}  // namespace evoplay::games::birds
