#pragma once
// Open-ended composites: structures that stay stable become building blocks. From the levels of
// a finished run (a layer), every column's runs of consecutive composites that did not move in
// the simulation (nothing destroyed, displaced more than 0.08 or turned 5 degrees) are cut out;
// those that also stand alone on the ground become new composites — with their origin, their
// parents and their layer — for the next layer of evolution to combine with the basic blocks and
// with each other.

#include <span>
#include <string>
#include <vector>

#include "evoplay/games/birds/composite.hpp"
#include "evoplay/games/birds/genome.hpp"
#include "evoplay/games/birds/physics.hpp"
#include "evoplay/games/birds/placement.hpp"

namespace evoplay::games::birds {

struct HarvestSource {
  std::string name;                // the level's name, for the origin ("level-05")
  const Genome* genome = nullptr;  // what was placed
  const Placement* placement = nullptr;
  const StabilityReport* report = nullptr;  // its simulation
};

struct HarvestSettings {
  int layer = 1;           // the layer the levels came from
  std::string note;        // added to each origin (e.g. "seed 7")
  int max_new = 8;         // new composites at most
  int min_composites = 2;  // a cut is at least this many composites ...
  int min_pieces = 3;      // ... and this many blocks
  double max_width = 4.0;  // cuts larger than this are left (they would hardly fit a column)
  double max_height = 3.5;
  PhysicsSettings physics;  // the stand-alone check
};

/// New composites cut from the levels, at most max_new, none the same shape as a composite of
/// the catalogue or as each other; taken from the levels in turn, the largest cuts first.
std::vector<Composite> harvest_composites(std::span<const HarvestSource> sources,
                                          const Catalogue& catalogue,
                                          const HarvestSettings& settings);

/// The highest layer of a catalogue's composites (0 for a starting catalogue).
int top_layer(const Catalogue& catalogue);

/// Size and variety of a catalogue's composites per layer.
struct LayerStats {
  int layer = 0;
  int composites = 0;
  double mean_pieces = 0;
  int max_pieces = 0;
  double mean_width = 0, mean_height = 0;
  double max_height = 0;
  int block_kinds = 0;          // distinct (block type, turned) among their pieces
  double mean_block_kinds = 0;  // distinct (block type, turned) within one composite, on average
  int materials = 0;            // distinct materials among their pieces
  double evolved_parents = 0;   // share of their parents that were themselves cut from levels
};
std::vector<LayerStats> catalogue_growth(const Catalogue& catalogue);

}  // namespace evoplay::games::birds
