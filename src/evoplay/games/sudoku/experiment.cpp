#include "evoplay/games/sudoku/experiment.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <map>

#include "evoplay/core/error.hpp"
#include "evoplay/core/history.hpp"
#include "evoplay/core/parallel.hpp"
#include "evoplay/core/text.hpp"
#include "evoplay/render/plot.hpp"

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

std::string csv_text(const std::string& s) {
  return s.find_first_of(",\"") == std::string::npos ? s : "\"" + s + "\"";
}
}  // namespace

void parse_vary(const std::string& text, std::string& name, std::vector<double>& values) {
  const auto eq = text.find('=');
  const std::string expected =
      "expected --vary NAME=FROM:TO:STEP or NAME=V1,V2,... with NAME one of population, "
      "generations, crossover-rate, mutation-rate";
  if (eq == std::string::npos) throw Error(fmt::format("--vary '{}': {}", text, expected));
  name = text.substr(0, eq);
  if (std::find(std::begin(kVaryNames), std::end(kVaryNames), name) == std::end(kVaryNames)) {
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
    const bool integral = name == "population" || name == "generations";
    // The same limits as --population and --generations (docs/reliability.md).
    const double lo = name == "population" ? 2 : 1, hi = name == "population" ? 1e6 : 1e9;
    if (integral && !(v == std::floor(v) && v >= lo && v <= hi)) {
      throw Error(fmt::format("--vary '{}': {} must be a whole number from {:g} to {:g}", text,
                              name, lo, hi));
    }
    if (!integral && !(v >= 0 && v <= 1))
      throw Error(fmt::format("--vary '{}': {} must be in [0, 1]", text, name));
  }
}

ExperimentResult run_experiment(const std::vector<Board>& puzzles, const ExperimentSpec& spec,
                                const std::function<void(std::size_t, std::size_t)>& progress) {
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
  struct Done {
    GaOutcome outcome;
    std::uint64_t seed = 0;
  };
  std::vector<Done> done(total);
  const Rng master(spec.seed);
  const std::size_t max_generations =
      by_generations
          ? static_cast<std::size_t>(*std::max_element(spec.values.begin(), spec.values.end()))
          : spec.base.generations;
  Workers workers(spec.threads);
  const std::size_t chunk = static_cast<std::size_t>(workers.threads()) * 2;
  for (std::size_t start = 0; start < total; start += chunk) {
    const std::size_t count = std::min(chunk, total - start);
    workers.for_each(count, [&](std::size_t k) {
      const std::size_t task = start + k;
      const Key& key = keys[task / per_key];
      const std::size_t puzzle = (task % per_key) / runs, run = task % runs;
      GaSettings s = spec.base;
      s.crossover = key.crossover;
      s.mutation = key.mutation;
      if (!spec.vary.empty() && !by_generations) apply_value(s, spec.vary, key.value);
      if (by_generations) s.generations = max_generations;
      s.seed = master.split({puzzle, run}).seed();
      s.threads = 1;
      done[task].seed = s.seed;
      done[task].outcome = solve_ga(puzzles[puzzle], s);
    });
    if (progress) progress(start + count, total);
  }

  ExperimentResult result;
  const std::vector<double> values = by_generations ? spec.values : std::vector<double>{kNaN};
  for (std::size_t task = 0; task < total; ++task) {
    const Key& key = keys[task / per_key];
    const GaOutcome& o = done[task].outcome;
    for (double v : values) {
      RunRecord r;
      r.crossover = key.crossover;
      r.mutation = key.mutation;
      r.value = by_generations ? v : key.value;
      r.puzzle = static_cast<int>((task % per_key) / runs);
      r.run = static_cast<int>(task % runs);
      r.seed = done[task].seed;
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
        r.fitness = o.fitness;
        r.solved = o.solved;
        r.generations = o.generations;
        r.evaluations = o.evaluations;
        r.seconds = o.seconds;
      }
      result.runs.push_back(r);
    }
  }

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

std::string summary_csv(const ExperimentResult& result, const std::string& vary) {
  std::string csv = "crossover,mutation";
  if (!vary.empty()) csv.append(",").append(vary);
  csv +=
      ",runs,solved,success_rate,success_low95,success_high95,median_generations,"
      "median_evaluations,median_failed_fitness,mean_best_fitness,mean_seconds\n";
  for (const auto& c : result.configs) {
    csv += csv_text(c.crossover) + "," + csv_text(c.mutation);
    if (!vary.empty()) csv.append(",").append(format_number(c.value));
    csv += fmt::format(",{},{},{},{},{},{},{},{},{},{}\n", c.runs, c.successes,
                       format_number(c.success.rate), format_number(c.success.ci95.low),
                       format_number(c.success.ci95.high), format_number(c.median_generations),
                       format_number(c.median_evaluations), format_number(c.median_failed_fitness),
                       format_number(c.mean_best_fitness), format_number(c.mean_seconds));
  }
  return csv;
}

std::string runs_csv(const ExperimentResult& result, const std::string& vary) {
  std::string csv = "crossover,mutation";
  if (!vary.empty()) csv.append(",").append(vary);
  csv += ",puzzle,run,seed,solved,best_fitness,generations,evaluations,seconds\n";
  for (const auto& r : result.runs) {
    csv += csv_text(r.crossover) + "," + csv_text(r.mutation);
    if (!vary.empty()) csv.append(",").append(format_number(r.value));
    csv +=
        fmt::format(",{},{},{},{},{},{},{},{}\n", r.puzzle + 1, r.run + 1, r.seed, r.solved ? 1 : 0,
                    r.fitness, r.generations, r.evaluations, format_number(r.seconds));
  }
  return csv;
}

void save_experiment_plots(const ExperimentResult& result, const std::string& vary,
                           const std::string& title, const std::filesystem::path& success_png,
                           const std::filesystem::path& fitness_png) {
  if (vary.empty()) {
    render::BarChart success, fitness;
    success.title = title + ": runs solved";
    success.y_label = "solved (%), bars: 95% interval";
    success.y_max = 100;
    fitness.title = title + ": best fitness at the end";
    fitness.y_label = "mean best fitness (0 = solved)";
    render::BarGroup s{"solved %", {}, {}}, f{"mean best fitness", {}, {}};
    for (const auto& c : result.configs) {
      success.categories.push_back(c.label);
      fitness.categories.push_back(c.label);
      s.values.push_back(100 * c.success.rate);
      s.errors.push_back(50 * (c.success.ci95.high - c.success.ci95.low));
      f.values.push_back(c.mean_best_fitness);
    }
    success.groups.push_back(s);
    fitness.groups.push_back(f);
    render::save_bar_chart(success_png, success);
    render::save_bar_chart(fitness_png, fitness);
    return;
  }
  render::LinePlot success, fitness;
  success.title = title + ": runs solved against " + vary;
  success.x_label = fitness.x_label = vary;
  success.y_label = "solved (%), band: 95% interval";
  success.y_min = 0;
  success.y_max = 100;
  fitness.title = title + ": mean best fitness against " + vary;
  fitness.y_label = "mean best fitness (0 = solved)";
  fitness.y_min = 0;
  // Operators often tie (all at 0% or 100% solved): distinct dashes and markers keep each line
  // visible where they coincide.
  success.distinct_styles = fitness.distinct_styles = true;
  std::map<std::string, std::size_t> index;  // label -> series
  for (const auto& c : result.configs) {
    auto [it, fresh] = index.emplace(c.label, success.series.size());
    if (fresh) {
      render::Series line;
      line.label = c.label;
      line.markers = true;
      success.series.push_back(line);
      fitness.series.push_back(line);
    }
    auto& s = success.series[it->second];
    auto& f = fitness.series[it->second];
    s.x.push_back(c.value);
    s.y.push_back(100 * c.success.rate);
    s.low.push_back(100 * c.success.ci95.low);
    s.high.push_back(100 * c.success.ci95.high);
    f.x.push_back(c.value);
    f.y.push_back(c.mean_best_fitness);
  }
  // Interval bands stay readable for a few lines only; with more, the lines alone are drawn.
  if (success.series.size() > 3) {
    success.y_label = "solved (%)";
    for (auto& s : success.series) s.low.clear(), s.high.clear();
  }
  render::save_line_plot(success_png, success);
  render::save_line_plot(fitness_png, fitness);
}

}  // namespace evoplay::games::sudoku
