#pragma once
// The JSON Schema of a settings struct's declared fields (core/fields.hpp): what a form or a
// client of the server needs to build a request (each key's type, range or choices, default,
// help and the option it is on the command line), from the same declaration the command line,
// Python and the server's reading of requests bind.
//
// Keys are flat, as the server and Python take them ("cro_gamma"); a pair of bounds
// (fields::Range) is an array of two; a list an array; an optional value may be null. Beyond
// the standard keywords each property has "x-option" (the command line's --NAME), "x-order" (its
// place in the declaration, which --help follows) and, when the command's help lists it under a
// heading, "x-heading".

#include <cmath>
#include <concepts>
#include <limits>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <type_traits>
#include <vector>

#include "evoplay/core/fields.hpp"

namespace evoplay::fields {

namespace detail {

/// minimum/maximum of a number field (infinite bounds left out).
inline void number_bounds(nlohmann::json& out, double lo, double hi, bool above) {
  if (std::isfinite(lo)) out[above ? "exclusiveMinimum" : "minimum"] = lo;
  if (std::isfinite(hi)) out["maximum"] = hi;
}

}  // namespace detail

/// The schema of one value of type T declared by `f`.
template <class T>
nlohmann::json value_schema(const Field& f) {
  using nlohmann::json;
  if constexpr (std::is_same_v<T, bool>) {
    if (f.choices.size() == 2)
      return {{"enum", json::array({f.choices[0], f.choices[1], false, true})}};
    return {{"type", "boolean"}};
  } else if constexpr (std::is_integral_v<T>) {
    json out = {{"type", "integer"}};
    const auto lo = FieldValue<T>::least(f), hi = FieldValue<T>::most(f);
    if (lo > -9.007199254740992e15L)
      out["minimum"] = static_cast<long long>(lo) + (f.above ? 1 : 0);
    if (hi < 9.007199254740992e15L) out["maximum"] = static_cast<long long>(hi);
    return out;
  } else if constexpr (std::is_floating_point_v<T>) {
    json out = {{"type", "number"}};
    detail::number_bounds(out, f.lo, f.hi, f.above);
    return out;
  } else if constexpr (std::is_same_v<T, std::string>) {
    json out = {{"type", "string"}};
    if (!f.choices.empty())
      out["enum"] = std::vector<std::string>(f.choices.begin(), f.choices.end());
    return out;
  } else if constexpr (kIsOptional<T>) {  // null: not given
    json out = value_schema<typename T::value_type>(f);
    if (out.contains("type")) out["type"] = json::array({out["type"], "null"});
    if (out.contains("enum")) out["enum"].push_back(nullptr);
    return out;
  } else if constexpr (kIsVector<T>) {
    return {{"type", "array"},
            {"items", value_schema<typename T::value_type>(f)},
            {"uniqueItems", true}};
  } else if constexpr (kIsRange<T>) {
    return {{"type", "array"},
            {"items", value_schema<decltype(T::min)>(f)},
            {"minItems", 2},
            {"maxItems", 2},
            {"description", "[MIN, MAX], MIN at most MAX"}};
  } else if constexpr (requires { FieldValue<T>::choices(); }) {
    std::vector<std::string> names;
    for (const auto n : FieldValue<T>::choices()) names.emplace_back(n);
    return {{"type", "string"}, {"enum", names}};
  } else {
    return {{"type", "string"}};  // a specification read from text (a selection, a reef's shape)
  }
}

/// The JSON Schema (draft 2020-12) of the settings of `defaults`' type, with its values as the
/// defaults: an object of flat keys, no other key allowed.
template <class S>
nlohmann::json json_schema(const S& defaults) {
  nlohmann::json properties = nlohmann::json::object();
  for_each(defaults, [&](const Slot& slot, const auto& member) {
    using T = std::remove_cvref_t<decltype(member)>;
    nlohmann::json p = value_schema<T>(slot.field);
    const std::string help(slot.field.help);
    p["description"] = p.contains("description")
                           ? nlohmann::json(help + " " + p["description"].get<std::string>())
                           : nlohmann::json(help);
    p["default"] = value_json(member, slot.field);
    p["x-option"] = "--" + slot.name;
    p["x-order"] = properties.size();  // the declaration's order (JSON objects have none)
    if (!slot.field.heading.empty()) p["x-heading"] = std::string(slot.field.heading);
    properties[slot.key()] = std::move(p);
  });
  return {{"$schema", "https://json-schema.org/draft/2020-12/schema"},
          {"type", "object"},
          {"properties", std::move(properties)},
          {"additionalProperties", false}};
}

}  // namespace evoplay::fields
