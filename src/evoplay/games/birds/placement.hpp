#pragma once
// From an individual to a level. The composites are taken from the list in order (a queue) and
// stacked column by column from the ground up, as the document's figure 5.5 shows: the mask says
// how many go in each of the seven columns spread over the building area. Each composite is
// lowered onto what is under it — the ground, the composite below, or a neighbour it overhangs
// — until its true outline touches theirs (a triangle's slope, a circle's curve: not their
// bounding boxes), so that it rests exactly on it: nothing starts inside anything else, nothing
// starts in free fall (on a slope or a curve it may then slide or roll: the stability fitness
// sees that). Its pieces are separate bodies, so every piece it stands on must touch something:
// a composite that would rest on one piece while another hangs (a bridge over a narrower tower)
// is left out, as are composites that would rise above max_top. A column may stand on a platform
// (the genome says at what height), as the game's levels raise structures. Then pigs are put in
// slots that can hold one — on the flat tops of blocks and platforms and along the free ground,
// under roofs too, as many side by side as fit — first where no full-power shot reaches them
// (protection.hpp), then the others, their number drawn within the ruleset's range; TNT beside
// them; and birds are given: ceil(pigs / 2) + 1. A level too crowded for the pigs drawn says how
// many are missing (the generator's fitness counts that as a failure).

#include <vector>

#include "evoplay/core/rng.hpp"
#include "evoplay/games/birds/composite.hpp"
#include "evoplay/games/birds/genome.hpp"
#include "evoplay/games/birds/level.hpp"
#include "evoplay/games/birds/ruleset.hpp"

namespace evoplay::games::birds {

struct PlacementSettings {
  double x_min = -3, x_max = 9;  // centres of the first and the last column
  double max_top = 7;            // composites that would rise above this are left out
  int level_width = 2;           // Level@width (2: the ground spans x in [-17.5, 17.5])
  double pig_gap = 0.05;         // pigs keep this far from each other
  // Pigs on the ground: centres within [ground_min, ground_max] (3 units right of the slingshot
  // at x = -8, to where a full-power shot comes down: 21.2 units from its release).
  double ground_min = -5, ground_max = 12;
  bool shelter_pigs = true;  // pigs take first the places in rooms (shelter.hpp) that no
                             // shot reaches (protection.hpp), then the others
  // Pigs in different rooms: the places in rooms go first to pigs at least this far apart in x
  // (so that one shot does not reach them all), then to the others (0: no such preference). Off
  // by default: with 5, two 100-level sets had fewer first-bird wins (12-15 %, not 22-24 %) but
  // 3 levels of one the search agent did not win (docs/birds-generator.md).
  double pig_spread = 0;
  // Forts, not totems: a pile (a composite with what holds it up, down to the ground or a
  // platform) may rise at most this many times the width it stands on (the narrowest of the
  // composites under it, or the span between two it bridges).
  double max_slenderness = 3;
  // Composites rest on flat tops only: never on a circle, nor on a triangle's tip or slope, of
  // another composite (support.hpp); inside a composite, what its design says.
  bool flat_supports = true;
  // One material per structure: the composites of a column take the material of its first one
  // (where the ruleset allows it; composites of their own mixed materials keep them).
  bool column_materials = true;
  int tnt_min = 0, tnt_max = 2;  // TNT crates per level, beside the pigs
  double platform_margin = 0.3;  // a column's platform reaches this far beyond its composites
};

/// One composite as placed: the gene it came from, its column, its objects in the level.
struct PlacedComposite {
  int gene = 0;
  int column = 0;
  int first = 0;  // index of its first object in Level::objects
  int count = 0;  // its objects are [first, first + count)
};

struct Placement {
  Level level;                              // blocks and platforms (in placement order), pigs, TNT
  std::vector<PlacedComposite> composites;  // in placement order, column by column
  int skipped = 0;    // composites left out (above max_top, hanging, too slender, on a curve)
  int platforms = 0;  // columns standing on a platform
  int blocks = 0;
  int pigs_wanted = 0;   // drawn within the ruleset's range
  int pigs_missing = 0;  // of those, how many found no room
};

/// The x of a column's centre.
double column_x(int column, const PlacementSettings& settings);

/// Builds the level of an individual. Deterministic: the pigs come from genome.pig_seed.
Placement place(const Genome& genome, const Catalogue& catalogue, const Ruleset& rules,
                const PlacementSettings& settings = {});

}  // namespace evoplay::games::birds
