// `lemmings solve` as a library call: settings checked by field, a run's best plan replayed,
// its files, cancellation and the observer; and a run of a fixed number of epochs.
#include "evoplay/games/lemmings/solve_level.hpp"

#include <fmt/format.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <nlohmann/json.hpp>

#include "evoplay/core/error.hpp"
#include "evoplay/core/run_dir.hpp"
#include "evoplay/games/lemmings/simulator.hpp"
#include "support/lemmings.hpp"
#include "support/process.hpp"

namespace lem = evoplay::games::lemmings;
using evoplay::test_support::scratch_dir;
using evoplay::test_support::slurp;
using evoplay::test_support::source_path;
using evoplay::test_support::suite_level;

namespace {

std::string settings_error_of(const lem::SolverSettings& s) {
  try {
    s.validate();
  } catch (const evoplay::Error& e) {
    return e.what();
  }
  return "";
}

struct Count : evoplay::Observer {
  std::size_t generations = 0;
  void on_generation(const evoplay::GenerationRecord&) override { ++generations; }
};

}  // namespace

TEST(LemmingsSolveLevel, SettingsNameTheFieldOutOfRange) {
  EXPECT_EQ(settings_error_of(lem::SolverSettings{}), "");
  lem::SolverSettings s;
  s.population = 1;
  EXPECT_EQ(settings_error_of(s), "population: expected a whole number from 2 to 1000000, found 1");
  s = {};
  s.evaluations = 0;
  EXPECT_EQ(settings_error_of(s),
            "evaluations: expected a whole number from 1 to 1000000000000, found 0");
  s = {};
  s.threads = -1;
  EXPECT_EQ(settings_error_of(s), "threads: expected a whole number from 0 to 1024, found -1");
  s = {};
  s.epochs = 2'000'000'000;
  EXPECT_NE(settings_error_of(s).find("epochs: expected a whole number from 0 to 1000000000"),
            std::string::npos);
  // solve() checks them too.
  EXPECT_THROW(lem::solve(suite_level("easy-01-down-the-hole"), s), evoplay::Error);
}

TEST(LemmingsSolveLevel, TheBestPlanIsTheEffectiveOneAndSolvesTheLevel) {
  const auto level = suite_level("easy-01-down-the-hole");
  lem::SolverSettings s;
  s.evaluations = 800;
  s.population = 30;
  s.seed = 3;
  Count count;
  evoplay::Control control;
  control.observer = &count;
  const auto r = lem::solve_level(level, s, control);
  EXPECT_EQ(r.run.counters.evaluations, 800u);
  ASSERT_TRUE(r.run.counters.solved);
  EXPECT_EQ(count.generations, r.run.history.rows.size());
  // `best` holds only genes that had an effect, and replays to the same outcome.
  const auto replay = lem::simulate(level, r.best);
  EXPECT_TRUE(replay.solved);
  EXPECT_EQ(replay.genes_applied(), static_cast<int>(r.best.size()));
  EXPECT_EQ(replay.saved, r.outcome.saved);
  EXPECT_LE(r.best.size(), r.run.best.size());
  const auto j = r.to_json();
  EXPECT_EQ(j["algorithm"], "cro");
  EXPECT_EQ(j["fitness"], "heuristic");
  EXPECT_EQ(j["solved"], true);
  EXPECT_EQ(j["stop_reason"], "evaluations");
  EXPECT_EQ(j["best_plan"], lem::to_text(r.best));
  // The solution with the fewest actions: effective genes only, as many as the run counted, no
  // more than the best plan's when that solves.
  EXPECT_EQ(r.fewest.size(), r.run.fewest_actions);
  EXPECT_TRUE(lem::simulate(level, r.fewest).solved);
  EXPECT_LE(r.fewest.size(), r.best.size());
  EXPECT_EQ(j["fewest_actions"], r.run.fewest_actions);
  EXPECT_EQ(j["fewest_plan"], lem::to_text(r.fewest));
  EXPECT_NE(r.text().find(fmt::format("the fewest actions {};", r.run.fewest_actions)),
            std::string::npos)
      << r.text();
  EXPECT_EQ(j["outcome"]["solved"], true);
  EXPECT_EQ(r.label(), "CRO on Down the hole (heuristic fitness, 800 evaluations, seed 3)");
  EXPECT_EQ(r.text().rfind(r.label() + "\nsolved: first after ", 0), 0u) << r.text();
  // The run folder's files.
  const auto dir = scratch_dir("lemmings-solve-files");
  {
    auto run = evoplay::RunDir::create((dir / "run").string(), "x");
    lem::save_solve_files(r, run);
    run.finish(j);
  }
  EXPECT_EQ(lem::load_plan((dir / "run" / "best.plan").string()), r.best);
  EXPECT_EQ(lem::load_plan((dir / "run" / "best-genome.plan").string()), r.run.best);
  EXPECT_EQ(lem::load_plan((dir / "run" / "fewest.plan").string()), r.fewest);
  EXPECT_EQ(slurp(dir / "run" / "history.csv").rfind("generation,evaluations,best,mean", 0), 0u);
  EXPECT_EQ(slurp(dir / "run" / "fitness.png").substr(1, 3), "PNG");
  EXPECT_EQ(slurp(dir / "run" / "replay.gif").substr(0, 6), "GIF89a");
}

TEST(LemmingsSolveLevel, ACancelledRunReturnsWhatItFound) {
  const auto level = suite_level("medium-02-hold-the-line");
  for (auto a : lem::kAlgorithms) {
    lem::SolverSettings s;
    s.algorithm = a;
    s.evaluations = 1'000'000'000;
    s.population = 20;
    evoplay::Control control;
    control.cancel.cancel();
    const auto r = lem::solve_level(level, s, control);
    EXPECT_EQ(r.run.counters.stop, evoplay::evo::StopReason::kCancelled) << lem::algorithm_name(a);
    EXPECT_LE(r.run.counters.evaluations, 40u)
        << lem::algorithm_name(a);  // at most a first generation
    EXPECT_EQ(r.to_json()["stop_reason"], "cancelled");
  }
  // Cancelled from the observer after a few generations: it stops there.
  struct CancelAt : evoplay::Observer {
    evoplay::CancelToken token;
    std::size_t seen = 0;
    void on_generation(const evoplay::GenerationRecord&) override {
      if (++seen == 5) token.cancel();
    }
  } cancel_at;
  evoplay::Control control;
  cancel_at.token = control.cancel;
  control.observer = &cancel_at;
  lem::SolverSettings s;
  s.algorithm = lem::Algorithm::kGa;
  s.evaluations = 1'000'000'000;
  s.population = 20;
  const auto r = lem::solve(level, s, control);
  EXPECT_EQ(r.counters.stop, evoplay::evo::StopReason::kCancelled);
  // Within a generation of the one that cancelled (whether the stop is checked before or after
  // the observer sees a generation).
  EXPECT_GE(r.history.rows.size(), 5u);
  EXPECT_LE(r.history.rows.size(), 6u);
}

TEST(LemmingsSolveLevel, EpochsInsteadOfEvaluations) {
  // The thesis's budget. CRO's evaluations are then the initial reef's 24 corals (30 cells at
  // 0.8) plus what the epochs evaluated: not a fixed number per epoch, because unmutated brooded
  // copies and buds cost nothing.
  const auto level = suite_level("easy-01-down-the-hole");
  for (auto a : lem::kAlgorithms) {
    lem::SolverSettings s;
    s.algorithm = a;
    s.cro = evoplay::evo::CroParams::thesis();  // the document's epochs, counted below
    s.epochs = 12;
    s.population = 30;
    s.seed = 5;
    const auto r = lem::solve_level(level, s);
    const auto name = lem::algorithm_name(a);
    EXPECT_EQ(r.run.counters.generations, 12u) << name;
    EXPECT_EQ(r.run.counters.stop, evoplay::evo::StopReason::kGenerations) << name;
    // One record per epoch, generation or iteration (CRO and the GA: and the initial one).
    EXPECT_EQ(r.run.history.rows.size(), a == lem::Algorithm::kAco ? 12u : 13u) << name;
    const auto config = s.to_json();
    EXPECT_EQ(config["epochs"], 12);
    EXPECT_EQ(config["evaluations"], nullptr);
    if (a == lem::Algorithm::kCro) {
      EXPECT_GE(r.run.counters.evaluations,
                24u + 12 * 2);  // round(0.7 · round(0.1 · 30)) = 2 larvae
      EXPECT_LE(r.run.counters.evaluations,
                24u + 12 * 3);  // + 1 brooded copy, mutated 5% of the time
      EXPECT_EQ(config["cro"]["stop"]["epochs"], 12);
      EXPECT_NE(r.label().find("12 epochs"), std::string::npos) << r.label();
    }
    if (a == lem::Algorithm::kAco) {
      EXPECT_EQ(r.run.counters.evaluations, 12u * 30);
    }
  }
}

TEST(LemmingsSolveLevel, ALevelWithoutSkillsIsRefused) {
  const auto dir = scratch_dir("lemmings-skill-less");
  const auto file = (dir / "skill-less.lvl").string();
  std::ofstream(file) << "lemmings: 1\nsave: 1\ntime: 10\nrelease: 1\n---\nE.X\n###\n";
  try {
    lem::load_level_to_solve(file);
    FAIL() << "accepted";
  } catch (const evoplay::Error& e) {
    EXPECT_EQ(std::string(e.what()).find(file), 0u) << e.what();
    EXPECT_NE(std::string(e.what()).find("the level offers no skill"), std::string::npos);
  }
  EXPECT_THROW(lem::solve_level(lem::load_level(file), {}), evoplay::Error);
}
