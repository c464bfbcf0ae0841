// The tic-tac-toe learning program: the strong preset's goal (the best agent never loses in
// either seat, by the exhaustive check, within 60 s of wall time on two threads) for seeds 1-10,
// with the cycles and the wall and CPU time each seed took; and the original preset's speed.
#include <atomic>
#include <ctime>

#include "bench_util.hpp"
#include "evoplay/core/parallel.hpp"
#include "evoplay/core/stopwatch.hpp"
#include "evoplay/games/tictactoe/learner.hpp"

using namespace evoplay;
using namespace evoplay::games::tictactoe;

int main() {
  const Referee referee;
  Workers workers(2);
  int within = 0;
  double worst = 0, cycles_sum = 0, cpu_sum = 0;
  for (std::uint64_t seed = 1; seed <= 10; ++seed) {
    const Stopwatch clock;
    const double cpu = process_cpu_seconds();
    LearnSettings s = LearnSettings::preset_named("strong");
    Learner learner(s, seed, referee, workers);
    History history;
    // The goal's limit: a seed that has not made an unbeatable agent after 60 s of wall time
    // stops there (Ctrl-C's path: the cycle finishes) and counts as a failure.
    std::atomic<bool> stop{false};
    LearnHooks hooks;
    hooks.stop = &stop;
    hooks.on_cycle = [&](const Learner&, const GenerationRecord*) {
      if (clock.seconds() > 60) stop = true;
    };
    const auto out = learn(learner, history, workers, hooks);
    const double wall = clock.seconds(), used = process_cpu_seconds() - cpu;
    const std::string tag = "tictactoe_learn_strong_seed" + std::to_string(seed);
    bench::figure(tag + "_cycles", static_cast<double>(learner.cycle()),
                  out.unbeatable ? "cycles(unbeatable)" : "cycles(NOT_unbeatable)");
    bench::figure(tag + "_wall", wall, "s");
    bench::figure(tag + "_cpu", used, "s");
    within += out.unbeatable && wall <= 60;
    cpu_sum += used;
    worst = std::max(worst, wall);
    cycles_sum += static_cast<double>(learner.cycle());
  }
  bench::figure("tictactoe_learn_strong_unbeatable_within_60s", within, "of_10_seeds(goal>=9)");
  bench::figure("tictactoe_learn_strong_longest_wall", worst, "s");
  bench::figure("tictactoe_learn_strong_mean_cycles", cycles_sum / 10, "cycles");
  bench::figure("tictactoe_learn_strong_mean_cpu", cpu_sum / 10, "s");

  // The original preset: cycles per second (40 agents, 100 rules, 5 games per pair).
  LearnSettings o;
  o.cycles = 100;
  o.measure_every = 1000;  // measures only at the start and the end
  const Stopwatch clock;
  Learner learner(o, 1, referee, workers);
  History history;
  learn(learner, history, workers, {});
  bench::figure("tictactoe_learn_original_cycles_per_s", 100 / clock.seconds(), "cycles/s");
}
