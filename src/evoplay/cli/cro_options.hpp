#pragma once
// The options of Coral Reef Optimization, one wording for every command that runs CRO
// (lemmings solve and compare, sudoku solve --method cro): a preset and every parameter.
//
// Why it exists: CRO's parameters (reef, rho, Fb, alpha, gamma, kappa, Fa, mu, Fd, Pd, the
// substrates of CRO-SL) are the same whatever the problem; the commands only decide where the
// settings go. The default preset is `standard` (docs/lemmings-solvers.md says why).

#include <CLI/CLI.hpp>
#include <optional>
#include <string>
#include <string_view>

#include "evoplay/evo/cro.hpp"

namespace evoplay::cli {

struct CroOptions {
  std::string preset = "standard";
  std::string reef, pairs, substrates, copies_check;
  std::optional<double> occupancy, larvae, broadcast, gamma, budding, depredation_fraction,
      depredation_probability;
  std::optional<int> attempts, max_copies;

  /// Adds --cro-preset and one --cro-... option per parameter to `cmd`.
  void add(CLI::App* cmd);
  /// Whether the user gave the gamma option (sudoku maps --mutation-rate to gamma otherwise).
  bool gamma_given() const { return gamma.has_value(); }
  /// The preset with the user's overrides, validated; stopping rules, seed and threads are
  /// left to the command. Throws Error for a bad preset, reef or value.
  evo::CroParams resolve() const;
};

/// When CRO does not run (`runs` false), a --cro-... option given is an Error naming it and
/// `where` ("--algo cro"), not silently ignored.
void refuse_cro_options_unless(const CLI::App* cmd, bool runs, std::string_view where);

/// Binds CroOptions to `cmd`; the returned pointer lives as long as the command.
std::shared_ptr<CroOptions> add_cro_options(CLI::App* cmd);

}  // namespace evoplay::cli
