#include "evoplay/cli/fields.hpp"

#include <fmt/format.h>

#include <algorithm>

#include "evoplay/cli/help_format.hpp"

namespace evoplay::cli::detail {

namespace {

bool named_in(const fields::Slot& slot, const std::vector<std::string_view>& names) {
  for (const auto n : names) {
    if (slot.name == n) return true;
    // A group's name stands for its fields: "cro" for "cro-gamma".
    if (slot.path.size() > 1 && slot.name.starts_with(std::string(n) + "-")) return true;
  }
  return false;
}

std::size_t depth(const std::string& name) {
  return static_cast<std::size_t>(std::count(name.begin(), name.end(), '-'));
}

bool is_preset(const std::string& name) { return name == "preset" || name.ends_with("-preset"); }

}  // namespace

bool selected(const fields::Slot& slot, const BindOptions& bind) {
  if (named_in(slot, bind.skip)) return false;
  return bind.only.empty() || named_in(slot, bind.only);
}

std::string option_help(const fields::Info& info) {
  std::string help(info.slot.field.help);
  if (!info.limits.empty() && info.slot.field.choices.empty()) help += " (" + info.limits + ")";
  return help;
}

void add_field_option(CLI::App* cmd, const fields::Info& info, BoundField& bound,
                      std::function<std::string(const std::string&)> check) {
  const std::string name = "--" + info.slot.name;
  const CLI::Validator validator(
      [check = std::move(check)](std::string& text) { return check(text); }, "");
  const std::string heading = info.slot.field.advanced ? "Advanced options"
                              : !info.slot.field.heading.empty()
                                  ? std::string(info.slot.field.heading)
                                  : kMainOptions;
  if (info.flag) {
    // --NAME (or --NAME=on|off) and --NAME=off's short form --no-NAME.
    bound.option = cmd->add_flag(name + "{on}", bound.text,
                                 fmt::format("{} (default: {})", option_help(info),
                                             info.default_text == "on" ? "on" : "off"))
                       ->check(validator)
                       ->group(heading);
    bound.negation = cmd->add_flag_callback(
                            "--no-" + info.slot.name, [&bound] { bound.text = "off"; },
                            fmt::format("the opposite of {}", name))
                         ->group(heading);
    return;
  }
  bound.option = cmd->add_option(name, bound.text, option_help(info))
                     ->type_name(info.kind)
                     ->check(validator)
                     ->group(heading);
  if (!info.default_text.empty()) bound.option->default_str(info.default_text);
}

std::vector<const BoundField*> application_order(
    const std::vector<std::unique_ptr<BoundField>>& bound) {
  std::vector<const BoundField*> order;
  for (const auto& b : bound)
    if (b->given() && is_preset(b->name)) order.push_back(b.get());
  std::stable_sort(order.begin(), order.end(), [](const BoundField* a, const BoundField* b) {
    return depth(a->name) < depth(b->name);
  });
  for (const auto& b : bound)
    if (b->given() && !is_preset(b->name)) order.push_back(b.get());
  return order;
}

}  // namespace evoplay::cli::detail
