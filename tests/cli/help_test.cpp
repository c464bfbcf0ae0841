// `evoplay --help` lists every command group, each on one line with a description, and every
// group's own --help works (the list: demo, plot, serve, help and one group per game); a
// missing argument is named with its meaning.
#include <gtest/gtest.h>

#include <sstream>
#include <string>
#include <vector>

#include "support/process.hpp"

using namespace evoplay::test_support;

namespace {

const std::vector<std::string> kGroups = {"demo",     "plot",      "sudoku", "lemmings", "birds",
                                          "connect4", "tictactoe", "flags",  "serve",    "help"};

/// The lines of the "Subcommands:" section of a help text.
std::vector<std::string> subcommand_lines(const std::string& help) {
  std::vector<std::string> out;
  std::istringstream in(help);
  bool inside = false;
  for (std::string line; std::getline(in, line);) {
    if (line.rfind("Subcommands:", 0) == 0) {
      inside = true;
      continue;
    }
    if (inside && line.empty()) break;
    if (inside) out.push_back(line);
  }
  return out;
}

}  // namespace

TEST(Help, ListsEveryCommandGroupWithOneLineEach) {
  const auto r = run_evoplay("--help");
  ASSERT_EQ(r.status, 0) << r.err;
  const auto lines = subcommand_lines(r.out);
  ASSERT_FALSE(lines.empty()) << r.out;
  for (const auto& group : kGroups) {
    int found = 0;
    for (const auto& line : lines) {
      // "  NAME   description": the name first, then a description on the same line.
      std::istringstream words(line);
      std::string name, first_word;
      words >> name >> first_word;
      if (name == group) {
        ++found;
        EXPECT_FALSE(first_word.empty()) << group << " has no description: " << line;
      }
    }
    EXPECT_EQ(found, 1) << group << " in:\n" << r.out;
  }
  EXPECT_EQ(lines.size(), kGroups.size()) << "a group the test does not know:\n" << r.out;
}

TEST(Help, EveryGroupHasItsOwnHelp) {
  for (const auto& group : kGroups) {
    const auto r = run_evoplay(group + " --help");
    EXPECT_EQ(r.status, 0) << group << ": " << r.err;
    EXPECT_NE(r.out.find("Usage:"), std::string::npos) << group << ":\n" << r.out;
    EXPECT_NE(r.out.find(group), std::string::npos) << group << ":\n" << r.out;
  }
}

// A command given without its required argument says which, what it is, and where its help is.
TEST(Help, AMissingArgumentIsNamedWithItsMeaning) {
  const auto r = run_evoplay("flags play");
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.err.find("`evoplay flags play` needs map: map file (data/flags/*.map)"),
            std::string::npos)
      << r.err;
  EXPECT_NE(r.err.find("Run `evoplay flags play --help`"), std::string::npos) << r.err;
  const auto birds = run_evoplay("birds render data/birds/sciencebirds_level-1.xml");
  EXPECT_EQ(birds.status, 2);
  EXPECT_NE(birds.err.find("needs --image: FILE.png or FILE.svg"), std::string::npos) << birds.err;
}
