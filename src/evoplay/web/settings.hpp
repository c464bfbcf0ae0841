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
#include <type_traits>
#include <utility>
#include <vector>

#include "evoplay/core/fields.hpp"
#include "evoplay/core/fields_schema.hpp"
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
S read_settings(const nlohmann::json& body, S base, std::initializer_list<std::string_view> inputs,
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
    throw BadRequest(
        fmt::format("{}: at most {} on this server (the command line takes more)", key, most));
}

/// A cap of the server on a number setting ("population" at most 50).
struct Cap {
  std::string_view key;
  double most;
};

/// What a route takes of a settings struct: the server's defaults (`base`), its caps and the
/// settings it refuses (files a client names, threads). read() reads a body within them;
/// schema() describes them as JSON Schema (core/fields_schema.hpp), for a form or a client.
template <class S>
struct RouteSettings {
  S base;
  std::vector<Cap> caps;
  std::vector<std::string> refused;
  std::string_view why_refused;  // "the server reads no file a request names"

  /// Refuses every setting `group` declares (an island model on a server of one-thread jobs),
  /// under the keys the route would read them by.
  template <class G>
  void refuse_all(const G& group) {
    fields::for_each(group,
                     [&](const fields::Slot& slot, const auto&) { refused.push_back(slot.key()); });
  }

  /// The body's settings over `base`; `inputs` are the request's own keys. BadRequest naming
  /// the key for a refused setting, a bad value or one above its cap.
  S read(const nlohmann::json& body, std::initializer_list<std::string_view> inputs = {},
         std::initializer_list<RenamedKey> renamed = {}) const {
    for (const auto& key : refused)
      if (body.is_object() && body.contains(key))
        throw BadRequest(fmt::format("{}: not on this server ({})", key, why_refused));
    S s = read_settings(body, base, inputs, renamed);
    fields::for_each(s, [&](const fields::Slot& slot, const auto& member) {
      using T = std::remove_cvref_t<decltype(member)>;
      if constexpr (std::is_arithmetic_v<T> && !std::is_same_v<T, bool>) {
        for (const auto& c : caps)
          if (c.key == slot.key()) cap(c.key, static_cast<double>(member), c.most);
      }
    });
    return s;
  }
  /// The settings the route takes: the declaration's, with the server's defaults, its caps as
  /// maximums, without the refused ones.
  nlohmann::json schema() const {
    nlohmann::json j = fields::json_schema(base);
    auto& properties = j["properties"];
    for (const auto& key : refused) properties.erase(key);
    for (const auto& c : caps) {
      auto& p = properties.at(std::string(c.key));
      if (!p.contains("maximum") || p["maximum"].get<double>() > c.most) {
        if (p["type"] == "integer") {
          p["maximum"] = static_cast<long long>(c.most);
        } else {
          p["maximum"] = c.most;
        }
      }
    }
    return j;
  }
};

}  // namespace evoplay::web
