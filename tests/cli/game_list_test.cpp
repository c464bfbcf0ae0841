// The list of games (src/evoplay/games/CMakeLists.txt) on the command line: every game that has
// commands registers a group named after it (add_GAME_commands, cli/GAME.cpp), with commands,
// in the list's order, and a command line builds only the group it names. (A folder under
// src/evoplay/games/ missing from the list stops CMake; a game of the list without its
// registration function does not link.)
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

// A command line builds the one group its first word names, the same as among all of them;
// `help`, no word and an unknown word build every group (they list or search them all).
TEST(GameList, ACommandLineBuildsTheGroupItNamesAndNoOther) {
  CLI::App all;
  evoplay::cli::add_all_commands(all);
  for (const CLI::App* group : all.get_subcommands({})) {
    const std::string name = group->get_name();
    CLI::App app;
    evoplay::cli::add_commands_for(app, name);
    const auto built = app.get_subcommands({});
    if (name == "help") {
      EXPECT_EQ(built.size(), all.get_subcommands({}).size());
      continue;
    }
    ASSERT_EQ(built.size(), 1u) << name;
    EXPECT_EQ(built[0]->get_name(), name);
    EXPECT_EQ(built[0]->help(), group->help()) << name;
  }
  for (const char* word : {"", "--help", "sudokuu"}) {
    CLI::App app;
    evoplay::cli::add_commands_for(app, word);
    EXPECT_EQ(app.get_subcommands({}).size(), all.get_subcommands({}).size()) << word;
  }
}

}  // namespace
