#include "evoplay/games/sudoku/experiment.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <cmath>
#include <map>

#include "evoplay/core/content_hash.hpp"
#include "evoplay/core/error.hpp"
#include "evoplay/core/history.hpp"
#include "evoplay/core/json_text.hpp"
#include "evoplay/core/text.hpp"
#include "evoplay/core/units.hpp"
#include "evoplay/games/sudoku/checks.hpp"

namespace evoplay::games::sudoku {

namespace {
constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

double tidy(double x) { return std::round(x * 1e9) / 1e9; }

void apply_value(GaSettings& s, const std::string& vary, double v) {
  if (vary == "population") s.population = static_cast<std::size_t>(v);
  if (vary == "generations") s.generations = static_cast<std::size_t>(v);
  if (vary == "crossover-rate") s.crossover_rate = v;
  if (vary == "mutation-rate") s.mutation_rate = v;
}

double median_or_nan(std::vector<double> x) { return x.empty() ? kNaN : stats::median(x); }

bool is_in(const std::string& name, std::span<const std::string_view> names) {
  return std::find(names.begin(), names.end(), name) != names.end();
}

/// What is wrong with a value of the varied parameter, or "" (the limits of --population and
/// --generations, docs/reliability.md).
std::string vary_value_problem(const std::string& name, double v) {
  const bool integral = name == "population" || name == "generations";
  const double lo = name == "population" ? 2 : 1, hi = name == "population" ? 1e6 : 1e9;
  if (integral && !(v == std::floor(v) && v >= lo && v <= hi))
    return fmt::format("{} must be a whole number from {:.0f} to {:.0f}", name, lo, hi);
  if (!integral && !(v >= 0 && v <= 1)) return fmt::format("{} must be in [0, 1]", name);
  return "";
}
}  // namespace

void ExperimentSettings::validate() const {
  if (crossovers.empty() || mutations.empty())
    throw Error("crossovers, mutations: expected at least one of each");
  GaSettings probe = base;  // base's own crossover and mutation are not used
  probe.mutation = mutations[0];
  for (const auto& c : crossovers) {
    probe.crossover = c;
    probe.validate();
  }
  for (const auto& m : mutations) {
    probe.mutation = m;
    probe.validate();
  }
  if (!vary.empty()) {
    if (!is_in(vary, kVaryNames)) {
      throw Error(fmt::format("vary: unknown parameter '{}': expected one of {}", vary,
                              fmt::join(kVaryNames, ", ")));
    }
    if (values.empty()) throw Error("values: expected at least one value of " + vary);
    for (double v : values) {
      const std::string why = vary_value_problem(vary, v);
      if (!why.empty()) throw Error("values: " + why);
    }
  }
  if (!compare.empty()) {
    const bool crossovers_pair =
        compare.size() == 2 && is_in(compare[0], kCrossovers) && is_in(compare[1], kCrossovers);
    const bool mutations_pair =
        compare.size() == 2 && is_in(compare[0], kMutations) && is_in(compare[1], kMutations);
    if (!crossovers_pair && !mutations_pair)
      throw Error("compare: expected two crossovers or two mutations");
    if (!vary.empty()) throw Error("--compare cannot be combined with --vary");
    if (crossovers_pair && mutations.size() > 1)
      throw Error("--compare of crossovers needs a single --mutation");
    if (mutations_pair && crossovers.size() > 1)
      throw Error("--compare of mutations needs a single --crossover");
  }
  fields::check(*this);
}

ExperimentSettings ExperimentSettings::from_texts(const GaSettings& base,
                                                  const std::string& crossovers,
                                                  const std::string& mutations,
                                                  const std::string& compare,
                                                  const std::string& vary) {
  ExperimentSettings s;
  s.base = base;
  s.crossover_text = crossovers;
  s.mutation_text = mutations;
  s.compare_text = compare;
  s.vary_text = vary;
  s.crossovers = parse_operator_list(crossovers, kCrossovers, base.crossover, "crossover");
  s.mutations = parse_operator_list(mutations, kMutations, base.mutation, "mutation");
  if (!compare.empty()) parse_compare(compare, s);
  if (!vary.empty()) parse_vary(vary, s.vary, s.values);
  return s;
}

void ExperimentSettings::resolve(const fields::Given&) {
  ExperimentSettings s = from_texts(base, crossover_text, mutation_text, compare_text, vary_text);
  crossovers = std::move(s.crossovers);
  mutations = std::move(s.mutations);
  compare = std::move(s.compare);
  vary = std::move(s.vary);
  values = std::move(s.values);
}

nlohmann::json ExperimentSettings::to_json() const {
  GaSettings recorded = base;  // each run derives its own seed from this one
  recorded.seed = seed;
  return {{"runs", runs},
          {"ga", recorded.to_json()},
          {"crossovers", crossovers},
          {"mutations", mutations},
          {"vary", vary.empty() ? nlohmann::json(nullptr)
                                : nlohmann::json({{"name", vary}, {"values", values}})}};
}

std::vector<std::string> parse_operator_list(const std::string& text,
                                             std::span<const std::string_view> known,
                                             const std::string& fallback, const char* what) {
  if (text.empty()) return {fallback};
  if (text == "all") return {known.begin(), known.end()};
  std::vector<std::string> out;
  for (auto part : split(text, ',')) {
    const std::string name(trim(part));
    if (name == "all") {
      throw Error(fmt::format("'{}': 'all' stands alone (all of them), or name {}s: {}", text, what,
                              fmt::join(known, ", ")));
    }
    if (!is_in(name, known)) {
      throw Error(fmt::format("unknown {} '{}': expected all or one of {}", what, name,
                              fmt::join(known, ", ")));
    }
    out.push_back(name);
  }
  return out;
}

void parse_compare(const std::string& text, ExperimentSettings& settings) {
  const auto parts = split(text, ',');
  if (parts.size() != 2) throw Error("--compare: expected two operators A,B");
  settings.compare = {std::string(trim(parts[0])), std::string(trim(parts[1]))};
  const auto& [a, b] = std::pair(settings.compare[0], settings.compare[1]);
  std::vector<std::string>* list = nullptr;
  if (is_in(a, kCrossovers) && is_in(b, kCrossovers)) {
    list = &settings.crossovers;
  } else if (is_in(a, kMutations) && is_in(b, kMutations)) {
    list = &settings.mutations;
  } else {
    throw Error(fmt::format("--compare '{}': expected two crossovers ({}) or two mutations ({})",
                            text, fmt::join(kCrossovers, ", "), fmt::join(kMutations, ", ")));
  }
  for (const auto& x : settings.compare) {
    if (std::find(list->begin(), list->end(), x) == list->end()) list->push_back(x);
  }
}

void parse_vary(const std::string& text, std::string& name, std::vector<double>& values) {
  const auto eq = text.find('=');
  const std::string expected =
      "expected --vary NAME=FROM:TO:STEP or NAME=V1,V2,... with NAME one of population, "
      "generations, crossover-rate, mutation-rate";
  if (eq == std::string::npos) throw Error(fmt::format("--vary '{}': {}", text, expected));
  name = text.substr(0, eq);
  if (!is_in(name, kVaryNames)) {
    throw Error(fmt::format("--vary: unknown parameter '{}': {}", name, expected));
  }
  const std::string spec = text.substr(eq + 1);
  values.clear();
  auto number = [&](std::string_view s) {
    double v = 0;
    if (!try_parse_double(trim(s), v) || !std::isfinite(v))
      throw Error(fmt::format("--vary '{}': '{}' is not a number; {}", text, s, expected));
    return v;
  };
  const auto parts = split(spec, ':');
  if (parts.size() == 3) {
    const double from = number(parts[0]), to = number(parts[1]), step = number(parts[2]);
    if (!(step > 0) || from > to)
      throw Error(fmt::format("--vary '{}': need FROM <= TO and STEP > 0", text));
    for (int k = 0;; ++k) {
      const double v = tidy(from + k * step);
      if (v > to + 1e-9) break;
      values.push_back(v);
      if (values.size() > 1000)
        throw Error(fmt::format("--vary '{}': more than 1000 values", text));
    }
  } else if (parts.size() == 1) {
    for (auto p : split(spec, ',')) values.push_back(number(p));
  } else {
    throw Error(fmt::format("--vary '{}': {}", text, expected));
  }
  for (double v : values) {
    const std::string why = vary_value_problem(name, v);
    if (!why.empty()) throw Error(fmt::format("--vary '{}': {}", text, why));
  }
}

nlohmann::json run_record_json(const RunRecord& r) {
  return {{"crossover", r.crossover},     {"mutation", r.mutation}, {"value", json_double(r.value)},
          {"puzzle", r.puzzle},           {"run", r.run},           {"seed", r.seed},
          {"solved", r.solved},           {"fitness", r.fitness},   {"generations", r.generations},
          {"evaluations", r.evaluations}, {"seconds", r.seconds}};
}

RunRecord run_record_from_json(const nlohmann::json& j) {
  RunRecord r;
  r.crossover = j.at("crossover").get<std::string>();
  r.mutation = j.at("mutation").get<std::string>();
  r.value = double_from_json(j.at("value"));
  r.puzzle = json_integer<int>(j.at("puzzle"));
  r.run = json_integer<int>(j.at("run"));
  r.seed = json_integer<std::uint64_t>(j.at("seed"));
  r.solved = j.at("solved").get<bool>();
  r.fitness = json_integer<int>(j.at("fitness"));
  r.generations = json_integer<std::size_t>(j.at("generations"));
  r.evaluations = json_integer<std::uint64_t>(j.at("evaluations"));
  r.seconds = j.at("seconds").get<double>();
  return r;
}

ExperimentResult run_experiment(const std::vector<Board>& puzzles, const ExperimentSettings& spec,
                                const Control& control) {
  spec.validate();
  struct Key {
    std::string crossover, mutation;
    double value;
  };
  const bool by_generations = spec.vary == "generations";
  std::vector<Key> keys;  // what is run; by generations, one run serves every value
  for (const auto& c : spec.crossovers) {
    for (const auto& m : spec.mutations) {
      if (spec.vary.empty() || by_generations) {
        keys.push_back({c, m, kNaN});
      } else {
        for (double v : spec.values) keys.push_back({c, m, v});
      }
    }
  }
  const std::size_t runs = static_cast<std::size_t>(std::max(spec.runs, 1));
  const std::size_t per_key = puzzles.size() * runs;
  const std::size_t total = keys.size() * per_key;
  const Rng master(spec.seed);
  const std::size_t max_generations =
      by_generations
          ? static_cast<std::size_t>(*std::max_element(spec.values.begin(), spec.values.end()))
          : spec.base.generations;
  const std::vector<double> values = by_generations ? spec.values : std::vector<double>{kNaN};
  // Unit `task`: one run of one configuration on one puzzle; its records (one per value of
  // --vary generations, else one).
  auto run_task = [&](std::size_t task,
                      const CancelToken& cancel) -> std::optional<nlohmann::json> {
    const Key& key = keys[task / per_key];
    const std::size_t puzzle = (task % per_key) / runs, run = task % runs;
    GaSettings s = spec.base;
    s.crossover = key.crossover;
    s.mutation = key.mutation;
    if (!spec.vary.empty() && !by_generations) apply_value(s, spec.vary, key.value);
    if (by_generations) s.generations = max_generations;
    s.seed = master.split({puzzle, run}).seed();
    s.threads = 1;
    Control each;  // every run: cancelled with the whole
    each.cancel = cancel;
    const GaOutcome o = solve_ga(puzzles[puzzle], s, each);
    if (o.counters.stop == evo::StopReason::kCancelled) return std::nullopt;
    nlohmann::json records = nlohmann::json::array();
    for (double v : values) {
      RunRecord r;
      r.crossover = key.crossover;
      r.mutation = key.mutation;
      r.value = by_generations ? v : key.value;
      r.puzzle = static_cast<int>(puzzle);
      r.run = static_cast<int>(run);
      r.seed = s.seed;
      if (by_generations) {
        // The run with the largest budget, read at generation v (a run is identical to its
        // prefix: stopping earlier changes nothing before the stop).
        const auto& rows = o.history.rows;
        const std::size_t at = std::min(static_cast<std::size_t>(v), rows.size() - 1);
        r.fitness = static_cast<int>(rows[at].best);
        r.solved = r.fitness == 0;
        r.generations = rows[at].generation;
        r.evaluations = rows[at].evaluations;
        r.seconds = rows[at].elapsed;
      } else {
        r.fitness = o.fitness();
        r.solved = o.counters.solved;
        r.generations = o.counters.generations;
        r.evaluations = o.counters.evaluations;
        r.seconds = o.counters.seconds;
      }
      records.push_back(run_record_json(r));
    }
    return records;
  };
  UnitJob job;
  job.name = "sudoku experiment";
  job.count = total;
  job.threads = spec.threads;
  auto fingerprint = spec.to_json();  // what a unit depends on: not the threads
  fingerprint["ga"].erase("threads");
  const std::string settings = json_text(fingerprint, -1);
  job.key = [&](std::size_t task) {
    return fmt::format("sudoku experiment {} {}", task, settings);
  };
  ContentHash cells;
  for (const auto& p : puzzles) cells.value(p.n()).values(p.cells);
  job.fingerprint = {{"puzzles", cells.hex()}};
  job.check = [&](std::size_t task, const nlohmann::json& j) {
    if (!j.is_array() || j.size() != values.size())
      throw Error(fmt::format("expected {} run records", values.size()));
    const Key& key = keys[task / per_key];
    const std::size_t puzzle = (task % per_key) / runs, run = task % runs;
    for (const auto& record : j) {
      const RunRecord r = run_record_from_json(record);
      if (r.crossover != key.crossover || r.mutation != key.mutation ||
          r.puzzle != static_cast<int>(puzzle) || r.run != static_cast<int>(run) ||
          r.seed != master.split({puzzle, run}).seed())
        throw Error("the record of another configuration, puzzle, run or seed");
      if (r.fitness < 0 || r.solved != (r.fitness == 0) || r.generations > max_generations ||
          !(r.seconds >= 0) || !std::isfinite(r.seconds))
        throw Error("fitness, solved, generations or seconds out of range");
    }
  };
  job.run = run_task;
  const UnitResults done = run_units(job, control);

  ExperimentResult result;
  result.vary = spec.vary;
  for (const auto& records : done) {
    if (!records) continue;
    for (const auto& r : *records) result.runs.push_back(run_record_from_json(r));
  }
  result.cancelled = control.cancelled() ||
                     std::any_of(done.begin(), done.end(), [](const auto& r) { return !r; });

  // Summaries, in the order crossover, mutation, value.
  const bool many_c = spec.crossovers.size() > 1, many_m = spec.mutations.size() > 1;
  for (const auto& c : spec.crossovers) {
    for (const auto& m : spec.mutations) {
      const std::vector<double> vs = spec.vary.empty() ? std::vector<double>{kNaN} : spec.values;
      for (double v : vs) {
        ConfigSummary sum;
        sum.crossover = c;
        sum.mutation = m;
        sum.value = v;
        sum.label = many_c && many_m ? c + " + " + m : many_m ? m : c;
        std::vector<double> gens, evals, failed, best, secs;
        for (const auto& r : result.runs) {
          if (r.crossover != c || r.mutation != m) continue;
          if (!spec.vary.empty() && r.value != v) continue;
          ++sum.runs;
          best.push_back(r.fitness);
          secs.push_back(r.seconds);
          if (r.solved) {
            ++sum.successes;
            gens.push_back(static_cast<double>(r.generations));
            evals.push_back(static_cast<double>(r.evaluations));
          } else {
            failed.push_back(r.fitness);
          }
        }
        sum.success = stats::success_rate(sum.successes, sum.runs);
        sum.median_generations = median_or_nan(gens);
        sum.median_evaluations = median_or_nan(evals);
        sum.median_failed_fitness = median_or_nan(failed);
        sum.mean_best_fitness = best.empty() ? kNaN : stats::mean(best);
        sum.mean_seconds = secs.empty() ? kNaN : stats::mean(secs);
        result.configs.push_back(sum);
      }
    }
  }
  if (spec.compare.size() == 2) {
    const auto& [a, b] = std::pair(spec.compare[0], spec.compare[1]);
    auto ran = [&](const std::string& op) {
      return std::any_of(result.runs.begin(), result.runs.end(),
                         [&](const RunRecord& r) { return r.crossover == op || r.mutation == op; });
    };
    // A cancelled experiment compares only operators that have runs.
    if (!result.cancelled || (ran(a) && ran(b)))
      result.comparisons = compare_operators(result, a, b, spec.base.generations);
  }
  return result;
}

std::vector<Comparison> compare_operators(const ExperimentResult& result, const std::string& a,
                                          const std::string& b, std::size_t generation_limit) {
  auto pick = [&](const std::string& op, bool fitness) {
    std::vector<double> x;
    for (const auto& r : result.runs) {
      if (r.crossover != op && r.mutation != op) continue;
      if (fitness) {
        x.push_back(r.fitness);
      } else {
        x.push_back(r.solved ? static_cast<double>(r.generations)
                             : static_cast<double>(generation_limit + 1));
      }
    }
    return x;
  };
  std::vector<Comparison> out;
  for (bool fitness : {true, false}) {
    const auto x = pick(a, fitness), y = pick(b, fitness);
    if (x.empty() || y.empty())
      throw Error(fmt::format("--compare: no runs of '{}'", x.empty() ? a : b));
    Comparison c;
    c.a = a;
    c.b = b;
    c.measure = fitness ? "best fitness" : "generations";
    c.test = stats::mann_whitney(x, y);
    c.median_a = stats::median(x);
    c.median_b = stats::median(y);
    out.push_back(c);
  }
  return out;
}

}  // namespace evoplay::games::sudoku
