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
#include <utility>
#include <vector>

#include "evoplay/evo/cro.hpp"

namespace evoplay::cli {

struct CroOptions {
  std::string preset{evo::CroParams::kDefaultPreset};
  /// One --cro-NAME option per setting of evo::cro_setting_list(), with the text typed.
  std::vector<std::pair<std::string, std::string>> values;
  std::vector<const CLI::Option*> options;

  /// Adds --cro-preset and one --cro-... option per parameter to `cmd`.
  void add(CLI::App* cmd);
  /// Whether the user gave the gamma option (sudoku maps --mutation-rate to gamma otherwise).
  bool gamma_given() const;
  /// The preset with the user's overrides (evo::set_cro_setting), validated; stopping rules,
  /// seed and threads are left to the command. Throws Error naming the option for a bad value.
  evo::CroParams resolve() const;
};

/// When CRO does not run (`runs` false), a --cro-... option given is an Error naming it and
/// `where` ("--algo cro"), not silently ignored.
void refuse_cro_options_unless(const CLI::App* cmd, bool runs, std::string_view where);

/// Binds CroOptions to `cmd`; the returned pointer lives as long as the command.
std::shared_ptr<CroOptions> add_cro_options(CLI::App* cmd);

}  // namespace evoplay::cli
