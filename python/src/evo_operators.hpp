#pragma once
// The variation operators of the Python optimisers, by name as on the command line: crossovers
// one-point, two-point, uniform (bits, ints, reals) and pmx, ox, cx, position (permutations);
// mutations bit-flip[:P] (bits), reset[:P] (ints), gaussian[:SIGMA[:P]] (reals) and swap,
// insertion, inversion, scramble, rotation[:K] (permutations). An operator that does not fit
// the genome kind is a TypeError naming the ones that do.

#include <string>
#include <vector>

#include "evo_problem.hpp"
#include "evoplay/evo/operators/crossover.hpp"
#include "evoplay/evo/operators/mutation.hpp"

namespace evoplay::python {

/// The default operators of a kind: one-point / ox; bit-flip, reset, gaussian, swap.
std::string default_crossover(GenomeKind kind);
std::string default_mutation(GenomeKind kind);

evo::CrossoverFn<std::vector<int>> int_crossover(const std::string& name, GenomeKind kind);
evo::CrossoverFn<std::vector<double>> real_crossover(const std::string& name);
evo::MutationFn<std::vector<int>> int_mutation(const std::string& name, const GenomeShape& shape);
evo::MutationFn<std::vector<double>> real_mutation(const std::string& name,
                                                   const GenomeShape& shape);

}  // namespace evoplay::python
