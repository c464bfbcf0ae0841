// --resume cannot be fooled (docs/cluster.md, "Resumable runs"): a run folder made by another
// command, game, seed, map or an input edited under the same name is refused, naming what
// changed, and left as it was; a unit file whose result was edited is named and its unit run
// again (never an internal error); a series saves blocks of games, not a file per game.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <string>

#include "support/process.hpp"

namespace evoplay {
namespace {

using test_support::run_evoplay;
using test_support::scratch_dir;
using test_support::slurp;
using test_support::source_path;
namespace fs = std::filesystem;

std::size_t unit_files(const fs::path& run) {
  std::size_t n = 0;
  for (const auto& e : fs::directory_iterator(run / "units")) {
    const auto stem = e.path().stem().string();
    n += stem.find_first_not_of("0123456789") == std::string::npos;
  }
  return n;
}

/// Every file of a folder, by relative path, with its content.
std::map<std::string, std::string> contents(const fs::path& dir) {
  std::map<std::string, std::string> out;
  for (const auto& e : fs::recursive_directory_iterator(dir))
    if (e.is_regular_file()) out[fs::relative(e.path(), dir).string()] = slurp(e.path());
  return out;
}

/// A refused resume: status 2, the message names `change`, nothing in the folder changed.
void expect_refused(const std::string& args, const fs::path& run, const std::string& change) {
  const auto before = contents(run);
  const auto r = run_evoplay(args + " --quiet --resume " + run.string());
  EXPECT_EQ(r.status, 2) << args << "\n" << r.err;
  EXPECT_NE(r.err.find("its saved units were made from other inputs or settings"),
            std::string::npos)
      << r.err;
  EXPECT_NE(r.err.find(change), std::string::npos) << "expected " << change << " in\n" << r.err;
  EXPECT_EQ(contents(run), before) << args;
}

TEST(Resume, AnotherCommandGameSeedOrMapIsRefusedAndTheFolderLeftAsItWas) {
  const auto dir = scratch_dir("resume-refused");
  const auto ttt = dir / "ttt";
  ASSERT_EQ(
      run_evoplay("tictactoe play --x random --o random --games 4 --quiet --out " + ttt.string())
          .status,
      0);
  expect_refused("connect4 play --x random --o random --games 4", ttt,
                 R"(config.command: "tictactoe play", now "connect4 play")");
  expect_refused("tictactoe play --x random --o random --games 4 --seed 2", ttt,
                 "config.seed: 1, now 2");
  expect_refused("tictactoe play --x random --o perfect --games 4", ttt, "config.players.O");
  const auto flags = dir / "flags";
  const std::string duel = source_path("data/flags/01-duel.map");
  const auto made = run_evoplay("flags play " + duel + " --a random --b random --games 2 --out " +
                                flags.string());
  ASSERT_EQ(made.status, 0) << made.err;
  expect_refused(
      "flags play " + source_path("data/flags/03-twins.map") + " --a random --b random --games 2",
      flags, "config.map");
  // The same command goes on (another number of threads is no other input).
  const auto same = run_evoplay(
      "tictactoe play --x random --o random --games 4 --threads 1 "
      "--quiet --resume " +
      ttt.string());
  EXPECT_EQ(same.status, 0) << same.err;
}

TEST(Resume, AnInputEditedUnderTheSameNameIsRefused) {
  const auto dir = scratch_dir("resume-edited");
  // A Lemmings level.
  fs::create_directories(dir / "levels");
  const auto level = dir / "levels" / "easy-01.lvl";
  fs::copy_file(source_path("data/lemmings/easy-01-down-the-hole.lvl"), level);
  const std::string compare = "lemmings compare " + level.string() +
                              " --runs 2 --evaluations 100 --population 10 --methods cro "
                              "--fitness original";
  ASSERT_EQ(run_evoplay(compare + " --quiet --out " + (dir / "lc").string()).status, 0);
  std::string text = slurp(level);
  text.replace(text.find("save: 7"), 7, "save: 6");
  std::ofstream(level) << text;
  expect_refused(compare, dir / "lc", "inputs.levels");
  // A map of a tournament.
  const auto map = dir / "duel.map";
  fs::copy_file(source_path("data/flags/01-duel.map"), map);
  const std::string tournament =
      "flags tournament --bots random,greedy --maps " + map.string() + " --games 1";
  ASSERT_EQ(run_evoplay(tournament + " --quiet --out " + (dir / "ft").string()).status, 0);
  text = slurp(map);
  text.replace(text.find("energy: 40"), 10, "energy: 41");
  std::ofstream(map) << text;
  expect_refused(tournament, dir / "ft", "inputs.starts");
  // A file of Sudoku puzzles.
  const auto puzzles = dir / "puzzles.txt";
  std::ifstream in(source_path("data/sudoku/qqwing_easy_50.txt"));
  std::string first, second;
  std::getline(in, first);
  std::getline(in, second);
  std::ofstream(puzzles) << first << "\n";
  const std::string experiment =
      "sudoku experiment " + puzzles.string() + " --runs 2 --population 10 --generations 5";
  ASSERT_EQ(run_evoplay(experiment + " --quiet --out " + (dir / "se").string()).status, 0);
  std::ofstream(puzzles) << second << "\n";
  expect_refused(experiment, dir / "se", "inputs.puzzles");
}

/// Rewrites the result of units/<i>.json.
void edit_unit(const fs::path& run, int i, const nlohmann::json& result) {
  const auto file = run / "units" / (std::to_string(i) + ".json");
  auto j = nlohmann::json::parse(slurp(file));
  j["result"] = result;
  std::ofstream(file) << j.dump();
}

TEST(Resume, AnEditedUnitIsNamedAndRunAgainNeverAnInternalError) {
  const auto dir = scratch_dir("resume-units");
  const std::string play = "connect4 play --x random --o random --games 4 --quiet";
  const auto run = dir / "c4";
  ASSERT_EQ(run_evoplay(play + " --out " + run.string()).status, 0);
  const std::string games = slurp(run / "games.txt");
  const auto saved = nlohmann::json::parse(slurp(run / "units" / "1.json"))["result"];
  // 25 moves in one column: a game no board allows.
  auto impossible = saved;
  impossible["games"][0]["moves"] = nlohmann::json::array();
  for (int k = 0; k < 25; ++k) impossible["games"][0]["moves"].push_back(0);
  for (const nlohmann::json& edit :
       {nlohmann::json(12), nlohmann::json(nullptr), nlohmann::json::object(),
        nlohmann::json("text"), impossible}) {
    edit_unit(run, 1, edit);
    const auto r = run_evoplay(play + " --resume " + run.string());
    EXPECT_EQ(r.status, 0) << edit << "\n" << r.err;
    EXPECT_EQ(r.err.find("internal error"), std::string::npos) << r.err;
    EXPECT_NE(r.err.find("warning: " + (run / "units" / "1.json").string()), std::string::npos)
        << edit << "\n"
        << r.err;
    EXPECT_EQ(slurp(run / "games.txt"), games) << edit;
    const auto again = nlohmann::json::parse(slurp(run / "units" / "1.json"))["result"]["games"];
    ASSERT_EQ(again.size(), 1u);
    EXPECT_EQ(again[0]["moves"], saved["games"][0]["moves"]);  // the same game played again
  }
  // A null run of a Sudoku experiment runs again (no run silently dropped).
  const std::string experiment = "sudoku experiment " +
                                 source_path("data/sudoku/qqwing_easy_50.txt") +
                                 " --first 1 --runs 3 --population 10 --generations 5 --quiet";
  const auto se = dir / "se";
  ASSERT_EQ(run_evoplay(experiment + " --out " + se.string()).status, 0);
  const auto runs = nlohmann::json::parse(slurp(se / "result.json"))["configs"][0]["runs"];
  EXPECT_EQ(runs, 3);
  edit_unit(se, 2, nullptr);
  const auto r = run_evoplay(experiment + " --resume " + se.string());
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.err.find("the result is null"), std::string::npos) << r.err;
  EXPECT_EQ(nlohmann::json::parse(slurp(se / "result.json"))["configs"][0]["runs"], runs);
  // A Lemmings run's counters: a stop no finished run has, or one that does not exist.
  const std::string compare = "lemmings compare " +
                              source_path("data/lemmings/easy-01-down-the-hole.lvl") +
                              " --runs 1 --evaluations 100 --population 10 --methods cro "
                              "--fitness original --quiet";
  const auto lc = dir / "lc";
  ASSERT_EQ(run_evoplay(compare + " --out " + lc.string()).status, 0);
  const auto unit = nlohmann::json::parse(slurp(lc / "units" / "0.json"))["result"];
  ASSERT_EQ(unit["evaluations"], 100);
  for (const char* stop : {"cancelled", "none", "tired"}) {
    auto edit = unit;
    edit["stop_reason"] = stop;
    edit_unit(lc, 0, edit);
    const auto again = run_evoplay(compare + " --resume " + lc.string());
    EXPECT_EQ(again.status, 0) << again.err;
    EXPECT_NE(again.err.find("stop_reason"), std::string::npos) << stop << "\n" << again.err;
    const auto rerun = nlohmann::json::parse(slurp(lc / "units" / "0.json"))["result"];
    EXPECT_EQ(rerun["stop_reason"], unit["stop_reason"]) << stop;
    EXPECT_EQ(rerun["solutions"], unit["solutions"]) << stop;
  }
}

TEST(Resume, ASeriesSavesBlocksOfGamesNotAFilePerGame) {
  const auto run = scratch_dir("resume-blocks") / "series";
  const auto r = run_evoplay("tictactoe play --x random --o random --games 3000 --quiet --out " +
                             run.string());
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(unit_files(run), 64u);  // 47 games a block
  // Resumed with one block missing, the games are those of the whole run.
  const std::string games = slurp(run / "games.txt");
  fs::remove(run / "units" / "10.json");
  const auto again = run_evoplay(
      "tictactoe play --x random --o random --games 3000 --quiet "
      "--resume " +
      run.string());
  ASSERT_EQ(again.status, 0) << again.err;
  EXPECT_EQ(slurp(run / "games.txt"), games);
}

}  // namespace
}  // namespace evoplay
