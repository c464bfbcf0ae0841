// Fuzzing harness: Lemmings levels (.lvl; lemmings show / run / render / check / solve / compare),
// read by games/lemmings/level.hpp parse_level. A level read is written back and read again, and
// small ones are played with no skills and with a random plan, and reported.

#include "evoplay/core/rng.hpp"
#include "evoplay/games/lemmings/level.hpp"
#include "evoplay/games/lemmings/plan.hpp"
#include "evoplay/games/lemmings/report.hpp"
#include "evoplay/games/lemmings/simulator.hpp"
#include "fuzz/harness.hpp"

namespace lem = evoplay::games::lemmings;
using evoplay::fuzz::require;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string file = "level.lvl";
  const std::string_view text = evoplay::fuzz::as_text(data, size);
  const auto read =
      evoplay::fuzz::read_or_refuse(text, file, [&] { return lem::parse_level(text, file); });
  if (!read) return 0;
  const auto& level = *read;
  const std::string written = lem::to_text(level);
  require(lem::to_text(lem::parse_level(written, file)) == written,
          "a written level reads back changed", written);
  const auto distances = lem::exit_distances(level);
  require(distances.size() == level.cells.size(), "a distance map of the wrong size");
  // Playing costs time x lemmings: only levels about the size of the suite's.
  if (level.time > 2000 || level.lemmings > 100 || level.cells.size() > 20000) return 0;
  const lem::Outcome still = lem::simulate(level, {});
  require(still.saved + still.dead + still.out == level.lemmings, "lemmings lost count of");
  evoplay::Rng rng(size);
  const lem::Plan plan = lem::random_plan(level, lem::estimated_duration(level), rng);
  const lem::Outcome outcome = lem::simulate(level, plan);
  require(outcome.saved + outcome.dead + outcome.out == level.lemmings, "lemmings lost count of");
  (void)lem::outcome_text(level, plan, outcome);
  return 0;
}
