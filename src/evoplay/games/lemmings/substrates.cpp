#include "evoplay/games/lemmings/substrates.hpp"

#include <algorithm>

namespace evoplay::games::lemmings {

namespace {
/// Two sorted cut points in [0, size].
std::pair<std::size_t, std::size_t> two_cuts(std::size_t size, Rng& rng) {
  std::size_t i = rng.index(size + 1), j = rng.index(size + 1);
  if (i > j) std::swap(i, j);
  return {i, j};
}
}  // namespace

Plan two_point_crossover(const Plan& a, const Plan& b, std::size_t limit, Rng& rng) {
  const auto [a1, a2] = two_cuts(a.size(), rng);
  const auto [b1, b2] = two_cuts(b.size(), rng);
  Plan child(a.begin(), a.begin() + static_cast<std::ptrdiff_t>(a1));
  child.insert(child.end(), b.begin() + static_cast<std::ptrdiff_t>(b1),
               b.begin() + static_cast<std::ptrdiff_t>(b2));
  child.insert(child.end(), a.begin() + static_cast<std::ptrdiff_t>(a2), a.end());
  if (child.size() > limit) child.resize(limit);
  return child;
}

Plan uniform_crossover(const Plan& a, const Plan& b, std::size_t limit, Rng& rng) {
  const Plan& longer = a.size() >= b.size() ? a : b;
  const std::size_t common = std::min(a.size(), b.size());
  Plan child;
  child.reserve(longer.size());
  for (std::size_t k = 0; k < longer.size(); ++k) {
    if (k < common) {
      child.push_back(rng.chance(0.5) ? a[k] : b[k]);
    } else if (rng.chance(0.5)) {
      child.push_back(longer[k]);
    }
  }
  if (child.size() > limit) child.resize(limit);
  return child;
}

void step_shift(Plan& plan, const Level& level, int duration, Rng& rng) {
  if (plan.empty()) {
    plan.push_back(random_gene(level, duration, rng));
    return;
  }
  Gene& g = plan[rng.index(plan.size())];
  const int reach = std::max(1, duration / 10);
  const int by = 1 + static_cast<int>(rng.index(static_cast<std::size_t>(reach)));
  const int step = rng.chance(0.5) ? g.step + by : g.step - by;
  g.step = std::clamp(step, 0, std::max(0, duration - 1));
}

std::vector<evo::Substrate<Plan>> plan_substrates(const LemmingsProblem& problem) {
  const auto limit = static_cast<std::size_t>(2 * problem.duration());
  const LemmingsProblem* p = &problem;
  return {
      {"one-point",
       [p](const Plan& a, const Plan& b, Rng& r) { return p->crossover(a, b, r).first; },
       {}},
      {"two-point",
       [limit](const Plan& a, const Plan& b, Rng& r) {
         return two_point_crossover(a, b, limit, r);
       },
       {}},
      {"uniform",
       [limit](const Plan& a, const Plan& b, Rng& r) { return uniform_crossover(a, b, limit, r); },
       {}},
      {"gene-mutation", {}, [p](Plan& g, Rng& r) { p->mutate(g, r); }},
      {"step-shift", {}, [p](Plan& g, Rng& r) { step_shift(g, p->level(), p->duration(), r); }},
  };
}

}  // namespace evoplay::games::lemmings
