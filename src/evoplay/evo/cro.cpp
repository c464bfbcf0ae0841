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
  fields::check(*this);
  if (rows * cols < 2 || rows * cols > 1'000'000)
    throw fields::FieldError("reef", fmt::format("expected 2 to 1000000 cells, found {}x{}", rows,
                                                 cols));
  for (const auto& s : substrates) {
    if (s.empty()) throw fields::FieldError("substrates", "an empty name");
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
  auto j = fields::to_json(p);
  j["variant"] = p.substrates.empty() ? "CRO" : "CRO-SL";
  j["reef"] = fields::value_json(ReefShape{p.rows, p.cols}, {});
  j["stop"] = to_json(p.stop, "epochs");
  j["threads"] = resolve_threads(p.threads);
  j["seed"] = p.seed;
  return j;
}

}  // namespace evoplay::evo

namespace evoplay::fields {

evo::ReefShape FieldValue<evo::ReefShape>::parse(std::string_view text, const Field& f) {
  const auto x = text.find('x');
  evo::ReefShape r;
  if (x == std::string_view::npos) throw Expected{"ROWSxCOLS, e.g. 10x10, of 2 to 1000000 cells"};
  constexpr Field kSide{.name = "reef", .lo = 1, .hi = 1'000'000};
  try {
    r.rows = FieldValue<std::size_t>::parse(text.substr(0, x), kSide);
    r.cols = FieldValue<std::size_t>::parse(text.substr(x + 1), kSide);
  } catch (const Expected&) {
    throw Expected{"ROWSxCOLS, e.g. 10x10, of 2 to 1000000 cells"};
  }
  check(r, f);
  return r;
}

evo::ReefShape FieldValue<evo::ReefShape>::from_json(const nlohmann::json& j, const Field& f) {
  if (j.is_string()) return parse(j.get<std::string>(), f);
  if (j.is_array() && j.size() == 2 && j[0].is_number_unsigned() && j[1].is_number_unsigned()) {
    const evo::ReefShape r{j[0].get<std::size_t>(), j[1].get<std::size_t>()};
    check(r, f);
    return r;
  }
  throw Expected{"ROWSxCOLS, e.g. \"10x10\" or [10, 10], of 2 to 1000000 cells"};
}

void FieldValue<evo::ReefShape>::check(const evo::ReefShape& r, const Field&) {
  if (r.rows < 1 || r.cols < 1 || r.rows > 1'000'000 || r.cols > 1'000'000 ||
      r.rows * r.cols < 2 || r.rows * r.cols > 1'000'000)
    throw Expected{"ROWSxCOLS, e.g. 10x10, of 2 to 1000000 cells"};
}

}  // namespace evoplay::fields
