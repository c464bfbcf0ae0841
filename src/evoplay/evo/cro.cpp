#include "evoplay/evo/cro.hpp"

namespace evoplay::evo {

nlohmann::json to_json(const CroParams& p) {
  return {{"reef", {p.rows, p.cols}},
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
          {"stop", to_json(p.stop, "epochs")},
          {"threads", resolve_threads(p.threads)},
          {"seed", p.seed}};
}

}  // namespace evoplay::evo
