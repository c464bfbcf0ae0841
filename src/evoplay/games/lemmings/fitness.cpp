#include "evoplay/games/lemmings/fitness.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <functional>
#include <limits>
#include <vector>

#include "evoplay/core/error.hpp"

namespace evoplay::games::lemmings {

std::string_view fitness_name(FitnessKind kind) {
  return kind == FitnessKind::kOriginal ? "original" : "heuristic";
}

FitnessKind fitness_from_name(std::string_view name) {
  try {
    return fields::FieldValue<FitnessKind>::parse(name, {});
  } catch (const fields::Expected& e) {
    throw Error(fmt::format("unknown fitness '{}': expected {}", name, e.what));
  }
}

namespace {
double denominator(const Level& level) {
  return static_cast<double>(level.time + level.total_skills() + level.lemmings);
}
}  // namespace

double original_fitness(const Level& level, const Outcome& outcome) {
  const double saved = outcome.saved;
  if (!outcome.solved) return saved / denominator(level);
  const int steps_left = std::max(0, level.time - (outcome.solved_step + 1));
  const int skills_left = std::max(0, level.total_skills() - outcome.skills_used_total());
  return (steps_left + skills_left + saved) / denominator(level);
}

double heuristic_map(double x) { return std::max(0.0, std::exp(x - 0.85) - 0.161); }

double heuristic_fitness(const Level& level, const Outcome& outcome, int start_distance) {
  if (outcome.solved) return heuristic_map(original_fitness(level, outcome));
  const std::size_t n = outcome.lemmings.size();
  const auto need = static_cast<std::size_t>(std::clamp(level.save, 1, static_cast<int>(n)));
  // The progress of every lemming; the `need` largest are averaged.
  std::array<double, 64> small{};
  std::vector<double> large;
  double* progress = small.data();
  if (n > small.size()) {
    large.resize(n);
    progress = large.data();
  }
  const double d0 = std::max(start_distance, 1);
  for (std::size_t i = 0; i < n; ++i) {
    const LemmingOutcome& l = outcome.lemmings[i];
    progress[i] = l.fate == Fate::kSaved ? 1.0
                  : l.fate == Fate::kWaiting
                      ? 0.0
                      // A lemming not saved is at least one cell short (a pingu can stand
                      // in the exit's cell without entering the exit).
                      : std::max(0.0, 1.0 - static_cast<double>(std::max(l.best_distance, 1)) / d0);
  }
  std::nth_element(progress, progress + (need - 1), progress + n, std::greater<>());
  double sum = 0;
  for (std::size_t i = 0; i < need; ++i) sum += progress[i];
  return heuristic_map(sum / static_cast<double>(need) - 1.0);
}

int start_distance(const Level& level, const std::vector<int>& distances) {
  int best = 0;
  for (const Point e : level.entrances()) {
    const int d = distances[static_cast<std::size_t>(e.y * level.width + e.x)];
    if (d < kUnreachable) best = std::max(best, d);
  }
  if (best == 0) {
    for (int d : distances) {
      if (d < kUnreachable) best = std::max(best, d);
    }
  }
  return std::max(best, 1);
}

double solved_threshold(const Level& level, FitnessKind kind, int start_distance) {
  if (level.save <= 0) return -std::numeric_limits<double>::infinity();
  if (kind == FitnessKind::kOriginal) return (level.save - 0.5) / denominator(level);
  // Not solved: x <= -1 / (d0 * save) (one of the `save` best lemmings is at least one cell
  // short); solved: x >= save / denominator > 0. The threshold sits halfway to the first.
  const double d0 = std::max(start_distance, 1);
  return heuristic_map(-0.5 / (d0 * level.save));
}

}  // namespace evoplay::games::lemmings
