#include "evoplay/evo/aco.hpp"

namespace evoplay::evo {

nlohmann::json to_json(const AcoParams& p) {
  return {{"ants", p.ants},
          {"alpha", p.alpha},
          {"beta", p.beta},
          {"evaporation_rho", p.evaporation},
          {"deposit_q", p.deposit},
          {"initial_pheromone", p.initial_pheromone},
          {"elitist_weight", p.elitist_weight},
          {"rank", p.rank},
          {"tau_min", p.tau_min},
          {"tau_max", p.tau_max},
          {"stop", to_json(p.stop, "iterations")},
          {"threads", resolve_threads(p.threads)},
          {"seed", p.seed}};
}

}  // namespace evoplay::evo
