// The Markdown tables of a study, in the style of the document's Tables 5.5-5.7.
#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <cmath>

#include "evoplay/core/parallel.hpp"
#include "evoplay/games/lemmings/study_report.hpp"

namespace evoplay::games::lemmings {

namespace {

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

/// The fewest actions of a solution: "3 (median 4)" over the runs that solve; "–" without one.
std::string fewest_text(const stats::Summary& s) {
  if (s.n == 0) return "–";
  return fmt::format("{:.0f} (median {:g})", s.min, s.median);
}

std::string p_text(double p) {
  if (std::isnan(p)) return "–";
  if (p < 0.001) return "<0.001";
  return fmt::format("{:.3f}", p);
}

std::string percent(double rate) { return fmt::format("{:.0f}%", 100 * rate); }

}  // namespace

std::string study_markdown(const StudyResult& r) {
  const auto& spec = r.spec;
  std::string md;
  std::vector<std::string_view> labels;
  for (auto a : spec.algorithms) labels.push_back(algorithm_label(a));
  md += fmt::format("# Lemmings: {} on {} levels, {} runs of {} evaluations each (seed {})\n\n",
                    fmt::join(labels, ", "), r.levels.size(), spec.runs, spec.solver.evaluations,
                    spec.solver.seed);
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
        "\nThe fewest actions of a solution (the genes that had an effect): the fewest of all "
        "runs, and the median of each run's fewest over the runs that solve (– : no run "
        "solved):\n\n";
    md += header("level", "", false);
    for (std::size_t l = 0; l < r.levels.size(); ++l) {
      std::string row = "| " + r.levels[l].id + " |";
      for (auto a : spec.algorithms)
        row += " " + fewest_text(r.cell(l, f, a).fewest_actions) + " |";
      md += row + "\n";
    }
    md +=
        "\nShare of runs that solve, per difficulty (Pingus: per level set; 95% Wilson interval); "
        "\"any\": run r of a level solved by at least one algorithm:\n\n";
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
      r.runs.size(), r.evaluations, r.seconds, resolve_threads(spec.solver.threads),
      r.seconds > 0 ? static_cast<double>(r.evaluations) / r.seconds : 0.0, r.cpu_seconds);
  return md;
}

}  // namespace evoplay::games::lemmings
