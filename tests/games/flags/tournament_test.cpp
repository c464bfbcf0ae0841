// `flags tournament` as a library call (games/flags/tournament.hpp), in-process: the schedule it
// plays, the same games at any thread count, a cancelled tournament, the checks of its settings,
// and config.json with every bot's resolved settings.
#include "evoplay/games/flags/tournament.hpp"

#include <fmt/format.h>
#include <gtest/gtest.h>

#include "evoplay/core/error.hpp"
#include "support/process.hpp"

using namespace evoplay;
namespace fl = evoplay::games::flags;

namespace {

fl::TournamentSettings duel(std::vector<std::string> bots) {
  fl::TournamentSettings s;
  s.bots = std::move(bots);
  s.maps = {test_support::source_path("data/flags/01-duel.map")};
  s.seed = 5;
  s.threads = 1;
  return s;
}

}  // namespace

TEST(FlagsTournament, EveryPairMeetsOnEveryMapWithSidesSwapped) {
  auto s = duel({"random", "greedy", "alphabeta:2"});
  s.games = 2;
  const auto maps = fl::load_tournament_maps(s.maps);
  const auto one = fl::play_tournament(s, maps);
  EXPECT_EQ(one.result.games.size(), 3u * 2 * 2);  // 3 pairs, both sides, 2 games each
  EXPECT_FALSE(one.cancelled);
  EXPECT_FALSE(one.to_json().contains("stopped"));
  EXPECT_EQ(one.title, "Capture the flag: 3 bots on 1 map");
  s.threads = 2;
  const auto two = fl::play_tournament(s, maps);
  // The same games (times apart): who played, who won, in how many plies, how they ended.
  auto games = [](const fl::TournamentReport& r) {
    std::vector<std::string> out;
    for (const auto& g : r.result.games) {
      std::string line = fmt::format("{} {} {} {} {} {}", g.index, g.bots[0], g.bots[1], g.start,
                                     g.winner, g.plies);
      for (const auto& [key, value] : g.extra) line += " " + key + "=" + value;
      out.push_back(line);
    }
    return out;
  };
  EXPECT_EQ(games(one), games(two));
  EXPECT_EQ(games(one).front().find("0 0 1 0"), 0u) << games(one).front();
}

TEST(FlagsTournament, ACancelledTournamentReportsTheGamesFinished) {
  const auto s = duel({"random", "greedy"});
  Control control;
  control.cancel.cancel();
  const auto r = fl::play_tournament(s, fl::load_tournament_maps(s.maps), control);
  EXPECT_TRUE(r.cancelled);
  EXPECT_TRUE(r.result.games.empty());
  EXPECT_EQ(r.to_json()["stopped"], "cancelled");
}

TEST(FlagsTournament, SettingsAreCheckedNamingTheOption) {
  auto expect_refused = [](const fl::TournamentSettings& s, const std::string& what) {
    try {
      s.validate();
      ADD_FAILURE() << "accepted: " << what;
    } catch (const Error& e) {
      EXPECT_NE(std::string(e.what()).find(what), std::string::npos) << e.what();
    }
  };
  expect_refused(duel({"random"}), "--bots: expected at least two bots");
  expect_refused(duel({"random", "random"}), "'random' is listed twice");
  expect_refused(duel({"random", "human"}), "cannot play in a tournament");
  expect_refused(duel({"random", "alphabeta:fast"}), "alphabeta:fast");
  auto no_maps = duel({"random", "greedy"});
  no_maps.maps.clear();
  expect_refused(no_maps, "--maps: no map given");
  auto no_games = duel({"random", "greedy"});
  no_games.games = 0;
  expect_refused(no_games, "games: expected a whole number from 1 to 1000000, found 0");
  EXPECT_EQ(fl::TournamentSettings::parse_bots("random, greedy"),
            (std::vector<std::string>{"random", "greedy"}));
  EXPECT_THROW(fl::TournamentSettings::parse_bots("random,,greedy"), Error);
}

TEST(FlagsTournament, ConfigRecordsEveryBotsResolvedSettings) {
  const auto config = duel({"alphabeta:250ms", "minimax:2", "mcts"}).to_json();
  EXPECT_EQ(config["bots"][0], "alphabeta:250ms");
  const auto& ab = config["bot_settings"][0];
  EXPECT_EQ(ab["kind"], "alphabeta");
  EXPECT_EQ(ab["seconds"], 0.25);
  for (const char* key : {"depth", "table", "table_mib", "quiescence", "quiescence_depth"})
    EXPECT_TRUE(ab.contains(key)) << key;
  EXPECT_EQ(config["bot_settings"][1]["kind"], "minimax");
  EXPECT_EQ(config["bot_settings"][1]["depth"], 2);
  EXPECT_EQ(config["bot_settings"][2]["kind"], "mcts");
  EXPECT_TRUE(config["bot_settings"][2].contains("iterations"));
}
