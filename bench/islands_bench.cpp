// Do islands help? (docs/cluster.md, "Island models"). Each figure compares one population with
// islands of the same total size, the same generation limit or evaluation budget, and the same
// seeds: 4 islands in a ring, 2 migrants every 10 generations.
//  - Sudoku, data/sudoku/qqwing_expert_50.txt, the GA's `paper` preset (population 200, 300
//    generations) against 4 islands of 50: puzzles solved, the mean fitness of the best boards
//    (digits missing from columns and boxes; 0 = solved) and the mean evaluations of the solved
//    ones; the same for the `strong` preset (population 40 against 4 x 10).
//  - Lemmings, hard-05-grand-tour, each fitness, 20,000 evaluations, population 100 against 4
//    islands of 25: runs of R (seeds 1..R) that solve the level, for the GA and for CRO
//    (standard preset).
//  - Birds, the generator's defaults but population 40 against 4 islands of 10, 50 generations
//    and no more (the thesis's loop alone), 5 levels, seeds 1..5: stable levels, the mean
//    pairwise level distance and structural distance of each set (`birds diversity`), Box2D
//    simulations and wall time, each the mean over the seeds.
// Usage: bench_islands [RUNS] [sudoku|lemmings|birds] (default 20 Lemmings runs per
// configuration; every part).
#include <algorithm>
#include <cstdlib>
#include <filesystem>

#include "bench_util.hpp"
#include "evoplay/games/birds/diversity.hpp"
#include "evoplay/games/birds/generator.hpp"
#include "evoplay/games/birds/xml.hpp"
#include "evoplay/games/lemmings/solve.hpp"
#include "evoplay/games/lemmings/solve_level.hpp"
#include "evoplay/games/sudoku/board.hpp"
#include "evoplay/games/sudoku/solve_file.hpp"

namespace lem = evoplay::games::lemmings;
namespace sd = evoplay::games::sudoku;
using evoplay::bench::figure;

namespace {

evoplay::evo::IslandParams ring_of(std::size_t islands) {
  evoplay::evo::IslandParams p;
  p.islands = islands;
  p.interval = 10;
  p.migrants = 2;
  return p;
}

void sudoku(const std::string& preset, std::size_t population) {
  const auto puzzles =
      sd::read_puzzles(evoplay::bench::data_path("data/sudoku/qqwing_expert_50.txt"));
  for (std::size_t islands : {1, 4}) {
    sd::SolveSettings s;
    s.method = "ga";
    s.ga = sd::GaSettings::preset_named(preset);
    s.ga.population = population / islands;
    s.ga.islands = ring_of(islands);
    s.threads = 2;
    const auto r = sd::solve_puzzles(puzzles, s);
    double evaluations = 0, missing = 0;
    for (const auto& p : r.puzzles) {
      evaluations += p.solved() ? static_cast<double>(p.counters.evaluations) : 0;
      missing += p.fitness();
    }
    const std::string name =
        fmt::format("islands_sudoku_expert_{}_{}x{}", preset, islands, population / islands);
    figure(name + "_solved", static_cast<double>(r.solved), "of 50");
    figure(name + "_mean_best_fitness", missing / static_cast<double>(r.puzzles.size()),
           "digits missing");
    figure(name + "_evaluations_per_solved",
           r.solved ? evaluations / static_cast<double>(r.solved) : 0, "evaluations");
  }
}

void lemmings(int runs) {
  const auto level =
      lem::load_level_to_solve(evoplay::bench::data_path("data/lemmings/hard-05-grand-tour.lvl"));
  for (const auto fitness : {lem::FitnessKind::kOriginal, lem::FitnessKind::kHeuristic}) {
    for (const auto algorithm : {lem::Algorithm::kGa, lem::Algorithm::kCro}) {
      for (std::size_t islands : {1, 4}) {
        int solved = 0;
        for (int run = 0; run < runs; ++run) {
          lem::SolverSettings s;
          s.algorithm = algorithm;
          s.fitness = fitness;
          s.evaluations = 20000;
          s.population = 100 / islands;
          s.cro = evoplay::evo::CroParams::preset_named("standard");
          s.islands = ring_of(islands);
          s.seed = static_cast<std::uint64_t>(run + 1);
          s.threads = 2;
          solved += lem::solve(level, s).counters.solved;
        }
        figure(fmt::format("islands_lemmings_hard05_{}_{}_{}x{}_solved", lem::fitness_name(fitness),
                           lem::algorithm_name(algorithm), islands, 100 / islands),
               solved, fmt::format("of {}", runs));
      }
    }
  }
}

void birds(int seeds) {
  namespace b = evoplay::games::birds;
  const b::Catalogue catalogue = b::default_catalogue();
  const b::Ruleset rules;  // 5 levels, 2-4 pigs
  for (std::size_t islands : {1, 4}) {
    double stable = 0, level = 0, structural = 0, simulations = 0, wall = 0;
    for (int seed = 1; seed <= seeds; ++seed) {
      b::GeneratorSettings s;
      s.population = static_cast<int>(40 / islands);
      s.generations = 50;
      s.max_generations = 50;
      s.islands = ring_of(islands);
      s.seed = static_cast<std::uint64_t>(seed);
      s.threads = 2;
      b::GeneratorResult r;
      wall += evoplay::bench::seconds([&] { r = b::run_generator(catalogue, rules, s); });
      std::vector<b::Level> levels;
      for (const auto& ind : r.levels)
        levels.push_back(b::place_individual(ind, catalogue, rules, s).level);
      for (const auto& report : b::simulate_all(levels, s.physics, 2))
        stable += report.stable ? 1 : 0;
      const auto d = b::set_diversity(levels);
      level += d.level_mean;
      structural += d.structural_mean;
      simulations += static_cast<double>(r.simulations);
    }
    const double n = seeds;
    const std::string name = fmt::format("islands_birds_{}x{}", islands, 40 / islands);
    figure(name + "_stable_levels", stable / n, "of 5");
    figure(name + "_level_distance", level / n, "");
    figure(name + "_structural_distance", structural / n, "");
    figure(name + "_simulations", simulations / n, "");
    figure(name + "_wall", wall / n, "s");
  }
}

}  // namespace

int main(int argc, char** argv) {
  const int runs = argc > 1 ? std::max(1, std::atoi(argv[1])) : 20;
  const std::string part = argc > 2 ? argv[2] : "";
  if (part.empty() || part == "sudoku") {
    sudoku("paper", 200);
    sudoku("strong", 40);
  }
  if (part.empty() || part == "lemmings") lemmings(runs);
  if (part.empty() || part == "birds") birds(5);
  fmt::print("# islands: load {}\n", evoplay::bench::load_average());
}
