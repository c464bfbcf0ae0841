#include "evoplay/games/sudoku/ga.hpp"

#include <atomic>

#include "evoplay/core/error.hpp"

namespace evoplay::games::sudoku {

GaSettings GaSettings::preset_named(const std::string& name) {
  GaSettings s;
  if (name == "paper") return s;
  if (name == "strong") {
    s.preset = "strong";
    s.crossover = "uniform-blocks";
    s.mutation = "swap-random";
    s.population = 40;
    s.generations = 10000;
    s.crossover_rate = 0.5;
    s.mutation_rate = 1.0;
    s.elite_fraction = 0.05;
    s.restricted = true;
    s.local_search_steps = 40;
    s.stagnation = 60;
    return s;
  }
  throw Error("unknown preset '" + name + "': expected paper or strong");
}

nlohmann::json GaSettings::to_json() const {
  return {{"preset", preset},
          {"crossover", crossover},
          {"mutation", mutation},
          {"selection", selection},
          {"population", population},
          {"generations", generations},
          {"crossover_rate", crossover_rate},
          {"mutation_rate", mutation_rate},
          {"elite_fraction", elite_fraction},
          {"restricted", restricted},
          {"local_search_steps", local_search_steps},
          {"stagnation", stagnation},
          {"seed", seed},
          {"threads", threads}};
}

GaOutcome solve_ga(const Board& puzzle, const GaSettings& s, Observer* observer) {
  const SudokuProblem problem(puzzle, s.restricted);
  evo::GaParams params;
  params.population = s.population;
  params.crossover_rate = s.crossover_rate;
  params.mutation_rate = s.mutation_rate;
  params.elite_count = 1;
  params.elite_fraction = s.elite_fraction;
  params.selection = evo::Selection::parse(s.selection);
  params.stop.generations = s.generations;
  params.stop.stagnation = s.stagnation;
  params.stop.restart_on_stagnation = s.stagnation > 0;
  params.seed = s.seed;
  params.threads = s.threads;

  Crossover cross = make_crossover(s.crossover, problem);
  Mutation mutate = make_mutation(s.mutation, problem);
  std::atomic<std::uint64_t> local_moves{0};
  // The strong preset: crossovers that mix values inside rows may break the candidate
  // restriction, so their rows are repaired; the mutation is followed by the local search.
  auto crossover = [&](const Genome& a, const Genome& b, Rng& rng) {
    auto kids = cross(a, b, rng);
    if (s.restricted) {
      for (Genome* g : {&kids.first, &kids.second}) {
        for (int r = 0; r < problem.n(); ++r) {
          if (!problem.row_respects_candidates(*g, r)) problem.repair_row(*g, r, rng);
        }
      }
    }
    return kids;
  };
  // The local search budget is set for 9x9 and scales with the number of cells.
  const LocalSearch search{s.local_search_steps * problem.n() * problem.n() / 81};
  auto mutation = [&](Genome& g, Rng& rng) {
    mutate(g, rng);
    if (s.restricted) {
      for (int r = 0; r < problem.n(); ++r) {
        if (!problem.row_respects_candidates(g, r)) problem.repair_row(g, r, rng);
      }
    }
    if (search.steps > 0) local_moves += search.improve(problem, g, rng);
  };
  auto result = evo::run_ga(problem, params, crossover, mutation, observer);

  GaOutcome out;
  out.solved = result.solved;
  out.fitness = static_cast<int>(result.best_fitness);
  out.best = problem.to_board(result.best);
  out.generations = result.generations;
  out.evaluations = result.evaluations;
  out.local_moves = local_moves.load();
  out.restarts = result.restarts;
  out.seconds = result.seconds;
  out.stop_reason = result.stop_reason;
  out.history = std::move(result.history);
  return out;
}

}  // namespace evoplay::games::sudoku
