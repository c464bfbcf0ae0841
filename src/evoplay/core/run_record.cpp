#include "evoplay/core/run_record.hpp"

#include <algorithm>

#include "evoplay/core/parallel.hpp"

namespace evoplay {

nlohmann::json run_config(std::string_view command, std::uint64_t seed, int threads, int ranks) {
  return {{"command", command},
          {"version", EVOPLAY_VERSION},
          {"seed", seed},
          {"threads", resolve_threads(threads)},
          {"ranks", ranks}};
}

RunDir begin_run(const std::string& out, std::string_view command, std::uint64_t seed, int threads,
                 const nlohmann::json& settings) {
  std::string folder(command);
  std::replace(folder.begin(), folder.end(), ' ', '-');
  RunDir run = RunDir::create(out, folder);
  // The settings, then the head over them: a settings object that carries a head of its own
  // (another command's name, threads not resolved) does not replace this run's.
  nlohmann::json config = settings.is_null() ? nlohmann::json::object() : settings;
  config.update(run_config(command, seed, threads));
  run.write_json("config.json", config);
  return run;
}

void finish_run(RunDir& run, const nlohmann::json& result, bool cancelled) {
  run.finish(result, cancelled ? "cancelled" : "");
}

}  // namespace evoplay
