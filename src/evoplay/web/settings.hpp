#pragma once
// A request's settings from the declared fields (core/fields.hpp): the JSON keys are the
// fields' keys (population, cro_gamma as {"cro": {"gamma": ...}} or flat "cro_gamma"), checked
// with the command line's limits and words; an unknown key is a 400 naming the nearest one.
// The server's own caps (smaller budgets, so that one client cannot hold a core for hours)
// come after, by `cap`.
//
// Why it exists: the server spells no setting by hand: what the command line and Python accept
// it accepts, under the same names, with the same messages.

#include <fmt/format.h>

#include <initializer_list>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "evoplay/core/fields.hpp"
#include "evoplay/web/request.hpp"

namespace evoplay::web {

/// A key renamed since a release: still read.
struct RenamedKey {
  std::string_view old_key, new_key;
};

namespace detail {
/// The body's keys but `inputs` (the request's own: a puzzle, a level), flat (a nested object of
/// a group stays nested), renamed keys translated.
std::vector<std::pair<std::string, nlohmann::json>> setting_keys(
    const nlohmann::json& body, std::initializer_list<std::string_view> inputs,
    std::initializer_list<RenamedKey> renamed);
/// A FieldError as a 400 naming the key.
[[noreturn]] void bad_setting(const fields::FieldError& e);
}  // namespace detail

/// `base` with the body's settings applied (presets first, then each key, then resolve()).
template <class S>
S read_settings(const nlohmann::json& body, S base,
                std::initializer_list<std::string_view> inputs,
                std::initializer_list<RenamedKey> renamed = {}) {
  try {
    auto flat = detail::setting_keys(body, inputs, renamed);
    // Nested group objects ({"cro": {...}}) pass as they are; flat keys are nested.
    std::vector<std::pair<std::string, nlohmann::json>> keys, groups;
    for (auto& kv : flat) (kv.second.is_object() ? groups : keys).push_back(std::move(kv));
    nlohmann::json settings = fields::nest(base, keys);
    for (auto& [k, v] : groups) settings[k].update(v);
    fields::apply_json(base, settings);
    base.validate();
  } catch (const fields::FieldError& e) {
    detail::bad_setting(e);
  }
  return base;
}

/// The server's cap on a setting already read: BadRequest "KEY: at most MOST on this server".
template <class T>
void cap(std::string_view key, const T& value, const T& most) {
  if (value > most)
    throw BadRequest(fmt::format("{}: at most {} on this server (the command line takes more)",
                                 key, most));
}

}  // namespace evoplay::web
