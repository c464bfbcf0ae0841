#include "evoplay/cli/cro_options.hpp"

#include <fmt/format.h>

#include "evoplay/cli/options.hpp"
#include "evoplay/core/error.hpp"
#include "evoplay/core/text.hpp"

namespace evoplay::cli {

void CroOptions::add(CLI::App* cmd) {
  cmd->add_option("--cro-preset", preset,
                  "CRO's settings: standard (every coral reproduces each epoch, every brooded "
                  "larva mutated), thesis (the values of the Lemmings thesis) or sl (standard with "
                  "substrate layers, CRO-SL); the --cro-... options below change one value")
      ->capture_default_str()
      ->check(CLI::IsMember({"standard", "thesis", "sl"}));
  cmd->add_option("--cro-reef", reef,
                  "the reef as ROWSxCOLS (default: as many cells as --population)");
  cmd->add_option("--cro-occupancy", occupancy, "rho0: share of the cells filled at the start")
      ->check(number_in(0, 1));
  cmd->add_option("--cro-larvae", larvae,
                  "alpha: sexual larvae per epoch as a share of the cells (1: every coral)")
      ->check(number_in(0, 1));
  cmd->add_option("--cro-broadcast", broadcast, "Fb: share of those made by broadcast spawning")
      ->check(number_in(0, 1));
  cmd->add_option("--cro-gamma", gamma, "gamma: probability that a brooded larva is mutated")
      ->check(number_in(0, 1));
  cmd->add_option("--cro-attempts", attempts, "kappa: cells a larva tries before it dies")
      ->check(whole_in(0, 1'000'000));
  cmd->add_option("--cro-budding", budding, "Fa: share of the corals (the best) that bud")
      ->check(number_in(0, 1));
  cmd->add_option("--cro-max-copies", max_copies,
                  "mu: a larva whose genome the reef holds more than mu times dies")
      ->check(whole_in(0, 1'000'000));
  cmd->add_option("--cro-depredation-share", depredation_fraction,
                  "Fd: the worst share of the corals at risk each epoch")
      ->check(number_in(0, 1));
  cmd->add_option("--cro-depredation-probability", depredation_probability,
                  "Pd: the chance that each of them dies")
      ->check(number_in(0, 1));
  cmd->add_option("--cro-pairs", pairs,
                  "how broadcast spawners are drawn: proportional (to fitness) or uniform")
      ->check(CLI::IsMember({"proportional", "uniform"}));
  cmd->add_option("--cro-substrates", substrates,
                  "CRO-SL: the substrates' operators, comma-separated (all: every one the "
                  "problem has; none: plain CRO)");
  cmd->add_option("--cro-copies-check", copies_check,
                  "when the copy limit mu is checked: before-evaluation (the document's "
                  "Algorithm 2: a copy of a coral costs no evaluation) or after-evaluation (as "
                  "evoplay did before)")
      ->check(CLI::IsMember({"before-evaluation", "after-evaluation"}));
}

evo::CroParams CroOptions::resolve() const {
  evo::CroParams p = evo::CroParams::preset_named(preset);
  if (!reef.empty()) {
    const auto parts = split(reef, 'x');
    long long r = 0, c = 0;
    if (parts.size() != 2 || !try_parse_int(parts[0], r) || !try_parse_int(parts[1], c) || r < 1 ||
        c < 1 || r * c < 2 || r * c > kMaxPopulation)
      throw Error(fmt::format("--cro-reef '{}': expected ROWSxCOLS, e.g. 10x10, of 2 to {} cells",
                              reef, kMaxPopulation));
    p.rows = static_cast<std::size_t>(r);
    p.cols = static_cast<std::size_t>(c);
    p.reef_set = true;
  }
  if (occupancy) p.occupancy = *occupancy;
  if (larvae) p.larvae = *larvae;
  if (broadcast) p.broadcast = *broadcast;
  if (gamma) p.brooding_mutation = *gamma;
  if (attempts) p.attempts = *attempts;
  if (budding) p.budding = *budding;
  if (max_copies) p.max_copies = *max_copies;
  if (depredation_fraction) p.depredation_fraction = *depredation_fraction;
  if (depredation_probability) p.depredation_probability = *depredation_probability;
  if (!pairs.empty()) p.proportional_pairs = pairs == "proportional";
  if (!copies_check.empty()) p.copies_before_evaluation = copies_check == "before-evaluation";
  if (!substrates.empty()) {
    p.substrates.clear();
    if (substrates != "none") {
      for (auto name : split(substrates, ',')) p.substrates.emplace_back(name);
    }
  }
  p.validate();
  return p;
}

void refuse_cro_options_unless(const CLI::App* cmd, bool runs, std::string_view where) {
  if (runs) return;
  for (const CLI::Option* o : cmd->get_options()) {
    const std::string name = o->get_name();
    if (name.starts_with("--cro-") && o->count() > 0) {
      throw Error(fmt::format("{} applies only with {}", name, where));
    }
  }
}

std::shared_ptr<CroOptions> add_cro_options(CLI::App* cmd) {
  auto opt = std::make_shared<CroOptions>();
  opt->add(cmd);
  return opt;
}

}  // namespace evoplay::cli
