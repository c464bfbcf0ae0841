#include "evoplay/cli/help_format.hpp"

#include <fmt/format.h>

#include <sstream>
#include <vector>

namespace evoplay::cli {

std::string wrap_text(const std::string& text, std::size_t width, std::size_t indent) {
  std::string out, line;
  std::istringstream words(text);
  for (std::string word; words >> word;) {
    if (!line.empty() && indent + line.size() + 1 + word.size() > width) {
      out += line + "\n" + std::string(indent, ' ');
      line.clear();
    }
    line += (line.empty() ? "" : " ") + word;
  }
  return out + line;
}

namespace {

class ScreenFormatter : public CLI::Formatter {
 public:
  explicit ScreenFormatter(std::size_t width) : width_(width) { column_width(30); }

  std::string make_description(const CLI::App* app) const override {
    const std::string desc = Formatter::make_description(app);
    return desc.empty() ? desc : wrap_text(desc, width_, 0) + "\n";
  }

  std::string make_option_opts(const CLI::Option* opt) const override {
    std::string out;
    if (opt->get_type_size() != 0) {
      if (!opt->get_type_name().empty()) out += " " + opt->get_type_name();
      if (!opt->get_default_str().empty()) out += "=" + opt->get_default_str();
      if (opt->get_required()) out += " REQUIRED";
    }
    return out;
  }

  std::string make_option_desc(const CLI::Option* opt) const override {
    std::string desc = opt->get_description();
    std::string excluded;
    for (const CLI::Option* other : opt->get_excludes())
      excluded += (excluded.empty() ? "" : ", ") + other->get_name();
    if (!excluded.empty()) desc += " (not with " + excluded + ")";
    return desc;
  }

  std::string make_option_name(const CLI::Option* opt, bool is_positional) const override {
    std::string name = Formatter::make_option_name(opt, is_positional);
    if (const auto brace = name.find('{'); brace != std::string::npos) name.erase(brace);  // {on}
    return name;
  }

  std::string make_option(const CLI::Option* opt, bool is_positional) const override {
    return line(make_option_name(opt, is_positional) + make_option_opts(opt),
                make_option_desc(opt));
  }

  /// A group in full; a flag and its --no- form are one line, --[no-]NAME.
  std::string make_group(std::string group, bool is_positional,
                         std::vector<const CLI::Option*> opts) const override {
    std::string out = "\n" + group + ":\n";
    for (const CLI::Option* o : opts) {
      if (negation_of(o, opts) != nullptr) continue;
      const CLI::Option* no = negation(o, opts);
      out += no == nullptr ? make_option(o, is_positional)
                           : line("--[no-]" + o->get_lnames().front(), make_option_desc(o));
    }
    return out;
  }

  std::string make_help(const CLI::App* app, std::string name,
                        CLI::AppFormatMode mode) const override {
    if (mode == CLI::AppFormatMode::Sub) return make_expanded(app);
    std::string out = make_description(app) + make_usage(app, name) + make_positionals(app);
    bool collapsed = false;
    for (const std::string& group : app->get_groups()) {
      const auto opts = app->get_options([&group, app](const CLI::Option* o) {
        return o->get_group() == group && o->nonpositional() && o != app->get_help_all_ptr();
      });
      if (group.empty() || opts.empty()) continue;
      if (mode == CLI::AppFormatMode::All || group == kMainOptions) {
        out += make_group(group, false, opts);
        continue;
      }
      collapsed = true;
      std::string names;
      for (const CLI::Option* o : opts) {
        if (negation_of(o, opts) != nullptr) continue;
        names += (names.empty() ? "" : ", ") + (negation(o, opts) != nullptr
                                                    ? "--[no-]" + o->get_lnames().front()
                                                    : make_option_name(o, false));
      }
      out += fmt::format("\n{}:\n  {}\n", group, wrap_text(names, width_, 2));
    }
    out += make_subcommands(app, mode);
    if (!app->get_subcommands({}).empty()) return out + "\n" + make_footer(app);
    // A command's own footer: where the rest is.
    return out + (collapsed ? "\nEvery option with its meaning: --help-all. " : "\n") +
           "Guides: docs/ in the source tree.\n";
  }

 private:
  /// The --no-NAME option of flag `o` among `opts`, if any.
  static const CLI::Option* negation(const CLI::Option* o,
                                     const std::vector<const CLI::Option*>& opts) {
    if (o->get_lnames().empty()) return nullptr;
    for (const CLI::Option* other : opts)
      if (other->check_lname("no-" + o->get_lnames().front())) return other;
    return nullptr;
  }
  /// The flag whose --no- form `o` is, among `opts`, if any.
  static const CLI::Option* negation_of(const CLI::Option* o,
                                        const std::vector<const CLI::Option*>& opts) {
    if (o->get_lnames().empty() || !o->get_lnames().front().starts_with("no-")) return nullptr;
    for (const CLI::Option* other : opts)
      if (other->check_lname(o->get_lnames().front().substr(3))) return other;
    return nullptr;
  }

  /// One option's lines: `name` in the left column, `desc` wrapped to the right of it (below it
  /// when the name is too long).
  std::string line(const std::string& option, const std::string& desc) const {
    const std::string name = "  " + option;
    const std::size_t column = get_column_width();
    if (desc.empty()) return name + "\n";
    const std::string body = wrap_text(desc, width_, column);
    if (name.size() + 1 > column) return name + "\n" + std::string(column, ' ') + body + "\n";
    return name + std::string(column - name.size(), ' ') + body + "\n";
  }

  std::size_t width_;
};

}  // namespace

std::shared_ptr<CLI::Formatter> screen_formatter(std::size_t width) {
  return std::make_shared<ScreenFormatter>(width);
}

void set_help_layout(CLI::App& app, std::size_t width) {
  app.formatter(screen_formatter(width));
  app.set_help_flag("-h,--help", "this help (--help-all: every option with its meaning)");
  app.set_help_all_flag("--help-all", "every option with its meaning");
}

}  // namespace evoplay::cli
