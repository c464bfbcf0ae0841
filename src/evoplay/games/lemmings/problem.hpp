#pragma once
// A Lemmings level as an optimisation problem for the evo engine: the document's genome (a
// variable-length list of (step, skill) genes), its initialisation, crossover and mutation, the
// two fitnesses, and the construction graph the ant colony walks.
//
// Why it exists: CRO, the GA and ACO are generic (src/evoplay/evo); everything they need to
// know about Lemmings is here. The problem is an immutable value; evaluate() is thread-safe: it
// borrows a Simulator from a small pool (one per thread that evaluates at the same time).

#include <cstdint>
#include <memory>
#include <mutex>
#include <span>
#include <utility>
#include <vector>

#include "evoplay/core/rng.hpp"
#include "evoplay/evo/problem.hpp"
#include "evoplay/games/lemmings/fitness.hpp"
#include "evoplay/games/lemmings/level.hpp"
#include "evoplay/games/lemmings/plan.hpp"
#include "evoplay/games/lemmings/simulator.hpp"

namespace evoplay::games::lemmings {

/// Simulators (runners of the level's rules: Lemmings or Pingus) for the threads that evaluate
/// at the same time: acquire() hands out a free one (making a new one if none is free); the
/// lease gives it back.
class SimulatorPool {
 public:
  explicit SimulatorPool(Level level) : level_(std::move(level)) {}

  class Lease {
   public:
    Lease(SimulatorPool& pool, std::unique_ptr<PlanRunner> sim)
        : pool_(&pool), sim_(std::move(sim)) {}
    Lease(Lease&&) = default;
    Lease& operator=(Lease&&) = delete;
    ~Lease() {
      if (sim_) pool_->release(std::move(sim_));
    }
    PlanRunner& operator*() const { return *sim_; }
    PlanRunner* operator->() const { return sim_.get(); }

   private:
    SimulatorPool* pool_;
    std::unique_ptr<PlanRunner> sim_;
  };

  Lease acquire();

 private:
  void release(std::unique_ptr<PlanRunner> sim);

  Level level_;
  std::mutex mutex_;
  std::vector<std::unique_ptr<PlanRunner>> free_;
};

/// 64-bit fingerprint of a plan (its genes in order), the same on every machine.
std::uint64_t plan_hash(const Plan& plan);

/// What one evaluation of a plan tells beyond its fitness.
struct PlanVerdict {
  double fitness = 0;
  bool solved = false;
  // If solved: the plan_hash of its effective plan (the genes that had an effect), so that
  // distinct solutions can be counted, and how many genes that is (the actions it takes).
  std::uint64_t effective_hash = 0;
  std::size_t actions = 0;
};

class LemmingsProblem {
 public:
  using Genome = Plan;

  LemmingsProblem(Level level, FitnessKind kind);

  const Level& level() const { return level_; }
  /// The steps over which genes are drawn (estimated_duration: the level's time).
  int duration() const { return duration_; }
  int start_distance() const { return start_distance_; }

  /// The document's initialisation: 1 ... duration genes, each random_gene().
  Genome random_genome(Rng& rng) const;
  double evaluate(const Genome& genome) const;
  /// The fitness, whether the plan solves the level and, if it does, its effective plan's hash
  /// and number of actions.
  PlanVerdict judge(const Genome& genome) const;
  /// The fitness of an outcome of this level.
  double fitness(const Outcome& outcome) const;
  evo::Direction direction() const { return evo::Direction::maximize; }
  std::uint64_t fingerprint(const Genome& genome) const { return plan_hash(genome); }
  /// True when a fitness is that of a plan that solves the level (see solved_threshold). Named
  /// so that the engines do not see it: a run goes on after its first solution.
  bool solves(double fitness) const { return fitness >= threshold_; }

  /// One cut between genes in each parent; the first child is the head of `a` and the tail of
  /// `b`, the second the head of `b` and the tail of `a`. A cut of a genome of n >= 2 genes falls
  /// strictly inside it; of one gene, before or after it. Children longer than 2 * duration
  /// genes lose their last genes.
  std::pair<Genome, Genome> crossover(const Genome& a, const Genome& b, Rng& rng) const;
  /// Re-draws the step (uniform over the duration) or, with equal chance, the skill (in
  /// proportion to how many of each the level offers) of one gene; an empty genome gains a
  /// random gene.
  void mutate(Genome& genome, Rng& rng) const;

  // ---- the ant colony's construction graph: one stage per step, options none + skills ----
  std::size_t stages() const { return static_cast<std::size_t>(duration_); }
  std::size_t options(std::size_t /*stage*/) const { return 1 + offered_.size(); }
  /// eta of option o at stage s: see docs/lemmings-solvers.md.
  double heuristic(std::size_t stage, std::size_t option) const;
  /// Option 0 is "no skill"; option k >= 1 the k-th skill the level offers.
  Genome build(std::span<const int> choices) const;
  /// The choices build() made `genome` from (a gene past the duration, or of a skill the level
  /// does not offer, is left out): an ant colony island lays pheromone on an immigrant's path.
  std::vector<int> path(const Genome& genome) const;
  const std::vector<Skill>& offered() const { return offered_; }

 private:
  Level level_;
  FitnessKind kind_;
  int duration_;
  int start_distance_;
  double threshold_;
  std::vector<Skill> offered_;  // skills with a count > 0, in panel order
  std::vector<double> eta_;     // [option]: the heuristic, the same at every stage
  std::shared_ptr<SimulatorPool> pool_;
};

static_assert(evo::Problem<LemmingsProblem>);
static_assert(!evo::HasSolved<LemmingsProblem>);
static_assert(evo::HasFingerprint<LemmingsProblem>);

}  // namespace evoplay::games::lemmings
