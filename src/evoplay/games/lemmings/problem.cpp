#include "evoplay/games/lemmings/problem.hpp"

#include <algorithm>

#include "evoplay/core/error.hpp"

namespace evoplay::games::lemmings {

SimulatorPool::Lease SimulatorPool::acquire() {
  {
    const std::lock_guard lock(mutex_);
    if (!free_.empty()) {
      auto sim = std::move(free_.back());
      free_.pop_back();
      return Lease(*this, std::move(sim));
    }
  }
  return Lease(*this, make_runner(level_));
}

void SimulatorPool::release(std::unique_ptr<PlanRunner> sim) {
  const std::lock_guard lock(mutex_);
  free_.push_back(std::move(sim));
}

std::uint64_t plan_hash(const Plan& plan) {
  // One multiply-xorshift round per gene, SplitMix64's finaliser at the end.
  std::uint64_t h = 0x6A09E667F3BCC909ULL ^ plan.size();
  for (const Gene& g : plan) {
    const std::uint64_t word =
        (static_cast<std::uint64_t>(static_cast<std::uint32_t>(g.step)) << 32) |
        (static_cast<std::uint64_t>(g.skill) << 24) |
        static_cast<std::uint32_t>(g.lemming & 0xFFFFFF);
    h = (h ^ word) * 0x9E3779B97F4A7C15ULL;
    h ^= h >> 29;
  }
  return splitmix64(h);
}

LemmingsProblem::LemmingsProblem(Level level, FitnessKind kind)
    : level_(std::move(level)),
      kind_(kind),
      duration_(std::max(1, estimated_duration(level_))),
      start_distance_(lemmings::start_distance(level_, exit_distances(level_))),
      threshold_(solved_threshold(level_, kind, start_distance_)),
      pool_(std::make_shared<SimulatorPool>(level_)) {
  if (level_.total_skills() <= 0) {
    throw Error(level_.name + ": the level offers no skill, so there is nothing to plan");
  }
  for (Skill s : level_.skill_list()) {
    if (level_.skill(s) > 0) offered_.push_back(s);
  }
  // eta: a prior for "which skill, if any, at this step". A plan tries about as many genes as
  // the level offers skills, spread over the duration, each skill in proportion to its count:
  // eta(none) = 1 - p, eta(skill) = p * count / total, p = min(1/2, total / duration).
  // The same at every step.
  const double total = level_.total_skills();
  const double p = std::min(0.5, total / duration_);
  eta_.push_back(1 - p);
  for (Skill s : offered_) eta_.push_back(p * level_.skill(s) / total);
}

Plan LemmingsProblem::random_genome(Rng& rng) const { return random_plan(level_, duration_, rng); }

double LemmingsProblem::fitness(const Outcome& outcome) const {
  return kind_ == FitnessKind::kOriginal ? original_fitness(level_, outcome)
                                         : heuristic_fitness(level_, outcome, start_distance_);
}

double LemmingsProblem::evaluate(const Genome& genome) const {
  auto sim = pool_->acquire();
  return fitness(sim->play(genome));
}

PlanVerdict LemmingsProblem::judge(const Genome& genome) const {
  auto sim = pool_->acquire();
  const Outcome& o = sim->play(genome);
  PlanVerdict v;
  v.fitness = fitness(o);
  v.solved = o.solved;
  if (o.solved) {
    const Plan effective = effective_plan(genome, o);
    v.effective_hash = plan_hash(effective);
    v.actions = effective.size();
  }
  return v;
}

std::pair<Plan, Plan> LemmingsProblem::crossover(const Genome& a, const Genome& b, Rng& rng) const {
  auto cut = [&](const Genome& g) -> std::size_t {
    if (g.size() >= 2) return 1 + rng.index(g.size() - 1);
    return g.empty() ? 0 : rng.index(2);
  };
  const std::size_t ca = cut(a), cb = cut(b);
  const auto limit = static_cast<std::size_t>(2 * duration_);
  auto join = [&](const Genome& head, std::size_t h, const Genome& tail, std::size_t t) {
    Genome child;
    child.reserve(std::min(limit, h + tail.size() - t));
    child.insert(child.end(), head.begin(), head.begin() + static_cast<std::ptrdiff_t>(h));
    child.insert(child.end(), tail.begin() + static_cast<std::ptrdiff_t>(t), tail.end());
    if (child.size() > limit) child.resize(limit);
    return child;
  };
  return {join(a, ca, b, cb), join(b, cb, a, ca)};
}

void LemmingsProblem::mutate(Genome& genome, Rng& rng) const {
  if (genome.empty()) {
    genome.push_back(random_gene(level_, duration_, rng));
    return;
  }
  Gene& g = genome[rng.index(genome.size())];
  const Gene fresh = random_gene(level_, duration_, rng);
  if (rng.chance(0.5)) {
    g.step = fresh.step;
  } else {
    g.skill = fresh.skill;
  }
}

double LemmingsProblem::heuristic(std::size_t /*stage*/, std::size_t option) const {
  return eta_[option];
}

std::vector<int> LemmingsProblem::path(const Plan& plan) const {
  std::vector<int> choices(stages(), 0);
  for (const auto& gene : plan) {
    if (gene.step < 0 || static_cast<std::size_t>(gene.step) >= choices.size()) continue;
    const auto it = std::find(offered_.begin(), offered_.end(), gene.skill);
    if (it != offered_.end())
      choices[static_cast<std::size_t>(gene.step)] = static_cast<int>(it - offered_.begin()) + 1;
  }
  return choices;
}

Plan LemmingsProblem::build(std::span<const int> choices) const {
  Plan plan;
  for (std::size_t s = 0; s < choices.size(); ++s) {
    if (choices[s] > 0) {
      plan.push_back({static_cast<int>(s), offered_[static_cast<std::size_t>(choices[s] - 1)], 0});
    }
  }
  return plan;
}

}  // namespace evoplay::games::lemmings
