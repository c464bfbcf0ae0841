// Fuzzing harness: a learning run's population.txt (tictactoe agents DIR, play --o agent:DIR,
// learn --resume DIR), read by games/tictactoe/population_io.hpp parse_population. A population
// read is written back and read again.

#include "evoplay/games/tictactoe/population_io.hpp"
#include "fuzz/harness.hpp"

namespace ttt = evoplay::games::tictactoe;
using evoplay::fuzz::require;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string file = "population.txt";
  const std::string text(evoplay::fuzz::as_text(data, size));
  const auto read =
      evoplay::fuzz::read_or_refuse(text, file, [&] { return ttt::parse_population(text, file); });
  if (!read) return 0;
  const auto& saved = *read;
  const std::string written = ttt::population_text(saved.population, saved.symmetry);
  require(ttt::population_text(ttt::parse_population(written, file).population, saved.symmetry) ==
              written,
          "a written population reads back changed", written);
  return 0;
}
