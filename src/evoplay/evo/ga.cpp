#include "evoplay/evo/ga.hpp"

namespace evoplay::evo {

void GaParams::validate() const {
  fields::check(*this);
  if (elite_count > population)
    throw fields::FieldError("elite", fmt::format("expected at most the population ({}), found {}",
                                                  population, elite_count));
}

nlohmann::json to_json(const GaParams& p) {
  auto j = fields::to_json(p);
  j["elites"] = p.elites();
  // The stopping rules under "stop", as CroParams writes them (config.json's one layout).
  for (const char* key :
       {"generations", "evaluations", "target", "stagnation", "seconds", "restart_on_stagnation"})
    j.erase(key);
  j["stop"] = to_json(p.stop, "generations", true);
  j["threads"] = resolve_threads(p.threads);
  return j;
}

}  // namespace evoplay::evo
