#include "evoplay/evo/stopping.hpp"

namespace evoplay::evo {

nlohmann::json to_json(const Stopping& stop, std::string_view generations_key, bool with_restart) {
  nlohmann::json j = {{std::string(generations_key), stop.generations},
                      {"evaluations", stop.evaluations},
                      {"stagnation", stop.stagnation}};
  if (with_restart) j["restart_on_stagnation"] = stop.restart_on_stagnation;
  j["seconds"] = stop.seconds;
  j["target"] = stop.target ? nlohmann::json(*stop.target) : nlohmann::json(nullptr);
  return j;
}

}  // namespace evoplay::evo
