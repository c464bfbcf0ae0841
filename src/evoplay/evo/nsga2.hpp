#pragma once
// NSGA-II (Deb, Pratap, Agarwal and Meyarivan 2002): several objectives at once, over the same
// genomes and variation operators as the GA.
//
// Every objective is minimised (a front end negates the ones to maximise). Each generation
// makes as many children as parents by binary tournament on (rank, crowding distance), crossover
// and mutation, then keeps the best half of parents + children: whole non-dominated fronts in
// rank order, the last one cut by crowding distance (larger first). A genome may carry a
// constraint violation (0: feasible): domination is then Deb's constrained domination (a
// feasible genome beats an infeasible one; of two infeasible ones, the smaller violation wins).
// Children are bred in parallel slots seeded by Rng(seed).split({generation, pair}), so the run
// is identical for any number of threads; ties are broken by position, never by chance.

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <numeric>
#include <span>
#include <utility>
#include <vector>

#include "evoplay/core/fields.hpp"
#include "evoplay/core/limits.hpp"
#include "evoplay/core/parallel.hpp"
#include "evoplay/core/rng.hpp"
#include "evoplay/core/stopwatch.hpp"
#include "evoplay/evo/stopping.hpp"

namespace evoplay::evo {

/// A genome's objective values (each minimised) and its constraint violation (0: feasible).
struct Objectives {
  std::vector<double> values;
  double violation = 0;
};

/// A problem of several objectives: a Genome type, random_genome(rng), objectives() (how many)
/// and evaluate(genome) -> Objectives. Optional: repair(genome, rng) after variation, and
/// evaluate_batch(genomes, out) for a generation's children in one call.
template <class P>
concept MultiObjectiveProblem = requires(const P& p, Rng& rng, const typename P::Genome& g) {
  typename P::Genome;
  { p.random_genome(rng) } -> std::convertible_to<typename P::Genome>;
  { p.evaluate(g) } -> std::convertible_to<Objectives>;
  { p.objectives() } -> std::convertible_to<std::size_t>;
};

/// Constrained domination: feasible beats infeasible, the smaller violation beats the larger,
/// and between feasible genomes a dominates b when it is no worse in every objective and
/// better in one.
inline bool dominates(const Objectives& a, const Objectives& b) {
  const bool fa = a.violation <= 0, fb = b.violation <= 0;
  if (fa != fb) return fa;
  if (!fa) return a.violation < b.violation;
  bool strictly = false;
  for (std::size_t i = 0; i < a.values.size(); ++i) {
    if (a.values[i] > b.values[i]) return false;
    if (a.values[i] < b.values[i]) strictly = true;
  }
  return strictly;
}

/// The fast non-dominated sort: the indices of `all` front by front (front 0 is dominated by
/// none), each front in index order.
inline std::vector<std::vector<std::size_t>> non_dominated_fronts(std::span<const Objectives> all) {
  const std::size_t n = all.size();
  std::vector<std::vector<std::size_t>> dominated(n);  // whom i dominates
  std::vector<std::size_t> count(n, 0);                // how many dominate i
  for (std::size_t i = 0; i < n; ++i) {
    for (std::size_t j = i + 1; j < n; ++j) {
      if (dominates(all[i], all[j])) {
        dominated[i].push_back(j);
        ++count[j];
      } else if (dominates(all[j], all[i])) {
        dominated[j].push_back(i);
        ++count[i];
      }
    }
  }
  std::vector<std::vector<std::size_t>> fronts;
  std::vector<std::size_t> current;
  for (std::size_t i = 0; i < n; ++i) {
    if (count[i] == 0) current.push_back(i);
  }
  while (!current.empty()) {
    std::vector<std::size_t> next;
    for (const std::size_t i : current) {
      for (const std::size_t j : dominated[i]) {
        if (--count[j] == 0) next.push_back(j);
      }
    }
    std::sort(next.begin(), next.end());
    fronts.push_back(std::move(current));
    current = std::move(next);
  }
  return fronts;
}

/// The crowding distance of each member of `front` (indices into `all`), in the front's order:
/// the sum over objectives of the gap between its two neighbours in that objective, divided by
/// the objective's range in the front; the first and last in any objective are infinitely far.
inline std::vector<double> crowding_distances(std::span<const Objectives> all,
                                              std::span<const std::size_t> front) {
  const std::size_t n = front.size();
  std::vector<double> d(n, 0.0);
  if (n == 0) return d;
  constexpr double kInf = std::numeric_limits<double>::infinity();
  const std::size_t m = all[front[0]].values.size();
  std::vector<std::size_t> order(n);
  for (std::size_t k = 0; k < m; ++k) {
    std::iota(order.begin(), order.end(), std::size_t{0});
    std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
      return all[front[a]].values[k] < all[front[b]].values[k];
    });
    const double lo = all[front[order.front()]].values[k];
    const double hi = all[front[order.back()]].values[k];
    d[order.front()] = d[order.back()] = kInf;
    if (!(hi > lo)) continue;
    for (std::size_t r = 1; r + 1 < n; ++r) {
      const double gap = all[front[order[r + 1]]].values[k] - all[front[order[r - 1]]].values[k];
      d[order[r]] += gap / (hi - lo);
    }
  }
  return d;
}

struct Nsga2Params {
  std::size_t population = 100;
  double crossover_rate = 0.9;
  double mutation_rate = 0.1;
  Stopping stop;  // generations, evaluations, seconds and cancel (target and stagnation: unused)
  int threads = 1;
  std::uint64_t seed = 1;

  template <class S, class V>
  static void fields(S& s, V& v) {
    v(s.population, {.name = "population",
                     .help = "individuals (and children each generation)",
                     .lo = 2,
                     .hi = limits::kPopulation});
    v(s.stop.generations, kGenerationsField);
    v(s.stop.evaluations, kEvaluationsField);
    v(s.stop.seconds, kSecondsField);
    v(s.crossover_rate, kCrossoverRateField);
    v(s.mutation_rate, kMutationRateField);
    v(s.threads, fields::kThreads);
    v(s.seed, fields::kSeed);
  }

  /// Throws Error naming the first field out of its range.
  void validate() const { fields::check(*this); }
};

/// A generation of NSGA-II in numbers.
struct Nsga2Record {
  std::size_t generation = 0;
  std::uint64_t evaluations = 0;
  std::size_t front_size = 0;  // genomes of rank 0 (feasible or not)
  std::vector<double> ideal;   // the least value of each objective over the first front
};

template <class G>
struct Nsga2Result {
  std::vector<G> population;  // the last population, best first (rank, then crowding)
  std::vector<Objectives> objectives;
  std::vector<std::size_t> rank;  // 0: the Pareto front of the population
  std::vector<double> crowding;
  std::size_t generations = 0;
  std::uint64_t evaluations = 0;
  StopReason stop = StopReason::kNone;
  double seconds = 0;
  std::vector<Nsga2Record> history;

  /// How many of `population` (its first ones) make its first front.
  std::size_t front_size() const {
    return static_cast<std::size_t>(std::count(rank.begin(), rank.end(), std::size_t{0}));
  }
};

/// NSGA-II over `problem`, one generation at a time (start, step, done, finish), as the Ga.
/// `crossover(a, b, rng) -> pair<G, G>`; `mutation(g&, rng)`.
template <MultiObjectiveProblem P, class Crossover, class Mutation>
class Nsga2 {
 public:
  using G = typename P::Genome;

  Nsga2(const P& problem, const Nsga2Params& params, Crossover crossover, Mutation mutation)
      : problem_(problem),
        params_(params),
        crossover_(std::move(crossover)),
        mutation_(std::move(mutation)),
        n_(std::max<std::size_t>(params.population, 2)),
        workers_(params.threads),
        master_(params.seed) {}

  /// Draws and evaluates the first population (generation 0).
  void start() {
    std::vector<G> genomes(n_);
    workers_.for_each(n_, [&](std::size_t k) {
      Rng rng = master_.split({0, k});
      genomes[k] = problem_.random_genome(rng);
      if constexpr (kRepair) problem_.repair(genomes[k], rng);
    });
    auto objectives = evaluate(genomes);
    survive(std::move(genomes), std::move(objectives));
  }

  /// Whether a stopping rule holds (generations, evaluations, seconds, cancel).
  bool done() {
    result_.stop = stop_reason(params_.stop, Direction::minimize, generation_, evaluations_, 0,
                               false, clock_.seconds());
    return result_.stop != StopReason::kNone;
  }

  /// One generation: n children, then the best n of parents and children survive.
  void step() {
    ++generation_;
    const std::size_t pairs = (n_ + 1) / 2;
    std::vector<G> children(pairs * 2);
    workers_.for_each(pairs, [&](std::size_t k) {
      Rng rng = master_.split({generation_, k});
      const std::size_t ia = tournament(rng), ib = tournament(rng);
      std::pair<G, G> kids = rng.chance(params_.crossover_rate)
                                 ? crossover_(pop_[ia], pop_[ib], rng)
                                 : std::pair<G, G>{pop_[ia], pop_[ib]};
      for (G* c : {&kids.first, &kids.second}) {
        if (rng.chance(params_.mutation_rate)) mutation_(*c, rng);
        if constexpr (kRepair) problem_.repair(*c, rng);
      }
      children[2 * k] = std::move(kids.first);
      children[2 * k + 1] = std::move(kids.second);
    });
    children.resize(n_);
    auto values = evaluate(children);
    std::vector<G> all = std::move(pop_);
    std::vector<Objectives> all_values = std::move(obj_);
    for (auto& c : children) all.push_back(std::move(c));
    for (auto& v : values) all_values.push_back(std::move(v));
    survive(std::move(all), std::move(all_values));
  }

  std::size_t generation() const { return generation_; }
  std::span<const G> population() const { return pop_; }
  std::span<const Objectives> objectives() const { return obj_; }
  std::span<const std::size_t> rank() const { return rank_; }
  std::span<const double> crowding() const { return crowd_; }
  const std::vector<Nsga2Record>& history() const { return result_.history; }

  /// The run so far with its last population (the Nsga2 is spent).
  Nsga2Result<G> finish() {
    result_.population = std::move(pop_);
    result_.objectives = std::move(obj_);
    result_.rank = std::move(rank_);
    result_.crowding = std::move(crowd_);
    result_.generations = generation_;
    result_.evaluations = evaluations_;
    result_.seconds = clock_.seconds();
    return std::move(result_);
  }

 private:
  static constexpr bool kRepair = requires(const P& p, G& g, Rng& r) { p.repair(g, r); };

  std::vector<Objectives> evaluate(const std::vector<G>& genomes) {
    std::vector<Objectives> out(genomes.size());
    if constexpr (requires(const P& p, std::span<const G* const> gs, std::span<Objectives> o) {
                    p.evaluate_batch(gs, o);
                  }) {
      std::vector<const G*> ptrs;
      for (const auto& g : genomes) ptrs.push_back(&g);
      problem_.evaluate_batch(std::span<const G* const>(ptrs), std::span<Objectives>(out));
    } else {
      workers_.for_each(genomes.size(),
                        [&](std::size_t k) { out[k] = problem_.evaluate(genomes[k]); });
    }
    evaluations_ += genomes.size();
    return out;
  }

  // Binary tournament: the lower rank, then the larger crowding distance, then the first drawn.
  std::size_t tournament(Rng& rng) const {
    const std::size_t a = rng.index(n_), b = rng.index(n_);
    if (rank_[b] < rank_[a] || (rank_[b] == rank_[a] && crowd_[b] > crowd_[a])) return b;
    return a;
  }

  // Keeps the best n of `all` (fronts in order, the last cut by crowding), best first, and
  // records the generation.
  void survive(std::vector<G> all, std::vector<Objectives> values) {
    const auto fronts = non_dominated_fronts(values);
    pop_.clear(), obj_.clear(), rank_.clear(), crowd_.clear();
    for (std::size_t r = 0; r < fronts.size() && pop_.size() < n_; ++r) {
      const auto& front = fronts[r];
      const auto d = crowding_distances(values, front);
      std::vector<std::size_t> order(front.size());
      std::iota(order.begin(), order.end(), std::size_t{0});
      std::stable_sort(order.begin(), order.end(),
                       [&](std::size_t a, std::size_t b) { return d[a] > d[b]; });
      for (const std::size_t k : order) {
        if (pop_.size() == n_) break;
        pop_.push_back(std::move(all[front[k]]));
        obj_.push_back(values[front[k]]);
        rank_.push_back(r);
        crowd_.push_back(d[k]);
      }
    }
    Nsga2Record rec;
    rec.generation = generation_;
    rec.evaluations = evaluations_;
    const std::size_t m = obj_.empty() ? 0 : obj_[0].values.size();
    rec.ideal.assign(m, std::numeric_limits<double>::infinity());
    for (std::size_t i = 0; i < pop_.size() && rank_[i] == 0; ++i) {
      ++rec.front_size;
      for (std::size_t k = 0; k < m; ++k) rec.ideal[k] = std::min(rec.ideal[k], obj_[i].values[k]);
    }
    result_.history.push_back(std::move(rec));
  }

  const P& problem_;
  Nsga2Params params_;
  Crossover crossover_;
  Mutation mutation_;
  std::size_t n_;
  Workers workers_;
  Rng master_;
  Stopwatch clock_;
  Nsga2Result<G> result_;
  std::vector<G> pop_;
  std::vector<Objectives> obj_;
  std::vector<std::size_t> rank_;
  std::vector<double> crowd_;
  std::uint64_t evaluations_ = 0;
  std::size_t generation_ = 0;
};

/// Runs NSGA-II to the end (see Nsga2).
template <MultiObjectiveProblem P, class Crossover, class Mutation>
Nsga2Result<typename P::Genome> run_nsga2(const P& problem, const Nsga2Params& params,
                                          Crossover&& crossover, Mutation&& mutation) {
  Nsga2<P, std::decay_t<Crossover>, std::decay_t<Mutation>> nsga2(
      problem, params, std::forward<Crossover>(crossover), std::forward<Mutation>(mutation));
  nsga2.start();
  while (!nsga2.done()) nsga2.step();
  return nsga2.finish();
}

}  // namespace evoplay::evo
