// A learning run as a library call (games/tictactoe/learn_run.hpp), in-process: the run folder it
// fills, a cancelled run (saved, and resumable to the same history as an uninterrupted one), the
// observer and progress it reports to, and the checks of a saved run to continue (every file it
// reads, each error at its line, nothing written).
#include "evoplay/games/tictactoe/learn_run.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>

#include "evoplay/core/error.hpp"
#include "support/history.hpp"
#include "support/process.hpp"
#include "support/tictactoe.hpp"

using namespace evoplay;
using namespace evoplay::test_support;
namespace ttt = evoplay::games::tictactoe;

namespace {

ttt::LearnRunSettings small_run(std::uint64_t cycles) {
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

// The files of a run folder, by name.
std::map<std::string, std::string> files_of(const std::filesystem::path& dir) {
  std::map<std::string, std::string> out;
  for (const auto& e : std::filesystem::directory_iterator(dir))
    out[e.path().filename().string()] = slurp(e.path());
  return out;
}

// Replaces the first `from` in a file by `to`.
void edit(const std::filesystem::path& file, const std::string& from, const std::string& to) {
  auto text = slurp(file);
  const auto at = text.find(from);
  ASSERT_NE(at, std::string::npos) << from << " not in " << file;
  text.replace(at, from.size(), to);
  std::ofstream(file) << text;
}

// The line (1-based) of the first line of `file` that starts with `prefix`.
// The line (1-based) of the first line of `file` that contains `part`.
int line_containing(const std::filesystem::path& file, const std::string& part) {
  const auto text = slurp(file);
  const auto at = text.find(part);
  if (at == std::string::npos) return 0;
  return 1 + static_cast<int>(std::count(text.begin(), text.begin() + static_cast<long>(at), '\n'));
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
  const auto r = ttt::learn_run(run, small_run(4), control);
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
    ttt::learn_run(whole, small_run(6));
  }
  RunDir part = RunDir::create((dir / "part").string(), "tictactoe-learn");
  Control control;
  control.progress = [&](std::uint64_t done, std::uint64_t) {
    if (done == 2) control.cancel.cancel();  // read after the next cycle: it ends at 3
  };
  const auto r = ttt::learn_run(part, small_run(6), control);
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
    ttt::learn_run(run, small_run(2));
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
  auto bad = small_run(2);
  bad.threads = -1;
  EXPECT_THROW(bad.validate(), Error);
}

TEST(LearnRun, ASavedRunIsCheckedFileByFileAndNothingIsWrittenOnError) {
  // A good run at cycle 4 (rows for cycles 0, 2, 4); each case breaks one thing in a copy of it.
  const auto root = scratch_dir("ttt-resume-checks");
  const auto good = root / "good";
  {
    auto settings = small_run(4);
    settings.seed = 2;
    RunDir run = RunDir::create(good.string(), "tictactoe-learn");
    ttt::learn_run(run, settings);
  }
  struct Case {
    std::string name, file, from, to;  // the edit (file empty: none)
    std::string cycles;                // --cycles given with the resume
    std::string where;                 // the file the error names, at line
    int line;          // > 0; 0: the line of `to` in `file`; -1: agent 1's line in population.txt
    std::string what;  // part of the message
  };
  const std::vector<Case> cases = {
      {"bad-cell", "history.csv", "\n4,", "\nabc,", "6", "history.csv", 4,
       "column 'generation': expected a whole number"},
      {"zz", "history.csv", ",", ",", "6", "history.csv", 4,
       "expected a number or an empty cell, found 'zz'"},
      {"rules", "config.json", "\"rules\": 20", "\"rules\": 25", "6", "population.txt", -1,
       "expected 25 rules (config.json's rules setting), found 20"},
      {"agents", "config.json", "\"agents\": 6", "\"agents\": 8", "6", "population.txt", 6,
       "expected 8 agents (config.json's agents setting), found 6"},
      {"cycles-below", "", "", "", "3", "population.txt", 2,
       "the run is at cycle 4: expected --cycles 4 or more (found 3)"},
      {"history-behind", "history.csv", "", "", "6", "history.csv", 3,
       "expected a row for cycle 4"},
      {"column", "history.csv", "x_random_win", "x_random_wins", "6", "history.csv", 1,
       "expected column 10 to be 'x_random_win', found 'x_random_wins'"},
      {"setting", "config.json", "\"mutation_rate\": 0.01", "\"mutation_rate\": 2", "6",
       "config.json", 0, "expected a number from 0 to 1, found 2"},
  };
  for (const auto& c : cases) {
    const auto dir = root / c.name;
    std::filesystem::copy(good, dir);
    if (c.name == "zz") {
      // The x_random_win cell of the row for cycle 4 (line 4).
      auto text = slurp(dir / "history.csv");
      std::vector<std::string> lines;
      for (std::size_t start = 0; start < text.size();) {
        const auto end = text.find('\n', start);
        lines.push_back(text.substr(start, end - start));
        start = end + 1;
      }
      ASSERT_EQ(lines.size(), 4u);
      std::vector<std::string> cells;
      for (std::size_t start = 0;;) {
        const auto end = lines[3].find(',', start);
        cells.push_back(lines[3].substr(start, end - start));
        if (end == std::string::npos) break;
        start = end + 1;
      }
      cells[9] = "zz";
      std::string row;
      for (const auto& cell : cells) row += (row.empty() ? "" : ",") + cell;
      lines[3] = row;
      std::ofstream out(dir / "history.csv");
      for (const auto& l : lines) out << l << "\n";
    } else if (c.name == "history-behind") {
      // The last row (cycle 4) lost: the history ends at cycle 2, line 3.
      auto text = slurp(dir / "history.csv");
      text.erase(text.rfind('\n', text.size() - 2) + 1);
      std::ofstream(dir / "history.csv") << text;
    } else if (!c.file.empty()) {
      edit(dir / c.file, c.from, c.to);
    }
    const auto before = files_of(dir);
    std::string err;
    try {
      (void)ttt::read_saved_run(dir, {{"cycles", c.cycles}}, 1);
    } catch (const Error& e) {
      err = e.what();
    }
    EXPECT_FALSE(err.empty()) << c.name << ": accepted";
    const int line = c.line > 0    ? c.line
                     : c.line == 0 ? line_containing(dir / c.file, c.to)
                                   : line_of(dir / "population.txt", "agent 1 ");
    ASSERT_GT(line, 0) << c.name;
    const std::string where = (dir / c.where).string() + ":" + std::to_string(line) + ":";
    EXPECT_NE(err.find(where), std::string::npos)
        << c.name << ": " << err << " (want " << where << ")";
    EXPECT_NE(err.find(c.what), std::string::npos) << c.name << ": " << err;
    EXPECT_EQ(files_of(dir), before) << c.name << ": nothing is written";
  }
  // The good copy resumes.
  auto saved = ttt::read_saved_run(good, {{"cycles", "6"}}, 1);
  RunDir again = RunDir::create(good.string(), "tictactoe-learn");
  EXPECT_EQ(ttt::learn_run(again, {}, {}, &saved).cycles, 6u);
}
