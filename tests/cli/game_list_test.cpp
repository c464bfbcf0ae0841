// The list of games (src/evoplay/games/CMakeLists.txt) on the command line: every game that has
// commands registers a group named after it (add_GAME_commands, cli/GAME.cpp), with commands,
// in the list's order. (A folder under src/evoplay/games/ missing from the list stops CMake; a
// game of the list without its registration function does not link.)
#include <gtest/gtest.h>

#include <CLI/CLI.hpp>
#include <string>
#include <vector>

#include "evoplay/cli/commands.hpp"
#include "evoplay/generated/games.hpp"

namespace {

TEST(GameList, EveryGameHasItsCommandGroupInTheListsOrder) {
  CLI::App app;
  evoplay::cli::add_all_commands(app);
  const auto groups = app.get_subcommands({});
  // demo, plot, the games, serve, help (cli/cli.cpp's add_all_commands)
  const std::vector<std::string> games = {EVOPLAY_CLI_GAMES(EVOPLAY_GAME_NAME)};
  ASSERT_FALSE(games.empty());
  ASSERT_EQ(groups.size(), games.size() + 4);
  for (std::size_t i = 0; i < games.size(); ++i) {
    const CLI::App& group = *groups[i + 2];
    EXPECT_EQ(group.get_name(), games[i])
        << "add_" << games[i] << "_commands registers no group '" << games[i] << "' at its place";
    EXPECT_FALSE(group.get_subcommands({}).empty()) << games[i] << " has no command";
  }
}

}  // namespace
