#pragma once
// How good a plan is: the Lemmings document's fitness (formulas 4.1-4.4) and the heuristic
// fitness of its section 5.2.3, computed from a simulator's Outcome.
//
// Why it exists: the solvers (CRO, GA, ACO) only see a number; these two functions decide what
// they look for. Both are maximised and guarantee that a plan that solves the level scores above
// every plan that does not (docs/lemmings-solvers.md has the formulas and the reasons).

#include <string>
#include <string_view>

#include "evoplay/core/fields.hpp"
#include "evoplay/games/lemmings/level.hpp"
#include "evoplay/games/lemmings/simulator.hpp"

namespace evoplay::games::lemmings {

enum class FitnessKind { kOriginal, kHeuristic };

inline constexpr fields::EnumName<FitnessKind> kFitnessNames[] = {
    {FitnessKind::kOriginal, "original"}, {FitnessKind::kHeuristic, "heuristic"}};

/// "original" or "heuristic".
std::string_view fitness_name(FitnessKind kind);
/// The kind of a name; throws Error naming the accepted names.
FitnessKind fitness_from_name(std::string_view name);

/// The document's formula 4.4, in [0, 1):
///   (steps left + skills left + lemmings saved) / (time + skills on offer + lemmings)
/// where steps left = time - steps used (steps used = the step the level was solved + 1) and
/// skills left = skills on offer - skills used; lemmings saved = those that entered an exit.
/// A plan that does not solve the level has used up its time and reached nothing: it scores
/// lemmings saved / (time + skills + lemmings) only.
double original_fitness(const Level& level, const Outcome& outcome);

/// The document's map from a raw score in [-1, 1] to [0, 1]: y = e^(x - 0.85) - 0.161, clamped
/// at 0 (it is -0.004 at x = -1; 1.0008 at x = 1; near y = x at the top).
double heuristic_map(double x);

/// The heuristic fitness, heuristic_map(x) with
///   solved:     x = original_fitness (in (0, 1))
///   not solved: x = P - 1 (in [-1, 0)), P = the mean progress of the `save` lemmings that got
///               closest to the exit, where a lemming's progress is 1 if saved, else
///               max(0, 1 - best_distance / start_distance): how much of the path distance from
///               the entrance to the exit it covered at best, whether it is now trapped or dead.
/// `start_distance` is the entrance's path distance to the exit (see start_distance()).
double heuristic_fitness(const Level& level, const Outcome& outcome, int start_distance);

/// The distance that progress is measured against: the largest path distance from an entrance
/// to the exit; if no entrance can reach an exit, the largest finite distance in the map; >= 1.
int start_distance(const Level& level, const std::vector<int>& distances);

/// A fitness threshold that tells plans that solve from plans that do not: a plan solves the
/// level exactly when its fitness is >= this (for either kind).
double solved_threshold(const Level& level, FitnessKind kind, int start_distance);

}  // namespace evoplay::games::lemmings

template <>
struct evoplay::fields::FieldValue<evoplay::games::lemmings::FitnessKind>
    : EnumValue<games::lemmings::FitnessKind, games::lemmings::kFitnessNames> {};
