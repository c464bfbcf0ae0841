// Lemmings simulator speed and the level suite's difficulty, on data/lemmings/*.lvl:
//  - lemming-steps per second (one core): every level replayed with its reference plan;
//  - evaluations per second of a random plan (the document's initialisation) on each level;
//  - the share of random plans that solve each level, for two kinds of random plan: the
//    document's initialisation (1..duration genes) and short plans (1..8 genes), both with
//    steps uniform over the level's estimated duration and skills drawn in proportion to what
//    the level offers, every gene given to the leader.
//  - Pingus: pingu-steps (one pingu's update in one tick) per second and evaluations per second
//    on one core, random plans on a Pingus tutorial level (when pingus-data is installed),
//    next to the lemming-steps above.
// Optional argument: a folder of levels (default data/lemmings).
#include <algorithm>
#include <filesystem>
#include <vector>

#include "bench_util.hpp"
#include "evoplay/core/input_files.hpp"
#include "evoplay/games/lemmings/level.hpp"
#include "evoplay/games/lemmings/pingus_level.hpp"
#include "evoplay/games/lemmings/pingus_rules.hpp"
#include "evoplay/games/lemmings/plan.hpp"
#include "evoplay/games/lemmings/simulator.hpp"

namespace lem = evoplay::games::lemmings;

namespace {

lem::Plan short_plan(const lem::Level& level, int duration, evoplay::Rng& rng) {
  lem::Plan plan;
  const auto n = rng.between(1, 8);
  for (std::int64_t i = 0; i < n; ++i) plan.push_back(lem::random_gene(level, duration, rng));
  return plan;
}

}  // namespace

int main(int argc, char** argv) {
  using namespace evoplay;
  const std::string dir = argc > 1 ? argv[1] : bench::data_path("data/lemmings");
  const auto files = files_with_extension(dir, ".lvl");
  if (files.empty()) {
    fmt::print("# lemmings: no levels in {}, skipped\n", dir);
    return 0;
  }

  // Raw speed: the reference plans, replayed over and over.
  {
    std::vector<std::pair<lem::Simulator, lem::Plan>> runs;
    for (const auto& file : files) {
      const auto plan = file.parent_path() / "solutions" / (file.stem().string() + ".plan");
      if (!std::filesystem::exists(plan)) continue;
      runs.emplace_back(lem::Simulator(lem::load_level(file.string())),
                        lem::load_plan(plan.string()));
    }
    std::int64_t steps = 0;
    int rounds = 0;
    const double s = bench::seconds([&] {
      for (; rounds < 2000; ++rounds) {
        for (auto& [sim, plan] : runs) steps += sim.run(plan).lemming_steps;
      }
    });
    bench::figure("lemmings_lemming_steps_per_s", static_cast<double>(steps) / s, "steps/s");
    bench::figure("lemmings_reference_replays_per_s", rounds * static_cast<double>(runs.size()) / s,
                  "eval/s");
  }

  for (const auto& file : files) {
    const lem::Level level = lem::load_level(file.string());
    lem::Simulator sim(level);
    const int duration = sim.estimated_duration();
    const std::string tag = "lemmings_" + file.stem().string();
    if (level.total_skills() == 0) continue;

    // Speed: random plans of the document's initialisation, drawn beforehand.
    Rng rng(Rng(7).split(std::hash<std::string>{}(file.stem().string())));
    std::vector<lem::Plan> plans;
    for (int i = 0; i < 1000; ++i) plans.push_back(lem::random_plan(level, duration, rng));
    int solved_doc = 0;
    int evaluations = 0;
    const double s = bench::seconds([&] {
      do {
        for (const auto& p : plans) {
          const auto& o = sim.run(p);
          solved_doc += evaluations < static_cast<int>(plans.size()) && o.solved;
          ++evaluations;
        }
      } while (evaluations < 20000);
    });
    bench::figure(tag + "_evaluations_per_s", evaluations / s, "eval/s");

    // Difficulty: shares of random plans that solve the level.
    constexpr int kShort = 20000;
    int solved_short = 0;
    for (int i = 0; i < kShort; ++i)
      solved_short += sim.run(short_plan(level, duration, rng)).solved;
    bench::figure(tag + "_random_plans_solving",
                  100.0 * solved_doc / static_cast<double>(plans.size()), "%");
    bench::figure(tag + "_short_random_plans_solving", 100.0 * solved_short / kShort, "%");
  }

  // Pingus: the Pingus rules on a tutorial level of the game (1920x1200 pixels, 10 pingus).
  const std::string pingus =
      lem::pingus_data_dir() + "/levels/tutorial/digger-tutorial2-grumbel.pingus";
  if (!std::filesystem::exists(pingus)) {
    fmt::print("# pingus: {} not found (scripts/install-deps --pingus), skipped\n", pingus);
    return 0;
  }
  const lem::Level level = lem::load_level(pingus);
  lem::PingusSimulator sim(level);
  Rng rng(Rng(7).split(11));
  std::vector<lem::Plan> plans;
  for (int i = 0; i < 100; ++i) plans.push_back(lem::random_plan(level, level.time, rng));
  std::int64_t steps = 0;
  int evaluations = 0;
  const double s = bench::seconds([&] {
    do {
      for (const auto& p : plans) {
        steps += sim.run(p).lemming_steps;
        ++evaluations;
      }
    } while (evaluations < 300);
  });
  bench::figure("pingus_pingu_steps_per_s", static_cast<double>(steps) / s, "steps/s");
  bench::figure("pingus_digger_tutorial_evaluations_per_s", evaluations / s, "eval/s");
}
