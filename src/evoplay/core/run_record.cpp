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
  auto config = run_config(command, seed, threads);
  if (!settings.is_null()) config.update(settings);  // null: no settings beyond the head
  run.write_json("config.json", config);
  return run;
}

void finish_run(RunDir& run, const nlohmann::json& result, bool cancelled) {
  run.finish(result, cancelled ? "cancelled" : "");
}

}  // namespace evoplay
