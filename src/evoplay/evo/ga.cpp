#include "evoplay/evo/ga.hpp"

namespace evoplay::evo {

nlohmann::json to_json(const GaParams& p) {
  nlohmann::json stop = {{"generations", p.stop.generations},
                         {"evaluations", p.stop.evaluations},
                         {"stagnation", p.stop.stagnation},
                         {"restart_on_stagnation", p.stop.restart_on_stagnation},
                         {"seconds", p.stop.seconds}};
  stop["target"] = p.stop.target ? nlohmann::json(*p.stop.target) : nlohmann::json(nullptr);
  return {{"population", p.population},
          {"crossover_rate", p.crossover_rate},
          {"mutation_rate", p.mutation_rate},
          {"elites", p.elites()},
          {"steady_state", p.steady_state},
          {"selection", p.selection.name()},
          {"stop", stop},
          {"threads", resolve_threads(p.threads)},
          {"seed", p.seed}};
}

}  // namespace evoplay::evo
