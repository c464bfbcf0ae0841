#include "evoplay/games/lemmings/study.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <map>
#include <mutex>

#include "evoplay/core/error.hpp"
#include "evoplay/core/history.hpp"
#include "evoplay/core/parallel.hpp"
#include "evoplay/core/rng.hpp"
#include "evoplay/core/stopwatch.hpp"
#include "evoplay/render/plot.hpp"

namespace evoplay::games::lemmings {

namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

/// FNV-1a of a text: the same on every machine (std::hash is not).
std::uint64_t text_hash(const std::string& text) {
  std::uint64_t h = 0xCBF29CE484222325ULL;
  for (unsigned char c : text) h = (h ^ c) * 0x100000001B3ULL;
  return h;
}

std::string difficulty_of(const std::string& id) {
  for (const char* d : {"easy", "medium", "hard"}) {
    const std::string prefix = d;
    if (id.rfind(prefix, 0) == 0 &&
        (id.size() == prefix.size() ||
         !std::isalpha(static_cast<unsigned char>(id[prefix.size()])))) {
      return prefix;
    }
  }
  return "other";
}

/// The value of a history at each checkpoint: running best and the last record's mean.
void curves_of(const History& history, std::uint64_t budget, std::size_t points,
               std::vector<double>& best, std::vector<double>& mean) {
  best.assign(points, kNaN);
  mean.assign(points, kNaN);
  std::size_t row = 0;
  double running = kNaN;
  const auto& rows = history.rows;
  for (std::size_t k = 0; k < points; ++k) {
    const auto at = budget * (k + 1) / points;
    while (row < rows.size() && rows[row].evaluations <= at) {
      running = std::isnan(running) ? rows[row].best : std::max(running, rows[row].best);
      ++row;
    }
    if (row == 0) continue;
    best[k] = running;
    mean[k] = rows[row - 1].mean;
  }
}

std::string csv_text(const std::string& s) {
  return s.find_first_of(",\"") == std::string::npos ? s : "\"" + s + "\"";
}

/// "12.3 ± 4.5" with sensible digits.
std::string mean_sd(const stats::Summary& s) {
  auto num = [](double v) {
    return v >= 100 ? fmt::format("{:.0f}", v) : fmt::format("{:.1f}", v);
  };
  return num(s.mean) + " ± " + num(s.stddev);
}

/// A fitness as "0.529 ± 0.004".
std::string fitness_mean_sd(const stats::Summary& s) {
  return fmt::format("{:.3f} ± {:.3f}", s.mean, s.stddev);
}

/// Evaluations to the first solution: "193 [88–1024], 412 ± 230"; "–" without a solved run.
std::string first_text(const stats::Summary& s) {
  if (s.n == 0) return "–";
  return fmt::format("{:.0f} [{:.0f}–{:.0f}], {:.0f} ± {:.0f}", s.median, s.min, s.max, s.mean,
                     s.stddev);
}

std::string p_text(double p) {
  if (std::isnan(p)) return "–";
  if (p < 0.001) return "<0.001";
  return fmt::format("{:.3f}", p);
}

std::string percent(double rate) { return fmt::format("{:.0f}%", 100 * rate); }

}  // namespace

std::vector<StudyLevel> load_study_levels(const std::vector<std::filesystem::path>& files) {
  std::vector<StudyLevel> out;
  for (const auto& f : files) {
    StudyLevel l;
    l.file = f.string();
    l.id = f.stem().string();
    l.difficulty = difficulty_of(l.id);
    l.level = load_level(f.string());
    if (l.level.total_skills() <= 0) {
      throw Error(l.file, 0, "the level offers no skill: there is nothing for a solver to plan");
    }
    out.push_back(std::move(l));
  }
  // Easy, medium, hard, then the others; in the order given within each.
  auto rank = [](const StudyLevel& l) {
    return l.difficulty == "easy"     ? 0
           : l.difficulty == "medium" ? 1
           : l.difficulty == "hard"   ? 2
                                      : 3;
  };
  std::stable_sort(out.begin(), out.end(),
                   [&](const StudyLevel& a, const StudyLevel& b) { return rank(a) < rank(b); });
  return out;
}

nlohmann::json StudySpec::to_json() const {
  nlohmann::json algos = nlohmann::json::array(), fits = nlohmann::json::array();
  for (auto a : algorithms) algos.push_back(algorithm_name(a));
  for (auto f : fitnesses) fits.push_back(fitness_name(f));
  return {{"algorithms", algos},
          {"fitnesses", fits},
          {"runs", runs},
          {"evaluations", evaluations},
          {"population", population},
          {"seed", seed},
          {"threads", resolve_threads(threads)},
          {"curve_points", curve_points},
          {"ga_selection", ga_selection.name()},
          {"aco_variant", aco_variant}};
}

SolverSettings StudySpec::solver_settings() const {
  SolverSettings s;
  s.evaluations = evaluations;
  s.population = population;
  s.threads = 1;
  s.ga.selection = ga_selection;
  s.set_aco_variant(aco_variant);
  s.cro = cro;
  return s;
}

const StudyCell& StudyResult::cell(std::size_t level, FitnessKind f, Algorithm a) const {
  for (const auto& c : cells) {
    if (c.level == level && c.fitness == f && c.algorithm == a) return c;
  }
  throw InternalError("study: no such cell");
}

StudyResult run_study(std::vector<StudyLevel> levels, const StudySpec& spec,
                      const std::function<void(std::size_t, std::size_t)>& progress) {
  if (levels.empty()) throw Error("lemmings compare: no levels");
  if (spec.runs < 1) throw Error("lemmings compare: --runs must be at least 1");
  if (spec.algorithms.empty() || spec.fitnesses.empty())
    throw Error("lemmings compare: need at least one algorithm and one fitness");
  const SolverSettings base = spec.solver_settings();
  StudyResult result;
  result.spec = spec;
  result.levels = std::move(levels);
  const Stopwatch clock;
  const double cpu_start = process_cpu_seconds();

  // The runs, level-major; the slowest (hard) levels come first in the queue.
  for (std::size_t l = 0; l < result.levels.size(); ++l) {
    for (auto f : spec.fitnesses) {
      for (auto a : spec.algorithms) {
        for (int r = 0; r < spec.runs; ++r) {
          StudyRun run;
          run.level = l;
          run.fitness = f;
          run.algorithm = a;
          run.run = r;
          run.seed = Rng(spec.seed)
                         .split({text_hash(result.levels[l].id), static_cast<std::uint64_t>(r)})
                         .seed();
          result.runs.push_back(std::move(run));
        }
      }
    }
  }
  std::vector<std::size_t> order(result.runs.size());
  for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
  auto rank = [&](std::size_t i) {
    const auto& d = result.levels[result.runs[i].level].difficulty;
    return d == "hard" ? 0 : d == "medium" ? 1 : d == "other" ? 2 : 3;
  };
  std::stable_sort(order.begin(), order.end(),
                   [&](std::size_t a, std::size_t b) { return rank(a) < rank(b); });

  std::mutex mutex;
  std::size_t done = 0;
  const std::size_t points = std::max<std::size_t>(spec.curve_points, 1);
  parallel_slots(order.size(), spec.threads, [&](std::size_t k) {
    StudyRun& run = result.runs[order[k]];
    SolverSettings s = base;
    s.algorithm = run.algorithm;
    s.fitness = run.fitness;
    s.seed = run.seed;
    const double cpu_start = thread_cpu_seconds();
    SolveResult r = solve(result.levels[run.level].level, s);
    run.cpu_seconds = thread_cpu_seconds() - cpu_start;
    run.solved = r.solved;
    run.first_solution = r.first_solution;
    run.distinct = r.distinct();
    run.solutions = std::move(r.solutions);
    run.best_fitness = r.best_fitness;
    run.evaluations = r.evaluations;
    run.seconds = r.seconds;
    run.simulation_seconds = r.simulation_seconds;
    curves_of(r.history, spec.evaluations, points, run.best_curve, run.mean_curve);
    if (progress) {
      const std::lock_guard lock(mutex);
      progress(++done, order.size());
    }
  });

  // Per level, fitness and algorithm.
  for (std::size_t l = 0; l < result.levels.size(); ++l) {
    for (auto f : spec.fitnesses) {
      for (auto a : spec.algorithms) {
        StudyCell c;
        c.level = l;
        c.fitness = f;
        c.algorithm = a;
        std::vector<double> distinct, best, first;
        std::vector<std::uint64_t> all;
        for (const auto& run : result.runs) {
          if (run.level != l || run.fitness != f || run.algorithm != a) continue;
          ++c.runs;
          c.solved += run.solved;
          distinct.push_back(static_cast<double>(run.distinct));
          best.push_back(run.best_fitness);
          if (run.solved) first.push_back(static_cast<double>(run.first_solution));
          all.insert(all.end(), run.solutions.begin(), run.solutions.end());
        }
        std::sort(all.begin(), all.end());
        c.distinct_union =
            static_cast<std::size_t>(std::unique(all.begin(), all.end()) - all.begin());
        c.solve_rate = stats::success_rate(c.solved, c.runs);
        c.distinct = stats::summarize(distinct);
        c.best_fitness = stats::summarize(best);
        if (!first.empty()) c.first_solution = stats::summarize(first);
        result.cells.push_back(c);
      }
    }
  }
  // Each baseline's distinct solutions per run against CRO's (CRO may come after it in
  // spec.algorithms, so once every cell is made).
  for (auto& c : result.cells) {
    if (c.algorithm == Algorithm::kCro) continue;
    std::vector<double> cro, mine;
    for (const auto& run : result.runs) {
      if (run.level != c.level || run.fitness != c.fitness) continue;
      if (run.algorithm == Algorithm::kCro) cro.push_back(static_cast<double>(run.distinct));
      if (run.algorithm == c.algorithm) mine.push_back(static_cast<double>(run.distinct));
    }
    if (!cro.empty()) c.p_vs_cro = stats::mann_whitney(cro, mine).p_value;
  }

  // Per difficulty.
  std::vector<std::string> difficulties;
  for (const char* d : {"easy", "medium", "hard", "other"}) {
    for (const auto& l : result.levels) {
      if (l.difficulty == d) {
        difficulties.emplace_back(d);
        break;
      }
    }
  }
  for (const auto& d : difficulties) {
    for (auto f : spec.fitnesses) {
      StudyDifficulty sd;
      sd.difficulty = d;
      sd.fitness = f;
      sd.solved.assign(spec.algorithms.size(), 0);
      std::map<std::pair<std::size_t, int>, bool> any;  // (level, run) -> solved by some
      for (const auto& run : result.runs) {
        if (result.levels[run.level].difficulty != d || run.fitness != f) continue;
        const auto ai = static_cast<std::size_t>(
            std::find(spec.algorithms.begin(), spec.algorithms.end(), run.algorithm) -
            spec.algorithms.begin());
        sd.solved[ai] += run.solved;
        any[{run.level, run.run}] = any[{run.level, run.run}] || run.solved;
      }
      sd.runs = any.size();
      for (std::size_t ai = 0; ai < spec.algorithms.size(); ++ai) {
        sd.by_algorithm.push_back(stats::success_rate(sd.solved[ai], sd.runs));
      }
      for (const auto& [key, solved] : any) sd.any_solved += solved;
      sd.any = stats::success_rate(sd.any_solved, sd.runs);
      result.difficulties.push_back(sd);
    }
  }
  for (const auto& run : result.runs) result.evaluations += run.evaluations;
  result.seconds = clock.seconds();
  result.cpu_seconds = process_cpu_seconds() - cpu_start;
  return result;
}

std::string study_markdown(const StudyResult& r) {
  const auto& spec = r.spec;
  std::string md;
  md += fmt::format(
      "# Lemmings: {} on {} levels, {} runs of {} evaluations each (seed {})\n\n",
      [&] {
        std::string s;
        for (std::size_t i = 0; i < spec.algorithms.size(); ++i) {
          s += (i ? ", " : "") + std::string(algorithm_label(spec.algorithms[i]));
        }
        return s;
      }(),
      r.levels.size(), spec.runs, spec.evaluations, spec.seed);
  auto header = [&](const std::string& first, const std::string& per_algo, bool p_values) {
    std::string h = "| " + first + " |", rule = "|---|";
    for (auto a : spec.algorithms) {
      h += fmt::format(" {}{}{} |", algorithm_label(a), per_algo.empty() ? "" : " ", per_algo);
      rule += "---:|";
    }
    if (p_values) {
      for (auto a : spec.algorithms) {
        if (a == Algorithm::kCro) continue;
        h += fmt::format(" p CRO–{} |", algorithm_label(a));
        rule += "---:|";
      }
    }
    return h + "\n" + rule + "\n";
  };
  const bool has_cro = std::find(spec.algorithms.begin(), spec.algorithms.end(), Algorithm::kCro) !=
                       spec.algorithms.end();
  for (auto f : spec.fitnesses) {
    md += fmt::format("## {} fitness\n\n", f == FitnessKind::kOriginal ? "Original" : "Heuristic");
    md += fmt::format(
        "Distinct solutions per run (mean ± sd; in brackets, distinct over all {} runs together)"
        "{}:\n\n",
        spec.runs,
        has_cro ? "; p: two-sided Mann–Whitney U of the runs' counts, CRO against each baseline"
                : "");
    md += header("level", "", has_cro);
    for (std::size_t l = 0; l < r.levels.size(); ++l) {
      std::string row = "| " + r.levels[l].id + " |";
      for (auto a : spec.algorithms) {
        const auto& c = r.cell(l, f, a);
        row += fmt::format(" {} ({}) |", mean_sd(c.distinct), c.distinct_union);
      }
      if (has_cro) {
        for (auto a : spec.algorithms) {
          if (a != Algorithm::kCro) row += " " + p_text(r.cell(l, f, a).p_vs_cro) + " |";
        }
      }
      md += row + "\n";
    }
    md += fmt::format(
        "\nRuns that solve the level (of {}) and best fitness of the runs (mean ± sd):\n\n",
        spec.runs);
    md += header("level", "solved · best", false);
    for (std::size_t l = 0; l < r.levels.size(); ++l) {
      std::string row = "| " + r.levels[l].id + " |";
      for (auto a : spec.algorithms) {
        const auto& c = r.cell(l, f, a);
        row += fmt::format(" {}/{} · {} |", c.solved, c.runs, fitness_mean_sd(c.best_fitness));
      }
      md += row + "\n";
    }
    md +=
        "\nEvaluations to the first solution, over the runs that solve: median [min–max], "
        "mean ± sd (– : no run solved; quartiles in summary.csv):\n\n";
    md += header("level", "", false);
    for (std::size_t l = 0; l < r.levels.size(); ++l) {
      std::string row = "| " + r.levels[l].id + " |";
      for (auto a : spec.algorithms) row += " " + first_text(r.cell(l, f, a).first_solution) + " |";
      md += row + "\n";
    }
    md +=
        "\nShare of runs that solve, per difficulty (95% Wilson interval); \"any\": run r of a "
        "level solved by at least one algorithm:\n\n";
    {
      std::string h = header("difficulty", "", false);
      const auto newline = h.find('\n');
      h.insert(newline, " any |");
      h.insert(h.size() - 1, "---:|");
      md += h;
    }
    for (const auto& d : r.difficulties) {
      if (d.fitness != f) continue;
      std::string row = "| " + d.difficulty + " |";
      for (std::size_t ai = 0; ai < spec.algorithms.size(); ++ai) {
        const auto& rate = d.by_algorithm[ai];
        row += fmt::format(" {} [{}, {}] |", percent(rate.rate), percent(rate.ci95.low),
                           percent(rate.ci95.high));
      }
      row += fmt::format(" {} [{}, {}] |", percent(d.any.rate), percent(d.any.ci95.low),
                         percent(d.any.ci95.high));
      md += row + "\n";
    }
    md += "\n";
  }
  if (spec.fitnesses.size() > 1) {
    md +=
        "## Original against heuristic fitness\n\nDistinct solutions over all runs together "
        "(as the document's Table 5.7):\n\n";
    std::string h = "| level |", rule = "|---|";
    for (auto a : spec.algorithms) {
      for (auto f : spec.fitnesses) {
        h += fmt::format(" {} {} |", algorithm_label(a), fitness_name(f));
        rule += "---:|";
      }
    }
    md += h + "\n" + rule + "\n";
    std::vector<std::size_t> totals(spec.algorithms.size() * spec.fitnesses.size(), 0);
    for (std::size_t l = 0; l < r.levels.size(); ++l) {
      std::string row = "| " + r.levels[l].id + " |";
      std::size_t i = 0;
      for (auto a : spec.algorithms) {
        for (auto f : spec.fitnesses) {
          const auto n = r.cell(l, f, a).distinct_union;
          totals[i++] += n;
          row += fmt::format(" {} |", n);
        }
      }
      md += row + "\n";
    }
    std::string row = "| **total** |";
    for (auto t : totals) row += fmt::format(" **{}** |", t);
    md += row + "\n\n";
  }
  md += fmt::format(
      "{} runs, {} evaluations in {:.1f} s on {} threads ({:.0f} evaluations per second; {:.1f} "
      "CPU seconds)\n",
      r.runs.size(), r.evaluations, r.seconds, resolve_threads(spec.threads),
      r.seconds > 0 ? static_cast<double>(r.evaluations) / r.seconds : 0.0, r.cpu_seconds);
  return md;
}

std::string study_summary_csv(const StudyResult& r) {
  std::string csv =
      "level,difficulty,fitness,algorithm,runs,solved,solve_rate,solve_low95,solve_high95,"
      "distinct_mean,distinct_sd,distinct_median,distinct_min,distinct_max,distinct_union,"
      "p_distinct_vs_cro,best_fitness_mean,best_fitness_sd,first_solution_mean,first_solution_sd,"
      "first_solution_min,first_solution_q1,first_solution_median,first_solution_q3,"
      "first_solution_max\n";
  for (const auto& c : r.cells) {
    const auto& l = r.levels[c.level];
    const auto& first = c.first_solution;
    // Over the solved runs; empty without one.
    auto f = [&](double v) { return first.n ? format_number(v) : std::string(); };
    csv += fmt::format("{},{},{},{},{},{},{},{},{},{},{},{},{},{},{},{},{},{},", csv_text(l.id),
                       l.difficulty, fitness_name(c.fitness), algorithm_name(c.algorithm), c.runs,
                       c.solved, format_number(c.solve_rate.rate),
                       format_number(c.solve_rate.ci95.low), format_number(c.solve_rate.ci95.high),
                       format_number(c.distinct.mean), format_number(c.distinct.stddev),
                       format_number(c.distinct.median), format_number(c.distinct.min),
                       format_number(c.distinct.max), c.distinct_union, format_number(c.p_vs_cro),
                       format_number(c.best_fitness.mean), format_number(c.best_fitness.stddev));
    csv += fmt::format("{},{},{},{},{},{},{}\n", f(first.mean), f(first.stddev), f(first.min),
                       f(first.q1), f(first.median), f(first.q3), f(first.max));
  }
  return csv;
}

std::string study_runs_csv(const StudyResult& r) {
  std::string csv =
      "level,difficulty,fitness,algorithm,run,seed,solved,first_solution,distinct,best_fitness,"
      "evaluations,seconds,simulation_seconds,cpu_seconds\n";
  for (const auto& run : r.runs) {
    const auto& l = r.levels[run.level];
    csv += fmt::format(
        "{},{},{},{},{},{},{},{},{},{},{},{},{},{}\n", csv_text(l.id), l.difficulty,
        fitness_name(run.fitness), algorithm_name(run.algorithm), run.run + 1, run.seed,
        run.solved ? 1 : 0, run.first_solution ? std::to_string(run.first_solution) : std::string(),
        run.distinct, format_number(run.best_fitness), run.evaluations, format_number(run.seconds),
        format_number(run.simulation_seconds), format_number(run.cpu_seconds));
  }
  return csv;
}

namespace {
/// Mean over the runs of a cell of one of their curves (NaN points skipped).
std::vector<double> mean_curve(const StudyResult& r, std::size_t level, FitnessKind f, Algorithm a,
                               bool best) {
  const std::size_t points = std::max<std::size_t>(r.spec.curve_points, 1);
  std::vector<double> sum(points, 0.0), count(points, 0.0);
  for (const auto& run : r.runs) {
    if (run.level != level || run.fitness != f || run.algorithm != a) continue;
    const auto& c = best ? run.best_curve : run.mean_curve;
    for (std::size_t k = 0; k < points && k < c.size(); ++k) {
      if (std::isnan(c[k])) continue;
      sum[k] += c[k];
      count[k] += 1;
    }
  }
  for (std::size_t k = 0; k < points; ++k) sum[k] = count[k] > 0 ? sum[k] / count[k] : kNaN;
  return sum;
}
}  // namespace

std::string study_curves_csv(const StudyResult& r) {
  std::string csv = "level,fitness,algorithm,evaluations,best,mean\n";
  const std::size_t points = std::max<std::size_t>(r.spec.curve_points, 1);
  for (std::size_t l = 0; l < r.levels.size(); ++l) {
    for (auto f : r.spec.fitnesses) {
      for (auto a : r.spec.algorithms) {
        const auto best = mean_curve(r, l, f, a, true), mean = mean_curve(r, l, f, a, false);
        for (std::size_t k = 0; k < points; ++k) {
          csv += fmt::format("{},{},{},{},{},{}\n", csv_text(r.levels[l].id), fitness_name(f),
                             algorithm_name(a), r.spec.evaluations * (k + 1) / points,
                             format_number(best[k]), format_number(mean[k]));
        }
      }
    }
  }
  return csv;
}

nlohmann::json study_json(const StudyResult& r) {
  nlohmann::json levels = nlohmann::json::array(), cells = nlohmann::json::array(),
                 diffs = nlohmann::json::array();
  for (const auto& l : r.levels) {
    levels.push_back(
        {{"file", l.file}, {"id", l.id}, {"name", l.level.name}, {"difficulty", l.difficulty}});
  }
  auto nullable = [](double v) {
    return std::isnan(v) ? nlohmann::json(nullptr) : nlohmann::json(v);
  };
  for (const auto& c : r.cells) {
    cells.push_back(
        {{"level", r.levels[c.level].id},
         {"fitness", fitness_name(c.fitness)},
         {"algorithm", algorithm_name(c.algorithm)},
         {"runs", c.runs},
         {"solved", c.solved},
         {"solve_rate", c.solve_rate.rate},
         {"solve_ci95", {c.solve_rate.ci95.low, c.solve_rate.ci95.high}},
         {"distinct",
          {{"mean", c.distinct.mean},
           {"sd", c.distinct.stddev},
           {"median", c.distinct.median},
           {"min", c.distinct.min},
           {"max", c.distinct.max}}},
         {"distinct_union", c.distinct_union},
         {"p_distinct_vs_cro", nullable(c.p_vs_cro)},
         {"best_fitness", {{"mean", c.best_fitness.mean}, {"sd", c.best_fitness.stddev}}},
         {"median_first_solution", nullable(c.median_first_solution())},
         {"first_solution", c.first_solution.n == 0
                                ? nlohmann::json(nullptr)
                                : nlohmann::json{{"runs", c.first_solution.n},
                                                 {"mean", c.first_solution.mean},
                                                 {"sd", c.first_solution.stddev},
                                                 {"min", c.first_solution.min},
                                                 {"q1", c.first_solution.q1},
                                                 {"median", c.first_solution.median},
                                                 {"q3", c.first_solution.q3},
                                                 {"max", c.first_solution.max}}}});
  }
  for (const auto& d : r.difficulties) {
    nlohmann::json by = nlohmann::json::object();
    for (std::size_t ai = 0; ai < r.spec.algorithms.size(); ++ai) {
      by[std::string(algorithm_name(r.spec.algorithms[ai]))] = {
          {"solved", d.solved[ai]},
          {"rate", d.by_algorithm[ai].rate},
          {"ci95", {d.by_algorithm[ai].ci95.low, d.by_algorithm[ai].ci95.high}}};
    }
    diffs.push_back({{"difficulty", d.difficulty},
                     {"fitness", fitness_name(d.fitness)},
                     {"runs", d.runs},
                     {"by_algorithm", by},
                     {"any",
                      {{"solved", d.any_solved},
                       {"rate", d.any.rate},
                       {"ci95", {d.any.ci95.low, d.any.ci95.high}}}}});
  }
  return {{"spec", r.spec.to_json()}, {"levels", levels},
          {"cells", cells},           {"difficulties", diffs},
          {"runs", r.runs.size()},    {"evaluations", r.evaluations},
          {"seconds", r.seconds},     {"cpu_seconds", r.cpu_seconds}};
}

std::vector<std::filesystem::path> save_study_plots(const StudyResult& r,
                                                    const std::filesystem::path& dir) {
  std::vector<std::filesystem::path> written;
  const std::size_t points = std::max<std::size_t>(r.spec.curve_points, 1);
  for (auto f : r.spec.fitnesses) {
    render::BarChart distinct, solved;
    distinct.title = fmt::format("Distinct solutions per run ({} fitness, {} evaluations)",
                                 fitness_name(f), r.spec.evaluations);
    distinct.y_label = fmt::format("distinct solutions (mean of {} runs; bars: sd)", r.spec.runs);
    solved.title = fmt::format("Runs that solve the level ({} fitness, {} evaluations)",
                               fitness_name(f), r.spec.evaluations);
    solved.y_label = "runs that solve (%; bars: 95% Wilson interval)";
    solved.y_max = 100;
    distinct.width = solved.width = std::max(960, 110 * static_cast<int>(r.levels.size()));
    for (const auto& l : r.levels) {
      distinct.categories.push_back(l.id);
      solved.categories.push_back(l.id);
    }
    for (auto a : r.spec.algorithms) {
      render::BarGroup d{std::string(algorithm_label(a)), {}, {}};
      render::BarGroup s{std::string(algorithm_label(a)), {}, {}};
      for (std::size_t l = 0; l < r.levels.size(); ++l) {
        const auto& c = r.cell(l, f, a);
        d.values.push_back(c.distinct.mean);
        d.errors.push_back(c.distinct.stddev);
        s.values.push_back(100 * c.solve_rate.rate);
        s.errors.push_back(50 * (c.solve_rate.ci95.high - c.solve_rate.ci95.low));
      }
      distinct.groups.push_back(d);
      solved.groups.push_back(s);
    }
    const auto dpath = dir / fmt::format("distinct-{}.png", fitness_name(f));
    const auto spath = dir / fmt::format("solved-{}.png", fitness_name(f));
    render::save_bar_chart(dpath, distinct);
    render::save_bar_chart(spath, solved);
    written.push_back(dpath);
    written.push_back(spath);

    for (std::size_t l = 0; l < r.levels.size(); ++l) {
      render::LinePlot plot;
      plot.title = fmt::format("{} ({}), {} fitness, mean of {} runs", r.levels[l].level.name,
                               r.levels[l].difficulty, fitness_name(f), r.spec.runs);
      plot.x_label = "evaluations (simulations)";
      plot.y_label = "fitness";
      plot.y_min = 0;
      std::vector<double> x(points);
      for (std::size_t k = 0; k < points; ++k)
        x[k] = static_cast<double>(r.spec.evaluations * (k + 1) / points);
      int color = 0;
      for (auto a : r.spec.algorithms) {
        render::Series best, mean;
        best.label = std::string(algorithm_label(a)) + " best so far";
        mean.label = std::string(algorithm_label(a)) + " population mean";
        best.x = mean.x = x;
        best.y = mean_curve(r, l, f, a, true);
        mean.y = mean_curve(r, l, f, a, false);
        best.color = mean.color = color++;
        mean.dashed = true;
        plot.series.push_back(best);
        plot.series.push_back(mean);
      }
      const auto path = dir / fmt::format("fitness-{}-{}.png", fitness_name(f), r.levels[l].id);
      render::save_line_plot(path, plot);
      written.push_back(path);
    }
  }
  return written;
}

}  // namespace evoplay::games::lemmings
