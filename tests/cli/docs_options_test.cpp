// The docs' option tables are the program's: each block `<!-- options: COMMAND -->` of a docs
// page is what `evoplay help COMMAND --markdown` prints (scripts/update-docs writes them), and
// every command whose settings are declared has one.
#include <gtest/gtest.h>

#include <CLI/CLI.hpp>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>
#include <string>

#include "evoplay/cli/commands.hpp"
#include "evoplay/cli/help.hpp"

namespace {

namespace fs = std::filesystem;

struct Block {
  std::string page, command, table;
};

/// The blocks of `text` (a page called `page`): found by hand, as std::regex's recursion
/// overflows the stack on a long block.
void find_blocks(const std::string& page, const std::string& text, std::vector<Block>& out) {
  const std::string open = "<!-- options:", close = "<!-- end options -->";
  for (std::size_t at = text.find(open); at != std::string::npos; at = text.find(open, at)) {
    const std::size_t head_end = text.find(" -->\n", at);
    const std::size_t end = text.find(close, at);
    if (head_end == std::string::npos || end == std::string::npos || end < head_end) {
      ADD_FAILURE() << page << ": an options block without its end";
      return;
    }
    std::string command = text.substr(at + open.size(), head_end - at - open.size());
    if (!command.empty() && command.front() == ' ') command.erase(0, 1);
    const std::size_t body = head_end + 5;
    out.push_back({page, command, text.substr(body, end - body)});
    at = end + close.size();
  }
}

std::vector<Block> blocks() {
  std::vector<Block> out;
  for (const auto& entry : fs::recursive_directory_iterator(fs::path(EVOPLAY_SOURCE_DIR) / "docs")) {
    if (entry.path().extension() != ".md") continue;
    std::ifstream in(entry.path());
    std::stringstream text;
    text << in.rdbuf();
    find_blocks(entry.path().filename().string(), text.str(), out);
  }
  return out;
}

std::vector<std::string> words(const std::string& command) {
  std::istringstream in(command);
  std::vector<std::string> out;
  for (std::string w; in >> w;) out.push_back(w);
  return out;
}

TEST(DocsOptions, EveryTableIsWhatTheProgramSays) {
  CLI::App app;
  evoplay::cli::add_all_commands(app);
  const auto all = blocks();
  ASSERT_FALSE(all.empty());
  for (const auto& b : all) {
    if (b.command.empty()) {  // the index of every option (docs/runs.md)
      EXPECT_EQ(b.table, evoplay::cli::vocabulary_markdown(app))
          << b.page << ": an option was added, renamed or removed; run scripts/update-docs and "
          << "give it a row in the table of meanings above the index";
      continue;
    }
    const auto* cmd = evoplay::cli::find_command(app, words(b.command));
    EXPECT_EQ(b.table, evoplay::cli::options_markdown(*cmd))
        << b.page << ": the options of '" << b.command
        << "' changed; run scripts/update-docs and read the difference";
  }
}

TEST(DocsOptions, EveryCommandWithDeclaredSettingsHasATable) {
  std::set<std::string> documented;
  for (const auto& b : blocks()) documented.insert(b.command);
  for (const char* command : {"lemmings solve", "lemmings compare", "sudoku solve",
                              "sudoku experiment", "tictactoe learn"})
    EXPECT_TRUE(documented.contains(command)) << command << " has no generated options table";
}

}  // namespace
