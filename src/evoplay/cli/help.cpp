// evoplay help [COMMAND...] [--markdown]: a command's help, or its options as a Markdown table
// (what the docs' option tables are: scripts/update-docs writes them, a test checks them).
#include "evoplay/cli/help.hpp"

#include <fmt/format.h>

#include <map>
#include <string>
#include <vector>

#include "evoplay/cli/commands.hpp"
#include "evoplay/core/error.hpp"

namespace evoplay::cli {

namespace {

/// `|` inside a cell would end it.
std::string cell(std::string text) {
  std::string out;
  for (const char c : text) {
    if (c == '|') {
      out += "\\|";
    } else if (c == '\n') {
      out += ' ';
    } else {
      out += c;
    }
  }
  return out;
}

/// Whether option `o` has a row in the tables: a named option, not a positional nor a help flag.
bool tabled(const CLI::Option* o) {
  if (o->get_positional() || o->get_lnames().empty()) return false;
  const std::string& name = o->get_lnames().front();
  return name != "help" && name != "help-all";
}

}  // namespace

const CLI::App* find_command(const CLI::App& app, const std::vector<std::string>& words) {
  const CLI::App* at = &app;
  std::string path;
  for (const auto& w : words) {
    path += (path.empty() ? "" : " ") + w;
    const CLI::App* next = nullptr;
    for (const CLI::App* sub : at->get_subcommands({}))
      if (sub->get_name() == w) next = sub;
    if (next == nullptr) throw Error(fmt::format("no command '{}' (see evoplay --help)", path));
    at = next;
  }
  return at;
}

std::string options_markdown(const CLI::App& cmd) {
  std::string out = "| option | value | default | meaning |\n|---|---|---|---|\n";
  for (const CLI::Option* o : cmd.get_options()) {
    if (!tabled(o)) continue;
    std::string names;
    for (const auto& s : o->get_snames()) names += "`-" + s + "`, ";
    names += "`--" + o->get_lnames().front() + "`";
    const std::string value = o->get_type_size() == 0 ? "" : o->get_type_name();
    out += fmt::format("| {} | {} | {} | {}{} |\n", names, cell(value),
                       o->get_default_str().empty() ? "" : "`" + cell(o->get_default_str()) + "`",
                       cell(o->get_description()),
                       o->get_group() == "Options" ? "" : " (" + o->get_group() + ")");
  }
  return out;
}

namespace {

void collect(const CLI::App& cmd, const std::string& path,
             std::map<std::string, std::pair<std::vector<std::string>, std::string>>& names) {
  for (const CLI::Option* o : cmd.get_options()) {
    if (!tabled(o)) continue;
    auto& [commands, help] = names["--" + o->get_lnames().front()];
    if (commands.empty()) help = o->get_description();
    commands.push_back(path);
  }
  for (const CLI::App* sub : cmd.get_subcommands({}))
    collect(*sub, path.empty() ? sub->get_name() : path + " " + sub->get_name(), names);
}

}  // namespace

std::string vocabulary_markdown(const CLI::App& app) {
  std::map<std::string, std::pair<std::vector<std::string>, std::string>> names;
  for (const CLI::App* sub : app.get_subcommands({})) collect(*sub, sub->get_name(), names);
  std::string out = "| option | commands | help (in the first) |\n|---|---|---|\n";
  for (const auto& [name, entry] : names) {
    std::string commands;
    for (const auto& c : entry.first) commands += (commands.empty() ? "" : ", ") + c;
    out += fmt::format("| `{}` | {} | {} |\n", name, commands, cell(entry.second));
  }
  return out;
}

void add_help_command(CLI::App& app) {
  struct Options {
    std::vector<std::string> command;
    bool markdown = false;
    bool all = false;
  };
  auto opt = std::make_shared<Options>();
  auto* cmd = app.add_subcommand("help", "a command's help, or its options as a Markdown table");
  cmd->add_option("command", opt->command, "the command, e.g. lemmings solve");
  cmd->add_flag("--markdown", opt->markdown,
                "the options as a Markdown table (the docs' tables); no command: every option "
                "of every command");
  cmd->add_flag("--all", opt->all, "every option with its meaning (as --help-all)");
  cmd->callback([opt, &app] {
    if (opt->markdown && opt->command.empty()) return fmt::print("{}", vocabulary_markdown(app));
    const CLI::App* found = find_command(app, opt->command);
    fmt::print("{}", opt->markdown ? options_markdown(*found)
                                   : found->help("", opt->all ? CLI::AppFormatMode::All
                                                              : CLI::AppFormatMode::Normal));
  });
}

}  // namespace evoplay::cli
