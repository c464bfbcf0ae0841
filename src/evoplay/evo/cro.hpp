#pragma once
// Coral Reef Optimization (Salcedo-Sanz et al.), as the Lemmings document's Algorithm 1 and 2.
//
// A reef of N x M cells, partly occupied by corals (solutions). Each epoch: broadcast spawning
// (pairs of spawners, chosen in proportion to fitness, each make one larva by crossover),
// brooding (other corals release a copy, mutated with probability gamma), budding (the best
// corals duplicate), larvae setting (a larva already present more than mu times dies; otherwise
// it tries kappa random cells, settling in an empty one or over a worse coral), and depredation
// (each of the worst corals dies with probability Pd). Generic over any Problem whose Genome is
// equality-comparable. Larvae are evaluated in parallel slots; every random choice comes from
// Rng(seed).split({epoch, phase}), so runs are identical at any thread count. Cro runs one epoch
// at a time (start, step, done, finish); run_cro() runs it to the end.
//
// As the document's Algorithm 2 orders larvae setting, the copy control comes before the
// evaluation: a new larva identical to a coral takes that coral's fitness (and dies, unevaluated,
// if the reef holds it more than mu times), a larva identical to an earlier larva of the same
// epoch shares its evaluation; only the others cost an evaluation.
//
// With substrates (CRO-SL, Salcedo-Sanz et al.), the reef's cells are divided among named
// operators (cell c grows on substrate c mod S): in broadcast spawning each spawner makes one
// larva with the operator of the substrate it grows on — a crossover with a partner drawn from
// the spawners of the same substrate, or a mutation of a copy. Larvae settle anywhere and then
// belong to the substrate of their new cell. Brooding and budding are as in plain CRO. In dynamic
// CRO-SL (dynamic_substrates; Pérez-Aracil, Salcedo-Sanz et al.), every cell's substrate is drawn
// anew after each epoch, each substrate weighted by the share of its larvae that settled
// (substrate_weights in cro_params.hpp): the operators that work now get more of the reef.

#include <algorithm>
#include <cmath>
#include <concepts>
#include <cstdint>
#include <functional>
#include <limits>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <vector>

#include "evoplay/core/error.hpp"
#include "evoplay/core/history.hpp"
#include "evoplay/core/parallel.hpp"
#include "evoplay/core/rng.hpp"
#include "evoplay/core/stopwatch.hpp"
#include "evoplay/evo/cro_params.hpp"
#include "evoplay/evo/population.hpp"
#include "evoplay/evo/problem.hpp"
#include "evoplay/evo/run_result.hpp"
#include "evoplay/evo/stopping.hpp"

namespace evoplay::evo {

namespace detail {

/// A crossover may return one child or a pair; CRO keeps one larva per pair of parents.
template <class G, class R>
G first_child(R&& r) {
  if constexpr (std::is_same_v<std::decay_t<R>, G>) {
    return std::forward<R>(r);
  } else {
    return std::move(r.first);
  }
}

/// Draws one index from `pool` with probability proportional to the spawner weights and removes
/// it from the pool.
inline std::size_t draw_without_replacement(std::vector<std::size_t>& pool,
                                            const std::vector<double>& weight, Rng& rng) {
  double total = 0;
  for (std::size_t i : pool) total += weight[i];
  std::size_t k = pool.size() - 1;
  if (total > 0) {
    double r = rng.uniform() * total;
    for (std::size_t j = 0; j < pool.size(); ++j) {
      if (r < weight[pool[j]]) {
        k = j;
        break;
      }
      r -= weight[pool[j]];
    }
  } else {
    k = rng.index(pool.size());
  }
  const std::size_t chosen = pool[k];
  pool.erase(pool.begin() + static_cast<std::ptrdiff_t>(k));
  return chosen;
}

/// Puts the first k cells of a stable sort of `cells` by `before` (a strict weak order) at the
/// front, in that order, without sorting the rest.
template <class Before>
void best_first(std::vector<std::size_t>& cells, std::size_t k, Before before) {
  std::partial_sort(cells.begin(), cells.begin() + static_cast<std::ptrdiff_t>(k), cells.end(),
                    [&](std::size_t a, std::size_t b) {
                      return before(a, b) || (!before(b, a) && a < b);  // ties: stable
                    });
}

}  // namespace detail

/// CRO over `problem`, one epoch at a time (start, step, done, finish, as Ga).
/// `crossover(a, b, rng)` returns a genome or a pair (the first is kept); `mutation(g&, rng)`
/// changes a genome in place. `on_evaluated` sees every evaluated larva. `substrates` (CRO-SL;
/// empty: plain CRO) replace `crossover` in broadcast spawning. The result's history has the
/// extra columns occupancy, duplicates, larvae, settled, depredated; its population is the final
/// reef's corals.
template <Problem P, class Crossover, class Mutation>
requires std::equality_comparable<typename P::Genome>
class Cro {
 public:
  using G = typename P::Genome;

  Cro(const P& problem, const CroParams& params, Crossover crossover, Mutation mutation,
      Observer* observer = nullptr, EvaluationHook<G> on_evaluated = {},
      std::vector<Substrate<G>> substrates = {})
      : problem_(problem),
        params_(params),
        crossover_(std::move(crossover)),
        mutation_(std::move(mutation)),
        on_evaluated_(std::move(on_evaluated)),
        substrates_(std::move(substrates)),
        dir_(problem.direction()),
        cells_(std::max<std::size_t>(params.cells(), 2)),
        master_(params.seed),
        workers_(params.threads),
        tracker_(dir_, observer),
        reef_(cells_),
        fit_(cells_, 0.0),
        print_(cells_, 0),
        cell_substrate_(cells_, 0),
        made_(substrates_.size(), 0),
        settled_on_(substrates_.size(), 0) {
    for (std::size_t c = 0; c < cells_ && !substrates_.empty(); ++c)
      cell_substrate_[c] = c % substrates_.size();
    sexual_larvae_ = static_cast<std::size_t>(
        std::max<long long>(1, std::llround(params.larvae * static_cast<double>(cells_))));
    broadcast_larvae_ = static_cast<std::size_t>(
        std::llround(params.broadcast * static_cast<double>(sexual_larvae_)));
    brooded_larvae_ = sexual_larvae_ - broadcast_larvae_;
  }

  /// The initial reef: N·M·rho random corals at random cells (epoch 0). A cancel
  /// (stop.cancel) seen while they are drawn and evaluated stops it soon: then nothing is
  /// counted, recorded or shown to the hook, the reef stays empty, and done() says kCancelled
  /// (step() must not follow).
  void start() {
    Rng rng = master_.split({0, 0});
    const auto initial = std::clamp<std::size_t>(
        static_cast<std::size_t>(std::llround(params_.occupancy * static_cast<double>(cells_))), 1,
        cells_);
    std::vector<std::size_t> where(cells_);
    for (std::size_t c = 0; c < cells_; ++c) where[c] = c;
    rng.shuffle(where);
    where.resize(initial);
    std::vector<G> genomes(initial);
    std::vector<double> values(initial);
    workers_.for_each(initial, [&](std::size_t k) {
      if (cancel_requested(params_.stop)) return;
      Rng r = master_.split({0, 1, k});
      genomes[k] = problem_.random_genome(r);
      if constexpr (HasRepair<P>) problem_.repair(genomes[k], r);
      if constexpr (!HasBatchEvaluation<P>) values[k] = problem_.evaluate(genomes[k]);
    });
    if (cancel_requested(params_.stop)) {
      cancelled_start_ = true;
      return;
    }
    if constexpr (HasBatchEvaluation<P>) {
      std::vector<const G*> all;
      for (const auto& g : genomes) all.push_back(&g);
      values = evaluate_together(problem_, all);
    }
    for (std::size_t k = 0; k < initial; ++k) {
      if (on_evaluated_) on_evaluated_(genomes[k], values[k]);
      print_[where[k]] = fingerprint(genomes[k]);
      reef_[where[k]] = std::move(genomes[k]);
      fit_[where[k]] = values[k];
    }
    evaluations_ += initial;
    record();
  }

  /// Whether a stopping rule holds after the current epoch (result().stop says which).
  bool done() {
    if (cancelled_start_) {
      result_.stop = StopReason::kCancelled;
      return true;
    }
    result_.stop =
        tracker_.check(params_.stop, epoch_, epoch_, evaluations_, result_.best_fitness,
                       is_solved(problem_, result_.best, result_.best_fitness), clock_.seconds());
    return result_.stop != StopReason::kNone;
  }

  /// One epoch: broadcast spawning, brooding, budding, larvae setting, depredation.
  void step() {
    ++epoch_;
    Rng rng = master_.split({epoch_, 0});
    std::vector<Larva> larvae;
    auto corals = occupied();
    rng.shuffle(corals);
    spawn(corals, larvae, rng);
    budding(larvae);
    if constexpr (HasRepair<P>) {
      Rng repair_rng = master_.split({epoch_, 1});
      for (auto& l : larvae) {
        if (l.needs_evaluation) problem_.repair(l.genome, repair_rng);
      }
    }
    if (params_.copies_before_evaluation) look_up_copies(larvae);
    // Evaluation of the new larvae, in parallel slots.
    if constexpr (HasBatchEvaluation<P>) {  // the epoch's new larvae in one call
      std::vector<const G*> genomes;
      for (const auto& l : larvae) {
        if (l.needs_evaluation) genomes.push_back(&l.genome);
      }
      const auto values = evaluate_together(problem_, genomes);
      for (std::size_t k = 0, v = 0; k < larvae.size(); ++k) {
        if (larvae[k].needs_evaluation) larvae[k].fitness = values[v++];
      }
    } else {
      workers_.for_each(larvae.size(), [&](std::size_t k) {
        if (larvae[k].needs_evaluation) larvae[k].fitness = problem_.evaluate(larvae[k].genome);
      });
    }
    for (auto& l : larvae) {
      if (l.same_as != kNone) l.fitness = larvae[l.same_as].fitness;
      if (!l.needs_evaluation) continue;
      ++evaluations_;
      if (on_evaluated_) on_evaluated_(l.genome, l.fitness);
    }
    settle(larvae);
    depredation();
    if (params_.dynamic_substrates && !substrates_.empty()) redraw_substrates();
    record();
  }

  std::size_t generation() const { return epoch_; }
  const RunResult<G>& result() const { return result_; }
  /// The reef's cells (empty ones hold nothing), and the substrate a cell belongs to (CRO-SL).
  const std::vector<std::optional<G>>& reef() const { return reef_; }
  std::size_t substrate_of(std::size_t cell) const { return cell_substrate_[cell]; }
  /// Dynamic CRO-SL: the substrates' weights drawn from after the last epoch (empty otherwise).
  const std::vector<double>& substrate_weights() const { return weights_; }

  /// Copies of the `m` best corals, best first (ties: cell order): what the island sends at a
  /// migration.
  std::vector<Migrant<G>> emigrants(std::size_t m) const {
    auto cells = occupied();
    const std::size_t k = std::min(m, cells.size());
    detail::best_first(
        cells, k, [&](std::size_t a, std::size_t b) { return better(fit_[a], fit_[b], dir_); });
    std::vector<Migrant<G>> out;
    for (std::size_t i = 0; i < k; ++i) out.push_back({*reef_[cells[i]], fit_[cells[i]]});
    return out;
  }

  /// Each migrant not already in the reef settles in the first empty cell, or else over the
  /// worst coral (the first of equal ones) if it is better.
  void immigrate(const std::vector<Migrant<G>>& migrants) {
    for (const auto& m : migrants) {
      const std::uint64_t f = fingerprint(m.genome);
      if (copies_in_reef(m.genome, f) > 0) continue;
      std::size_t cell = 0;
      while (cell < cells_ && reef_[cell]) ++cell;
      if (cell == cells_) {
        cell = summarize(fit_, dir_, occupied()).worst;
        if (!better(m.fitness, fit_[cell], dir_)) continue;
      }
      reef_[cell] = m.genome;
      fit_[cell] = m.fitness;
      print_[cell] = f;
    }
  }

  RunResult<G> finish() {
    std::vector<G> corals;
    std::vector<double> fitness;
    for (std::size_t c = 0; c < cells_; ++c) {
      if (reef_[c]) {
        corals.push_back(*reef_[c]);
        fitness.push_back(fit_[c]);
      }
    }
    return close_result(std::move(result_), problem_, epoch_, evaluations_, clock_.seconds(),
                        std::move(corals), std::move(fitness));
  }

 private:
  static constexpr std::size_t kNone = std::numeric_limits<std::size_t>::max();
  struct Larva {
    G genome;
    double fitness = 0;
    bool needs_evaluation = true;
    std::size_t same_as = kNone;    // an earlier larva of the epoch with the same genome
    bool dead = false;              // killed by the copy control before its evaluation
    std::size_t substrate = kNone;  // CRO-SL: the substrate whose operator made it
  };

  std::uint64_t fingerprint(const G& g) const {
    if constexpr (HasFingerprint<P>) {
      return problem_.fingerprint(g);
    } else {
      (void)g;
      return 0;
    }
  }
  std::vector<std::size_t> occupied() const {
    std::vector<std::size_t> idx;
    for (std::size_t c = 0; c < cells_; ++c) {
      if (reef_[c]) idx.push_back(c);
    }
    return idx;
  }
  int copies_in_reef(const G& g, std::uint64_t f) const {
    int n = 0;
    for (std::size_t c = 0; c < cells_; ++c) n += reef_[c] && print_[c] == f && *reef_[c] == g;
    return n;
  }

  void record() {
    const auto idx = occupied();
    const FitnessSummary s = summarize(fit_, dir_, idx);
    GenerationRecord r = generation_record(epoch_, evaluations_, fit_, s);
    if constexpr (HasDistance<P>) {
      std::vector<G> sample;
      sample.reserve(idx.size());
      for (std::size_t c : idx) sample.push_back(*reef_[c]);
      r.diversity = sample_diversity(problem_, sample, params_.diversity_sample, workers_);
    }
    r.elapsed = clock_.seconds();
    r.extra = {{"occupancy", static_cast<double>(idx.size()) / static_cast<double>(cells_)},
               {"duplicates", static_cast<double>(duplicates(idx))},
               {"larvae", static_cast<double>(larvae_total_)},
               {"settled", static_cast<double>(settled_)},
               {"depredated", static_cast<double>(depredated_)}};
    tracker_.offer(result_, epoch_, *reef_[s.best], fit_[s.best]);
    tracker_.add(result_, std::move(r));
  }

  // Corals equal to an earlier one; only corals of equal fingerprint are compared.
  std::size_t duplicates(std::vector<std::size_t> by_print) const {
    std::sort(by_print.begin(), by_print.end(), [&](std::size_t a, std::size_t b) {
      return print_[a] != print_[b] ? print_[a] < print_[b] : a < b;
    });
    std::size_t n = 0;
    for (std::size_t a = 0; a < by_print.size(); ++a) {
      for (std::size_t b = a; b-- > 0 && print_[by_print[b]] == print_[by_print[a]];) {
        if (*reef_[by_print[a]] == *reef_[by_print[b]]) {
          ++n;
          break;
        }
      }
    }
    return n;
  }

  // Broadcast spawning: a share Fb of the (shuffled) corals are spawners; pairs drawn (in
  // proportion to fitness, each coral at most once) until Fb·alpha larvae are made or spawners
  // run out. Brooding: (1 - Fb)·alpha of the other corals each release a copy, mutated with
  // probability gamma (an unmutated copy keeps its parent's fitness).
  void spawn(const std::vector<std::size_t>& corals, std::vector<Larva>& larvae, Rng& rng) {
    const auto spawner_count = static_cast<std::size_t>(
        std::llround(params_.broadcast * static_cast<double>(corals.size())));
    std::vector<std::size_t> spawners(corals.begin(),
                                      corals.begin() + static_cast<std::ptrdiff_t>(spawner_count));
    std::vector<std::size_t> brooders(corals.begin() + static_cast<std::ptrdiff_t>(spawner_count),
                                      corals.end());
    const std::vector<double> weight = spawner_weights(spawners);
    if (!substrates_.empty()) {
      spawn_on_substrates(spawners, weight, larvae, rng);
    }
    std::vector<std::size_t> pool = spawners;
    while (substrates_.empty() && larvae.size() < broadcast_larvae_ && pool.size() >= 2) {
      const std::size_t a = params_.proportional_pairs
                                ? detail::draw_without_replacement(pool, weight, rng)
                                : pool[pool.size() - 1];
      if (!params_.proportional_pairs) pool.pop_back();
      const std::size_t b = params_.proportional_pairs
                                ? detail::draw_without_replacement(pool, weight, rng)
                                : pool[pool.size() - 1];
      if (!params_.proportional_pairs) pool.pop_back();
      larvae.push_back({detail::first_child<G>(crossover_(*reef_[a], *reef_[b], rng)), 0, true});
    }
    for (std::size_t k = 0; k < brooders.size() && k < brooded_larvae_; ++k) {
      Larva larva{*reef_[brooders[k]], fit_[brooders[k]], false};
      if (rng.chance(params_.brooding_mutation)) {
        mutation_(larva.genome, rng);
        larva.needs_evaluation = true;
      }
      larvae.push_back(std::move(larva));
    }
  }

  // Weights of the spawners in fitness-proportional draws (0 elsewhere; all 0 when the pairs are
  // uniform): the fitness itself when it is maximised and not negative, else the goodness above
  // the worst spawner's plus a floor, so that the worst can still be drawn.
  std::vector<double> spawner_weights(const std::vector<std::size_t>& spawners) const {
    std::vector<double> weight(cells_, 0.0);
    if (!params_.proportional_pairs) return weight;
    double lo = std::numeric_limits<double>::infinity(), hi = -lo;
    bool negative = false;
    for (std::size_t c : spawners) {
      lo = std::min(lo, goodness(fit_[c], dir_));
      hi = std::max(hi, goodness(fit_[c], dir_));
      negative = negative || fit_[c] < 0;
    }
    const bool classic = dir_ == Direction::maximize && !negative;
    const double floor = spawners.empty() ? 0 : (hi - lo) / static_cast<double>(spawners.size());
    for (std::size_t c : spawners) {
      weight[c] = classic ? fit_[c] : goodness(fit_[c], dir_) - lo + floor;
    }
    return weight;
  }

  // CRO-SL's broadcast spawning: each spawner, in the shuffled order, makes one larva with its
  // substrate's operator (until Fb·alpha larvae are made); a crossover's partner is drawn (in
  // proportion to fitness, or uniformly) from the other spawners of the same substrate, or of
  // the whole reef when the substrate has no other.
  void spawn_on_substrates(const std::vector<std::size_t>& spawners,
                           const std::vector<double>& weight, std::vector<Larva>& larvae,
                           Rng& rng) {
    std::vector<std::vector<std::size_t>> on(substrates_.size());
    for (std::size_t c : spawners) on[substrate_of(c)].push_back(c);
    for (std::size_t a : spawners) {
      if (larvae.size() >= broadcast_larvae_) break;
      const Substrate<G>& op = substrates_[substrate_of(a)];
      if (op.mutation) {
        Larva larva{*reef_[a], 0, true};
        op.mutation(larva.genome, rng);
        larva.substrate = substrate_of(a);
        larvae.push_back(std::move(larva));
        continue;
      }
      std::vector<std::size_t> pool;
      const std::vector<std::size_t>* groups[] = {&on[substrate_of(a)], &spawners};
      for (const auto* group : groups) {
        for (std::size_t c : *group) {
          if (c != a) pool.push_back(c);
        }
        if (!pool.empty()) break;
      }
      if (pool.empty()) continue;  // a lone spawner has no partner
      const std::size_t b = params_.proportional_pairs
                                ? detail::draw_without_replacement(pool, weight, rng)
                                : pool[rng.index(pool.size())];
      Larva larva{op.crossover(*reef_[a], *reef_[b], rng), 0, true};
      larva.substrate = substrate_of(a);
      larvae.push_back(std::move(larva));
    }
  }

  // The copy control before evaluation (Algorithm 2): a new larva identical to a coral takes its
  // fitness, and dies if the reef holds its genome more than mu times; one identical to an
  // earlier new larva of the epoch shares that larva's evaluation.
  void look_up_copies(std::vector<Larva>& larvae) const {
    std::vector<std::uint64_t> prints(larvae.size());
    for (std::size_t k = 0; k < larvae.size(); ++k) {
      Larva& l = larvae[k];
      if (!l.needs_evaluation) continue;
      prints[k] = fingerprint(l.genome);
      int copies = 0;
      for (std::size_t c = 0; c < cells_; ++c) {
        if (reef_[c] && print_[c] == prints[k] && *reef_[c] == l.genome) {
          if (copies++ == 0) l.fitness = fit_[c];
        }
      }
      if (copies > 0) {
        l.needs_evaluation = false;
        l.dead = copies > params_.max_copies;
        continue;
      }
      for (std::size_t j = 0; j < k; ++j) {
        if (larvae[j].needs_evaluation && prints[j] == prints[k] && larvae[j].genome == l.genome) {
          l.needs_evaluation = false;
          l.same_as = j;
          break;
        }
      }
    }
  }

  // Budding: the best Fa of the corals (at least one) duplicate themselves.
  void budding(std::vector<Larva>& larvae) const {
    auto ranked = occupied();
    const auto buds = std::min(
        ranked.size(),
        std::max<std::size_t>(1, static_cast<std::size_t>(std::llround(
                                     params_.budding * static_cast<double>(ranked.size())))));
    detail::best_first(
        ranked, buds, [&](std::size_t a, std::size_t b) { return better(fit_[a], fit_[b], dir_); });
    for (std::size_t k = 0; k < buds; ++k) {
      larvae.push_back({*reef_[ranked[k]], fit_[ranked[k]], false});
    }
  }

  // Larvae setting (Algorithm 2), in the order the larvae were made.
  void settle(std::vector<Larva>& larvae) {
    Rng setting = master_.split({epoch_, 2});
    larvae_total_ = larvae.size();
    settled_ = 0;
    std::fill(made_.begin(), made_.end(), 0);
    std::fill(settled_on_.begin(), settled_on_.end(), 0);
    for (auto& l : larvae) {
      if (l.substrate != kNone) ++made_[l.substrate];
      if (l.dead) continue;
      const std::uint64_t f = fingerprint(l.genome);
      if (copies_in_reef(l.genome, f) > params_.max_copies) continue;
      for (int t = 0; t < params_.attempts; ++t) {
        const std::size_t cell = setting.index(cells_);
        if (!reef_[cell] || better(l.fitness, fit_[cell], dir_)) {
          reef_[cell] = std::move(l.genome);
          fit_[cell] = l.fitness;
          print_[cell] = f;
          ++settled_;
          if (l.substrate != kNone) ++settled_on_[l.substrate];
          break;
        }
      }
    }
  }

  // Dynamic CRO-SL: every cell's substrate drawn from the weights of last epoch's success.
  void redraw_substrates() {
    weights_ = evo::substrate_weights(made_, settled_on_, params_.amplification);
    Rng draw = master_.split({epoch_, 4});
    for (auto& s : cell_substrate_) s = static_cast<std::size_t>(draw.weighted(weights_));
  }

  // Depredation: each of the worst Fd of the corals dies with probability Pd (the reef always
  // keeps at least one coral).
  void depredation() {
    Rng predator = master_.split({epoch_, 3});
    auto ranked = occupied();
    const auto at_risk = std::min(
        ranked.size(), static_cast<std::size_t>(std::llround(params_.depredation_fraction *
                                                             static_cast<double>(ranked.size()))));
    detail::best_first(ranked, at_risk, [&](std::size_t a, std::size_t b) {
      return better(fit_[b], fit_[a], dir_);
    });
    depredated_ = 0;
    for (std::size_t k = 0; k < at_risk && ranked.size() - depredated_ > 1; ++k) {
      if (predator.chance(params_.depredation_probability)) {
        reef_[ranked[k]].reset();
        ++depredated_;
      }
    }
  }

  const P& problem_;
  CroParams params_;
  Crossover crossover_;
  Mutation mutation_;
  EvaluationHook<G> on_evaluated_;
  std::vector<Substrate<G>> substrates_;
  Direction dir_;
  std::size_t cells_;
  Rng master_;
  Stopwatch clock_;
  Workers workers_;
  Tracker<G> tracker_;
  RunResult<G> result_;
  std::vector<std::optional<G>> reef_;
  std::vector<double> fit_;
  std::vector<std::uint64_t> print_;            // fingerprints (all 0 without the capability)
  std::vector<std::size_t> cell_substrate_;     // CRO-SL: the substrate of each cell
  std::vector<std::size_t> made_, settled_on_;  // CRO-SL: last epoch's larvae per substrate
  std::vector<double> weights_;                 // dynamic CRO-SL: the substrates' weights
  std::uint64_t evaluations_ = 0;
  std::size_t epoch_ = 0;
  bool cancelled_start_ = false;  // a cancel stopped start(): the reef is empty
  std::size_t sexual_larvae_ = 0, broadcast_larvae_ = 0, brooded_larvae_ = 0;
  std::size_t larvae_total_ = 0, settled_ = 0, depredated_ = 0;
};

/// Runs CRO to the end (see Cro).
template <Problem P, class Crossover, class Mutation>
RunResult<typename P::Genome> run_cro(const P& problem, const CroParams& params,
                                      Crossover&& crossover, Mutation&& mutation,
                                      Observer* observer = nullptr,
                                      const EvaluationHook<typename P::Genome>& on_evaluated = {},
                                      std::vector<Substrate<typename P::Genome>> substrates = {}) {
  Cro<P, std::decay_t<Crossover>, std::decay_t<Mutation>> cro(
      problem, params, std::forward<Crossover>(crossover), std::forward<Mutation>(mutation),
      observer, on_evaluated, std::move(substrates));
  return run_to_end(cro);
}

}  // namespace evoplay::evo
