#include "evoplay/games/sudoku/ga.hpp"

#include <fmt/ranges.h>

#include <algorithm>
#include <atomic>
#include <span>

#include "evoplay/core/error.hpp"
#include "evoplay/core/exchange.hpp"
#include "evoplay/evo/island_runs.hpp"
#include "evoplay/games/sudoku/checks.hpp"

namespace evoplay::games::sudoku {

GaSettings GaSettings::preset_named(std::string_view name) {
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
    s.elitism = 5;
    s.restricted = true;
    s.local_search_steps = 40;
    s.stagnation = 60;
    return s;
  }
  throw fields::FieldError("preset", fmt::format("expected paper or strong, found '{}'", name));
}

void GaSettings::validate() const {
  fields::check(*this);
  try {
    (void)evo::Selection::parse(selection);
  } catch (const Error&) {
    throw fields::FieldError("selection",
                             fmt::format("expected {}, found '{}'",
                                         fields::FieldValue<evo::Selection>::kExpected, selection));
  }
}

nlohmann::json GaSettings::to_json() const { return fields::to_json(*this); }

namespace {

/// The row operators of a preset, as callables for the engines: the chosen crossover (with rows
/// repaired under the strong preset's candidate restriction) and the chosen mutation (then the
/// local search, if any). Counts the local search's moves.
struct Operators {
  const SudokuProblem& problem;
  const GaSettings& s;
  Crossover cross;
  Mutation mutate;
  LocalSearch search;
  std::atomic<std::uint64_t> local_moves{0};

  Operators(const SudokuProblem& p, const GaSettings& settings)
      : problem(p),
        s(settings),
        cross(make_crossover(settings.crossover, p)),
        mutate(make_mutation(settings.mutation, p)),
        // The local search budget is set for 9x9 and scales with the number of cells.
        search{settings.local_search_steps * p.n() * p.n() / 81} {}

  void restrict(Genome& g, Rng& rng) const {
    if (!s.restricted) return;
    for (int r = 0; r < problem.n(); ++r) {
      if (!problem.row_respects_candidates(g, r)) problem.repair_row(g, r, rng);
    }
  }
  auto crossover() {
    return [this](const Genome& a, const Genome& b, Rng& rng) {
      auto kids = cross(a, b, rng);
      restrict(kids.first, rng);
      restrict(kids.second, rng);
      return kids;
    };
  }
  auto mutation() {
    return [this](Genome& g, Rng& rng) {
      mutate(g, rng);
      restrict(g, rng);
      if (search.steps > 0) local_moves += search.improve(problem, g, rng);
    };
  }
  /// CRO-SL's substrates: every crossover and every mutation by its name, restricted and
  /// followed by the local search as the chosen ones are.
  std::vector<evo::Substrate<Genome>> substrates() {
    std::vector<evo::Substrate<Genome>> out;
    for (auto name : kCrossovers) {
      out.push_back(
          {std::string(name),
           [this, c = make_crossover(name, problem)](const Genome& a, const Genome& b, Rng& rng) {
             auto kids = c(a, b, rng);
             restrict(kids.first, rng);
             return kids.first;
           },
           {}});
    }
    for (auto name : kMutations) {
      out.push_back(
          {std::string(name), {}, [this, m = make_mutation(name, problem)](Genome& g, Rng& rng) {
             m(g, rng);
             restrict(g, rng);
             if (search.steps > 0) local_moves += search.improve(problem, g, rng);
           }});
    }
    return out;
  }
};

/// The engine's observer for a run: the caller's, or, when it is a BestBoardObserver, an adapter
/// that shows it the best genome as a board.
class BoardsShown : public evo::BestObserver<SudokuProblem::Genome> {
 public:
  BoardsShown(const SudokuProblem& problem, Observer* observer)
      : problem_(problem),
        observer_(observer),
        boards_(dynamic_cast<BestBoardObserver*>(observer)) {}
  Observer* engine_observer() { return boards_ ? this : observer_; }
  void on_generation(const GenerationRecord& r) override { observer_->on_generation(r); }
  void on_best(const SudokuProblem::Genome& best, double fitness) override {
    boards_->on_best_board(problem_.to_board(best), static_cast<int>(fitness));
  }

 private:
  const SudokuProblem& problem_;
  Observer* observer_;
  BestBoardObserver* boards_;
};

/// The processes an island run of `s` spans (null: this one alone).
Exchange* island_exchange(const GaSettings& s, const Control& control) {
  return s.islands.active() ? control.exchange : nullptr;
}

/// The outcome of a run; the local search's moves summed over the processes it ran on.
GaOutcome outcome_of(const SudokuProblem& problem, evo::RunResult<SudokuProblem::Genome>& result,
                     const Operators& ops, Exchange* exchange) {
  GaOutcome out;
  out.counters = result.counters();
  // A run whose start a cancel stopped has no best: the puzzle as given stands for it.
  out.best = result.history.empty() ? problem.puzzle() : problem.to_board(result.best);
  out.local_moves = sum_over_processes(exchange, ops.local_moves.load());
  out.history = std::move(result.history);
  return out;
}

}  // namespace

GaOutcome solve_ga(const Board& puzzle, const GaSettings& s, const Control& control) {
  const SudokuProblem problem(puzzle, s.restricted);
  evo::GaParams params;
  params.population = s.population;
  params.crossover_rate = s.crossover_rate;
  params.mutation_rate = s.mutation_rate;
  params.elite_count = 1;
  params.elite_fraction = s.elitism / 100;
  params.selection = evo::Selection::parse(s.selection);
  params.stop.generations = s.generations;
  params.stop.stagnation = s.stagnation;
  params.stop.restart_on_stagnation = s.stagnation > 0;
  params.stop.cancel = control.cancel.flag();
  params.seed = s.seed;
  params.threads = s.threads;
  Operators ops(problem, s);
  BoardsShown shown(problem, control.observer);
  auto result = evo::run_ga_islands(problem, params, s.islands, ops.crossover(), ops.mutation(),
                                    shown.engine_observer(), {}, island_exchange(s, control));
  return outcome_of(problem, result, ops, island_exchange(s, control));
}

evo::CroParams cro_params(const GaSettings& s) {
  evo::CroParams p;
  if (s.cro) {
    p = *s.cro;
  } else {
    p.brooding_mutation = s.mutation_rate;
  }
  p.size_reef(s.population);
  p.stop.generations = s.generations;
  p.seed = s.seed;
  p.threads = s.threads;
  return p;
}

GaOutcome solve_cro(const Board& puzzle, const GaSettings& s, const Control& control) {
  const SudokuProblem problem(puzzle, s.restricted);
  Operators ops(problem, s);
  evo::CroParams params = cro_params(s);
  params.stop.cancel = control.cancel.flag();
  BoardsShown shown(problem, control.observer);
  auto result = evo::run_cro_islands(
      problem, params, s.islands, ops.crossover(), ops.mutation(), shown.engine_observer(), {},
      evo::pick_substrates(params.substrates, ops.substrates()), island_exchange(s, control));
  return outcome_of(problem, result, ops, island_exchange(s, control));
}

}  // namespace evoplay::games::sudoku
