#pragma once
// Sets of levels as `birds generate` delivers them: the generator run once per layer of
// open-ended evolution (each layer on the catalogue grown by the composites cut from the previous
// layer's levels), the levels written as Science Birds files with their pictures, the history
// and the catalogues, and one report per set for result.json.
//
// Why it exists: the command line, the Python package, the web server and MPI workers all make
// level sets; this is the one call they share. It writes into a folder the caller gives (a run
// folder, or block-N/ inside one) and prints nothing: what a person should read comes back as
// the report's notes and text().

#include <cstdint>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>
#include <vector>

#include "evoplay/core/control.hpp"
#include "evoplay/core/history.hpp"
#include "evoplay/evo/stopping.hpp"
#include "evoplay/games/birds/composite.hpp"
#include "evoplay/games/birds/generator.hpp"
#include "evoplay/games/birds/level.hpp"
#include "evoplay/games/birds/ruleset.hpp"

namespace evoplay::games::birds {

struct LevelSetSettings {
  GeneratorSettings generator;  // its seed is replaced by one per block and layer (see below)
  int layers = 1;               // layers of open-ended evolution
  int new_composites = 8;       // composites cut from each layer's levels, at most
  bool pictures = true;         // level pictures, contact sheet, plots, composite sheet
  std::uint64_t seed = 1;       // layer L of block B runs with Rng(seed).split({B, L}).seed()
  /// Throws Error naming the first field out of range.
  void validate() const;
  /// The generator's settings with layers and new_composites_per_layer (config.json).
  nlohmann::json to_json() const;
};

/// One set of levels (one ruleset block).
struct LevelSetReport {
  nlohmann::json report;           // the set's part of result.json (levels, layers, growth, ...)
  std::vector<Level> levels;       // the final levels, as report["levels"] lists them
  History history;                 // one row per generation of every layer (history.csv)
  std::vector<std::string> notes;  // what a person should know: too few levels, pigs left out
  int stable_levels = 0;
  evo::StopReason stop = evo::StopReason::kGenerations;  // the last layer run's

  nlohmann::json to_json() const { return report; }
  /// Every field, for a unit's result (a block of a generate run) and back.
  nlohmann::json to_unit_json() const;
  static LevelSetReport from_unit_json(const nlohmann::json& j);
  /// The summary `birds generate` prints under `title`: one line per level, then totals.
  std::string text(std::string_view title) const;
};

/// Makes one set into `dir` (created if missing) with the seed of block `block`; an empty `dir`
/// writes no file (the levels and history are in the report). `label` names
/// the set in notes ("generate", "block 2"). A cancel ends the layer under way with the levels
/// found so far and runs no further layer (stop kCancelled).
LevelSetReport generate_level_set(const std::filesystem::path& dir, Catalogue catalogue,
                                  const Ruleset& rules, const LevelSetSettings& settings,
                                  std::size_t block, const std::string& label,
                                  const Control& control = {});

/// Every set of a generate run: one ruleset's levels straight into `run_dir`, or, from a
/// competition parameters file (`blocks`), one folder block-N per ruleset block. The blocks are
/// units of work (core/units.hpp: control.units may run them over MPI ranks and save each
/// finished block for --resume); a block cancelled under way is left out.
struct GenerateReport {
  std::vector<LevelSetReport> sets;
  bool blocks = false;
  bool interrupted = false;  // blocks: a cancel left some blocks out
  bool cancelled() const;
  nlohmann::json to_json() const;  // result.json
  /// Every set's notes, in order.
  std::vector<std::string> notes() const;
  /// What `birds generate` prints: each set's summary under its title ("levels:", or with
  /// blocks "block 2 (block-2):").
  std::string text() const;
};

GenerateReport generate_levels(const std::filesystem::path& run_dir, const Catalogue& catalogue,
                               const std::vector<Ruleset>& rulesets, bool blocks,
                               const LevelSetSettings& settings, const Control& control = {});

/// The words of `birds generate`'s options, shared by the command line, Python and the server:
/// the selection "tournament" is the paper's (pairs, the fitter is a parent: tournament:2),
/// any other name is evo::Selection's.
evo::Selection generator_selection(const std::string& name);
/// A new individual's composites, and the count mutation's bounds: half of it (at least 1)
/// and twice it.
void set_genome_length(GenomeSettings& genome, int length);
/// The ruleset of a run without a parameters file: `levels` levels of pigs_min..pigs_max pigs.
/// Throws Error naming the bad value.
Ruleset simple_ruleset(int levels, int pigs_min, int pigs_max);

/// Throws Error when a ruleset forbids every composite of `catalogue`: for a block of a parameters
/// file (line > 0), naming `file` and the block's first line.
void check_rulesets(const std::vector<Ruleset>& rulesets, const Catalogue& catalogue,
                    const std::string& file);

/// The file name of the i-th level of a set: level-04 first, the competition's numbering (its
/// levels 1-3 are the game's tutorial levels).
std::string level_file_name(std::size_t i);

/// Before a generate run writes into `dir`: removes the files and block-N/, layer-N/ folders an
/// earlier `birds generate` run left there, so that no stale level sits beside the new ones. A
/// folder holding such names whose config.json does not say `birds generate` wrote it is
/// refused with an Error (nothing is deleted).
void clear_earlier_run(const std::filesystem::path& dir);

}  // namespace evoplay::games::birds
