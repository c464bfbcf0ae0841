// Reading back a learning run's folder for --resume (games/tictactoe/resume.hpp): config.json,
// history.csv and the fit of the saved population, each refusal naming the file and line; and
// the inputs the fuzzer found (fuzz/tictactoe_resume.cpp, tests/data/fuzz/tictactoe_resume/).
#include "evoplay/games/tictactoe/resume.hpp"

#include <gtest/gtest.h>

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
