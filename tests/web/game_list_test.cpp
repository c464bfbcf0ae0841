// The list of games (src/evoplay/games/CMakeLists.txt) in the server: /api/info names every game
// that has routes, in the list's order, and each game's add_GAME_routes adds routes under
// /api/GAME/ (web/server.cpp calls them from the list).
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "evoplay/generated/games.hpp"
#include "web/server_support.hpp"

namespace evoplay::web {
namespace {

TEST(WebGameList, InfoNamesEveryGameAndEachHasItsRoutes) {
  test_support::TestServer server;
  const auto [status, body] = server.get("/api/info");
  ASSERT_EQ(status, 200) << body;
  const std::vector<std::string> games = {EVOPLAY_WEB_GAMES(EVOPLAY_GAME_NAME)};
  ASSERT_FALSE(games.empty());
  EXPECT_EQ(nlohmann::json::parse(body)["games"], nlohmann::json(games));
  const auto routes = server.routes();
  for (const auto& game : games) {
    int own = 0;
    for (const auto& route : routes) {
      if (route.find(" /api/" + game + "/") != std::string::npos) ++own;
    }
    EXPECT_GT(own, 0) << "add_" << game << "_routes adds no route under /api/" << game << "/";
  }
}

}  // namespace
}  // namespace evoplay::web
