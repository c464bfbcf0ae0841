// A learning run as a library call (games/tictactoe/learn_run.hpp), in-process: the run folder it
// fills, a cancelled run (saved, and resumable to the same history as an uninterrupted one), the
// observer and progress it reports to, and the checks of a saved run to continue.
#include "evoplay/games/tictactoe/learn_run.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "evoplay/core/error.hpp"
#include "support/history.hpp"
#include "support/process.hpp"

using namespace evoplay;
namespace ttt = evoplay::games::tictactoe;

namespace {

ttt::LearnRunSettings small(std::uint64_t cycles) {
  ttt::LearnRunSettings s;
  s.learn.agents = 6;
  s.learn.rules = 20;
  s.learn.measure_every = 2;
  s.learn.eval_games = 30;
  s.learn.cycles = cycles;
  s.seed = 3;
  s.threads = 1;
  return s;
}

// history.csv's rows without the time, as text (an empty cell, NaN, equals itself here).
std::string rows(const std::filesystem::path& file) {
  std::string out;
  for (const auto& row : test_support::rows_without_time(test_support::slurp(file)))
    out += fmt::format("{}\n", fmt::join(row, ","));
  return out;
}

struct Rows : Observer {
  std::vector<std::size_t> generations;
  void on_generation(const GenerationRecord& r) override { generations.push_back(r.generation); }
};

}  // namespace

TEST(LearnRun, FillsItsRunFolderAndReportsEachMeasuredCycle) {
  const auto dir = test_support::scratch_dir("learn-run") / "run";
  RunDir run = RunDir::create(dir.string(), "tictactoe-learn");
  Rows rows;
  std::uint64_t last = 0;
  Control control;
  control.observer = &rows;
  control.progress = [&](std::uint64_t done, std::uint64_t total) {
    EXPECT_EQ(total, 4u);
    last = done;
  };
  const auto r = ttt::learn_run(run, small(4), control);
  EXPECT_EQ(r.cycles, 4u);
  EXPECT_FALSE(r.cancelled);
  EXPECT_EQ(rows.generations, (std::vector<std::size_t>{0, 2, 4}));
  EXPECT_EQ(last, 4u);
  const auto result = nlohmann::json::parse(test_support::slurp(dir / "result.json"));
  EXPECT_EQ(result, r.to_json());
  EXPECT_FALSE(result.contains("stopped"));
  EXPECT_EQ(result["stopped_by"], "cycles");
  const auto config = nlohmann::json::parse(test_support::slurp(dir / "config.json"));
  EXPECT_EQ(config["command"], "tictactoe learn");
  EXPECT_EQ(config["learn"]["agents"], 6);
  EXPECT_NE(r.to_text(dir.string()).find("Continue with: evoplay tictactoe learn --resume"),
            std::string::npos);
}

TEST(LearnRun, ACancelledRunIsSavedAndResumesToTheSameHistory) {
  const auto dir = test_support::scratch_dir("learn-cancel");
  {
    RunDir whole = RunDir::create((dir / "whole").string(), "tictactoe-learn");
    ttt::learn_run(whole, small(6));
  }
  RunDir part = RunDir::create((dir / "part").string(), "tictactoe-learn");
  Control control;
  control.progress = [&](std::uint64_t done, std::uint64_t) {
    if (done == 2) control.cancel.cancel();  // read after the next cycle: it ends at 3
  };
  const auto r = ttt::learn_run(part, small(6), control);
  EXPECT_TRUE(r.cancelled);
  EXPECT_EQ(r.cycles, 3u);
  const auto result = nlohmann::json::parse(test_support::slurp(dir / "part" / "result.json"));
  EXPECT_EQ(result["stopped"], "cancelled");
  EXPECT_EQ(result["stopped_by"], "interrupt");
  auto saved = ttt::read_saved_run(dir / "part", {}, 2);
  EXPECT_EQ(saved.population.cycle, 3u);
  RunDir again = RunDir::create((dir / "part").string(), "tictactoe-learn");
  ttt::learn_run(again, {}, {}, &saved);
  EXPECT_EQ(rows(dir / "part" / "history.csv"), rows(dir / "whole" / "history.csv"));
}

TEST(LearnRun, ASavedRunContinuesOnlyWithNewRunLimits) {
  const auto dir = test_support::scratch_dir("learn-limits") / "run";
  {
    RunDir run = RunDir::create(dir.string(), "tictactoe-learn");
    ttt::learn_run(run, small(2));
  }
  EXPECT_EQ(ttt::read_saved_run(dir, {{"cycles", "5"}}, 1).settings.learn.cycles, 5u);
  try {
    (void)ttt::read_saved_run(dir, {{"agents", "8"}}, 1);
    FAIL() << "a learning setting changed on resume";
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("--agents cannot be changed on --resume"),
              std::string::npos);
  }
  EXPECT_THROW((void)ttt::read_saved_run(dir / "nothing", {}, 1), Error);
  auto bad = small(2);
  bad.threads = -1;
  EXPECT_THROW(bad.validate(), Error);
}
