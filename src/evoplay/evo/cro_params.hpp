#pragma once
// The settings of Coral Reef Optimization (evo/cro.hpp): every parameter with its presets, and
// the substrates of CRO-SL. Apart from the algorithm so that commands and front ends can bind,
// check and record them without the algorithm's template.

#include <algorithm>
#include <cstdint>
#include <functional>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "evoplay/core/error.hpp"
#include "evoplay/core/fields.hpp"
#include "evoplay/core/limits.hpp"
#include "evoplay/core/rng.hpp"
#include "evoplay/evo/stopping.hpp"

namespace evoplay::evo {

/// One reproduction operator of CRO-SL, the one the corals of its substrate use in broadcast
/// spawning: exactly one of `crossover` (two parents, one larva) and `mutation` (changes a copy of
/// one coral) is set.
template <class G>
struct Substrate {
  std::string name;
  std::function<G(const G&, const G&, Rng&)> crossover;
  std::function<void(G&, Rng&)> mutation;
};

/// The substrates of `names` from a problem's `catalogue` of operators, in the order named;
/// "all" stands for the whole catalogue. Throws Error naming the catalogue for an unknown name.
template <class G>
std::vector<Substrate<G>> pick_substrates(const std::vector<std::string>& names,
                                          const std::vector<Substrate<G>>& catalogue) {
  std::vector<Substrate<G>> out;
  for (const auto& name : names) {
    if (name == "all") {
      out.insert(out.end(), catalogue.begin(), catalogue.end());
      continue;
    }
    const auto it = std::find_if(catalogue.begin(), catalogue.end(),
                                 [&](const Substrate<G>& s) { return s.name == name; });
    if (it == catalogue.end()) {
      std::string known = "all";
      for (const auto& s : catalogue) known += ", " + s.name;
      throw Error("unknown CRO substrate '" + name + "': expected " + known);
    }
    out.push_back(*it);
  }
  return out;
}

/// A reef's shape as a user gives it: "10x10" (2 to 1,000,000 cells).
struct ReefShape {
  std::size_t rows = 10, cols = 10;
  bool operator==(const ReefShape&) const = default;
};

/// Every setting of CRO, with the presets a user chooses from (docs/lemmings-solvers.md says
/// which is the default and why). The member defaults are the `thesis` preset.
struct CroParams {
  std::string preset = "thesis";         // the preset these values started from
  std::optional<ReefShape> reef;         // the reef the user chose; none: size_reef() gives it
                                         // as many cells as the population
  std::size_t rows = 10, cols = 10;      // the reef of the run: rows x cols cells
  double occupancy = 0.8;                // rho: share of cells filled at the start
  double larvae = 0.10;                  // alpha: sexual larvae per epoch, as a share of the cells
  double broadcast = 0.7;                // Fb: share of those made by broadcast spawning
  double brooding_mutation = 0.05;       // gamma: probability that a brooded larva is mutated
  int attempts = 8;                      // kappa: cells a larva tries before it dies
  double budding = 0.01;                 // Fa: share of the corals (the best) that bud; >= 1
  int max_copies = 3;                    // mu: a larva whose genome is in the reef more than
                                         //     mu times dies
  double depredation_fraction = 0.10;    // Fd: the worst share of the corals at risk
  double depredation_probability = 0.5;  // Pd: chance that each of them dies
  bool proportional_pairs = true;        // spawner pairs in proportion to fitness (else uniform)
  bool copies_before_evaluation = true;  // the copy control (and the look-up of a larva's
                                         // fitness among the corals) before evaluation, as
                                         // Algorithm 2; false: every new larva is evaluated
                                         // first (evoplay before CRO-SL)
  std::vector<std::string> substrates;   // CRO-SL: the operators of the substrates, by the
                                         // problem's names ("all": every one it has); empty:
                                         // plain CRO
  bool dynamic_substrates = false;       // CRO-SL: cell c grows on substrate c mod S (false), or
                                         // each epoch every cell's substrate is drawn anew, each
                                         // substrate weighted by how many of its larvae settled
                                         // last epoch (dynamic CRO-SL, true)
  double amplification = 0.1;            // dynamic CRO-SL: how far success differences move
                                         // the weights (smaller: further; PyCROSL's prob_amp)
  Stopping stop;                         // generations = epochs; stagnation = epochs without
                                         // improvement of the best (restart_on_stagnation
                                         // is not supported: a reef has no elite to keep)
  int threads = 1;
  std::uint64_t seed = 1;
  std::size_t diversity_sample = 32;

  /// The Lemmings document's values (chapter 4): alpha = 10% of the cells reproduce sexually per
  /// epoch, brooded larvae mutated with probability gamma = 0.05.
  static CroParams thesis();
  /// Standard CRO (Salcedo-Sanz et al. 2014; the document's own chapter 3): every coral
  /// reproduces once per epoch (alpha = 1) and every brooded larva is a mutant (gamma = 1).
  static CroParams standard();
  /// CRO-SL: `standard` with substrates, one per operator the problem has ("all").
  static CroParams substrate_layers();
  /// `sl` whose reef never holds two equal corals (mu = 0; budding, which only makes copies,
  /// then adds nothing): the best preset measured on Lemmings and Sudoku, and the default.
  static CroParams unique_substrate_layers();
  /// The preset of a name: thesis, standard, sl or sl-unique; throws Error naming them.
  static CroParams preset_named(std::string_view name);
  /// The preset names, for help texts, and the one commands use unless told.
  static constexpr std::string_view kPresets[] = {"thesis", "standard", "sl", "sl-unique"};
  static constexpr std::string_view kDefaultPreset = "sl-unique";

  /// Throws Error naming the first setting out of its range.
  void validate() const;

  template <class S, class V>
  static void fields(S& s, V& v) {
    v(s.preset, {.name = "preset",
                 .help = "CRO's settings to start from: thesis (the values of the Lemmings "
                         "thesis), standard (every coral reproduces each epoch, every brooded "
                         "larva mutated), sl (standard with substrate layers, CRO-SL) or "
                         "sl-unique (sl whose reef never holds two equal corals: the best "
                         "measured)",
                 .choices = kPresets});
    v(s.reef, {.name = "reef",
               .help = "the reef as ROWSxCOLS (default: as many cells as the population)",
               .value_name = "ROWSxCOLS"});
    v(s.occupancy, {.name = "occupancy",
                    .help = "rho0: share of the cells filled at the start",
                    .lo = 0,
                    .hi = 1,
                    .above = true});
    v(s.larvae, {.name = "larvae",
                 .help = "alpha: sexual larvae per epoch as a share of the cells (1: every coral)",
                 .lo = 0,
                 .hi = 1});
    v(s.broadcast,
      {.name = "broadcast", .help = "Fb: share of those made by broadcast spawning", .lo = 0, .hi = 1});
    v(s.brooding_mutation, {.name = "gamma",
                            .help = "gamma: probability that a brooded larva is mutated",
                            .lo = 0,
                            .hi = 1});
    v(s.attempts, {.name = "attempts",
                   .help = "kappa: cells a larva tries before it dies",
                   .lo = 0,
                   .hi = 1'000'000});
    v(s.budding, {.name = "budding",
                  .help = "Fa: share of the corals (the best) that bud",
                  .lo = 0,
                  .hi = 1});
    v(s.max_copies, {.name = "max-copies",
                     .help = "mu: a larva whose genome the reef holds more than mu times dies",
                     .lo = 0,
                     .hi = 1'000'000});
    v(s.depredation_fraction, {.name = "depredation-share",
                               .help = "Fd: the worst share of the corals at risk each epoch",
                               .lo = 0,
                               .hi = 1});
    v(s.depredation_probability, {.name = "depredation-probability",
                                  .help = "Pd: the chance that each of them dies",
                                  .lo = 0,
                                  .hi = 1});
    static constexpr std::string_view kPairs[] = {"uniform", "proportional"};
    v(s.proportional_pairs, {.name = "pairs",
                             .help = "how broadcast spawners are drawn: proportional (to fitness) "
                                     "or uniform",
                             .choices = kPairs,
                             .advanced = true});
    v(s.substrates, {.name = "substrates",
                     .help = "CRO-SL: the substrates' operators, comma-separated (all: every one "
                             "the problem has; none: plain CRO)",
                     .value_name = "LIST"});
    static constexpr std::string_view kSizes[] = {"fixed", "dynamic"};
    v(s.dynamic_substrates, {.name = "substrate-sizes",
                             .help = "CRO-SL: fixed (cell c grows on substrate c mod S) or dynamic "
                                     "(each epoch every cell's substrate is drawn anew, weighted "
                                     "by how many of each substrate's larvae settled)",
                             .choices = kSizes,
                             .advanced = true});
    v(s.amplification, {.name = "amplification",
                        .help = "dynamic CRO-SL: how far success differences move the "
                                "substrates' weights (smaller: further)",
                        .lo = 0,
                        .hi = 1,
                        .above = true,
                        .advanced = true});
    static constexpr std::string_view kCopies[] = {"after-evaluation", "before-evaluation"};
    v(s.copies_before_evaluation,
      {.name = "copies-check",
       .help = "when the copy limit mu is checked: before-evaluation (the document's Algorithm "
               "2: a copy of a coral costs no evaluation) or after-evaluation",
       .choices = kCopies,
       .advanced = true});
  }

  std::size_t cells() const { return rows * cols; }
  /// Sets rows x cols to the most nearly square grid of max(cells, 2) cells (100: 10 x 10; 40:
  /// 5 x 8), e.g. to give the reef as many cells as another algorithm's population.
  void set_cells(std::size_t cells) {
    cells = std::max<std::size_t>(cells, 2);
    rows = 1;
    for (std::size_t r = 1; r * r <= cells; ++r) {
      if (cells % r == 0) rows = r;
    }
    cols = cells / rows;
  }
  /// The user's reef, or else set_cells(population).
  void size_reef(std::size_t population) {
    if (reef) {
      rows = reef->rows;
      cols = reef->cols;
    } else {
      set_cells(population);
    }
  }
};

}  // namespace evoplay::evo

namespace evoplay::fields {

template <>
struct FieldValue<evo::ReefShape> {
  static std::string kind(const Field&) { return "ROWSxCOLS"; }
  static evo::ReefShape parse(std::string_view text, const Field&);
  static std::string text(const evo::ReefShape& r) { return fmt::format("{}x{}", r.rows, r.cols); }
  static nlohmann::json to_json(const evo::ReefShape& r) { return text(r); }
  static evo::ReefShape from_json(const nlohmann::json& j, const Field& f);
  static void check(const evo::ReefShape& r, const Field&);
};

}  // namespace evoplay::fields

namespace evoplay::evo {

/// Dynamic CRO-SL's substrate weights from last epoch's larvae: substrate k made `made[k]` and
/// `settled[k]` of them settled. Its success rate (0 when it made none) is scaled so that the
/// rates' sum is 1, then weighted by exp(rate / amplification) and normalised; a weight below
/// 2% / S is lifted by adding 2% / S to every weight before normalising again, so that no
/// substrate dies out (the rule of Pérez-Aracil et al.'s dynamic CRO-SL, as PyCROSL does it).
std::vector<double> substrate_weights(const std::vector<std::size_t>& made,
                                      const std::vector<std::size_t>& settled,
                                      double amplification);

/// Every setting, resolved, for config.json.
nlohmann::json to_json(const CroParams& params);

}  // namespace evoplay::evo
