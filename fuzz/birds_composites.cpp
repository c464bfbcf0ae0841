// Fuzzing harness: the composites JSON of the Angry Birds generator (birds generate --composites),
// read by games/birds/composite.hpp parse_catalogue through core's parse_json_with_lines. A
// catalogue read is written back and read again.

#include "evoplay/games/birds/composite.hpp"
#include "fuzz/harness.hpp"

namespace birds = evoplay::games::birds;
using evoplay::fuzz::require;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string file = "composites.json";
  const std::string_view text = evoplay::fuzz::as_text(data, size);
  const auto read =
      evoplay::fuzz::read_or_refuse(text, file, [&] { return birds::parse_catalogue(text, file); });
  if (!read) return 0;
  const auto& catalogue = *read;
  const std::string written = birds::catalogue_to_json(catalogue);
  require(birds::catalogue_to_json(birds::parse_catalogue(written, file)) == written,
          "a written catalogue reads back changed", written);
  return 0;
}
