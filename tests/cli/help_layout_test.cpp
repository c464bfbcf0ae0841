// Every command's --help fits a screen: at most kScreenLines lines of at most 100 columns, its
// main options in full and every other option named under its group's heading; --help-all
// gives every option with its meaning.
#include <gtest/gtest.h>

#include <CLI/CLI.hpp>
#include <sstream>
#include <string>
#include <vector>

#include "evoplay/cli/commands.hpp"
#include "evoplay/cli/help_format.hpp"

namespace {

constexpr std::size_t kScreenLines = 45;
constexpr std::size_t kWidth = 100;

struct Command {
  std::string path;
  const CLI::App* app;
};

void leaves(const CLI::App& at, const std::string& path, std::vector<Command>& out) {
  const auto subs = at.get_subcommands({});
  if (subs.empty() && !path.empty()) out.push_back({path, &at});
  for (const CLI::App* sub : subs)
    leaves(*sub, path.empty() ? sub->get_name() : path + " " + sub->get_name(), out);
}

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> out;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) out.push_back(line);
  return out;
}

/// Every option's long name, as `--NAME`, or its short one when it has none.
std::vector<std::string> option_names(const CLI::App& cmd) {
  std::vector<std::string> out;
  for (const CLI::Option* o : cmd.get_options()) {
    if (o->get_positional() || o == cmd.get_help_all_ptr()) continue;
    out.push_back(o->get_lnames().empty() ? "-" + o->get_snames().front()
                                          : "--" + o->get_lnames().front());
  }
  return out;
}

/// Whether `help` names option `name` ("--no-X" also as "--[no-]X").
bool names(const std::string& help, const std::string& name) {
  if (name.starts_with("--no-") && help.find("--[no-]" + name.substr(5)) != std::string::npos)
    return true;
  const std::string bare = name.starts_with("--") ? name.substr(2) : name;
  return help.find(name) != std::string::npos || help.find("--[no-]" + bare) != std::string::npos;
}

class HelpLayout : public ::testing::Test {
 protected:
  void SetUp() override {
    evoplay::cli::set_help_layout(app_, kWidth);
    evoplay::cli::add_all_commands(app_);
    leaves(app_, "", commands_);
    ASSERT_GT(commands_.size(), 30u);
  }
  CLI::App app_{"evoplay", "evoplay"};
  std::vector<Command> commands_;
};

TEST_F(HelpLayout, EveryCommandsHelpFitsAScreenAndNamesEveryOption) {
  for (const auto& [path, cmd] : commands_) {
    const std::string help = cmd->help();
    const auto lines = lines_of(help);
    EXPECT_LE(lines.size(), kScreenLines) << path << " --help:\n" << help;
    for (const auto& line : lines) {
      // A word longer than a line (a list of choices) may stand alone on its line.
      if (line.size() > kWidth) {
        EXPECT_EQ(line.find(' ', line.find_first_not_of(' ')), std::string::npos)
            << path << ": a line of " << line.size() << " columns:\n"
            << line;
      }
    }
    for (const auto& name : option_names(*cmd))
      EXPECT_TRUE(names(help, name)) << path << " --help does not name " << name << ":\n" << help;
  }
}

TEST_F(HelpLayout, HelpAllGivesEveryOptionItsMeaning) {
  for (const auto& [path, cmd] : commands_) {
    const std::string all = cmd->help("", CLI::AppFormatMode::All);
    for (const CLI::Option* o : cmd->get_options()) {
      if (o->get_positional() || o == cmd->get_help_all_ptr() || o->get_lnames().empty()) continue;
      const std::string& name = o->get_lnames().front();
      // The --no- form of a flag shares its line, --[no-]NAME.
      if (name.starts_with("no-") && all.find("--[no-]" + name.substr(3)) != std::string::npos)
        continue;
      const auto at = all.find("--" + name);
      const auto merged = all.find("--[no-]" + name);
      ASSERT_TRUE(at != std::string::npos || merged != std::string::npos)
          << path << " --help-all lacks --" << name << ":\n"
          << all;
      const auto line_end = all.find('\n', at != std::string::npos ? at : merged);
      const auto next_end = all.find('\n', line_end + 1);
      // The meaning is on the option's line or (a long option) on the next.
      const std::string lines = all.substr(at != std::string::npos ? at : merged,
                                           next_end - (at != std::string::npos ? at : merged));
      EXPECT_NE(lines.find_first_of("abcdefghijklmnopqrstuvwxyz", name.size() + 2 + 8),
                std::string::npos)
          << path << ": --" << name << " has no meaning in --help-all:\n"
          << lines;
    }
  }
}

TEST_F(HelpLayout, CollapsedGroupsArePointedToHelpAll) {
  const CLI::App* solve = nullptr;
  for (const auto& c : commands_)
    if (c.path == "sudoku solve") solve = c.app;
  ASSERT_NE(solve, nullptr);
  const std::string help = solve->help();
  // The CRO's settings are named, not explained; --help-all explains them.
  EXPECT_NE(help.find("CRO options (--method cro):\n  --cro-preset, --cro-reef"), std::string::npos)
      << help;
  EXPECT_EQ(help.find("rho0"), std::string::npos) << help;
  EXPECT_NE(help.find("--help-all"), std::string::npos) << help;
  EXPECT_NE(solve->help("", CLI::AppFormatMode::All).find("rho0"), std::string::npos);
}

TEST(WrapText, LinesStayWithinTheWidthAndKeepEveryWord) {
  const std::string text =
      "the quick brown fox jumps over the lazy dog and keeps running far beyond the hills";
  const std::string wrapped = evoplay::cli::wrap_text(text, 30, 4);
  std::istringstream in(wrapped);
  std::string rebuilt;
  int n = 0;
  for (std::string line; std::getline(in, line); ++n) {
    EXPECT_LE(line.size() + (n == 0 ? 4 : 0), 30u) << line;
    if (n > 0) {
      EXPECT_EQ(line.rfind("    ", 0), 0u) << line;
    }
    std::istringstream words(line);
    for (std::string w; words >> w;) rebuilt += (rebuilt.empty() ? "" : " ") + w;
  }
  EXPECT_GT(n, 2);
  EXPECT_EQ(rebuilt, text);
}

}  // namespace
