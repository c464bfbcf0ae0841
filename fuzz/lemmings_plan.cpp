// Fuzzing harness: Lemmings plans (lemmings run / render --plan, reference plans of lemmings
// check), read by games/lemmings/plan.hpp parse_plan. A plan read is written back and read again,
// then played on a level with every skill; its effective plan must replay to the same outcome.

#include "evoplay/games/lemmings/level.hpp"
#include "evoplay/games/lemmings/plan.hpp"
#include "evoplay/games/lemmings/report.hpp"
#include "evoplay/games/lemmings/simulator.hpp"
#include "fuzz/harness.hpp"

namespace lem = evoplay::games::lemmings;
using evoplay::fuzz::require;

namespace {

// data/lemmings/hard-05-grand-tour.lvl with more of every skill, so that most genes can apply.
constexpr const char* kLevel = R"(name: Grand tour, every skill
lemmings: 12
save: 8
time: 160
release: 4
skills: blocker=4 digger=4 basher=4 builder=4 miner=4 bomber=4 climber=4 floater=4
---
##############################............................##
##############################............................##
##############################............E...............##
##############################............................##
##############################............................##
##############################............................##
#####################################################~~~~~##
#####################################################~~~~~##
..........................####.......................#######
..........................####.......................#######
..........................##################################
#############.............##################################
#############.............##################################
#############.............##################################
.............~~~############################################
.............~~~############################################
..X..........~~~############################################
############################################################
)";

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static const lem::Level level = lem::parse_level(kLevel, "grand-tour.lvl");
  const std::string file = "level.plan";
  const std::string_view text = evoplay::fuzz::as_text(data, size);
  const auto read =
      evoplay::fuzz::read_or_refuse(text, file, [&] { return lem::parse_plan(text, file); });
  if (!read) return 0;
  const auto& plan = *read;
  const std::string written = lem::to_text(plan);
  require(lem::to_text(lem::parse_plan(written, file)) == written,
          "a written plan reads back changed", written);
  const lem::Outcome outcome = lem::simulate(level, plan);
  require(outcome.gene_lemming.size() == plan.size(), "an outcome without every gene");
  (void)lem::outcome_text(level, plan, outcome);
  const lem::Outcome again = lem::simulate(level, lem::effective_plan(plan, outcome));
  require(again.saved == outcome.saved && again.dead == outcome.dead &&
              again.steps == outcome.steps && again.solved_step == outcome.solved_step &&
              again.skills_used == outcome.skills_used,
          "the effective plan plays differently", written);
  return 0;
}
