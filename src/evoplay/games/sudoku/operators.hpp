#pragma once
// The paper's row-wise genetic operators for SudokuProblem genomes, plus the local search of
// the `strong` preset.
//
// Every operator keeps each row a permutation of 1..n with the givens in place. Crossovers act
// on whole rows (uniform by blocks, one-point, two-point, alternating) or within each row on its
// free cells (PMX, OX, combined). Mutations act on the free cells of one row. They are plain
// callables for evo::run_ga (crossover(a, b, rng) -> pair, mutation(g&, rng)).

#include <atomic>
#include <cstdint>
#include <string>
#include <string_view>
#include <utility>

#include "evoplay/evo/operators/crossover.hpp"
#include "evoplay/evo/operators/mutation.hpp"
#include "evoplay/games/sudoku/problem.hpp"

namespace evoplay::games::sudoku {

using Genome = SudokuProblem::Genome;
using Crossover = evo::CrossoverFn<Genome>;
using Mutation = evo::MutationFn<Genome>;

/// Crossover names, in the paper's order.
inline constexpr std::string_view kCrossovers[] = {
    "uniform-blocks", "one-point", "two-point", "alternating", "pmx", "ox", "combined"};
/// Mutation names.
inline constexpr std::string_view kMutations[] = {"regeneration", "swap-next", "swap-random",
                                                  "swap-mirror", "rotation"};

/// A crossover by name (throws Error for an unknown name). The problem must outlive it.
Crossover make_crossover(std::string_view name, const SudokuProblem& problem);
/// A mutation by name (throws Error for an unknown name). The problem must outlive it.
Mutation make_mutation(std::string_view name, const SudokuProblem& problem);

/// The combined crossover on one row's free values (exposed for tests): child k takes its i-th
/// value from parent (i + k) % 2 == 0 ? a : b; when that value is already in the child, it
/// takes instead the first value of the other parent, reading circularly from position i,
/// that the child still lacks.
std::pair<std::vector<std::uint8_t>, std::vector<std::uint8_t>> combined_row(
    const std::vector<std::uint8_t>& a, const std::vector<std::uint8_t>& b);

/// Local search on the fitness (the `strong` preset): repeatedly takes a random free cell in
/// conflict (its digit repeats in its column or box) and makes the best swap with another free
/// cell of its row that keeps both digits among their cells' candidates; worsening swaps are
/// refused, sideways ones accepted with probability `sideways`, and with probability `noise`
/// a random allowed swap is made instead (a random-walk step against cycling). Stops after
/// `steps` steps or at fitness 0. Returns the number of swaps made.
struct LocalSearch {
  int steps = 60;
  double sideways = 0.7;
  double noise = 0.05;
  std::uint64_t improve(const SudokuProblem& problem, Genome& genome, Rng& rng) const;
};

}  // namespace evoplay::games::sudoku
