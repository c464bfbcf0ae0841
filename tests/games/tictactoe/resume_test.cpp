// Reading back a learning run's folder for --resume (games/tictactoe/resume.hpp): config.json,
// history.csv and the fit of the saved population, each refusal naming the file and line; and
// the inputs the fuzzer found (fuzz/tictactoe_resume.cpp, tests/data/fuzz/tictactoe_resume/).
#include "evoplay/games/tictactoe/resume.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>

#include "evoplay/core/error.hpp"
#include "evoplay/core/text.hpp"
#include "evoplay/games/tictactoe/learner.hpp"
#include "evoplay/games/tictactoe/measures.hpp"
#include "support/error.hpp"
#include "support/process.hpp"

using namespace evoplay;
using namespace evoplay::games::tictactoe;
using test_support::error_from;

namespace {

std::string config_text(const LearnSettings& s, const std::string& seed = "7") {
  return "{\n  \"seed\": " + seed + ",\n  \"learn\": " + s.to_json().dump(2) + "\n}\n";
}

LearnSettings small_learning() {
  LearnSettings s;
  s.agents = 4;
  s.rules = 3;
  s.cycles = 5;
  return s;
}

}  // namespace

TEST(TicTacToeResume, ConfigGivesTheSeedAndSettings) {
  const auto saved = parse_learn_config(config_text(small_learning()), "config.json");
  EXPECT_EQ(saved.seed, 7u);
  EXPECT_EQ(saved.settings.to_json(), small_learning().to_json());
  EXPECT_EQ(saved.json["seed"], 7);
  const std::string no_seed = "{\"learn\": {}}\n";
  const Error e = error_from([&] { parse_learn_config(no_seed, "config.json"); }, no_seed);
  EXPECT_EQ(e.line(), 1);
  EXPECT_NE(e.message().find("'seed' and 'learn'"), std::string::npos) << e.what();
}

// Found by the fuzzer: an empty line for config.json was refused at line 2 of a one-line file.
// And a number beyond double was an internal error (nlohmann-json's out_of_range).
TEST(TicTacToeResume, BrokenJsonIsRefusedInsideTheFile) {
  const std::string empty =
      read_text(test_support::source_path("tests/data/fuzz/tictactoe_resume/crash-empty-config"));
  const Error e = error_from([&] { parse_learn_config(empty, "config.json"); }, empty);
  EXPECT_EQ(e.file(), "config.json");
  EXPECT_EQ(e.line(), 1);
  EXPECT_NE(e.message().find("malformed JSON"), std::string::npos) << e.what();
  const std::string big = config_text(small_learning(), "1e400");
  const Error overflow = error_from([&] { parse_learn_config(big, "config.json"); }, big);
  EXPECT_EQ(overflow.line(), 2);
  EXPECT_NE(overflow.message().find("number overflow"), std::string::npos) << overflow.what();
}

TEST(TicTacToeResume, HistoryIsCheckedCellByCellAndCutAtTheSavedCycle) {
  const auto extras = history_columns(small_learning());
  std::string header = "generation,evaluations,best,mean,worst,diversity,elapsed";
  std::string cells;
  for (const auto& c : extras) {
    header += "," + c;
    cells += ",1";
  }
  const std::string text = header + "\n0,0,1,1,1,,0" + cells + "\n1,10,2,1,0,,0.5" + cells +
                           "\n2,20,3,2,1,,1" + cells + "\n";
  SavedPopulation saved;
  saved.population.cycle = 1;
  const History h = history_at_cycle(parse_learn_history(text, "h.csv", extras), saved, "h.csv");
  ASSERT_EQ(h.rows.size(), 2u);  // the row of cycle 2 (past the population) is dropped
  EXPECT_EQ(h.back().generation, 1u);
  EXPECT_EQ(h.back().evaluations, 10u);
  const std::string bad = header + "\n0,0,1,1,1,,0" + cells + "\n1,x,2,1,0,,0.5" + cells + "\n";
  const Error e = error_from([&] { parse_learn_history(bad, "h.csv", extras); }, bad);
  EXPECT_EQ(e.line(), 3);
  EXPECT_NE(e.message().find("column 'evaluations'"), std::string::npos) << e.what();
  saved.population.cycle = 4;
  const Error missing = error_from(
      [&] { history_at_cycle(parse_learn_history(text, "h.csv", extras), saved, "h.csv"); }, text);
  EXPECT_EQ(missing.line(), 4);
  EXPECT_NE(missing.message().find("expected a row for cycle 4"), std::string::npos)
      << missing.what();
}

TEST(TicTacToeResume, ThePopulationMustFitTheSettings) {
  const Referee referee;
  SavedPopulation saved;
  saved.population.agents.resize(3);
  saved.agents_line = 6;
  const Error e = error_from(
      [&] { check_saved(saved, small_learning(), "population.txt", referee); }, "3 agents");
  EXPECT_EQ(e.file(), "population.txt");
  EXPECT_EQ(e.line(), 6);
  EXPECT_NE(e.message().find("expected 4 agents"), std::string::npos) << e.what();
}

// A setting past an int in config.json was narrowed before it was checked ("(found
// -2147483648)" for 2147483648, "(found 0)" for 4294967296): it is refused as written, at its
// line.
TEST(TicTacToeResume, NumbersPastTheirTypeAreRefusedAsWritten) {
  const std::string ok = config_text(small_learning());
  const std::string key = "\"eval_games\": ";
  const auto at = ok.find(key);
  ASSERT_NE(at, std::string::npos);
  const auto end = ok.find_first_of(",\n", at);
  const int line = 1 + static_cast<int>(std::count(ok.begin(), ok.begin() + at, '\n'));
  for (const std::string value :
       {"2147483648", "4294967296", "-2147483649", "99999999999999999999"}) {
    const std::string text = ok.substr(0, at + key.size()) + value + ok.substr(end);
    const Error e = error_from([&] { parse_learn_config(text, "config.json"); }, text);
    EXPECT_EQ(e.line(), line) << e.what();
    EXPECT_NE(e.message().find("setting 'eval_games': expected a whole number from 1 to"),
              std::string::npos)
        << e.what();
    // JSON writes a number past 2^64 as a double; the others as typed.
    EXPECT_NE(e.message().find(value.size() > 19 ? "found 1e+20" : "found " + value),
              std::string::npos)
        << e.what();
  }
}

// Ctrl-C while the first population's row is measured (for 10,000 agents of 10,000 rules its
// pairwise similarity took hours, and the stop was not seen): learning stops there, saves the
// population without a row, and a resumed run records that row first.
TEST(TicTacToeResume, AStopInTheFirstRowSavesThePopulationAndTheResumeRecordsIt) {
  const LearnSettings s = small_learning();
  const Referee referee;
  Workers workers(1);
  Learner learner(s, 7, referee, workers);
  History history;
  const std::atomic<bool> stop{true};
  int saved = 0;
  LearnHooks hooks;
  hooks.stop = &stop;
  hooks.checkpoint = [&](const Learner& l, const History& h) {
    ++saved;
    EXPECT_EQ(l.cycle(), 0u);
    EXPECT_TRUE(h.empty());
  };
  const auto out = learn(learner, history, workers, hooks);
  EXPECT_TRUE(out.interrupted);
  EXPECT_TRUE(history.empty());
  EXPECT_EQ(saved, 1);
  SavedPopulation population;
  population.population = learner.population();
  EXPECT_TRUE(history_at_cycle({}, population, "history.csv").empty());
  // Resumed: the first row, then the cycles.
  LearnHooks go;
  learn(learner, history, workers, go);
  ASSERT_FALSE(history.empty());
  EXPECT_EQ(history.rows.front().generation, 0u);
  EXPECT_EQ(learner.cycle(), static_cast<std::uint64_t>(s.cycles));
}
