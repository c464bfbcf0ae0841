#include "evoplay/evo/ga.hpp"

namespace evoplay::evo {

nlohmann::json to_json(const GaParams& p) {
  return {{"population", p.population},
          {"crossover_rate", p.crossover_rate},
          {"mutation_rate", p.mutation_rate},
          {"elites", p.elites()},
          {"steady_state", p.steady_state},
          {"selection", p.selection.name()},
          {"stop", to_json(p.stop, "generations", true)},
          {"threads", resolve_threads(p.threads)},
          {"seed", p.seed}};
}

}  // namespace evoplay::evo
