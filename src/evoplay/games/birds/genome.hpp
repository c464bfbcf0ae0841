#pragma once
// The individual of the level generator, as the document's figure 5.5 draws it: a list of
// composites (catalogue indices, each with a material and a small offset) and a mask of seven
// numbers, one per column of the building area, saying how many of the list's composites go in
// each column (they sum to the list's length). Random individuals, the crossovers (on the list
// and on the mask, the mask then repaired) and the four mutations of the document's section
// 5.4.4.

#include <cstdint>
#include <string_view>
#include <utility>
#include <vector>

#include "evoplay/core/fields.hpp"
#include "evoplay/core/rng.hpp"
#include "evoplay/games/birds/composite.hpp"
#include "evoplay/games/birds/ruleset.hpp"

namespace evoplay::games::birds {

/// Columns of the building area (the document's mask has seven).
inline constexpr int kColumns = 7;

struct Gene {
  int composite = 0;                    // index into the catalogue
  Material material = Material::kWood;  // every piece's material (kNone: the composite's own)
  double dx = 0;                        // horizontal offset from the column's centre
  double dy = 0;                        // lift above the support (0: resting on it)
  bool operator==(const Gene&) const = default;
};

struct Genome {
  std::vector<Gene> genes;     // the composites, in the order they are placed
  std::vector<int> mask;       // kColumns counts summing to genes.size()
  std::uint64_t pig_seed = 0;  // where the pigs and TNT go (and how many, and the birds)
  // Per column, the height above the ground of the top of a platform the column stands on (0:
  // none, the column stands on the ground), as the game's own levels raise structures. Empty:
  // none anywhere.
  std::vector<double> platforms = {};
  bool operator==(const Genome&) const = default;
};

struct GenomeSettings {
  int length = 30;                 // composites of a new individual (about 45 blocks)
  int min_length = 15;             // the count mutation never goes below this ...
  int max_length = 60;             // ... nor above this
  double offset_sigma = 0.25;      // Gaussian step of the x offset mutation
  double max_offset = 0.75;        // |dx| bound
  double lift_sigma = 0.1;         // Gaussian step of the y offset mutation
  double max_lift = 0;             // dy bound: 0 keeps every composite resting on its support
  double position_fraction = 0.2;  // share of the positions the other mutations touch (>= 1)
  double platform_chance = 0.15;   // a column of a new individual stands on a platform
  double platform_low = 1.4, platform_high = 3.0;  // heights of a platform's top
  // Composites are drawn with probability proportional to their pieces (forts and evolved
  // composites before single blocks: levels of the peers' size); false: uniformly, as the
  // document draws them.
  bool draw_by_pieces = true;
};

/// What may be drawn under a ruleset: the composites that can be built in at least one allowed
/// material, and those materials. Refers to the catalogue, which must outlive it.
class Palette {
 public:
  /// Throws Error when the ruleset forbids every composite of the catalogue. by_pieces: draws
  /// composites with probability proportional to their pieces (else uniformly).
  Palette(const Catalogue& catalogue, const Ruleset& rules, bool by_pieces = false);
  const Catalogue& catalogue() const { return *catalogue_; }
  /// Number of composites that may be drawn.
  std::size_t size() const { return drawable_.size(); }
  int draw_composite(Rng& rng) const;
  /// An allowed material for the composite, uniformly (the document redraws until allowed).
  Material draw_material(int composite, Rng& rng) const;
  bool allowed(int composite, Material material) const;

 private:
  const Catalogue* catalogue_;
  std::vector<int> drawable_;
  std::vector<double> weights_;                   // per drawable composite (empty: uniform)
  std::vector<std::vector<Material>> materials_;  // per catalogue index
};

Gene random_gene(const Palette& palette, Rng& rng);

/// Seven counts summing to `count`, uniform over all such splits.
std::vector<int> random_mask(int count, Rng& rng);

/// Makes `mask` sum to `count` by adding to or taking from random columns.
void repair_mask(std::vector<int>& mask, int count, Rng& rng);

Genome random_genome(const Palette& palette, const GenomeSettings& settings, Rng& rng);

enum class CrossoverKind { kOnePoint, kTwoPoint, kUniform };
inline constexpr fields::EnumName<CrossoverKind> kCrossoverNames[] = {
    {CrossoverKind::kOnePoint, "one-point"},
    {CrossoverKind::kTwoPoint, "two-point"},
    {CrossoverKind::kUniform, "uniform"}};
std::string_view crossover_name(CrossoverKind kind);

}  // namespace evoplay::games::birds

/// Read and written by its names ("one-point", "two-point", "uniform").
template <>
struct evoplay::fields::FieldValue<evoplay::games::birds::CrossoverKind>
    : EnumValue<games::birds::CrossoverKind, games::birds::kCrossoverNames> {};

namespace evoplay::games::birds {

/// The document's crossover: the same operator on the composite lists and on the masks; each
/// child's mask is repaired to its list's length. One-point swaps whole tails: a child takes
/// its head from one parent and its tail, to the end, from the other (so lists of different
/// lengths trade lengths); two-point and uniform swap within the shorter length. The columns'
/// platforms are crossed like the mask. Children get no pig seed (the caller draws).
std::pair<Genome, Genome> crossover(const Genome& a, const Genome& b, CrossoverKind kind, Rng& rng);

/// The document's four mutations, all applied: (1) the number of composites (add some at the
/// end, or drop each with probability 0.5, within the length bounds), (2) the material of chosen
/// composites, (3) the composite at chosen positions, (4) the x / y offset of chosen composites
/// by a Gaussian step within bounds; and ours, (5) one column's platform, with probability
/// platform_chance: added, removed, or moved up or down. The mask is repaired.
void mutate(Genome& genome, const Palette& palette, const GenomeSettings& settings, Rng& rng);

/// The genotype laid out as the document's figure 5.5 draws it: per column, the catalogue
/// indices of the composites the mask puts there, bottom up.
std::vector<std::vector<int>> composite_grid(const Genome& genome);

/// The Hamming distance of two genotypes: the cells of their grids (column, place in the
/// column's stack) that differ — another composite, or a composite against an empty cell. Two
/// lists under different masks build different levels, and it says so; at most the sum of the
/// two lengths.
int hamming(const Genome& a, const Genome& b);

}  // namespace evoplay::games::birds
