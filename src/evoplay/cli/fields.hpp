#pragma once
// A settings struct's declared fields (core/fields.hpp) as a command's options.
//
// Why it exists: the command line spells no setting by hand. Each field becomes one option
// (--NAME VALUE; a bool --NAME and --no-NAME, or --NAME=on|off), with the field's help, its
// limits and its default, checked as it is typed in the library's words. resolve() gives the
// settings: the defaults (or a base), the preset(s) given, then every option given.

#include <CLI/CLI.hpp>
#include <map>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "evoplay/core/fields.hpp"

namespace evoplay::cli {

/// Which fields a command binds.
struct BindOptions {
  /// Fields bound elsewhere (seed and threads by the common options), or that the command sets
  /// itself. A group's name skips the whole group.
  std::vector<std::string_view> skip = {"seed", "threads"};
  /// When not empty: only these fields (or groups).
  std::vector<std::string_view> only = {};
};

namespace detail {

/// One bound field: what was typed (a bool: "on"/"off"), whether it was.
struct BoundField {
  std::string name;
  std::string text;
  CLI::Option* option = nullptr;
  CLI::Option* negation = nullptr;  // --no-NAME of a bool
  bool given() const {
    return (option != nullptr && option->count() > 0) || (negation && negation->count() > 0);
  }
};

bool selected(const fields::Slot& slot, const BindOptions& bind);
/// The help of an option: the field's help, its limits.
std::string option_help(const fields::Info& info);
/// Adds the option(s) of one field to `cmd`; `check(text)` returns "" or the error's detail.
void add_field_option(CLI::App* cmd, const fields::Info& info, BoundField& bound,
                      std::function<std::string(const std::string&)> check);
/// Every given preset first (outer groups before inner ones), then the rest, in the order bound.
std::vector<const BoundField*> application_order(const std::vector<std::unique_ptr<BoundField>>& b);

}  // namespace detail

template <class S>
class FieldOptions {
 public:
  FieldOptions(CLI::App* cmd, const S& defaults, BindOptions bind = {}) : defaults_(defaults) {
    const auto infos = fields::describe(defaults);
    std::size_t i = 0;
    fields::for_each(defaults, [&](const fields::Slot& slot, const auto& member) {
      const fields::Info& info = infos[i++];
      if (!detail::selected(slot, bind)) return;
      using T = std::remove_cvref_t<decltype(member)>;
      auto& bound = *bound_.emplace_back(std::make_unique<detail::BoundField>());
      bound.name = slot.name;
      const fields::Field field = slot.field;
      detail::add_field_option(cmd, info, bound, [field](const std::string& text) -> std::string {
        try {
          (void)fields::FieldValue<T>::parse(text, field);
          return {};
        } catch (const fields::Expected& e) {
          return fmt::format("expected {}, found '{}'", e.what, fields::detail::echo(text));
        }
      });
    });
  }

  /// The defaults given at binding, with the options given over them.
  S resolve() const { return resolve(defaults_); }
  /// `base` with the presets given, then every other option given. Throws Error naming the
  /// option (--NAME: ...).
  S resolve(S base) const {
    for (const detail::BoundField* b : detail::application_order(bound_)) {
      try {
        fields::set_text(base, b->name, b->text);
      } catch (const fields::FieldError& e) {
        throw e.named("--" + e.field());
      }
    }
    fields::resolve(base, [this](std::string_view name) { return given(name); });
    return base;
  }
  /// The option of field `name` (for relations between options, such as excludes()).
  CLI::Option* option(std::string_view name) const {
    for (const auto& b : bound_)
      if (b->name == name) return b->option;
    throw InternalError("no option bound for field " + std::string(name));
  }
  /// The fields given, by name, with the text typed (a bool: "on" or "off").
  std::map<std::string, std::string> given_texts() const {
    std::map<std::string, std::string> out;
    for (const auto& b : bound_)
      if (b->given()) out[b->name] = b->text;
    return out;
  }
  /// Whether the option of field `name` was given.
  bool given(std::string_view name) const {
    for (const auto& b : bound_)
      if (b->name == name) return b->given();
    return false;
  }

 private:
  S defaults_;
  std::vector<std::unique_ptr<detail::BoundField>> bound_;
};

/// Binds the fields of `defaults`' type to `cmd`; the returned object lives as long as the
/// command (hold it in the command's callback).
template <class S>
std::shared_ptr<FieldOptions<S>> bind_fields(CLI::App* cmd, const S& defaults = S{},
                                             BindOptions bind = {}) {
  return std::make_shared<FieldOptions<S>>(cmd, defaults, std::move(bind));
}

}  // namespace evoplay::cli
