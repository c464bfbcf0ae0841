// The library call of `sudoku experiment`, in-process: settings from the command line's texts
// and their validation, cancellation, and the outputs (CSV headers, p-values, exact bounds).
#include "evoplay/games/sudoku/experiment.hpp"

#include <fmt/format.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <set>
#include <tuple>

#include "evoplay/core/error.hpp"
#include "evoplay/core/history.hpp"
#include "evoplay/core/text.hpp"
#include "support/process.hpp"

using namespace evoplay;
using namespace evoplay::games::sudoku;
using evoplay::test_support::source_path;

namespace {

std::vector<Board> first_of(const char* file, std::size_t n) {
  return boards_of(read_puzzles(source_path(std::string("data/sudoku/") + file)), n);
}

std::string refusal(const ExperimentSettings& s) {
  try {
    s.validate();
  } catch (const Error& e) {
    return e.message();
  }
  return "accepted";
}

const std::string_view kTextColumns[] = {"crossover", "mutation"};

}  // namespace

TEST(SudokuExperimentSettings, FromTextsAndValidation) {
  const GaSettings paper = GaSettings::preset_named("paper");
  auto s = ExperimentSettings::from_texts(paper, "", "", "pmx,ox", "");
  EXPECT_EQ(s.crossovers, (std::vector<std::string>{"combined", "pmx", "ox"}));
  EXPECT_EQ(s.compare, (std::vector<std::string>{"pmx", "ox"}));
  EXPECT_EQ(refusal(s), "accepted");
  s = ExperimentSettings::from_texts(paper, "all", "", "", "population=10:30:10");
  EXPECT_EQ(s.crossovers.size(), std::size(kCrossovers));
  EXPECT_EQ(s.values, (std::vector<double>{10, 20, 30}));
  EXPECT_EQ(refusal(s), "accepted");
  s.values.push_back(1);
  EXPECT_EQ(refusal(s), "values: population must be a whole number from 2 to 1000000");
  s.values.pop_back();
  s.runs = 0;
  EXPECT_EQ(refusal(s), "runs: expected a whole number from 1 to 1000000, found 0");
  s.runs = 1;
  s.crossovers.push_back("nope");
  EXPECT_NE(refusal(s).find("nope"), std::string::npos);
  EXPECT_THROW(ExperimentSettings::from_texts(paper, "pmx,all", "", "", ""), Error);
  EXPECT_THROW(ExperimentSettings::from_texts(paper, "", "", "pmx,rotation", ""), Error);
  // --compare of two mutations with two crossovers: which crossover would it compare under?
  s = ExperimentSettings::from_texts(paper, "pmx,ox", "", "rotation,swap-next", "");
  EXPECT_EQ(refusal(s), "--compare of mutations needs a single --crossover");
  EXPECT_EQ(s.to_json()["mutations"], nlohmann::json({"rotation", "swap-next"}));
}

TEST(SudokuExperiment, CancelKeepsTheFinishedRunsOnly) {
  ExperimentSettings s;
  s.base.population = 20;
  s.base.generations = 5;
  s.runs = 6;
  s.threads = 1;
  const auto puzzles = first_of("qqwing_easy_50.txt", 2);
  const auto whole = run_experiment(puzzles, s);
  ASSERT_EQ(whole.runs.size(), 12u);
  // Cancelled once four runs are reported. The runs finish on a worker thread while this one
  // reports them, so more may finish before the cancel is seen (on a busy machine all of them:
  // then nothing is cancelled); every run kept is whole and the same as in the full experiment.
  Control control;
  control.progress = [&](std::uint64_t done, std::uint64_t total) {
    EXPECT_EQ(total, 12u);
    if (done >= 4) control.cancel.cancel();
  };
  const auto r = run_experiment(puzzles, s, control);
  EXPECT_GE(r.runs.size(), 4u);
  EXPECT_EQ(r.cancelled, r.runs.size() < 12u);
  ASSERT_EQ(r.configs.size(), 1u);
  EXPECT_EQ(r.configs[0].runs, r.runs.size());
  for (const auto& run : r.runs) {
    const auto same = std::find_if(whole.runs.begin(), whole.runs.end(), [&](const auto& w) {
      return w.puzzle == run.puzzle && w.run == run.run;
    });
    ASSERT_NE(same, whole.runs.end());
    EXPECT_EQ(
        std::tie(same->seed, same->solved, same->fitness, same->generations, same->evaluations),
        std::tie(run.seed, run.solved, run.fitness, run.generations, run.evaluations));
  }
  if (r.cancelled) {
    EXPECT_EQ(r.to_json()["stopped"], "cancelled");
    EXPECT_NE(r.text().find(fmt::format("cancelled: {} runs finished", r.runs.size())),
              std::string::npos)
        << r.text();
  }
}

TEST(SudokuExperiment, CsvHeadersAreUniqueAndBoundsExact) {
  // Nothing is solved in 2 generations of 4 individuals on expert puzzles: success 0, and its
  // interval's low bound exactly 0.
  ExperimentSettings s;
  s.base.population = 4;
  s.runs = 2;
  s.threads = 2;
  s.vary = "generations";
  s.values = {1, 2};
  const auto r = run_experiment(first_of("qqwing_expert_50.txt", 2), s);
  const auto runs = parse_csv(runs_csv(r), "runs.csv", kTextColumns);
  const std::set<std::string> names(runs.columns.begin(), runs.columns.end());
  EXPECT_EQ(names.size(), runs.columns.size());
  EXPECT_EQ(runs.columns[2], "generation_limit");
  const auto summary = parse_csv(summary_csv(r), "summary.csv", kTextColumns);
  ASSERT_EQ(summary.rows.size(), 2u);
  for (double low : summary.values("success_low95")) EXPECT_EQ(low, 0.0);
}

TEST(SudokuExperiment, TinyPValuesPrintAsABound) {
  ExperimentResult r;
  Comparison c;
  c.a = "pmx";
  c.b = "ox";
  c.measure = "best fitness";
  c.test.p_value = 6.9e-18;
  r.comparisons = {c};
  c.test.p_value = 0.0123;
  r.comparisons.push_back(c);
  const std::string text = r.text();
  EXPECT_NE(text.find("p < 0.001"), std::string::npos) << text;
  EXPECT_NE(text.find("p = 0.0123"), std::string::npos) << text;
  EXPECT_EQ(text.find("p = 0 "), std::string::npos) << text;
}
