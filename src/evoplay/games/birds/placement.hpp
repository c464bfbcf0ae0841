#pragma once
// From an individual to a level. The composites are taken from the list in order (a queue) and
// stacked column by column from the ground up, as the document's figure 5.5 shows: the mask says
// how many go in each of the seven columns spread over the building area. Each composite is
// lowered onto what is under it — the ground, the composite below, or a neighbour it overhangs
// — so that it rests exactly on it: nothing starts inside anything else, nothing starts in free
// fall. Then pigs are put on spots that can hold one — flat tops of composites first, in random
// order, then the ground between columns — their number drawn within the ruleset's range, and
// birds are given: ceil(pigs / 2) + 1.

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
};

/// One composite as placed: the gene it came from, its column, its objects in the level.
struct PlacedComposite {
  int gene = 0;
  int column = 0;
  int first = 0;  // index of its first object in Level::objects
  int count = 0;  // its objects are [first, first + count)
};

struct Placement {
  Level level;                              // blocks (in placement order), then the pigs
  std::vector<PlacedComposite> composites;  // in placement order, column by column
  int skipped = 0;                          // composites left out (above max_top)
};

/// The x of a column's centre.
double column_x(int column, const PlacementSettings& settings);

/// Builds the level of an individual. Deterministic: the pigs come from genome.pig_seed.
Placement place(const Genome& genome, const Catalogue& catalogue, const Ruleset& rules,
                const PlacementSettings& settings = {});

}  // namespace evoplay::games::birds
