// Fuzzing harness: the competition's parameters.txt rulesets (birds generate --ruleset), read by
// games/birds/ruleset.hpp parse_rulesets. The blocks read are written back and read again.

#include "evoplay/games/birds/ruleset.hpp"
#include "fuzz/harness.hpp"

namespace birds = evoplay::games::birds;
using evoplay::fuzz::require;

namespace {

std::string to_text(const std::vector<birds::Ruleset>& rulesets) {
  std::string out;
  for (const auto& r : rulesets) out += (out.empty() ? "" : "\n") + birds::ruleset_to_text(r);
  return out;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string file = "parameters.txt";
  const std::string_view text = evoplay::fuzz::as_text(data, size);
  const auto read =
      evoplay::fuzz::read_or_refuse(text, file, [&] { return birds::parse_rulesets(text, file); });
  if (!read) return 0;
  const auto& rulesets = *read;
  const std::string written = to_text(rulesets);
  require(to_text(birds::parse_rulesets(written, file)) == written,
          "written rulesets read back changed", written);
  return 0;
}
