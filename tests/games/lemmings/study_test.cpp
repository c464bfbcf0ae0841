// The comparison study (`lemmings compare`): determinism at any thread count, seeds that do not
// depend on the other levels, and its tables.
#include "evoplay/games/lemmings/study.hpp"

#include <fmt/format.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <thread>

#include "evoplay/core/error.hpp"
#include "evoplay/core/run_dir.hpp"
#include "evoplay/core/stats.hpp"
#include "evoplay/core/text.hpp"
#include "evoplay/games/lemmings/study_report.hpp"
#include "support/process.hpp"

namespace lem = evoplay::games::lemmings;
using evoplay::test_support::source_path;

namespace {

std::vector<lem::StudyLevel> levels(std::initializer_list<const char*> ids) {
  std::vector<std::filesystem::path> files;
  for (const char* id : ids)
    files.push_back(source_path(std::string("data/lemmings/") + id + ".lvl"));
  return lem::load_study_levels(files);
}

lem::StudySpec small_spec(int threads) {
  lem::StudySpec spec;
  spec.runs = 2;
  spec.solver.evaluations = 500;
  spec.solver.population = 24;
  spec.solver.seed = 4;
  spec.solver.threads = threads;
  spec.curve_points = 10;
  return spec;
}

/// Everything of a run but its time.
auto key(const lem::StudyRun& r) {
  return std::make_tuple(r.level, r.algorithm, r.fitness, r.run, r.seed, r.counters.solved,
                         r.first_solution, r.distinct, r.fewest_actions, r.counters.best_fitness,
                         r.counters.evaluations, r.counters.generations, r.counters.restarts,
                         r.counters.stop, r.solutions, r.best_curve.size(), r.mean_curve.size());
}

}  // namespace

TEST(LemmingsStudy, SameResultsAtOneAndTwoThreads) {
  const auto one =
      lem::run_study(levels({"medium-02-hold-the-line", "easy-01-down-the-hole"}), small_spec(1));
  const auto two =
      lem::run_study(levels({"medium-02-hold-the-line", "easy-01-down-the-hole"}), small_spec(2));
  ASSERT_EQ(one.runs.size(), 2u * 2 * 3 * 2);
  ASSERT_EQ(one.runs.size(), two.runs.size());
  for (std::size_t i = 0; i < one.runs.size(); ++i) {
    EXPECT_EQ(key(one.runs[i]), key(two.runs[i])) << i;
    for (std::size_t k = 0; k < one.runs[i].best_curve.size(); ++k) {
      const double a = one.runs[i].best_curve[k], b = two.runs[i].best_curve[k];
      EXPECT_TRUE(a == b || (std::isnan(a) && std::isnan(b)));
    }
  }
  EXPECT_EQ(lem::study_summary_csv(one), lem::study_summary_csv(two));
  // Levels come easy first; every run spends exactly its budget.
  EXPECT_EQ(one.levels.front().difficulty, "easy");
  for (const auto& r : one.runs) EXPECT_EQ(r.counters.evaluations, 500u);
  EXPECT_EQ(one.evaluations, 500u * one.runs.size());
}

TEST(LemmingsStudy, ALevelsRunsDoNotDependOnTheOtherLevels) {
  auto spec = small_spec(2);
  spec.algorithms = {lem::Algorithm::kGa};
  spec.fitnesses = {lem::FitnessKind::kHeuristic};
  const auto alone = lem::run_study(levels({"easy-02-up-the-stairs"}), spec);
  const auto together =
      lem::run_study(levels({"easy-05-mine-shaft", "easy-02-up-the-stairs"}), spec);
  ASSERT_EQ(together.levels[1].id, "easy-02-up-the-stairs");
  for (std::size_t r = 0; r < alone.runs.size(); ++r) {
    auto a = alone.runs[r];
    auto b = together.runs[alone.runs.size() + r];
    b.level = a.level;
    EXPECT_EQ(key(a), key(b));
  }
}

TEST(LemmingsStudy, SummariesCountRunsSolutionsAndDifficulties) {
  auto spec = small_spec(2);
  spec.fitnesses = {lem::FitnessKind::kHeuristic};
  spec.runs = 3;
  const auto r = lem::run_study(levels({"easy-04-two-walls", "medium-04-demolition"}), spec);
  ASSERT_EQ(r.cells.size(), 2u * 3);
  for (const auto& c : r.cells) {
    EXPECT_EQ(c.runs, 3u);
    std::size_t most = 0, sum = 0, solved = 0;
    for (const auto& run : r.runs) {
      if (run.level != c.level || run.algorithm != c.algorithm) continue;
      most = std::max(most, run.distinct);
      sum += run.distinct;
      solved += run.counters.solved;
    }
    EXPECT_EQ(c.solved, solved);
    EXPECT_GE(c.distinct_union, most);
    EXPECT_LE(c.distinct_union, sum);
    EXPECT_DOUBLE_EQ(c.distinct.mean, static_cast<double>(sum) / 3);
    if (c.algorithm == lem::Algorithm::kCro) {
      EXPECT_TRUE(std::isnan(c.p_vs_cro));
    } else {
      EXPECT_GE(c.p_vs_cro, 0);
      EXPECT_LE(c.p_vs_cro, 1);
    }
  }
  // Evaluations to the first solution: the spread over the solved runs, not only the median;
  // and the fewest actions: the least of the solved runs' fewest.
  std::size_t cells_with_spread = 0;
  for (const auto& c : r.cells) {
    std::vector<double> firsts, fewest;
    for (const auto& run : r.runs) {
      if (run.level == c.level && run.algorithm == c.algorithm && run.counters.solved) {
        firsts.push_back(static_cast<double>(run.first_solution));
        fewest.push_back(static_cast<double>(run.fewest_actions));
      }
    }
    ASSERT_EQ(c.first_solution.n, firsts.size());
    ASSERT_EQ(c.fewest_actions.n, fewest.size());
    if (firsts.empty()) {
      EXPECT_TRUE(std::isnan(c.median_first_solution()));
      continue;
    }
    EXPECT_DOUBLE_EQ(c.fewest_actions.min, *std::min_element(fewest.begin(), fewest.end()));
    EXPECT_GE(c.fewest_actions.min, 1);  // neither level is solved without an action
    std::sort(firsts.begin(), firsts.end());
    double sum = 0;
    for (double f : firsts) sum += f;
    const double mean = sum / static_cast<double>(firsts.size());
    double ss = 0;
    for (double f : firsts) ss += (f - mean) * (f - mean);
    EXPECT_DOUBLE_EQ(c.first_solution.mean, mean);
    EXPECT_DOUBLE_EQ(c.first_solution.min, firsts.front());
    EXPECT_DOUBLE_EQ(c.first_solution.max, firsts.back());
    EXPECT_LE(c.first_solution.q1, c.first_solution.median);
    EXPECT_LE(c.first_solution.median, c.first_solution.q3);
    EXPECT_DOUBLE_EQ(c.median_first_solution(), c.first_solution.median);
    if (firsts.size() >= 2) {
      EXPECT_NEAR(c.first_solution.stddev, std::sqrt(ss / static_cast<double>(firsts.size() - 1)),
                  1e-9);
      cells_with_spread += firsts.front() != firsts.back();
    }
  }
  EXPECT_GT(cells_with_spread, 0u);  // the data do have a spread to show
  // ... in summary.csv, result.json and tables.md, with the best fitness's sd.
  const std::string summary = lem::study_summary_csv(r);
  for (const char* column :
       {"best_fitness_sd", "first_solution_mean", "first_solution_sd", "first_solution_min",
        "first_solution_q1", "first_solution_median", "first_solution_q3", "first_solution_max",
        "fewest_actions_min", "fewest_actions_median"}) {
    EXPECT_NE(summary.substr(0, summary.find('\n')).find(column), std::string::npos) << column;
  }
  const auto json = r.to_json();
  for (std::size_t i = 0; i < r.cells.size(); ++i) {
    const auto& c = r.cells[i];
    const auto& j = json["cells"][i]["first_solution"];
    if (c.first_solution.n == 0) {
      EXPECT_TRUE(j.is_null());
      EXPECT_TRUE(json["cells"][i]["fewest_actions"].is_null());
      continue;
    }
    EXPECT_DOUBLE_EQ(json["cells"][i]["fewest_actions"]["min"].get<double>(), c.fewest_actions.min);
    EXPECT_DOUBLE_EQ(json["cells"][i]["fewest_actions"]["median"].get<double>(),
                     c.fewest_actions.median);
    EXPECT_EQ(j["runs"], c.first_solution.n);
    EXPECT_DOUBLE_EQ(j["sd"].get<double>(), c.first_solution.stddev);
    EXPECT_DOUBLE_EQ(j["min"].get<double>(), c.first_solution.min);
    EXPECT_DOUBLE_EQ(j["max"].get<double>(), c.first_solution.max);
    EXPECT_DOUBLE_EQ(j["mean"].get<double>(), c.first_solution.mean);
    EXPECT_DOUBLE_EQ(json["cells"][i]["best_fitness"]["sd"].get<double>(), c.best_fitness.stddev);
  }
  {
    const std::string md = lem::study_markdown(r);
    EXPECT_NE(md.find("Evaluations to the first solution, over the runs that solve: median "
                      "[min–max], mean ± sd"),
              std::string::npos)
        << md;
    EXPECT_NE(md.find("best fitness of the runs (mean ± sd)"), std::string::npos) << md;
    // A cell of each: "3/3 · 0.512 ± 0.004" and "193 [88–1024], 412 ± 230".
    const auto& c = r.cell(0, lem::FitnessKind::kHeuristic, lem::Algorithm::kGa);
    EXPECT_NE(md.find(fmt::format("{}/{} · {:.3f} ± {:.3f}", c.solved, c.runs, c.best_fitness.mean,
                                  c.best_fitness.stddev)),
              std::string::npos)
        << md;
    EXPECT_NE(md.find("The fewest actions of a solution"), std::string::npos) << md;
    if (c.fewest_actions.n > 0) {
      EXPECT_NE(md.find(fmt::format("| {:.0f} (median {:g}) |", c.fewest_actions.min,
                                    c.fewest_actions.median)),
                std::string::npos)
          << md;
    }
    if (c.first_solution.n > 0) {
      EXPECT_NE(
          md.find(fmt::format("{:.0f} [{:.0f}–{:.0f}], {:.0f} ± {:.0f}", c.first_solution.median,
                              c.first_solution.min, c.first_solution.max, c.first_solution.mean,
                              c.first_solution.stddev)),
          std::string::npos)
          << md;
    }
  }
  ASSERT_EQ(r.difficulties.size(), 2u);  // easy, medium
  EXPECT_EQ(r.difficulties[0].difficulty, "easy");
  EXPECT_EQ(r.difficulties[0].runs, 3u);
  const std::string md = lem::study_markdown(r);
  EXPECT_NE(md.find("| easy-04-two-walls |"), std::string::npos) << md;
  EXPECT_NE(md.find("p CRO–GA"), std::string::npos);
  EXPECT_EQ(lem::study_runs_csv(r).find("level,difficulty,fitness,algorithm,run,seed"), 0u);
  // Every row of each table has as many columns as its header.
  for (const std::string& csv :
       {lem::study_runs_csv(r), lem::study_summary_csv(r), lem::study_curves_csv(r)}) {
    std::size_t header = std::string::npos, rows = 0;
    for (const auto line : evoplay::split_lines(csv)) {
      if (line.empty()) continue;
      const auto commas = static_cast<std::size_t>(std::count(line.begin(), line.end(), ','));
      if (header == std::string::npos) header = commas;
      EXPECT_EQ(commas, header) << line;
      ++rows;
    }
    EXPECT_GT(rows, 1u);
  }
  EXPECT_THROW(lem::run_study({}, spec), evoplay::Error);
}

TEST(LemmingsStudy, SettingsNameTheBadField) {
  auto error_of = [](const lem::StudySpec& spec) -> std::string {
    try {
      spec.validate();
    } catch (const evoplay::Error& e) {
      return e.what();
    }
    return "";
  };
  lem::StudySpec spec;
  EXPECT_EQ(error_of(spec), "");
  spec.solver.aco_variant = "greedy";
  EXPECT_EQ(error_of(spec), "aco-variant: expected rank-maxmin or plain, found \"greedy\"");
  EXPECT_THROW(lem::run_study(levels({"easy-04-two-walls"}), spec), evoplay::Error);
  spec = {};
  spec.runs = 0;
  EXPECT_EQ(error_of(spec), "runs: expected a whole number from 1 to 1000000, found 0");
  spec = {};
  spec.solver.population = 1;
  EXPECT_EQ(error_of(spec), "population: expected a whole number from 2 to 1000000, found 1");
  spec = {};
  spec.algorithms.clear();
  EXPECT_EQ(error_of(spec), "methods: give at least one name");
  spec.set_algorithms("ga, CRO,ga");
  EXPECT_EQ(spec.algorithms, (std::vector{lem::Algorithm::kGa, lem::Algorithm::kCro}));
  EXPECT_THROW(spec.set_algorithms("cro,pso"), evoplay::Error);
  spec.set_fitnesses("heuristic");
  EXPECT_EQ(spec.fitnesses, std::vector{lem::FitnessKind::kHeuristic});
}

TEST(LemmingsStudy, UnitsAreTheRunsInOrderAndRunAlone) {
  auto spec = small_spec(1);
  spec.algorithms = {lem::Algorithm::kGa, lem::Algorithm::kAco};
  spec.fitnesses = {lem::FitnessKind::kHeuristic};
  const auto lv = levels({"easy-04-two-walls", "medium-02-hold-the-line"});
  const auto whole = lem::run_study(lv, spec);
  auto units = lem::study_units(lv, spec);
  ASSERT_EQ(units.size(), whole.runs.size());
  // A unit run on its own (as another process would) gives the study's result for it.
  for (std::size_t i = units.size(); i-- > 0;) {
    ASSERT_TRUE(lem::run_study_unit(units[i], lv[units[i].level], spec));
    EXPECT_EQ(key(units[i]), key(whole.runs[i])) << i;
  }
}

TEST(LemmingsStudy, AUnitKeepsEveryFieldThroughItsJsonText) {
  // What the unit store and MPI ranks pass on: the text of study_run_json, read back.
  auto spec = small_spec(1);
  spec.curve_points = 400;  // more points than records: curves start with NaN
  const auto lv = levels({"easy-04-two-walls"});
  auto unit = lem::study_units(lv, spec)[0];
  ASSERT_TRUE(lem::run_study_unit(unit, lv[0], spec));
  const auto back =
      lem::study_run_from_json(nlohmann::json::parse(lem::study_run_json(unit).dump()));
  EXPECT_EQ(key(back), key(unit));
  EXPECT_EQ(back.counters.seconds, unit.counters.seconds);
  EXPECT_EQ(back.simulation_seconds, unit.simulation_seconds);
  EXPECT_EQ(back.cpu_seconds, unit.cpu_seconds);
  ASSERT_TRUE(std::isnan(unit.best_curve.front()));
  auto same = [](const std::vector<double>& a, const std::vector<double>& b) {
    if (a.size() != b.size()) return false;
    for (std::size_t k = 0; k < a.size(); ++k) {
      if (!(a[k] == b[k] || (std::isnan(a[k]) && std::isnan(b[k])))) return false;
    }
    return true;
  };
  EXPECT_TRUE(same(back.best_curve, unit.best_curve));
  EXPECT_TRUE(same(back.mean_curve, unit.mean_curve));
  // A solved run's fewest actions is a number, an unsolved run's null; anything else is refused.
  ASSERT_TRUE(unit.counters.solved);
  auto j = lem::study_run_json(unit);
  EXPECT_EQ(j["fewest_actions"], unit.fewest_actions);
  j["fewest_actions"] = nullptr;
  EXPECT_THROW(lem::study_run_from_json(j), evoplay::Error);
  j["solved"] = false;
  j["fewest_actions"] = 3;
  EXPECT_THROW(lem::study_run_from_json(j), evoplay::Error);
}

TEST(LemmingsStudy, ProgressComesFromTheCallingThreadInOrder) {
  auto spec = small_spec(2);
  spec.fitnesses = {lem::FitnessKind::kHeuristic};
  std::vector<std::uint64_t> seen;
  bool same_thread = true;
  const auto caller = std::this_thread::get_id();
  evoplay::Control control;
  control.progress = [&](std::uint64_t done, std::uint64_t total) {
    seen.push_back(done);
    same_thread = same_thread && std::this_thread::get_id() == caller;
    EXPECT_EQ(total, 6u);
  };
  lem::run_study(levels({"easy-04-two-walls"}), spec, control);
  EXPECT_EQ(seen, (std::vector<std::uint64_t>{1, 2, 3, 4, 5, 6}));
  EXPECT_TRUE(same_thread);
}

TEST(LemmingsStudy, ACancelledStudyKeepsTheUnitsItFinished) {
  auto spec = small_spec(2);
  spec.fitnesses = {lem::FitnessKind::kHeuristic};
  spec.runs = 3;
  const auto lv = levels({"easy-04-two-walls", "easy-01-down-the-hole"});
  const auto whole = lem::run_study(lv, spec);
  // Cancelled before it starts: nothing finished, and every output is still made.
  evoplay::Control before;
  before.cancel.cancel();
  const auto none = lem::run_study(lv, spec, before);
  EXPECT_EQ(none.stop, evoplay::evo::StopReason::kCancelled);
  EXPECT_TRUE(none.runs.empty());
  EXPECT_EQ(none.to_json()["runs"], 0);
  const auto dir = evoplay::test_support::scratch_dir("lemmings-study-cancelled");
  {
    auto run = evoplay::RunDir::create(dir.string(), "x");
    lem::save_study_files(none, run);
    run.finish(none.to_json(), "cancelled");
  }
  EXPECT_TRUE(std::filesystem::exists(dir / "tables.md"));
  EXPECT_TRUE(std::filesystem::exists(dir / "plots" / "distinct-heuristic.png"));
  // Cancelled once two units are reported: at least those, each as in the whole study (the
  // others may all have finished meanwhile on a busy machine: then it is not cancelled).
  evoplay::Control control;
  control.progress = [&](std::uint64_t done, std::uint64_t) {
    if (done == 2) control.cancel.cancel();
  };
  const auto part = lem::run_study(lv, spec, control);
  EXPECT_GE(part.runs.size(), 2u);
  EXPECT_EQ(part.stop, part.runs.size() < whole.runs.size() ? evoplay::evo::StopReason::kCancelled
                                                            : evoplay::evo::StopReason::kNone);
  for (const auto& run : part.runs) {
    const auto same = std::find_if(whole.runs.begin(), whole.runs.end(), [&](const auto& w) {
      return w.level == run.level && w.algorithm == run.algorithm && w.run == run.run;
    });
    ASSERT_NE(same, whole.runs.end());
    EXPECT_EQ(key(*same), key(run));
  }
  std::size_t counted = 0;
  for (const auto& c : part.cells) counted += c.runs;
  EXPECT_EQ(counted, part.runs.size());
}

TEST(LemmingsStudy, PValuesCompareEachBaselineWithCroWhereverCroIsListed) {
  // p_vs_cro is the Mann-Whitney U test of CRO's distinct solutions per run against the cell's,
  // the same whether CRO comes first or last in the list of algorithms.
  auto spec = small_spec(2);
  spec.fitnesses = {lem::FitnessKind::kHeuristic};
  spec.runs = 4;
  spec.algorithms = {lem::Algorithm::kGa, lem::Algorithm::kCro};
  const auto last = lem::run_study(levels({"easy-04-two-walls"}), spec);
  spec.algorithms = {lem::Algorithm::kCro, lem::Algorithm::kGa};
  const auto first = lem::run_study(levels({"easy-04-two-walls"}), spec);
  std::vector<double> cro, ga;
  for (const auto& run : first.runs) {
    (run.algorithm == lem::Algorithm::kCro ? cro : ga).push_back(static_cast<double>(run.distinct));
  }
  ASSERT_EQ(cro.size(), 4u);
  ASSERT_EQ(ga.size(), 4u);
  const double p = evoplay::stats::mann_whitney(cro, ga).p_value;
  const auto k = lem::FitnessKind::kHeuristic;
  EXPECT_DOUBLE_EQ(first.cell(0, k, lem::Algorithm::kGa).p_vs_cro, p);
  EXPECT_DOUBLE_EQ(last.cell(0, k, lem::Algorithm::kGa).p_vs_cro, p);
  EXPECT_TRUE(std::isnan(first.cell(0, k, lem::Algorithm::kCro).p_vs_cro));
  EXPECT_TRUE(std::isnan(last.cell(0, k, lem::Algorithm::kCro).p_vs_cro));
  // CRO alone: no baseline, no p-value.
  spec.algorithms = {lem::Algorithm::kCro};
  for (const auto& c : lem::run_study(levels({"easy-04-two-walls"}), spec).cells) {
    EXPECT_TRUE(std::isnan(c.p_vs_cro));
  }
}

// A level named twice, or two levels of one file name, would be two rows of one name in the
// tables: refused, naming the file.
TEST(LemmingsStudy, ALevelGivenTwiceOrTwoOfOneNameAreRefused) {
  const std::string file = source_path("data/lemmings/easy-01-down-the-hole.lvl");
  try {
    lem::load_study_levels({file, source_path("data/lemmings/easy-02-up-the-stairs.lvl"), file});
    FAIL() << "a level given twice was loaded";
  } catch (const evoplay::Error& e) {
    EXPECT_EQ(std::string(e.what()), file + ": this level is given twice");
  }
  const auto dir = evoplay::test_support::scratch_dir("study-same-name");
  std::filesystem::copy_file(file, dir / "easy-01-down-the-hole.lvl");
  try {
    lem::load_study_levels({file, dir / "easy-01-down-the-hole.lvl"});
    FAIL() << "two levels of one name were loaded";
  } catch (const evoplay::Error& e) {
    EXPECT_NE(
        std::string(e.what()).find("a level of the same name is given before it (" + file + ")"),
        std::string::npos)
        << e.what();
  }
}
