#pragma once
// Diversity, two ways.
//
// Of an individual within its population (the document's section 5.4.6), three terms normalised
// to [0, 1]: the number of distinct composites it uses, the Shannon entropy of its composite use,
// and the Hamming distance of its composite list to the rest of the population (the minimum, as
// the document's equation 5.4, or the mean).
//
// Of a set of levels (`evoplay birds diversity`), from the files alone, to compare generators:
// the mean pairwise distance of their block counts, and the structural distance 1 - IoU of their
// rasterised silhouettes.

#include <array>
#include <atomic>
#include <cstdint>
#include <map>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "evoplay/games/birds/genome.hpp"
#include "evoplay/games/birds/level.hpp"

namespace evoplay::games::birds {

enum class HammingMode { kMin, kMean };
inline constexpr fields::EnumName<HammingMode> kHammingNames[] = {{HammingMode::kMin, "min"},
                                                                  {HammingMode::kMean, "mean"}};
std::string_view hamming_name(HammingMode mode);

}  // namespace evoplay::games::birds

/// Read and written by its names ("min", "mean").
template <>
struct evoplay::fields::FieldValue<evoplay::games::birds::HammingMode>
    : EnumValue<games::birds::HammingMode, games::birds::kHammingNames> {};

namespace evoplay::games::birds {

struct DiversityTerms {
  double distinct = 0;  // distinct composites used / reference
  double entropy = 0;   // Shannon entropy of composite use / log2(reference)
  double hamming = 0;   // Hamming distance (genome.hpp) to the others / the two lengths' sum
  double score() const { return (distinct + entropy + hamming) / 3; }
};

/// Distinct-composite and entropy terms of one individual from the composites it uses (catalogue
/// indices, repeats included). `reference` is the most distinct composites a level could use
/// (min(catalogue, composites per individual)): the terms reach 1 there, so a level with fewer
/// composites scores lower.
DiversityTerms usage_terms(std::span<const int> used, int reference);

/// Every individual's terms within the population: usage terms from `used[i]` and the Hamming
/// term against every other genome. The work grows with the square of the population (minutes
/// for 100,000): once `cancel` is set it returns soon, its terms then incomplete.
std::vector<DiversityTerms> population_diversity(std::span<const Genome* const> genomes,
                                                 std::span<const std::vector<int>> used,
                                                 int reference, HammingMode mode,
                                                 const std::atomic<bool>* cancel = nullptr);

/// The smallest Hamming distance between two members (0 for fewer than two), as the document's
/// figures plot per generation; and the mean pairwise distance normalised by length. Once
/// `cancel` is set they return soon, with the figure of the pairs seen so far.
int min_pairwise_hamming(std::span<const Genome* const> genomes,
                         const std::atomic<bool>* cancel = nullptr);
double mean_pairwise_hamming(std::span<const Genome* const> genomes,
                             const std::atomic<bool>* cancel = nullptr);

// ---- sets of levels -----------------------------------------------------------------------

/// What fills a cell of a silhouette: the material of the last block over it (1 wood, 2 stone,
/// 3 ice), 4 anything else (TNT, a platform), 0 a pig alone (a pig changes no cell's filler).
inline constexpr int kFillers = 5;

/// A level's occupied cells on a grid over `window`, `cell` units square, and what fills each,
/// as bits: row-major, row 0 at the bottom, 64 cells a word (the distances below count them a
/// word at a time).
struct Silhouette {
  int columns = 0, rows = 0;
  std::vector<std::uint64_t> occupied;                      // every occupied cell
  std::array<std::vector<std::uint64_t>, kFillers> filled;  // the occupied cells of each filler
  int filled_cells() const;
  bool occupied_at(int column, int row) const;
};

Silhouette rasterise(const Level& level, const Bounds& window, double cell);

/// 1 - |A and B| / |A or B| (0 when both are empty).
double structural_distance(const Silhouette& a, const Silhouette& b);
/// The same over cells filled with the same material: 1 - |cells both fill alike| / |A or B|.
double material_distance(const Silhouette& a, const Silhouette& b);
/// How far apart two levels put their pigs: the mean distance from each pig to the nearest pig
/// of the other level, both ways, over 4 units (two columns of the generator), at most 1 (1 when
/// one level has pigs and the other none; 0 when neither has).
double pig_distance(const std::vector<Point>& a, const std::vector<Point>& b);

/// How many of each kind of object: block type (with "@90" when it stands turned a quarter),
/// pig type, TNT, platform.
std::map<std::string, int> composition(const Level& level);
/// Sum over kinds of |count in a - count in b|.
int count_distance(const std::map<std::string, int>& a, const std::map<std::string, int>& b);

/// What the level distance of two levels compares.
struct LevelShape {
  Silhouette silhouette;             // on a grid shared by the levels compared
  std::map<std::string, int> kinds;  // composition()
  int objects = 0;
  std::vector<Point> pigs;  // the pigs' centres
};
LevelShape level_shape(const Level& level, const Bounds& window, double cell);

/// The distance of two levels in [0, 1] as a player sees it: the mean of their structural
/// distance (silhouettes), their material distance (what the silhouettes are built of) and their
/// pig distance (where the pigs are); 1 = nothing in common.
double level_distance(const LevelShape& a, const LevelShape& b);

struct SetDiversity {
  int levels = 0;
  double structural_mean = 0, structural_min = 0, structural_max = 0;
  double count_mean = 0, count_min = 0, count_max = 0;
  double level_mean = 0, level_min = 0;         // pairwise level_distance()
  std::vector<std::vector<double>> structural;  // the matrix
  std::vector<std::vector<int>> counts;
  // What the levels hold: blocks per level, the pigs no shot reaches first (protection.hpp) and
  // the pigs in rooms (shelter.hpp) among all their pigs, and the pieces off the ground resting
  // only on circles or triangle tips (support.hpp).
  double blocks_mean = 0, blocks_min = 0, blocks_max = 0;
  int pigs = 0, protected_pigs = 0, sheltered_pigs = 0;
  int off_ground = 0, badly_carried = 0;
};

/// The most cells a silhouette of set_diversity() may have (2,000 x 2,000: levels 200 units
/// wide and high at the default cell of 0.1).
inline constexpr std::size_t kMaxSilhouetteCells = 4'000'000;

/// The silhouettes' cell of set_diversity(), world units (`birds diversity --cell`).
inline constexpr double kMinDiversityCell = 0.01, kMaxDiversityCell = 2;

/// Pairwise distances of a set of levels; silhouettes on one grid over the union of their
/// objects, `cell` units square. Throws Error if `cell` is not from kMinDiversityCell to
/// kMaxDiversityCell, or if that grid has more than kMaxSilhouetteCells. The work grows with the
/// square of the levels (seconds for a few hundred): once `cancel` is set it returns soon, its
/// figures then incomplete.
SetDiversity set_diversity(std::span<const Level> levels, double cell = 0.1,
                           const std::atomic<bool>* cancel = nullptr);

}  // namespace evoplay::games::birds
