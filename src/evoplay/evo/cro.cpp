#include "evoplay/evo/cro.hpp"

#include <fmt/format.h>

namespace evoplay::evo {

CroParams CroParams::thesis() { return CroParams{}; }

CroParams CroParams::standard() {
  // Standard CRO (Salcedo-Sanz et al. 2014, the document's chapter 3): the whole reef
  // reproduces every epoch, a share Fb of it by broadcast spawning (pairs, one larva each) and
  // the rest by brooding (every larva a mutant). The other values are the ones usually given
  // with it: Fb = 0.9, k = 3 attempts, Fa = Fd = 0.1, Pd = 0.1, rho0 = 0.9 (taken from the
  // CRO literature's usual settings, not re-read from the paper's tables here; see
  // docs/lemmings-solvers.md). mu is not a parameter there: the document's 3.
  CroParams p;
  p.preset = "standard";
  p.occupancy = 0.9;
  p.larvae = 1.0;
  p.broadcast = 0.9;
  p.brooding_mutation = 1.0;
  p.attempts = 3;
  p.budding = 0.1;
  p.depredation_fraction = 0.1;
  p.depredation_probability = 0.1;
  return p;
}

CroParams CroParams::substrate_layers() {
  CroParams p = standard();
  p.preset = "sl";
  p.substrates = {"all"};
  return p;
}

CroParams CroParams::unique_substrate_layers() {
  // Measured (docs/lemmings-solvers.md): with mu = 0 the reef keeps one coral per genome, and
  // CRO solves Grand tour in 80-83% of 400 runs with either fitness (sl: 73-85%, the GA 69-70%)
  // and 46 of the 50 qqwing intermediate Sudokus (sl: 44).
  CroParams p = substrate_layers();
  p.preset = "sl-unique";
  p.max_copies = 0;
  return p;
}

CroParams CroParams::preset_named(std::string_view name) {
  if (name == "thesis") return thesis();
  if (name == "standard") return standard();
  if (name == "sl") return substrate_layers();
  if (name == "sl-unique") return unique_substrate_layers();
  throw Error(
      fmt::format("unknown CRO preset '{}': expected thesis, standard, sl or sl-unique", name));
}

void CroParams::validate() const {
  auto share = [](const char* what, double v, bool zero_ok) {
    if (!(v >= 0 && v <= 1) || (!zero_ok && v == 0))
      throw Error(fmt::format("CRO {} must be {} 1, not {}", what,
                              zero_ok ? "from 0 to" : "above 0 and at most", v));
  };
  if (rows == 0 || cols == 0) throw Error("CRO reef must have at least one row and one column");
  if (rows * cols < 2) throw Error("CRO reef must have at least 2 cells");
  share("occupancy (rho)", occupancy, false);
  share("larvae (alpha)", larvae, true);
  share("broadcast share (Fb)", broadcast, true);
  share("brooding mutation (gamma)", brooding_mutation, true);
  share("budding share (Fa)", budding, true);
  share("depredation share (Fd)", depredation_fraction, true);
  share("depredation probability (Pd)", depredation_probability, true);
  if (attempts < 0) throw Error(fmt::format("CRO attempts (kappa) must be >= 0, not {}", attempts));
  if (max_copies < 0)
    throw Error(fmt::format("CRO max copies (mu) must be >= 0, not {}", max_copies));
  if (!(amplification > 0 && amplification <= 1))
    throw Error(
        fmt::format("CRO amplification must be above 0 and at most 1, not {}", amplification));
  for (const auto& s : substrates) {
    if (s.empty()) throw Error("CRO substrates: an empty name");
  }
}

std::vector<double> substrate_weights(const std::vector<std::size_t>& made,
                                      const std::vector<std::size_t>& settled,
                                      double amplification) {
  const std::size_t n = made.size();
  std::vector<double> w(n, 0.0);
  if (n == 0) return w;
  double sum = 0;
  for (std::size_t k = 0; k < n; ++k) {
    w[k] = made[k] == 0 ? 0.0 : static_cast<double>(settled[k]) / static_cast<double>(made[k]);
    sum += w[k];
  }
  // exp(rate / amplification) after scaling the rates to sum 1, computed relative to the
  // largest so that a small amplification cannot overflow.
  double top = 0;
  for (double& x : w) {
    x = sum > 0 ? x / sum / amplification : 0.0;
    top = std::max(top, x);
  }
  double total = 0;
  for (double& x : w) total += (x = std::exp(x - top));
  for (double& x : w) x /= total;
  const double floor = 0.02 / static_cast<double>(n);
  if (std::any_of(w.begin(), w.end(), [&](double x) { return x <= floor; })) {
    total = 0;
    for (double& x : w) total += (x += floor);
    for (double& x : w) x /= total;
  }
  return w;
}

nlohmann::json to_json(const CroParams& p) {
  return {{"preset", p.preset},
          {"variant", p.substrates.empty() ? "CRO" : "CRO-SL"},
          {"reef", {p.rows, p.cols}},
          {"occupancy", p.occupancy},
          {"larvae_alpha", p.larvae},
          {"broadcast_fb", p.broadcast},
          {"brooding_mutation_gamma", p.brooding_mutation},
          {"attempts_kappa", p.attempts},
          {"budding_fa", p.budding},
          {"max_copies_mu", p.max_copies},
          {"depredation_fd", p.depredation_fraction},
          {"depredation_pd", p.depredation_probability},
          {"spawner_pairs", p.proportional_pairs ? "fitness-proportional" : "uniform"},
          {"copies_check", p.copies_before_evaluation ? "before-evaluation" : "after-evaluation"},
          {"substrates", p.substrates},
          {"substrate_sizes", p.dynamic_substrates ? "dynamic" : "fixed"},
          {"amplification", p.amplification},
          {"stop", to_json(p.stop, "epochs")},
          {"threads", resolve_threads(p.threads)},
          {"seed", p.seed}};
}

}  // namespace evoplay::evo
