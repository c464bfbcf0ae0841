#include "evoplay/evo/aco.hpp"

namespace evoplay::evo {

void AcoParams::validate() const {
  fields::check(*this);
  if (rank == 1) throw fields::FieldError("rank", "expected 0 (every ant deposits) or at least 2");
  if (tau_max > 0 && tau_min > tau_max)
    throw fields::FieldError("tau-min", fmt::format("{} is above tau-max ({})", tau_min, tau_max));
}

nlohmann::json to_json(const AcoParams& p) {
  auto j = fields::to_json(p);
  // The stopping rules under "stop", as CroParams writes them (config.json's one layout).
  for (const char* key : {"generations", "evaluations", "target", "stagnation", "seconds"})
    j.erase(key);
  j["stop"] = to_json(p.stop);
  j["threads"] = resolve_threads(p.threads);
  return j;
}

}  // namespace evoplay::evo
