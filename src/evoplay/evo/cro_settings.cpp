#include "evoplay/evo/cro_settings.hpp"

#include <fmt/format.h>

#include <cmath>

#include "evoplay/core/error.hpp"
#include "evoplay/core/text.hpp"

namespace evoplay::evo {

namespace {

constexpr CroSettingInfo kSettings[] = {
    {"reef", "ROWSxCOLS", "the reef as ROWSxCOLS (default: as many cells as --population)"},
    {"occupancy", "0..1", "rho0: share of the cells filled at the start"},
    {"larvae", "0..1", "alpha: sexual larvae per epoch as a share of the cells (1: every coral)"},
    {"broadcast", "0..1", "Fb: share of those made by broadcast spawning"},
    {"gamma", "0..1", "gamma: probability that a brooded larva is mutated"},
    {"attempts", "WHOLE", "kappa: cells a larva tries before it dies"},
    {"budding", "0..1", "Fa: share of the corals (the best) that bud"},
    {"max-copies", "WHOLE", "mu: a larva whose genome the reef holds more than mu times dies"},
    {"depredation-share", "0..1", "Fd: the worst share of the corals at risk each epoch"},
    {"depredation-probability", "0..1", "Pd: the chance that each of them dies"},
    {"pairs", "proportional|uniform",
     "how broadcast spawners are drawn: proportional (to fitness) or uniform"},
    {"substrates", "LIST",
     "CRO-SL: the substrates' operators, comma-separated (all: every one the problem has; none: "
     "plain CRO)"},
    {"substrate-sizes", "fixed|dynamic",
     "CRO-SL: fixed (cell c grows on substrate c mod S) or dynamic (each epoch every cell's "
     "substrate is drawn anew, weighted by how many of each substrate's larvae settled)"},
    {"amplification", "0..1",
     "dynamic CRO-SL: how far success differences move the substrates' weights (smaller: "
     "further)"},
    {"copies-check", "before-evaluation|after-evaluation",
     "when the copy limit mu is checked: before-evaluation (the document's Algorithm 2: a copy of "
     "a coral costs no evaluation) or after-evaluation (as evoplay did before)"},
};

constexpr long long kMaxWhole = 1'000'000;
constexpr long long kMaxCells = 1'000'000;

[[noreturn]] void bad(std::string_view name, std::string_view value, std::string_view expected) {
  throw Error(fmt::format("{}: expected {}, found '{}'", name, expected, value));
}

double share(std::string_view name, std::string_view value) {
  double v = 0;
  if (!try_parse_double(value, v) || !std::isfinite(v) || v < 0 || v > 1)
    bad(name, value, "a number from 0 to 1");
  return v;
}

int whole(std::string_view name, std::string_view value) {
  long long v = 0;
  if (!try_parse_int(value, v) || v < 0 || v > kMaxWhole)
    bad(name, value, fmt::format("a whole number from 0 to {}", kMaxWhole));
  return static_cast<int>(v);
}

bool choice(std::string_view name, std::string_view value, std::string_view yes,
            std::string_view no) {
  if (value != yes && value != no) bad(name, value, fmt::format("{} or {}", yes, no));
  return value == yes;
}

}  // namespace

std::span<const CroSettingInfo> cro_setting_list() { return kSettings; }

void set_cro_setting(CroParams& p, std::string_view name, std::string_view value) {
  if (name == "reef") {
    const auto parts = split(value, 'x');
    long long r = 0, c = 0;
    if (parts.size() != 2 || !try_parse_int(parts[0], r) || !try_parse_int(parts[1], c) || r < 1 ||
        c < 1 || r * c < 2 || r * c > kMaxCells)
      bad(name, value, fmt::format("ROWSxCOLS, e.g. 10x10, of 2 to {} cells", kMaxCells));
    p.rows = static_cast<std::size_t>(r);
    p.cols = static_cast<std::size_t>(c);
    p.reef_set = true;
  } else if (name == "occupancy") {
    p.occupancy = share(name, value);
  } else if (name == "larvae") {
    p.larvae = share(name, value);
  } else if (name == "broadcast") {
    p.broadcast = share(name, value);
  } else if (name == "gamma") {
    p.brooding_mutation = share(name, value);
  } else if (name == "attempts") {
    p.attempts = whole(name, value);
  } else if (name == "budding") {
    p.budding = share(name, value);
  } else if (name == "max-copies") {
    p.max_copies = whole(name, value);
  } else if (name == "depredation-share") {
    p.depredation_fraction = share(name, value);
  } else if (name == "depredation-probability") {
    p.depredation_probability = share(name, value);
  } else if (name == "pairs") {
    p.proportional_pairs = choice(name, value, "proportional", "uniform");
  } else if (name == "copies-check") {
    p.copies_before_evaluation = choice(name, value, "before-evaluation", "after-evaluation");
  } else if (name == "substrate-sizes") {
    p.dynamic_substrates = choice(name, value, "dynamic", "fixed");
  } else if (name == "amplification") {
    double v = 0;
    if (!try_parse_double(value, v) || !(v > 0 && v <= 1))
      bad(name, value, "a number above 0 and at most 1");
    p.amplification = v;
  } else if (name == "substrates") {
    p.substrates.clear();
    if (value != "none") {
      for (auto op : split(value, ',')) p.substrates.emplace_back(op);
    }
  } else {
    std::string names;
    for (const auto& s : kSettings) names += (names.empty() ? "" : ", ") + std::string(s.name);
    throw Error(fmt::format("unknown CRO setting '{}' (settings: {})", name, names));
  }
}

}  // namespace evoplay::evo
