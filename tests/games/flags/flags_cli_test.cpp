// `evoplay flags` as a user runs it: a person playing through standard input (bad input refused
// and asked again), broken maps and bad specs reported with their place, tournaments with their
// files, pictures of a game, and the demo's part.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "support/process.hpp"

using namespace evoplay::test_support;

TEST(FlagsCli, APersonPlaysThroughStandardInput) {
  const auto dir = scratch_dir("flags-human");
  const auto r = run_evoplay("flags play " + source_path("data/flags/01-duel.map") +
                                 " --a human --b random --out " + (dir / "run").string(),
                             "3 n\n1 jump\n1 dig\n1 n\n1 s\n1 e\nq\n");
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.out.find("A to move: a player and an action"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("'3 n': type a player number from 1 to 1"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("'jump' is not an action"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("player 1 faces south and there is no rock there"), std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("A plays 1n"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("A plays 1s"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("Game stopped"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("A1 energy 39 facing n"), std::string::npos) << r.out;
}

TEST(FlagsCli, BrokenMapsAndBadSpecsAreReportedWithTheirPlace) {
  const auto dir = scratch_dir("flags-broken");
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"name: x\nA.?\n..B\nab.\n", "bad.map:2:3: unknown character '?'"},
      {"A...\n..B\nab..\n", "bad.map:2:4: ragged map"},
      {"....\n..B.\nab..\n", "bad.map:1: no players of team A"},
      {"A#b#\n.###\na..B\n", "bad.map:1:3: flag 'b' at row 1, column 3 is walled in"},
  };
  for (const auto& [text, expected] : cases) {
    std::ofstream(dir / "bad.map") << text;
    const auto r = run_evoplay("flags show " + (dir / "bad.map").string());
    EXPECT_EQ(r.status, 2) << text;
    EXPECT_NE(r.err.find("evoplay: error: "), std::string::npos) << r.err;
    EXPECT_NE(r.err.find(expected), std::string::npos) << r.err;
  }
  // A broken map in a tournament: the error, and no run folder half made.
  const auto broken =
      run_evoplay("flags tournament --bots random,greedy --maps " + (dir / "bad.map").string() +
                  " --out " + (dir / "broken-run").string());
  EXPECT_EQ(broken.status, 2);
  EXPECT_NE(broken.err.find("is walled in"), std::string::npos) << broken.err;
  EXPECT_FALSE(std::filesystem::exists(dir / "broken-run")) << "nothing half-written";
  const auto spec = run_evoplay("flags play " + source_path("data/flags/01-duel.map") +
                                " --a alphabeta:fast --b random --out " + (dir / "run").string());
  EXPECT_EQ(spec.status, 2);
  EXPECT_NE(spec.err.find("alphabeta:fast"), std::string::npos) << spec.err;
  const auto none = run_evoplay("flags tournament --bots random,greedy --maps '" +
                                (dir / "*.nothing").string() + "' --out " + (dir / "t").string());
  EXPECT_EQ(none.status, 2);
  EXPECT_NE(none.err.find("no files match this pattern"), std::string::npos) << none.err;
}

TEST(FlagsCli, TournamentMistakesLeaveNoRunFolder) {
  const auto dir = scratch_dir("flags-tournament-mistakes");
  const std::string duel = source_path("data/flags/01-duel.map");
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"--bots random", "at least two bots"},
      {"--bots random,human", "'human' cannot play in a tournament"},
      {"--bots greedy,random,greedy", "'greedy' is listed twice"},
      {"--bots random,greedy --games 0",
       "--games: expected a whole number from 1 to 1000000, found '0'"},
      {"--bots random,alphabeta:fast", "alphabeta:fast"},
  };
  int k = 0;
  for (const auto& [args, expected] : cases) {
    const auto out = dir / ("run-" + std::to_string(++k));
    const auto r =
        run_evoplay("flags tournament " + args + " --maps " + duel + " --out " + out.string());
    EXPECT_EQ(r.status, 2) << args;
    EXPECT_NE(r.err.find("evoplay: error: "), std::string::npos) << args << ": " << r.err;
    EXPECT_NE(r.err.find(expected), std::string::npos) << args << ": " << r.err;
    EXPECT_FALSE(std::filesystem::exists(out)) << args << ": no run folder, not even config.json";
  }
}

TEST(FlagsCli, ATournamentWritesStandingsCsvAndJson) {
  const auto dir = scratch_dir("flags-tournament");
  const auto r = run_evoplay("flags tournament --bots random,greedy,alphabeta:2 --maps '" +
                             source_path("data/flags/0[13]-*.map") + "' --threads 2 --json --out " +
                             (dir / "run").string());
  ASSERT_EQ(r.status, 0) << r.err;
  const auto j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["games"], 12);
  ASSERT_EQ(j["bots"].size(), 3u);
  int total = 0;
  for (const auto& b : j["bots"]) {
    EXPECT_EQ(b["max_points"], 24);
    EXPECT_TRUE(b.contains("elo"));
    EXPECT_TRUE(b.contains("name"));
    total += b["points"].get<int>();
  }
  EXPECT_GE(total, 12 * 2);  // 2 points a drawn game, 3 a decided one
  EXPECT_LE(total, 12 * 3);
  for (const char* file :
       {"config.json", "result.json", "standings.csv", "games.csv", "standings.md"}) {
    EXPECT_TRUE(std::filesystem::exists(dir / "run" / file)) << file;
  }
  EXPECT_NE(slurp(dir / "run" / "games.csv").find("01-duel,random,greedy,"), std::string::npos);
  const auto md = run_evoplay("flags tournament --bots random,greedy --maps " +
                              source_path("data/flags/01-duel.map") + " --quiet --out " +
                              (dir / "md").string());
  ASSERT_EQ(md.status, 0) << md.err;
  EXPECT_NE(md.out.find("| rank | bot | games |"), std::string::npos) << md.out;
  EXPECT_NE(md.out.find("Crosstable"), std::string::npos) << md.out;
}

TEST(FlagsCli, PlayDrawsTheGameAndShowDescribesAMap) {
  const auto dir = scratch_dir("flags-render");
  const auto r = run_evoplay("flags play " + source_path("data/flags/03-twins.map") +
                             " --a greedy --b alphabeta:2 --quiet --render " +
                             (dir / "pics").string() + " --out " + (dir / "run").string());
  ASSERT_EQ(r.status, 0) << r.err;
  for (const char* file : {"start.png", "game-end.png", "game.gif"}) {
    EXPECT_GT(std::filesystem::file_size(dir / "pics" / file), 1000u) << file;
  }
  const auto show =
      run_evoplay("flags show " + source_path("data/flags/09-frontier.map") + " --json");
  ASSERT_EQ(show.status, 0) << show.err;
  const auto j = nlohmann::json::parse(show.out);
  EXPECT_EQ(j["width"], 30);
  EXPECT_EQ(j["height"], 20);
  EXPECT_NEAR(j["evaluation"]["flag_value"].get<double>(), 10000.0 / 3, 1e-6);
}

TEST(FlagsCli, DemoPartRunsATournamentAndDrawsAGame) {
  const auto dir = scratch_dir("flags-demo");
  const auto r = run_evoplay("demo --only flags --quiet --out " + (dir / "demo").string());
  ASSERT_EQ(r.status, 0) << r.err;
  const auto part = dir / "demo" / "flags";
  for (const char* file : {"game.gif", "game-end.png", "result.json", "standings.csv"}) {
    EXPECT_TRUE(std::filesystem::exists(part / file)) << file;
  }
  const auto result = nlohmann::json::parse(slurp(part / "result.json"));
  ASSERT_EQ(result["bots"].size(), 4u);
  EXPECT_EQ(result["games"], 24);
}
