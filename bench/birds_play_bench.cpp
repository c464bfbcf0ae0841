// Angry Birds play: shots simulated to their end per second on one core (the competition
// baseline's level 22, from the level settled: flight, impact, collapse, the bird's death 3 s
// after its first contact and everything at rest), the search agent's time per decision at its
// default budget (on the example levels, and on a generated level where it spends all of it),
// and `birds difficulty` per level on the example levels. CPU seconds of the
// calling thread, so that other programs sharing the cores do not inflate them; the load is
// printed with them.
#include <filesystem>

#include "bench_util.hpp"
#include "evoplay/core/stopwatch.hpp"
#include "evoplay/games/birds/agents.hpp"
#include "evoplay/games/birds/difficulty.hpp"
#include "evoplay/games/birds/xml.hpp"

namespace {

using namespace evoplay::games::birds;
using evoplay::bench::figure;

}  // namespace

int main() {
  const std::string file = evoplay::bench::data_path("data/birds/baseline_generated_level-22.xml");
  if (!std::filesystem::exists(file)) {
    std::printf("# birds play: %s missing, figures skipped\n", file.c_str());
    return 0;
  }
  const Level level = read_level(file);
  const PlaySettings play;
  const GameState start = initial_state(level, play);
  fmt::print("# birds play: load {} at the start\n", evoplay::bench::load_average());

  // Shots to their end: 60 full-power shots of the first bird (Yellow) spread over -10..80
  // degrees, each tapped at a third of its second, from the settled level.
  int steps = 0, kills = 0;
  double seconds = 0;
  const int shots = 60;
  const double cpu = evoplay::bench::cpu_seconds([&] {
    for (int k = 0; k < shots; ++k) {
      GameState state = start;
      const ShotRecord r =
          play_shot(level, state, Shot{-10 + 90.0 * k / (shots - 1), 1, 0.33}, play);
      steps += r.steps;
      kills += r.pigs_killed > 0 ? 1 : 0;
      seconds += r.seconds;
    }
  });
  figure("birds_play_shots_per_cpu_second_level22", shots / cpu, "shots/s");
  figure("birds_play_shot_game_seconds_level22", seconds / shots, "s");
  figure("birds_play_shot_steps_per_cpu_second_level22", steps / cpu, "steps/s");
  figure("birds_play_shots_killing_a_pig_level22", static_cast<double>(kills) / shots, "");

  // The search agent's first decision at its default budget, one thread, on the four example
  // levels with pigs (on level 22 the coarse sweep finds a winning shot and stops early).
  const char* examples[] = {"baseline_generated_level-22.xml", "sciencebirds_level-1.xml",
                            "sciencebirds_level-2_platform.xml", "sciencebirds_level-4.xml"};
  AgentSettings search;
  int simulated = 0;
  double decide = 0;
  for (const char* f : examples) {
    const Level l = read_level(evoplay::bench::data_path(std::string("data/birds/") + f));
    const GameState s = initial_state(l, play);
    evoplay::Rng rng(1);
    decide += evoplay::bench::cpu_seconds(
        [&] { simulated += choose_shot(search, l, s, play, rng).simulated; });
  }
  figure("birds_play_search_decision_cpu_seconds", decide / 4, "s");
  figure("birds_play_search_decision_shots", simulated / 4.0, "shots");
  // A generated level no first shot wins: the decision uses its whole budget.
  const Level generated =
      read_level(evoplay::bench::data_path("data/birds/generated_playable_level.xml"));
  const GameState generated_start = initial_state(generated, play);
  int full = 0;
  evoplay::Rng full_rng(1);
  const double full_cpu = evoplay::bench::cpu_seconds(
      [&] { full = choose_shot(search, generated, generated_start, play, full_rng).simulated; });
  figure("birds_play_search_full_budget_decision_cpu_seconds", full_cpu, "s");
  figure("birds_play_search_full_budget_decision_shots", full, "shots");

  // birds difficulty (default settings, one thread) per example level.
  DifficultySettings measure;
  measure.threads = 1;
  double total = 0;
  int levels = 0, solvable = 0;
  for (const char* f : examples) {
    const Level l = read_level(evoplay::bench::data_path(std::string("data/birds/") + f));
    DifficultyReport r;
    total += evoplay::bench::cpu_seconds([&] { r = measure_difficulty(l, measure); });
    solvable += r.solvable ? 1 : 0;
    ++levels;
  }
  figure("birds_play_difficulty_cpu_seconds_per_level", total / levels, "s");
  figure("birds_play_difficulty_examples_solvable", solvable, "levels");
  fmt::print("# birds play: load {} at the end\n", evoplay::bench::load_average());
}
