#pragma once
// Settings declared once. A settings struct names, describes and bounds each of its fields in one
// declaration, `fields(self, visitor)`; every front end binds from it: the command line's options
// (cli/fields.hpp), Python's keyword arguments (python/src/fields.hpp), the server's JSON
// requests, validate()'s messages, config.json (to_json / apply_json) and the docs' option
// tables. A front end that spelled a field, a default, a limit or a message by hand would be a
// copy waiting to drift.
//
//   struct IslandParams {
//     std::size_t islands = 1;
//     template <class S, class V> static void fields(S& s, V& v) {
//       v(s.islands, {.name = "islands", .help = "islands that swap migrants", .lo = 1,
//                     .hi = limits::kIslands});
//       v.group(s.ring, {.name = "ring", .help = "..."});  // a nested settings struct
//     }
//   };
//
// Names are spelled as options are ("crossover-rate"); JSON keys and Python keywords replace
// '-' with '_'. A nested group's fields are options with the group's prefix ("cro-gamma") and
// JSON objects under its key ({"cro": {"gamma": ...}}). A struct (or group) with a field named
// "preset" and a `static S preset_named(std::string_view)` starts from that preset before the
// other given fields apply ("preset, then overrides", in every front end alike).
//
// Values: bool, whole numbers, double, std::string (with `choices`), std::optional of those (not
// given = empty), std::vector of those (comma-separated on the command line), and any type with
// a `FieldValue` specialisation (enums and small value types, e.g. evo::Selection).

#include <fmt/format.h>

#include <algorithm>
#include <charconv>
#include <cmath>
#include <concepts>
#include <cstdint>
#include <functional>
#include <limits>
#include <map>
#include <nlohmann/json.hpp>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <vector>

#include "evoplay/core/error.hpp"

namespace evoplay::fields {

/// The declaration of one field (all views point to static storage: string literals, static
/// arrays).
struct Field {
  std::string_view name{};  // as the option spells it: "crossover-rate"
  std::string_view help{};  // one sentence, no default or range (the front ends add them)
  double lo = -std::numeric_limits<double>::infinity();  // numbers: the least value ...
  double hi = std::numeric_limits<double>::infinity();   // ... and the largest
  bool above = false;                                    // lo itself is excluded
  std::span<const std::string_view> choices{};           // text: the accepted values (empty: any)
  std::string_view value_name{};  // in --help after the option (default by type)
  bool advanced = false;          // listed under "Advanced options" in --help
  bool run_limit = false;  // a limit of the run (may differ on --resume), not a setting of it
  // The heading the option is listed under in --help ("CRO options"); a group's heading is its
  // fields' unless they name their own. Empty: the command's main options.
  std::string_view heading{};
};

/// A bad value for a field: what() is "NAME: MESSAGE"; front ends rename the field the way
/// they spell it (--crossover-rate, crossover_rate, cro.gamma).
class FieldError : public Error {
 public:
  FieldError(std::string field, std::string message)
      : Error(fmt::format("{}: {}", field, message)),
        field_(std::move(field)),
        detail_(std::move(message)) {}
  const std::string& field() const { return field_; }
  const std::string& detail() const { return detail_; }
  /// The same error naming the field `name`.
  Error named(std::string_view name) const { return Error(fmt::format("{}: {}", name, detail_)); }

 private:
  std::string field_, detail_;
};

/// Thrown by value readers: what was expected ("a whole number from 2 to 100"); the caller
/// adds the field's name and what was found.
struct Expected {
  std::string what;
};

/// How a type of field value is read and written. Specialise it for enums and value types:
/// kind() (shown in --help), parse(text), text(value), and to/from JSON.
template <class T>
struct FieldValue;

// ---- values ---------------------------------------------------------------------------------

namespace detail {

std::string number_text(double v);
std::string range_text(const Field& f, bool whole);
bool parse_bool(std::string_view text, bool& out);
std::string found_text(const nlohmann::json& j);
std::string echo(std::string_view typed);
/// The accepted names, "a, b or c".
std::string choices_text(std::span<const std::string_view> choices);
/// The name of `known` nearest to `name` (a typo's correction), or "" if none is close.
std::string nearest(std::string_view name, const std::vector<std::string>& known);
std::string snake(std::string_view name);
/// Equal but for the case of ASCII letters.
bool same_letters(std::string_view a, std::string_view b);

}  // namespace detail

/// A bool: on|off; or, when the field names two choices, the first for false and the second
/// for true ("uniform", "proportional").
template <>
struct FieldValue<bool> {
  static bool named(const Field& f) { return f.choices.size() == 2; }
  static std::string kind(const Field& f) {
    return named(f) ? fmt::format("{}|{}", f.choices[0], f.choices[1]) : "on|off";
  }
  static bool parse(std::string_view text, const Field& f) {
    if (named(f)) {
      if (text == f.choices[0]) return false;
      if (text == f.choices[1]) return true;
      throw Expected{detail::choices_text(f.choices)};
    }
    bool v = false;
    if (!detail::parse_bool(text, v)) throw Expected{"on or off"};
    return v;
  }
  static std::string text(bool v) { return v ? "on" : "off"; }
  static std::string text(bool v, const Field& f) {
    return named(f) ? std::string(f.choices[v ? 1 : 0]) : text(v);
  }
  static nlohmann::json to_json(bool v) { return v; }
  static nlohmann::json to_json(bool v, const Field& f) {
    return named(f) ? nlohmann::json(text(v, f)) : nlohmann::json(v);
  }
  static bool from_json(const nlohmann::json& j, const Field& f) {
    if (named(f) && j.is_string()) return parse(j.get<std::string>(), f);
    if (!j.is_boolean())
      throw Expected{named(f) ? detail::choices_text(f.choices) : "true or false"};
    return j.get<bool>();
  }
  static void check(bool, const Field&) {}
};

template <class T>
requires(std::integral<T> && !std::same_as<T, bool>) struct FieldValue<T> {
  static long double least(const Field& f) {
    return std::max<long double>(f.lo, static_cast<long double>(std::numeric_limits<T>::min()));
  }
  static long double most(const Field& f) {
    return std::min<long double>(f.hi, static_cast<long double>(std::numeric_limits<T>::max()));
  }
  static std::string expected(const Field& f) {
    return fmt::format("a whole number from {} to {}", static_cast<long long>(least(f)),
                       most(f) >= static_cast<long double>(std::numeric_limits<long long>::max())
                           ? fmt::format("{}", std::numeric_limits<T>::max())
                           : fmt::format("{}", static_cast<long long>(most(f))));
  }
  static std::string kind(const Field& f) {
    return f.value_name.empty() ? std::string("N") : std::string(f.value_name);
  }
  static T parse(std::string_view text, const Field& f) {
    while (!text.empty() && (text.front() == ' ' || text.front() == '\t')) text.remove_prefix(1);
    while (!text.empty() && (text.back() == ' ' || text.back() == '\t')) text.remove_suffix(1);
    if (!text.empty() && text.front() == '+') text.remove_prefix(1);
    T v{};
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
    if (text.empty() || ec != std::errc() || end != text.data() + text.size())
      throw Expected{expected(f)};
    check(v, f);
    return v;
  }
  static std::string text(T v) { return fmt::format("{}", v); }
  static nlohmann::json to_json(T v) { return v; }
  static T from_json(const nlohmann::json& j, const Field& f) {
    if (j.is_number_unsigned()) {
      const auto u = j.get<std::uint64_t>();
      if (std::cmp_greater(u, std::numeric_limits<T>::max())) throw Expected{expected(f)};
      return checked(static_cast<T>(u), f);
    }
    if (j.is_number_integer()) {
      const auto i = j.get<std::int64_t>();
      if (!std::in_range<T>(i)) throw Expected{expected(f)};
      return checked(static_cast<T>(i), f);
    }
    // A whole number written as a float (JavaScript has no other numbers): 100.0, not 100.5.
    if (j.is_number_float()) {
      const double d = j.get<double>();
      if (std::isfinite(d) && d == std::floor(d) && d >= static_cast<double>(least(f)) &&
          d <= static_cast<double>(most(f)) && std::abs(d) < 9.007199254740992e15)
        return checked(static_cast<T>(d), f);
    }
    throw Expected{expected(f)};
  }
  static T checked(T v, const Field& f) {
    check(v, f);
    return v;
  }
  static void check(T v, const Field& f) {
    if (static_cast<long double>(v) < least(f) || static_cast<long double>(v) > most(f) ||
        (f.above && static_cast<long double>(v) <= least(f)))
      throw Expected{expected(f)};
  }
};

template <>
struct FieldValue<double> {
  static std::string expected(const Field& f) { return "a number" + detail::range_text(f, false); }
  static std::string kind(const Field& f) {
    return f.value_name.empty() ? std::string("X") : std::string(f.value_name);
  }
  static double parse(std::string_view text, const Field& f);
  static std::string text(double v) { return detail::number_text(v); }
  static nlohmann::json to_json(double v) { return v; }
  static double from_json(const nlohmann::json& j, const Field& f) {
    if (!j.is_number()) throw Expected{expected(f)};
    const double v = j.get<double>();
    check(v, f);
    return v;
  }
  static void check(double v, const Field& f) {
    if (!std::isfinite(v) || v < f.lo || v > f.hi || (f.above && v <= f.lo))
      throw Expected{expected(f)};
  }
};

template <>
struct FieldValue<std::string> {
  static std::string kind(const Field& f) {
    if (!f.value_name.empty()) return std::string(f.value_name);
    if (f.choices.empty()) return "TEXT";
    std::string out;
    for (const auto c : f.choices) out += (out.empty() ? "" : "|") + std::string(c);
    return out;
  }
  static std::string parse(std::string_view text, const Field& f) {
    std::string v(text);
    check(v, f);
    return v;
  }
  static const std::string& text(const std::string& v) { return v; }
  static nlohmann::json to_json(const std::string& v) { return v; }
  static std::string from_json(const nlohmann::json& j, const Field& f) {
    if (!j.is_string())
      throw Expected{f.choices.empty() ? "a string" : detail::choices_text(f.choices)};
    return parse(j.get<std::string>(), f);
  }
  static void check(const std::string& v, const Field& f) {
    if (f.choices.empty()) return;
    for (const auto c : f.choices)
      if (v == c) return;
    throw Expected{detail::choices_text(f.choices)};
  }
};

/// Not given: empty. On the command line an optional field is one that may be left out; in JSON
/// null or an absent key leaves it empty.
template <class T>
struct FieldValue<std::optional<T>> {
  static std::string kind(const Field& f) { return FieldValue<T>::kind(f); }
  static std::optional<T> parse(std::string_view text, const Field& f) {
    return FieldValue<T>::parse(text, f);
  }
  static std::string text(const std::optional<T>& v) {
    return v ? std::string(FieldValue<T>::text(*v)) : std::string();
  }
  static nlohmann::json to_json(const std::optional<T>& v) {
    return v ? FieldValue<T>::to_json(*v) : nlohmann::json();
  }
  static std::optional<T> from_json(const nlohmann::json& j, const Field& f) {
    if (j.is_null()) return std::nullopt;
    return FieldValue<T>::from_json(j, f);
  }
  static void check(const std::optional<T>& v, const Field& f) {
    if (v) FieldValue<T>::check(*v, f);
  }
};

/// A list: comma-separated on the command line ("none": the empty list), an array (or the same
/// text) in JSON; a value given twice counts once. Each element is checked as the field says
/// (its choices, its range).
template <class T>
struct FieldValue<std::vector<T>> {
  static std::string kind(const Field& f) {
    return f.value_name.empty() ? FieldValue<T>::kind(f) + ",..." : std::string(f.value_name);
  }
  static std::vector<T> parse(std::string_view text, const Field& f) {
    std::vector<T> out;
    if (text == "none") return out;
    std::size_t start = 0;
    while (start <= text.size()) {
      const auto comma = text.find(',', start);
      const auto end = comma == std::string_view::npos ? text.size() : comma;
      auto item = text.substr(start, end - start);
      while (!item.empty() && item.front() == ' ') item.remove_prefix(1);
      while (!item.empty() && item.back() == ' ') item.remove_suffix(1);
      if (!item.empty()) add(out, FieldValue<T>::parse(item, f));
      if (comma == std::string_view::npos) break;
      start = comma + 1;
    }
    return out;
  }
  static std::string text(const std::vector<T>& v) {
    if (v.empty()) return "none";
    std::string out;
    for (const auto& x : v) out += (out.empty() ? "" : ",") + std::string(FieldValue<T>::text(x));
    return out;
  }
  static nlohmann::json to_json(const std::vector<T>& v) {
    auto j = nlohmann::json::array();
    for (const auto& x : v) j.push_back(FieldValue<T>::to_json(x));
    return j;
  }
  static std::vector<T> from_json(const nlohmann::json& j, const Field& f) {
    if (j.is_string()) return parse(j.get<std::string>(), f);
    if (!j.is_array()) throw Expected{"a list (an array, or names separated by commas)"};
    std::vector<T> out;
    for (const auto& x : j) add(out, FieldValue<T>::from_json(x, f));
    return out;
  }
  static void check(const std::vector<T>& v, const Field& f) {
    for (const auto& x : v) FieldValue<T>::check(x, f);
  }
  /// A name given twice counts once.
  static void add(std::vector<T>& out, T x) {
    if (std::find(out.begin(), out.end(), x) == out.end()) out.push_back(std::move(x));
  }
};

/// Two bounds of one quantity, MIN,MAX: "2,4" (or "2:4") on the command line, [2, 4] (or the
/// same text) in JSON, a pair in Python. Each bound is within the field's range, MIN <= MAX.
template <class T>
struct Range {
  T min{}, max{};
  bool operator==(const Range&) const = default;
};

/// What a field's type is, for those that describe it (JSON Schema, Python's stubs).
template <class T>
inline constexpr bool kIsRange = false;
template <class T>
inline constexpr bool kIsRange<Range<T>> = true;
template <class T>
inline constexpr bool kIsOptional = false;
template <class T>
inline constexpr bool kIsOptional<std::optional<T>> = true;
/// The value type of a field that may be left out (T itself for others).
template <class T>
struct Unwrapped {
  using type = T;
};
template <class T>
struct Unwrapped<std::optional<T>> {
  using type = T;
};
template <class T>
inline constexpr bool kIsVector = false;
template <class T>
inline constexpr bool kIsVector<std::vector<T>> = true;

template <class T>
struct FieldValue<Range<T>> {
  static std::string expected(const Field& f) {
    return fmt::format("MIN,MAX, {}{}, MIN at most MAX",
                       std::is_integral_v<T> ? "whole numbers" : "numbers",
                       detail::range_text(f, std::is_integral_v<T>));
  }
  static std::string kind(const Field& f) {
    return f.value_name.empty() ? std::string("MIN,MAX") : std::string(f.value_name);
  }
  static Range<T> parse(std::string_view text, const Field& f) {
    const auto sep = text.find_first_of(",:");
    if (sep == std::string_view::npos) throw Expected{expected(f)};
    try {
      return checked({FieldValue<T>::parse(text.substr(0, sep), f),
                      FieldValue<T>::parse(text.substr(sep + 1), f)},
                     f);
    } catch (const Expected&) {
      throw Expected{expected(f)};
    }
  }
  static std::string text(const Range<T>& v) {
    return FieldValue<T>::text(v.min) + "," + FieldValue<T>::text(v.max);
  }
  static nlohmann::json to_json(const Range<T>& v) {
    return nlohmann::json::array({FieldValue<T>::to_json(v.min), FieldValue<T>::to_json(v.max)});
  }
  static Range<T> from_json(const nlohmann::json& j, const Field& f) {
    if (j.is_string()) return parse(j.get<std::string>(), f);
    if (!j.is_array() || j.size() != 2) throw Expected{expected(f)};
    try {
      return checked({FieldValue<T>::from_json(j[0], f), FieldValue<T>::from_json(j[1], f)}, f);
    } catch (const Expected&) {
      throw Expected{expected(f)};
    }
  }
  static Range<T> checked(Range<T> v, const Field& f) {
    check(v, f);
    return v;
  }
  static void check(const Range<T>& v, const Field& f) {
    try {
      FieldValue<T>::check(v.min, f);
      FieldValue<T>::check(v.max, f);
    } catch (const Expected&) {
      throw Expected{expected(f)};
    }
    if (v.max < v.min) throw Expected{expected(f)};
  }
};

/// An enumeration read and written by its names: specialise FieldValue<E> as
/// `struct FieldValue<E> : EnumValue<E, kNames> {}` with kNames an array of {E, "name"}.
template <class E>
struct EnumName {
  E value;
  std::string_view name;
};
template <class E, const auto& kNames>
struct EnumValue {
  /// The names, in their order.
  static std::vector<std::string_view> choices() {
    std::vector<std::string_view> all;
    for (const auto& n : kNames) all.push_back(n.name);
    return all;
  }
  static std::string names() { return detail::choices_text(choices()); }
  static std::string kind(const Field& f) {
    if (!f.value_name.empty()) return std::string(f.value_name);
    std::string out;
    for (const auto& n : kNames) out += (out.empty() ? "" : "|") + std::string(n.name);
    return out;
  }
  /// Any case: "CRO" is "cro".
  static E parse(std::string_view text, const Field&) {
    for (const auto& n : kNames)
      if (detail::same_letters(n.name, text)) return n.value;
    throw Expected{names()};
  }
  static std::string text(E v) {
    for (const auto& n : kNames)
      if (n.value == v) return std::string(n.name);
    return "?";
  }
  static nlohmann::json to_json(E v) { return text(v); }
  static E from_json(const nlohmann::json& j, const Field& f) {
    if (!j.is_string()) throw Expected{names()};
    return parse(j.get<std::string>(), f);
  }
  static void check(E, const Field&) {}
};

/// A value as text and as JSON, in the words of its field (a named bool by its names).
template <class T>
std::string value_text(const T& v, const Field& f) {
  if constexpr (requires { FieldValue<T>::text(v, f); }) {
    return std::string(FieldValue<T>::text(v, f));
  } else {
    return std::string(FieldValue<T>::text(v));
  }
}
template <class T>
nlohmann::json value_json(const T& v, const Field& f) {
  if constexpr (requires { FieldValue<T>::to_json(v, f); }) {
    return FieldValue<T>::to_json(v, f);
  } else {
    return FieldValue<T>::to_json(v);
  }
}

// ---- walking the declarations -----------------------------------------------------------------

/// Where a field sits: its full option name (group prefixes joined by '-') and its JSON path.
struct Slot {
  std::string name;               // "cro-gamma"
  std::vector<std::string> path;  // {"cro", "gamma"}
  Field field;
  /// The Python keyword and flat JSON key: "cro_gamma".
  std::string key() const { return detail::snake(name); }
};

/// How a group declares its fields: its struct's own fields() unless a group names a part of
/// them (a callable (struct&, visitor&), e.g. a struct's fields but its operators).
struct AllFields {
  template <class G, class V>
  void operator()(G& g, V& v) const {
    std::remove_cvref_t<G>::fields(g, v);
  }
};

template <class S>
concept HasPreset = requires(std::string_view name) {
  { std::remove_cvref_t<S>::preset_named(name) } -> std::convertible_to<std::remove_cvref_t<S>>;
};

/// Calls f(slot, member) for every field of `s` and of its groups, in declaration order.
template <class F>
class Flatten {
 public:
  Flatten(F& f, std::string prefix = {}, std::vector<std::string> path = {},
          std::string_view heading = {})
      : f_(f), prefix_(std::move(prefix)), path_(std::move(path)), heading_(heading) {}
  template <class T>
  void operator()(T& member, const Field& d) {
    Slot slot{prefix_ + std::string(d.name), path_, d};
    slot.path.push_back(detail::snake(d.name));
    if (slot.field.heading.empty()) slot.field.heading = heading_;
    f_(slot, member);
  }
  /// A group: its fields under its name; a group without a name adds its fields to this level
  /// (settings shared by several structs, such as the stopping rules).
  template <class G, class D = AllFields>
  void group(G& g, const Field& d, D declare = {}) {
    const std::string_view heading = d.heading.empty() ? heading_ : d.heading;
    auto path = path_;
    if (!d.name.empty()) path.push_back(detail::snake(d.name));
    Flatten inner(f_, d.name.empty() ? prefix_ : prefix_ + std::string(d.name) + "-",
                  std::move(path), heading);
    declare(g, inner);
  }

 private:
  F& f_;
  std::string prefix_;
  std::vector<std::string> path_;
  std::string_view heading_;
};

template <class S, class F>
void for_each(S& s, F&& f) {
  Flatten<std::remove_reference_t<F>> flat(f);
  std::remove_cvref_t<S>::fields(s, flat);
}

/// What a front end shows of a field: its slot, kind, default (as text and JSON).
struct Info {
  Slot slot;
  std::string kind;          // "N", "X", "on|off", "cro|ga|aco", "TEXT"...
  bool flag = false;         // a bool: an option without value on the command line
  std::string default_text;  // as typed on the command line ("" for an empty optional)
  nlohmann::json default_json;
  /// The range or choices in words ("from 2 to 1000000", "one of a, b or c"), "" if any.
  std::string limits;
};

template <class S>
std::vector<Info> describe(const S& defaults) {
  std::vector<Info> out;
  for_each(defaults, [&](const Slot& slot, const auto& member) {
    using T = std::remove_cvref_t<decltype(member)>;
    using V = typename Unwrapped<T>::type;  // a number that may be left out has its limits too
    Info i{slot,
           FieldValue<T>::kind(slot.field),
           std::is_same_v<T, bool> && slot.field.choices.empty(),
           value_text(member, slot.field),
           value_json(member, slot.field),
           {}};
    if constexpr (std::is_arithmetic_v<V> && !std::is_same_v<V, bool>) {
      i.limits = detail::range_text(slot.field, std::is_integral_v<V>);
      if (i.limits.starts_with(" ")) i.limits.erase(0, 1);
    } else if constexpr (kIsRange<T>) {
      i.limits =
          "MIN and MAX" + detail::range_text(slot.field, std::is_integral_v<decltype(T::min)>);
    } else if (!slot.field.choices.empty()) {
      i.limits = "one of " + detail::choices_text(slot.field.choices);
    }
    out.push_back(std::move(i));
  });
  return out;
}

/// Throws FieldError naming `f` if `value` is out of its range or choices.
template <class T>
void check_value(const T& value, const Field& f) {
  try {
    FieldValue<T>::check(value, f);
  } catch (const Expected& e) {
    throw FieldError(std::string(f.name), fmt::format("expected {}, found {}", e.what,
                                                      detail::found_text(value_json(value, f))));
  }
}

/// Which fields a user gave, by name ("cro-gamma"): the rules that depend on it (a setting that
/// applies to one method only; one that follows another unless given) live in the library, in
/// a settings struct's `void resolve(const Given&)`, which every front end calls after setting
/// the fields given.
using Given = std::function<bool(std::string_view name)>;

/// Calls s.resolve(given) if the struct has one.
template <class S>
void resolve(S& s, const Given& given) {
  if constexpr (requires { s.resolve(given); }) s.resolve(given);
}

/// Throws FieldError for the first field of `s` whose name starts with `prefix` that was given
/// ("NAME: applies to WHERE only"); the seed and the threads apply to every run.
template <class S>
void refuse_given(const S& s, const Given& given, std::string_view prefix, std::string_view where) {
  for_each(s, [&](const Slot& slot, const auto&) {
    if (slot.name == "seed" || slot.name == "threads") return;
    if (slot.name.starts_with(prefix) && given(slot.name))
      throw FieldError(slot.name, fmt::format("applies to {} only", where));
  });
}

/// Throws FieldError naming the first field whose value is out of its range or choices.
template <class S>
void check(const S& s) {
  for_each(s, [](const Slot& slot, const auto& member) {
    using T = std::remove_cvref_t<decltype(member)>;
    try {
      FieldValue<T>::check(member, slot.field);
    } catch (const Expected& e) {
      throw FieldError(slot.name, fmt::format("expected {}, found {}", e.what,
                                              detail::found_text(value_json(member, slot.field))));
    }
  });
}

/// Every field as JSON, nested by group: what config.json records.
template <class S>
nlohmann::json to_json(const S& s) {
  nlohmann::json out = nlohmann::json::object();
  for_each(s, [&](const Slot& slot, const auto& member) {
    nlohmann::json* at = &out;
    for (std::size_t k = 0; k + 1 < slot.path.size(); ++k) at = &(*at)[slot.path[k]];
    (*at)[slot.path.back()] = value_json(member, slot.field);
  });
  return out;
}

namespace detail {

/// Sets one field of a struct level (or of its groups) from text; a level's "preset" resets
/// the level to that preset.
template <class L>
class TextSet {
 public:
  TextSet(L& level, std::string_view name, std::string_view text, std::string prefix, bool& found)
      : level_(level), name_(name), text_(text), prefix_(std::move(prefix)), found_(found) {}

  template <class T>
  void operator()(T& member, const Field& d) {
    if (found_ || prefix_ + std::string(d.name) != name_) return;
    found_ = true;
    try {
      T value = FieldValue<T>::parse(text_, d);
      if constexpr (HasPreset<L> && std::is_same_v<T, std::string>) {
        if (d.name == "preset") {
          level_ = L::preset_named(value);
          return;
        }
      }
      member = std::move(value);
    } catch (const Expected& e) {
      throw FieldError(prefix_ + std::string(d.name),
                       fmt::format("expected {}, found '{}'", e.what, echo(text_)));
    }
  }
  template <class G, class D = AllFields>
  void group(G& g, const Field& d, D declare = {}) {
    if (found_) return;
    if (d.name.empty()) {
      TextSet<std::remove_cvref_t<G>> same(g, name_, text_, prefix_, found_);
      return declare(g, same);
    }
    TextSet<std::remove_cvref_t<G>> inner(g, name_, text_, prefix_ + std::string(d.name) + "-",
                                          found_);
    declare(g, inner);
  }

 private:
  L& level_;
  std::string_view name_, text_;
  std::string prefix_;
  bool& found_;
};

}  // namespace detail

/// Sets the field `name` ("cro-gamma") from text as typed; a preset field ("preset",
/// "cro-preset") resets its struct to that preset. Throws FieldError naming the field.
template <class S>
void set_text(S& s, std::string_view name, std::string_view text) {
  bool found = false;
  detail::TextSet<S> setter(s, name, text, "", found);
  S::fields(s, setter);
  if (!found) throw FieldError(std::string(name), "no such setting");
}

/// The names of every field, for messages.
template <class S>
std::vector<std::string> names(const S& s) {
  std::vector<std::string> out;
  for_each(s, [&](const Slot& slot, const auto&) { out.push_back(slot.name); });
  return out;
}

namespace detail {

/// Applies the JSON object `j` to one struct level (and its groups) of `s`: a preset first
/// when the level declares one, then every other key. Unknown keys are FieldErrors.
template <class S>
class JsonApply {
 public:
  JsonApply(const nlohmann::json& j, std::string prefix) : j_(j), prefix_(std::move(prefix)) {}

  template <class T>
  void operator()(T& member, const Field& d) {
    const std::string key = snake(d.name);
    seen_.push_back(key);
    const auto it = j_.find(key);
    if (it == j_.end()) return;
    try {
      member = FieldValue<T>::from_json(*it, d);
    } catch (const Expected& e) {
      throw FieldError(prefix_ + std::string(d.name),
                       fmt::format("expected {}, found {}", e.what, found_text(*it)));
    }
  }
  template <class G, class D = AllFields>
  void group(G& g, const Field& d, D declare = {}) {
    using T = std::remove_cvref_t<G>;
    if (d.name.empty()) {  // its fields at this level: its preset first, if given here
      apply_preset(g, j_, prefix_);
      JsonApply<T> same(j_, prefix_);
      declare(g, same);
      seen_.insert(seen_.end(), same.seen().begin(), same.seen().end());
      return;
    }
    const std::string key = snake(d.name);
    seen_.push_back(key);
    const auto it = j_.find(key);
    if (it == j_.end()) return;
    if (!it->is_object())
      throw FieldError(prefix_ + std::string(d.name), "expected an object of settings");
    apply_level(g, *it, prefix_ + std::string(d.name) + "-", declare);
  }
  const std::vector<std::string>& seen() const { return seen_; }

  /// A preset named in `j` resets `g` to it (for a struct that has presets).
  template <class G>
  static void apply_preset(G& g, const nlohmann::json& j, const std::string& prefix) {
    using T = std::remove_cvref_t<G>;
    if constexpr (HasPreset<T>) {
      const auto it = j.find("preset");
      if (it == j.end()) return;
      try {
        g = T::preset_named(FieldValue<std::string>::from_json(*it, {}));
      } catch (const Expected& e) {
        throw FieldError(prefix + "preset", "expected a preset's name");
      }
    }
  }

  template <class G, class D = AllFields>
  static void apply_level(G& g, const nlohmann::json& j, const std::string& prefix,
                          D declare = {}) {
    using T = std::remove_cvref_t<G>;
    apply_preset(g, j, prefix);
    JsonApply<T> level(j, prefix);
    declare(g, level);
    std::vector<std::string> known = level.seen();
    for (const auto& [key, value] : j.items()) {
      if (std::find(known.begin(), known.end(), key) != known.end()) continue;
      const std::string near = nearest(key, known);
      throw FieldError(prefix + key, near.empty() ? std::string("no such setting")
                                                  : fmt::format("no such setting (did you mean "
                                                                "'{}'?)",
                                                                near));
    }
  }

 private:
  const nlohmann::json& j_;
  std::string prefix_;
  std::vector<std::string> seen_;
};

}  // namespace detail

/// Applies a JSON object of settings to `s` (keys as to_json writes them, groups nested): a
/// preset first where one is named, then each key given (keys not given keep their values),
/// then the struct's resolve() with the keys given. Unknown keys and bad values are FieldErrors
/// naming the field. Does not validate() the whole.
template <class S>
void apply_json(S& s, const nlohmann::json& j) {
  if (!j.is_object()) throw FieldError("settings", "expected a JSON object");
  detail::JsonApply<S>::apply_level(s, j, "");
  std::vector<std::string> given;
  for_each(s, [&](const Slot& slot, const auto&) {
    const nlohmann::json* at = &j;
    for (const auto& key : slot.path) {
      const auto it = at->find(key);
      if (it == at->end()) return;
      at = &*it;
    }
    given.push_back(slot.name);
  });
  resolve(s, [&](std::string_view name) {
    return std::find(given.begin(), given.end(), name) != given.end();
  });
}

/// The JSON object of settings from flat keys ("cro_gamma" or "cro-gamma": the Python
/// keywords, the command line's names) nested as apply_json reads them. Unknown keys are
/// FieldErrors (with the nearest known name).
template <class S>
nlohmann::json nest(const S& s, const std::vector<std::pair<std::string, nlohmann::json>>& flat) {
  std::vector<Slot> slots;
  std::vector<std::string> keys;
  for_each(s, [&](const Slot& slot, const auto&) {
    slots.push_back(slot);
    keys.push_back(slot.key());
  });
  nlohmann::json out = nlohmann::json::object();
  for (const auto& [given, value] : flat) {
    const std::string key = detail::snake(given);
    std::size_t i = 0;
    while (i < slots.size() && keys[i] != key) ++i;
    if (i == slots.size()) {
      const std::string near = detail::nearest(key, keys);
      throw FieldError(given, near.empty()
                                  ? std::string("no such setting")
                                  : fmt::format("no such setting (did you mean '{}'?)", near));
    }
    nlohmann::json* at = &out;
    for (std::size_t k = 0; k + 1 < slots[i].path.size(); ++k) at = &(*at)[slots[i].path[k]];
    (*at)[slots[i].path.back()] = value;
  }
  return out;
}

}  // namespace evoplay::fields

namespace evoplay::fields {

/// The fields most settings share, declared once for all of them.
inline constexpr Field kSeed{.name = "seed",
                             .help = "master seed: the same seed gives the same result"};
inline constexpr Field kThreads{.name = "threads",
                                .help = "threads (0: every core); the result does not depend on it",
                                .lo = 0,
                                .hi = 1024};

}  // namespace evoplay::fields
