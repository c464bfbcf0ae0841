// The generator's island model (generator_run.hpp): islands in lock-step on threads or over the
// processes of an Exchange, migrants and final archives carried as genomes.
#include <algorithm>
#include <memory>
#include <string>
#include <utility>

#include "evoplay/core/exchange.hpp"
#include "evoplay/core/parallel.hpp"
#include "evoplay/core/stopwatch.hpp"
#include "evoplay/core/units.hpp"
#include "evoplay/evo/islands.hpp"
#include "evoplay/games/birds/generator_run.hpp"

namespace evoplay::games::birds {

nlohmann::json genome_json(const Genome& genome) {
  nlohmann::json genes = nlohmann::json::array();
  for (const Gene& g : genome.genes) {
    genes.push_back({g.composite, static_cast<int>(g.material), g.dx, g.dy});
  }
  return {{"genes", genes},
          {"mask", genome.mask},
          {"pig_seed", genome.pig_seed},
          {"platforms", genome.platforms}};
}

Genome genome_from_json(const nlohmann::json& j) {
  Genome genome;
  for (const auto& g : j.at("genes")) {
    genome.genes.push_back({g.at(0).get<int>(), static_cast<Material>(g.at(1).get<int>()),
                            g.at(2).get<double>(), g.at(3).get<double>()});
  }
  genome.mask = j.at("mask").get<std::vector<int>>();
  genome.pig_seed = j.at("pig_seed").get<std::uint64_t>();
  genome.platforms = j.at("platforms").get<std::vector<double>>();
  return genome;
}

namespace {

/// What travels of an individual: its genome, the fitness it had where it was made (the
/// migrants' order and the replacement rule) and the generation it was made in.
nlohmann::json traveller_json(const Individual& ind) {
  return {genome_json(ind.genome), json_double(ind.fitness), ind.generation};
}

Individual traveller_from(const nlohmann::json& j) {
  Individual ind;
  ind.genome = genome_from_json(j.at(0));
  ind.fitness = double_from_json(j.at(1));
  ind.generation = j.at(2).get<int>();
  return ind;
}

nlohmann::json travellers_json(const std::vector<Individual>& inds) {
  nlohmann::json out = nlohmann::json::array();
  for (const auto& ind : inds) out.push_back(traveller_json(ind));
  return out;
}

std::vector<Individual> travellers_from(const nlohmann::json& j) {
  std::vector<Individual> out;
  for (const auto& t : j) out.push_back(traveller_from(t));
  return out;
}

nlohmann::json record_json(const GenerationRecord& r) {
  nlohmann::json names = nlohmann::json::array(), values = nlohmann::json::array();
  for (const auto& [name, value] : r.extra) {
    names.push_back(name);
    values.push_back(json_double(value));
  }
  return {r.generation, r.evaluations,
          json_doubles({r.best, r.mean, r.worst, r.diversity, r.elapsed}), names, values};
}

GenerationRecord record_from(const nlohmann::json& j) {
  GenerationRecord r;
  r.generation = j.at(0).get<std::size_t>();
  r.evaluations = j.at(1).get<std::uint64_t>();
  const auto v = doubles_from_json(j.at(2));
  r.best = v.at(0);
  r.mean = v.at(1);
  r.worst = v.at(2);
  r.diversity = v.at(3);
  r.elapsed = v.at(4);
  for (std::size_t k = 0; k < j.at(3).size(); ++k) {
    r.extra.emplace_back(j.at(3).at(k).get<std::string>(), double_from_json(j.at(4).at(k)));
  }
  return r;
}

/// What every process learns of an island after each generation.
struct IslandStatus {
  GenerationRecord record;
  bool wants = false;      // another generation
  bool cancelled = false;  // its process was asked to stop
  bool complete = false;   // its generation ran to its end (else a cancel stopped it)
  double seconds = 0;
  std::vector<Individual> emigrants;  // after a migration generation
};

/// The archipelago's record: evaluations summed, the best and worst of all islands, the mean of
/// their means and diversities; the extra columns the islands' mean, but simulations summed.
GenerationRecord archipelago_record(const std::vector<IslandStatus>& statuses, double elapsed) {
  GenerationRecord rec = statuses.front().record;
  const auto k = static_cast<double>(statuses.size());
  rec.evaluations = 0;
  rec.mean = rec.diversity = 0;
  for (auto& [name, value] : rec.extra) value = 0;
  for (const auto& s : statuses) {
    rec.evaluations += s.record.evaluations;
    rec.best = std::max(rec.best, s.record.best);
    rec.worst = std::min(rec.worst, s.record.worst);
    rec.mean += s.record.mean / k;
    rec.diversity += s.record.diversity / k;
    for (std::size_t c = 0; c < rec.extra.size() && c < s.record.extra.size(); ++c) {
      const bool summed = rec.extra[c].first == "simulations";
      rec.extra[c].second += summed ? s.record.extra[c].second : s.record.extra[c].second / k;
    }
  }
  rec.elapsed = elapsed;
  return rec;
}

}  // namespace

GeneratorResult run_generator_islands(const Catalogue& catalogue, const Ruleset& rules,
                                      const GeneratorSettings& settings, const Control& control) {
  const evo::IslandParams& params = settings.islands;
  Exchange* exchange =
      control.exchange && control.exchange->size() > 1 ? control.exchange : nullptr;
  const auto rank = static_cast<std::size_t>(exchange ? exchange->rank() : 0);
  const auto size = static_cast<std::size_t>(exchange ? exchange->size() : 1);
  std::vector<std::size_t> here;  // the islands this process runs
  for (std::size_t i = 0; i < params.islands; ++i) {
    if (i % size == rank) here.push_back(i);
  }
  const Stopwatch clock;
  const Control quiet;  // the merger's: the archipelago records and observes
  Control islands;      // the islands': they share the caller's cancel, nothing else
  islands.cancel = control.cancel;
  std::vector<GeneratorSettings> own(here.size(), settings);
  std::vector<std::unique_ptr<GeneratorRun>> runs;  // fewer than here when a cancel came first
  for (std::size_t k = 0; k < here.size() && !control.cancelled(); ++k) {
    own[k].islands = {};
    own[k].seed = evo::island_seed(settings.seed, here[k]);
    own[k].threads = evo::threads_per_island(settings.threads, here.size());
    own[k].time_limit_seconds = 0;
    runs.push_back(std::make_unique<GeneratorRun>(catalogue, rules, own[k], islands));
  }
  Workers workers(std::min<int>(resolve_threads(settings.threads),
                                static_cast<int>(std::max<std::size_t>(here.size(), 1))));

  std::vector<IslandStatus> statuses(params.islands);
  History history;
  int generation = 0, completed = 0;  // generations made, and of them run to their end
  auto migration_now = [&] {
    return params.migrants > 0 && generation > 0 &&
           static_cast<std::size_t>(generation) % params.interval == 0;
  };
  // Every island's status on every process, then the archipelago's record.
  auto share = [&] {
    const bool migrating = migration_now();
    for (std::size_t k = 0; k < here.size(); ++k) {
      IslandStatus& s = statuses[here[k]];
      const bool made = k < runs.size();
      s.complete = made && runs[k]->complete();
      s.record = s.complete ? runs[k]->last_record() : GenerationRecord{};
      s.wants = made && runs[k]->wants_generation();
      s.cancelled = control.cancelled();
      s.seconds = clock.seconds();
      s.emigrants =
          migrating && s.complete ? runs[k]->emigrants(params.migrants) : std::vector<Individual>{};
    }
    if (exchange) {
      nlohmann::json mine = nlohmann::json::array();
      for (std::size_t i : here) {
        const IslandStatus& s = statuses[i];
        mine.push_back({i, record_json(s.record), s.wants, s.cancelled, s.seconds,
                        travellers_json(s.emigrants), s.complete});
      }
      for (const auto& j : evo::detail::gather_arrays(*exchange, mine)) {
        IslandStatus& s = statuses.at(j.at(0).get<std::size_t>());
        s.record = record_from(j.at(1));
        s.wants = j.at(2).get<bool>();
        s.cancelled = j.at(3).get<bool>();
        s.seconds = j.at(4).get<double>();
        s.emigrants = travellers_from(j.at(5));
        s.complete = j.at(6).get<bool>();
      }
    }
    // A generation a cancel stopped on some island has no row.
    if (!std::all_of(statuses.begin(), statuses.end(),
                     [](const IslandStatus& s) { return s.complete; }))
      return;
    completed = generation;
    history.add(archipelago_record(statuses, clock.seconds()));
    if (control.observer) control.observer->on_generation(history.back());
  };
  // Migrants, whether from this process or another, arrive as genomes (immigrate keeps nothing
  // else of them) and are scored where they land.
  auto migrate = [&] {
    for (std::size_t k = 0; k < here.size(); ++k) {
      std::vector<Individual> arriving;
      for (std::size_t from : evo::migration_sources(params, here[k])) {
        const auto& e = statuses[from].emigrants;
        arriving.insert(arriving.end(), e.begin(), e.end());
      }
      std::stable_sort(
          arriving.begin(), arriving.end(),
          [](const Individual& a, const Individual& b) { return a.fitness > b.fitness; });
      if (arriving.size() > params.migrants) arriving.resize(params.migrants);
      runs[k]->immigrate(std::move(arriving));
    }
  };

  workers.for_each(runs.size(), [&](std::size_t k) { runs[k]->start(); });
  share();
  evo::StopReason stop = evo::StopReason::kGenerations;
  for (;;) {
    bool wants = false, cancelled = false;
    double seconds = 0;
    for (const auto& s : statuses) {
      wants = wants || s.wants;
      cancelled = cancelled || s.cancelled;
      seconds = std::max(seconds, s.seconds);
    }
    if (cancelled) {  // before the islands' wishes: an island a cancel stopped wants nothing
      stop = evo::StopReason::kCancelled;
      break;
    }
    if (!wants) break;
    if (settings.time_limit_seconds > 0 && seconds > settings.time_limit_seconds) {
      stop = evo::StopReason::kTime;
      break;
    }
    if (generation >= settings.most_generations()) {
      stop = evo::StopReason::kGenerations;
      break;
    }
    if (generation >= settings.generations) stop = evo::StopReason::kTarget;
    if (migration_now()) migrate();
    ++generation;
    workers.for_each(runs.size(), [&](std::size_t k) { runs[k]->step(); });
    share();
  }

  // The islands' archives (in island order) scored once more as one population: one archive.
  std::vector<std::vector<Individual>> archives(params.islands);
  std::uint64_t evaluations = 0, simulations = 0, measures = 0, checks = 0;
  nlohmann::json mine = nlohmann::json::array();
  for (std::size_t k = 0; k < runs.size(); ++k) {
    const GeneratorResult r = runs[k]->finish(stop);
    mine.push_back({here[k], travellers_json(r.levels), r.evaluations, r.simulations,
                    r.playability_measures, r.bird_checks});
  }
  const nlohmann::json all = exchange ? evo::detail::gather_arrays(*exchange, mine) : mine;
  for (const auto& j : all) {
    archives.at(j.at(0).get<std::size_t>()) = travellers_from(j.at(1));
    evaluations += j.at(2).get<std::uint64_t>();
    simulations += j.at(3).get<std::uint64_t>();
    measures += j.at(4).get<std::uint64_t>();
    checks += j.at(5).get<std::uint64_t>();
  }
  std::vector<Individual> candidates;
  for (auto& a : archives) {
    for (auto& ind : a) candidates.push_back(std::move(ind));
  }
  GeneratorSettings merge = settings;
  merge.islands = {};
  GeneratorRun merger(catalogue, rules, merge, quiet);
  merger.adopt(std::move(candidates));
  GeneratorResult out = merger.finish(stop);
  out.history = std::move(history);
  out.generations = completed;
  out.evaluations = evaluations;
  out.simulations += simulations;
  out.playability_measures += measures;
  out.bird_checks += checks;
  out.seconds = clock.seconds();
  return out;
}

}  // namespace evoplay::games::birds
