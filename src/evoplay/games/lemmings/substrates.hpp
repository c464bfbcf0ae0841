#pragma once
// The operators CRO-SL's substrates use on Lemmings plans (evo/cro.hpp, Substrate): one-point,
// two-point and uniform crossover of two plans, and two mutations, the document's gene mutation
// and a step shift.
//
// Why it exists: CRO with substrate layers grows each part of the reef with its own operator;
// these are the ones a plan (a variable-length list of genes) offers. Every operator returns a
// valid plan: genes from the parents or drawn as the document draws them, steps inside the
// level's duration, at most 2 x duration genes (as LemmingsProblem::crossover).

#include <vector>

#include "evoplay/evo/cro.hpp"
#include "evoplay/games/lemmings/problem.hpp"

namespace evoplay::games::lemmings {

/// The substrates, by name: one-point, two-point, uniform, gene-mutation, step-shift. The
/// problem must outlive them.
std::vector<evo::Substrate<Plan>> plan_substrates(const LemmingsProblem& problem);

/// Two cuts in each parent: the head and tail of `a` around the middle of `b`.
Plan two_point_crossover(const Plan& a, const Plan& b, std::size_t limit, Rng& rng);
/// Gene by gene: position k from `a` or `b` at random where both have one; past the shorter
/// parent, each gene of the longer one kept with probability 1/2.
Plan uniform_crossover(const Plan& a, const Plan& b, std::size_t limit, Rng& rng);
/// Moves one gene's step by 1 ... max(1, duration / 10) steps earlier or later, kept inside
/// [0, duration); an empty plan gains a random gene.
void step_shift(Plan& plan, const Level& level, int duration, Rng& rng);

}  // namespace evoplay::games::lemmings
