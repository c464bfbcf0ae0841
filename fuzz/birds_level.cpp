// Fuzzing harness: Science Birds level files (birds simulate / render / check / diversity), read
// by games/birds/xml.hpp parse_level (UTF-16 or UTF-8, the game's unclosed tags repaired). A level
// read is written back and read again, checked for overlaps, and small ones are simulated briefly.

#include "evoplay/games/birds/check.hpp"
#include "evoplay/games/birds/physics.hpp"
#include "evoplay/games/birds/xml.hpp"
#include "fuzz/harness.hpp"

namespace birds = evoplay::games::birds;
using evoplay::fuzz::require;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string file = "level.xml";
  const std::string_view raw = evoplay::fuzz::as_text(data, size);
  birds::Level level;
  try {
    level = birds::parse_level(raw, file);
  } catch (const evoplay::Error& e) {
    // Lines and columns count in the repaired text (UTF-16 converted): check against that.
    evoplay::fuzz::check_error(e, file, birds::repair_level_text(raw));
    return 0;
  }
  const std::string written = birds::level_to_xml(level);
  require(birds::level_to_xml(birds::parse_level(written, file)) == written,
          "a written level reads back changed", written);
  if (level.objects.size() > 200) return 0;  // the checks compare every pair
  (void)birds::find_overlaps(level);
  (void)birds::outside_world(level);
  if (level.objects.size() > 20) return 0;
  birds::PhysicsSettings physics;
  physics.seconds = 0.5;
  const auto report = birds::simulate(level, physics);
  (void)birds::final_level(level, report);
  return 0;
}
