#pragma once
// The island model, as pagmo's archipelago and ParadisEO's island model: K populations of one
// optimiser (the GA or CRO) evolve side by side, each from its own seed, and every `interval`
// generations each island sends copies of its `migrants` best individuals along a topology — a
// ring (island i sends to island i+1) or fully connected (to every other island, which keeps the
// best `migrants` of all it receives). A migrant replaces the worst individual of its new island
// if it is better (the optimiser's immigrate()).
//
// Why it exists: islands keep several lines of search apart and share only their best, which can
// help on deceptive problems; and they are how evolutionary runs spread over machines. Here the
// islands run on the threads of one process, or on MPI ranks through an Exchange
// (core/exchange.hpp; island i on rank i mod size), with the same result for the same seed:
// islands step in lock-step, migrate at fixed generations, choose their emigrants by rank (ties
// by position), and after each generation every process sees every island's status in island
// order — its record, its best, its emigrants and the genomes it evaluated (replayed to the
// archipelago's hook island by island) — and decides from them alone when to stop. The stopping
// rules count the archipelago: generations per island, evaluations summed over the islands, the
// best of all islands, stagnation of that best; a cancel on any process stops all of them.
// Optional capabilities of an island widen this without the engine knowing the optimiser: a
// stopping rule of its own (HasOwnStop: the run goes on while any island wants another
// generation), extra history columns kept (HasIslandColumns), counters of its own summed
// (RunResult::counts). The GA, CRO, ACO and the Birds level generator run on it.

#include <algorithm>
#include <cstdint>
#include <functional>
#include <memory>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "evoplay/core/exchange.hpp"
#include "evoplay/core/fields.hpp"
#include "evoplay/core/history.hpp"
#include "evoplay/core/limits.hpp"
#include "evoplay/core/parallel.hpp"
#include "evoplay/core/stopwatch.hpp"
#include "evoplay/core/units.hpp"
#include "evoplay/evo/population.hpp"
#include "evoplay/evo/problem.hpp"
#include "evoplay/evo/run_result.hpp"
#include "evoplay/evo/stopping.hpp"

namespace evoplay::evo {

enum class Topology { kRing, kFullyConnected };
inline constexpr fields::EnumName<Topology> kTopologyNames[] = {
    {Topology::kRing, "ring"}, {Topology::kFullyConnected, "fully-connected"}};

}  // namespace evoplay::evo

template <>
struct evoplay::fields::FieldValue<evoplay::evo::Topology>
    : EnumValue<evo::Topology, evo::kTopologyNames> {};

namespace evoplay::evo {

/// The topology of a name; throws Error naming the accepted names.
Topology topology_from_name(std::string_view name);

struct IslandParams {
  std::size_t islands = 1;    // 1: no island model (the optimiser alone)
  std::size_t interval = 10;  // generations between migrations
  std::size_t migrants = 1;   // individuals each island sends at a migration
  Topology topology = Topology::kRing;

  bool active() const { return islands > 1; }
  /// Throws Error naming the first bad field.
  void validate() const { fields::check(*this); }
  nlohmann::json to_json() const { return fields::to_json(*this); }

  /// Where --help lists the island model's options.
  static constexpr std::string_view kHeading = "Island options";

  template <class S, class V>
  static void fields(S& s, V& v) {
    v(s.islands, {.name = "islands",
                  .help = "run this many islands (populations of their own, from seeds of their "
                          "own) that swap their best individuals; on the threads, or on the "
                          "ranks under mpirun (1: no island model)",
                  .lo = 1,
                  .hi = limits::kIslands,
                  .heading = kHeading});
    v(s.interval, {.name = "migration-interval",
                   .help = "generations between migrations",
                   .lo = 1,
                   .hi = limits::kGenerations,
                   .heading = kHeading});
    v(s.migrants, {.name = "migrants",
                   .help = "individuals each island sends at a migration",
                   .lo = 0,
                   .hi = limits::kPopulation,
                   .heading = kHeading});
    v(s.topology, {.name = "topology",
                   .help = "where migrants go: ring (to the next island) or fully-connected (to "
                           "all)",
                   .heading = kHeading});
  }
};

/// The seed of island `island` of a run seeded `seed` (independent streams).
std::uint64_t island_seed(std::uint64_t seed, std::size_t island);

/// The islands whose emigrants island `island` receives, in the order it considers them.
std::vector<std::size_t> migration_sources(const IslandParams& params, std::size_t island);

/// How many threads each of `islands_here` islands gets out of `threads` (at least 1).
int threads_per_island(int threads, std::size_t islands_here);

/// An optimiser run one generation at a time: start() (generation 0), step() until done(),
/// then finish() for the result; result() is the result so far. The GA, CRO, ACO, the
/// archipelago itself and the Birds level generator model it; a front end that drives one
/// generation at a time (a live view, Python, islands) drives any of them.
template <class O>
concept SteppedOptimiser = requires(O& o, const O& c) {
  o.start();
  o.step();
  { o.done() } -> std::convertible_to<bool>;
  { c.generation() } -> std::convertible_to<std::size_t>;
  c.result();
  o.finish();
};

/// A stepped optimiser that can be an island of an Archipelago: it sends copies of its best
/// (emigrants) and takes migrants in (immigrate). Its result() is a RunResult of genomes `G`
/// whose history has one record per generation made, numbered from 0 (an island whose last
/// record is older than the archipelago's generation did not finish it: a cancel stopped it).
template <class I, class G>
concept Island = SteppedOptimiser<I> &&
    requires(I& i, const I& c, std::size_t m, const std::vector<Migrant<G>>& migrants) {
  { c.emigrants(m) } -> std::convertible_to<std::vector<Migrant<G>>>;
  i.immigrate(migrants);
};

/// Optional: an optimiser with a stopping rule of its own besides Stopping's (the Birds generator
/// goes on until its archive holds the levels asked for): own_stop() is kNone while it wants
/// another generation, else the reason it would stop with. An archipelago of such islands goes
/// on while any of them wants another generation (and no rule of its Stopping says stop), and
/// a cancel comes first: an island a cancel stopped wants nothing.
template <class O>
concept HasOwnStop = requires(const O& c) {
  { c.own_stop() } -> std::convertible_to<StopReason>;
};

/// Optional: an island whose records' extra columns the archipelago's records keep, each the
/// mean over the islands or, where summed_column(name) says so (a count), their sum. Without
/// it the archipelago's records have no extra columns.
template <class I>
concept HasIslandColumns = requires(std::string_view name) {
  { I::summed_column(name) } -> std::convertible_to<bool>;
};

/// What an Archipelago needs of a problem: the genome type and the direction (and is_solved, when
/// it has one). Every Problem has them; an optimiser that is not over a Problem of the engine's
/// (the Birds generator) names them alone.
template <class P>
concept IslandProblem = requires(const P& p) {
  typename P::Genome;
  { p.direction() } -> std::convertible_to<Direction>;
};

namespace detail {

/// What every process learns of one island after each generation.
template <class G>
struct IslandStatus {
  GenerationRecord record;  // the island's last record (evaluations cumulative)
  Migrant<G> best;          // the island's best so far
  std::size_t restarts = 0;
  bool cancelled = false;              // its process was asked to stop
  bool started = true;                 // false: a cancel stopped its start (no record, no best)
  StopReason own = StopReason::kNone;  // its own stopping rule's (HasOwnStop)
  double seconds = 0;
  std::vector<Migrant<G>> emigrants;  // at a migration
  std::vector<Migrant<G>> evaluated;  // this generation's evaluations, when the hook wants them
};

template <class G>
nlohmann::json migrants_json(const std::vector<Migrant<G>>& ms) {
  auto j = nlohmann::json::array();
  for (const auto& m : ms) j.push_back({nlohmann::json(m.genome), m.fitness});
  return j;
}

template <class G>
std::vector<Migrant<G>> migrants_from(const nlohmann::json& j) {
  std::vector<Migrant<G>> ms;
  for (const auto& m : j) ms.push_back({m.at(0).get<G>(), m.at(1).get<double>()});
  return ms;
}

/// A record's extra columns as [names, values] and back; counters as [[name, n], ...] and their
/// sum by name into `into` (in the order of the first).
nlohmann::json columns_json(const std::vector<std::pair<std::string, double>>& columns);
std::vector<std::pair<std::string, double>> columns_from(const nlohmann::json& j);
void add_counts(std::vector<std::pair<std::string, std::uint64_t>>& into,
                const std::vector<std::pair<std::string, std::uint64_t>>& counts);

template <class G>
nlohmann::json status_json(std::size_t island, const IslandStatus<G>& s) {
  const auto& r = s.record;
  return {island,
          r.generation,
          r.evaluations,
          r.best,
          r.mean,
          r.worst,
          json_double(r.diversity),
          s.best.genome,
          s.best.fitness,
          s.restarts,
          s.cancelled,
          s.seconds,
          migrants_json(s.emigrants),
          migrants_json(s.evaluated),
          s.started,
          static_cast<int>(s.own),
          columns_json(r.extra)};
}

template <class G>
std::pair<std::size_t, IslandStatus<G>> status_from(const nlohmann::json& j) {
  IslandStatus<G> s;
  s.record.generation = j.at(1).get<std::size_t>();
  s.record.evaluations = j.at(2).get<std::uint64_t>();
  s.record.best = j.at(3).get<double>();
  s.record.mean = j.at(4).get<double>();
  s.record.worst = j.at(5).get<double>();
  s.record.diversity = double_from_json(j.at(6));
  s.best = {j.at(7).get<G>(), j.at(8).get<double>()};
  s.restarts = j.at(9).get<std::size_t>();
  s.cancelled = j.at(10).get<bool>();
  s.seconds = j.at(11).get<double>();
  s.emigrants = migrants_from<G>(j.at(12));
  s.evaluated = migrants_from<G>(j.at(13));
  s.started = j.at(14).get<bool>();
  s.own = static_cast<StopReason>(j.at(15).get<int>());
  s.record.extra = columns_from(j.at(16));
  return {j.at(0).get<std::size_t>(), std::move(s)};
}

/// Every process's JSON array, gathered through `exchange` and joined in rank order.
nlohmann::json gather_arrays(Exchange& exchange, const nlohmann::json& mine);

}  // namespace detail

/// Islands of `Island` (a Ga, Cro or Aco over `problem`, or any optimiser that models Island),
/// one generation at a time: start, then step until done, then finish (as each optimiser).
/// `make(island, seed, threads, hook)` builds island `island` with that seed, that many threads
/// and that evaluation hook (its stopping rules matter only for the GA's restarts on stagnation);
/// a cancel while they are made stops the making (islands by the thousand). The result's history
/// is the archipelago's: per generation, evaluations summed over the islands, the best and worst
/// of all islands, the mean of their means and diversities (and the islands' extra columns, for
/// HasIslandColumns); a generation a cancel stopped on some island has no row and does not
/// count. Its population is every island's final one (finish()), in island order, on every
/// process, and its counts the islands' summed.
template <IslandProblem P, Island<typename P::Genome> I>
class Archipelago {
 public:
  using G = typename P::Genome;
  using Make =
      std::function<std::unique_ptr<I>(std::size_t, std::uint64_t, int, EvaluationHook<G>)>;

  Archipelago(const P& problem, const IslandParams& params, const Stopping& stop,
              std::uint64_t seed, int threads, const Make& make, Observer* observer = nullptr,
              EvaluationHook<G> on_evaluated = {}, Exchange* exchange = nullptr)
      : problem_(problem),
        params_(params),
        stop_(stop),
        on_evaluated_(std::move(on_evaluated)),
        exchange_(exchange && exchange->size() > 1 ? exchange : nullptr),
        dir_(problem.direction()),
        tracker_(dir_, observer),
        statuses_(params.islands) {
    const int rank = exchange_ ? exchange_->rank() : 0;
    const int size = exchange_ ? exchange_->size() : 1;
    for (std::size_t i = 0; i < params.islands; ++i) {
      if (i % static_cast<std::size_t>(size) == static_cast<std::size_t>(rank)) here_.push_back(i);
    }
    workers_ = std::make_unique<Workers>(std::min<int>(
        resolve_threads(threads), static_cast<int>(std::max<std::size_t>(here_.size(), 1))));
    const int each = threads_per_island(threads, here_.size());
    evaluated_.resize(here_.size());
    for (std::size_t k = 0; k < here_.size(); ++k) {
      EvaluationHook<G> hook;
      if (on_evaluated_) {
        hook = [this, k](const G& g, double f) { evaluated_[k].push_back({g, f}); };
      }
      if (cancel_requested(stop_)) break;  // the rest are never made; done() says kCancelled
      islands_.push_back(make(here_[k], island_seed(seed, here_[k]), each, std::move(hook)));
    }
  }

  void start() {
    workers_->for_each(islands_.size(), [&](std::size_t k) { islands_[k]->start(); });
    share();
  }

  bool done() {
    if (unstarted_) {  // a cancel stopped an island's start: no generation counts
      result_.stop = StopReason::kCancelled;
      return true;
    }
    Stopping rules = stop_;
    rules.cancel = nullptr;  // a cancel counts through the statuses: every process agrees
    if (rules.restart_on_stagnation) rules.stagnation = 0;  // the islands restart instead
    double seconds = 0;
    bool cancelled = false;
    for (const auto& s : statuses_) {
      seconds = std::max(seconds, s.seconds);
      cancelled = cancelled || s.cancelled;
    }
    if constexpr (HasOwnStop<I>) {  // the islands' own rule, after a cancel, before Stopping's
      const bool enough = std::all_of(statuses_.begin(), statuses_.end(),
                                      [](const auto& s) { return s.own != StopReason::kNone; });
      if (cancelled || enough) {
        result_.stop = cancelled ? StopReason::kCancelled : statuses_.front().own;
        return true;
      }
    }
    StopReason r =
        tracker_.check(rules, generation_, generation_, evaluations_, result_.best_fitness,
                       is_solved(problem_, result_.best, result_.best_fitness), seconds);
    if (r == StopReason::kNone && cancelled) r = StopReason::kCancelled;
    result_.stop = r;
    return r != StopReason::kNone;
  }

  /// Migrants arrive (after a migration generation), then every island makes one generation.
  void step() {
    migrate();
    ++generation_;
    workers_->for_each(islands_.size(), [&](std::size_t k) { islands_[k]->step(); });
    share();
  }

  std::size_t generation() const { return generation_; }
  const RunResult<G>& result() const { return result_; }

  RunResult<G> finish() {
    auto mine = nlohmann::json::array();
    std::vector<std::vector<Migrant<G>>> all(params_.islands);
    std::vector<std::vector<std::pair<std::string, std::uint64_t>>> counts(params_.islands);
    for (std::size_t k = 0; k < islands_.size(); ++k) {
      auto r = islands_[k]->finish();
      for (std::size_t i = 0; i < r.population.size(); ++i) {
        all[here_[k]].push_back({std::move(r.population[i]), r.fitness[i]});
      }
      counts[here_[k]] = std::move(r.counts);
      if (exchange_) {
        mine.push_back({here_[k], detail::migrants_json(all[here_[k]]), counts[here_[k]]});
      }
    }
    if (exchange_) {
      for (const auto& j : detail::gather_arrays(*exchange_, mine)) {
        const auto i = j.at(0).get<std::size_t>();
        all[i] = detail::migrants_from<G>(j.at(1));
        counts[i] = j.at(2).get<std::vector<std::pair<std::string, std::uint64_t>>>();
      }
    }
    for (const auto& c : counts) detail::add_counts(result_.counts, c);
    std::vector<G> population;
    std::vector<double> fitness;
    for (auto& island : all) {
      for (auto& m : island) {
        population.push_back(std::move(m.genome));
        fitness.push_back(m.fitness);
      }
    }
    if (unstarted_) {  // the islands that started are dropped too: no generation counts
      population.clear();
      fitness.clear();
    }
    for (const auto& s : statuses_) result_.restarts += s.restarts;
    return close_result(std::move(result_), problem_, completed_, evaluations_, clock_.seconds(),
                        std::move(population), std::move(fitness));
  }

 private:
  bool migration_now() const {
    return params_.active() && params_.migrants > 0 && generation_ > 0 &&
           generation_ % params_.interval == 0;
  }

  // Every island's status after the generation, on every process; then the archipelago's record.
  void share() {
    const bool migrating = migration_now();
    for (std::size_t k = 0; k < here_.size(); ++k) {
      auto& s = statuses_[here_[k]];
      s.cancelled = stop_.cancel && stop_.cancel->load();
      s.seconds = clock_.seconds();
      if (k >= islands_.size()) {  // a cancel stopped its making
        s.started = false;
        continue;
      }
      const auto& r = islands_[k]->result();
      s.started = !r.history.empty();  // else a cancel stopped its start
      s.record = s.started ? r.history.back() : GenerationRecord{};
      s.best = s.started ? Migrant<G>{r.best, r.best_fitness} : Migrant<G>{};
      s.restarts = r.restarts;
      if constexpr (HasOwnStop<I>) s.own = islands_[k]->own_stop();
      s.emigrants = migrating && made(s) ? islands_[k]->emigrants(params_.migrants)
                                         : std::vector<Migrant<G>>{};
      s.evaluated = std::move(evaluated_[k]);
      evaluated_[k].clear();
    }
    if (exchange_) {
      auto mine = nlohmann::json::array();
      for (std::size_t i : here_) mine.push_back(detail::status_json(i, statuses_[i]));
      for (const auto& j : detail::gather_arrays(*exchange_, mine)) {
        auto [i, s] = detail::status_from<G>(j);
        statuses_.at(i) = std::move(s);
      }
    }
    account();
  }

  // Whether the island made the archipelago's last generation to its end (a cancel may stop one).
  bool made(const detail::IslandStatus<G>& s) const {
    return s.started && s.record.generation == generation_;
  }

  // The archipelago's record of the generation; none when a cancel stopped an island's start
  // (nothing then counts, and done() says kCancelled) or an island's generation (it does not
  // count; done() says kCancelled).
  void account() {
    for (const auto& s : statuses_) unstarted_ = unstarted_ || !s.started;
    if (unstarted_) return;
    for (const auto& s : statuses_) {
      if (!made(s)) return;
    }
    completed_ = generation_;
    GenerationRecord rec;
    rec.generation = generation_;
    double diversity = 0;
    std::size_t best_island = 0;
    for (std::size_t i = 0; i < statuses_.size(); ++i) {
      const auto& s = statuses_[i];
      if (on_evaluated_) {
        for (const auto& e : s.evaluated) on_evaluated_(e.genome, e.fitness);
      }
      rec.evaluations += s.record.evaluations;
      rec.mean += s.record.mean / static_cast<double>(statuses_.size());
      diversity += s.record.diversity / static_cast<double>(statuses_.size());
      if (i == 0 || better(s.record.best, rec.best, dir_)) rec.best = s.record.best;
      if (i == 0 || better(rec.worst, s.record.worst, dir_)) rec.worst = s.record.worst;
      if (better(s.best.fitness, statuses_[best_island].best.fitness, dir_)) best_island = i;
    }
    rec.diversity = diversity;
    if constexpr (HasIslandColumns<I>) rec.extra = columns();
    rec.elapsed = clock_.seconds();
    evaluations_ = rec.evaluations;
    const auto& best = statuses_[best_island].best;
    tracker_.offer(result_, generation_, best.genome, best.fitness);
    tracker_.add(result_, std::move(rec));
  }

  // The islands' extra columns (those of the first): each their mean, or their sum.
  std::vector<std::pair<std::string, double>> columns() const {
    auto out = statuses_.front().record.extra;
    const auto k = static_cast<double>(statuses_.size());
    for (auto& [name, value] : out) value = 0;
    for (const auto& s : statuses_) {
      for (std::size_t c = 0; c < out.size() && c < s.record.extra.size(); ++c) {
        const double v = s.record.extra[c].second;
        out[c].second += I::summed_column(out[c].first) ? v : v / k;
      }
    }
    return out;
  }

  void migrate() {
    if (!migration_now()) return;
    for (std::size_t k = 0; k < islands_.size(); ++k) {
      std::vector<Migrant<G>> arriving;
      for (std::size_t from : migration_sources(params_, here_[k])) {
        const auto& e = statuses_[from].emigrants;
        arriving.insert(arriving.end(), e.begin(), e.end());
      }
      std::stable_sort(arriving.begin(), arriving.end(),
                       [&](const Migrant<G>& a, const Migrant<G>& b) {
                         return better(a.fitness, b.fitness, dir_);
                       });
      if (arriving.size() > params_.migrants) arriving.resize(params_.migrants);
      islands_[k]->immigrate(arriving);
    }
  }

  const P& problem_;
  IslandParams params_;
  Stopping stop_;
  EvaluationHook<G> on_evaluated_;
  Exchange* exchange_;
  Direction dir_;
  Tracker<G> tracker_;
  Stopwatch clock_;
  RunResult<G> result_;
  std::unique_ptr<Workers> workers_;
  std::vector<std::size_t> here_;  // the islands this process runs
  std::vector<std::unique_ptr<I>> islands_;
  std::vector<std::vector<Migrant<G>>> evaluated_;  // per island here, this generation
  std::vector<detail::IslandStatus<G>> statuses_;   // every island's, after the last generation
  std::uint64_t evaluations_ = 0;
  std::size_t generation_ = 0;
  std::size_t completed_ = 0;  // the last generation every island made to its end
  bool unstarted_ = false;     // a cancel stopped an island's start
};

}  // namespace evoplay::evo
