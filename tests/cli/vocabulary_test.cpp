// One name, one meaning: every option that two or more commands share has its meaning written
// once in docs/runs.md's table of meanings ("Options: one name, one meaning"), and the renamed
// spellings of the last release still work, with a note.
#include <gtest/gtest.h>

#include <CLI/CLI.hpp>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <sstream>
#include <string>

#include "evoplay/cli/commands.hpp"
#include "evoplay/cli/renamed.hpp"
#include "support/process.hpp"

namespace {

using evoplay::test_support::run_evoplay;

void collect(const CLI::App& cmd, const std::string& path,
             std::map<std::string, std::set<std::string>>& names) {
  for (const CLI::Option* o : cmd.get_options()) {
    if (o->get_positional() || o->get_lnames().empty()) continue;
    names["--" + o->get_lnames().front()].insert(path);
  }
  for (const CLI::App* sub : cmd.get_subcommands({}))
    collect(*sub, path.empty() ? sub->get_name() : path + " " + sub->get_name(), names);
}

/// The first column of the table of meanings: the names written there.
std::string meanings_table() {
  std::ifstream in(std::filesystem::path(EVOPLAY_SOURCE_DIR) / "docs" / "runs.md");
  std::stringstream text;
  text << in.rdbuf();
  const std::string s = text.str();
  const auto start = s.find("## Options: one name, one meaning");
  const auto end = s.find("<!-- options:", start);
  return s.substr(start, end - start);
}

TEST(Vocabulary, EveryOptionTwoCommandsShareHasItsMeaningWrittenOnce) {
  CLI::App app;
  evoplay::cli::add_all_commands(app);
  std::map<std::string, std::set<std::string>> names;
  for (const CLI::App* sub : app.get_subcommands({})) collect(*sub, sub->get_name(), names);
  const std::string table = meanings_table();
  ASSERT_FALSE(table.empty());
  for (const auto& [name, commands] : names) {
    if (commands.size() < 2 || name == "--help") continue;
    if (name.starts_with("--cro-") && table.find("`--cro-...`") != std::string::npos) continue;
    EXPECT_NE(table.find("`" + name), std::string::npos)
        << name << " is an option of " << commands.size()
        << " commands but has no meaning in docs/runs.md";
  }
}

TEST(Vocabulary, OldSpellingsAreRewrittenOnceWithANote) {
  std::vector<std::string> notes;
  const auto args = evoplay::cli::rewrite_renamed(
      {"lemmings", "compare", "--algos", "cro", "--levels", "a.lvl", "b.lvl", "--algos=ga"},
      notes);
  EXPECT_EQ(args, (std::vector<std::string>{"lemmings", "compare", "--methods", "cro", "a.lvl",
                                            "b.lvl", "--methods=ga"}));
  ASSERT_EQ(notes.size(), 2u);
  EXPECT_NE(notes[0].find("--algos is now --methods"), std::string::npos) << notes[0];
  // Another command's --algos, or a value after "--", is left alone.
  notes.clear();
  EXPECT_EQ(evoplay::cli::rewrite_renamed({"sudoku", "solve", "--", "--algo"}, notes),
            (std::vector<std::string>{"sudoku", "solve", "--", "--algo"}));
  EXPECT_TRUE(notes.empty());
  // An on|off setting became a flag: '--symmetry on' still reads, '--symmetry' alone is new.
  EXPECT_EQ(evoplay::cli::rewrite_renamed({"tictactoe", "learn", "--symmetry", "on"}, notes),
            (std::vector<std::string>{"tictactoe", "learn", "--symmetry=on"}));
  notes.clear();
  EXPECT_EQ(evoplay::cli::rewrite_renamed({"tictactoe", "learn", "--symmetry", "--cycles", "5"},
                                          notes),
            (std::vector<std::string>{"tictactoe", "learn", "--symmetry", "--cycles", "5"}));
  EXPECT_TRUE(notes.empty());
}

TEST(Vocabulary, TheProgramTakesAnOldSpellingAndSaysTheNewOne) {
  const auto r = run_evoplay("lemmings solve data/lemmings/easy-01-down-the-hole.lvl --algo ga "
                             "--evaluations 50 --threads 1 --out " +
                             (std::filesystem::temp_directory_path() / "evoplay-vocab").string());
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.err.find("--algo is now --method"), std::string::npos) << r.err;
  EXPECT_NE(r.out.find("GA on"), std::string::npos) << r.out;
  std::filesystem::remove_all(std::filesystem::temp_directory_path() / "evoplay-vocab");
}

}  // namespace
