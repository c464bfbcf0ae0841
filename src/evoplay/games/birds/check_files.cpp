#include "evoplay/games/birds/check_files.hpp"

#include <fmt/format.h>

#include "evoplay/core/error.hpp"
#include "evoplay/core/json_text.hpp"
#include "evoplay/core/units.hpp"
#include "evoplay/games/birds/describe.hpp"
#include "evoplay/games/birds/xml.hpp"

namespace evoplay::games::birds {

namespace {

FileCheck check_file(const std::string& path, const std::string& name, double tolerance,
                     bool json) {
  FileCheck out;
  Level level;
  try {
    level = read_level(path);
  } catch (const Error& e) {
    out.error = e.what();
    return out;
  }
  const auto check = check_level(level, tolerance);
  out.ok = check.ok();
  out.output = json ? json_text(check.to_json(name, level)) + "\n" : check.text(name, level);
  return out;
}

}  // namespace

std::size_t check_files(std::span<const std::string> files, std::span<const std::string> names,
                        double tolerance, bool json, const Control& control,
                        const std::function<void(std::size_t, const FileCheck&)>& on_result) {
  if (!control.units) {
    std::size_t i = 0;
    for (; i < files.size() && !control.cancelled(); ++i)
      on_result(i, check_file(files[i], names[i], tolerance, json));
    return i;
  }
  UnitJob job;
  job.name = "birds check";
  job.count = files.size();
  job.threads = 1;
  job.key = [&](std::size_t i) { return fmt::format("birds check {}", files[i]); };
  job.run = [&](std::size_t i, const CancelToken&) -> std::optional<nlohmann::json> {
    const FileCheck c = check_file(files[i], names[i], tolerance, json);
    return nlohmann::json{{"output", c.output}, {"error", c.error}, {"ok", c.ok}};
  };
  const UnitResults done = run_units(job, control);
  std::size_t i = 0;
  for (; i < files.size() && done[i]; ++i) {
    const auto& j = *done[i];
    on_result(i, {j.at("output").get<std::string>(), j.at("error").get<std::string>(),
                  j.at("ok").get<bool>()});
  }
  return i;
}

}  // namespace evoplay::games::birds
