#pragma once
// Python keyword arguments as a settings struct's declared fields (core/fields.hpp).
//
// Why it exists: Python spells no setting by hand. A keyword is a field's key (crossover_rate,
// cro_gamma); its value is read as the field reads JSON, so the limits and the messages are the
// command line's ("population: expected a whole number from 2 to 1000000, found 1", named as
// the keyword). An unknown keyword is a TypeError naming the nearest one; a keyword renamed
// since a release still works, with a DeprecationWarning.

#include <pybind11/pybind11.h>

#include <nlohmann/json.hpp>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "evoplay/core/fields.hpp"

namespace evoplay::python {

namespace py = pybind11;

/// A Python value as JSON (None, bool, int, float, str, list, tuple, dict with str keys).
nlohmann::json json_of(py::handle value);

/// A keyword renamed: `old` still works for one release, with a DeprecationWarning.
struct Renamed {
  std::string_view old_name, new_name;
};

namespace detail {
/// The keywords as (key, JSON value) pairs, renamed ones translated (with their warnings).
std::vector<std::pair<std::string, nlohmann::json>> keyword_values(
    const py::dict& kwargs, std::initializer_list<Renamed> renamed);
/// A FieldError as Python raises it: TypeError for an unknown keyword, evoplay.Error naming
/// the keyword otherwise.
[[noreturn]] void raise_field_error(const fields::FieldError& e, bool unknown);
/// The keywords' help: one line per field (name, kind, default, limits, help).
std::string keywords_doc(const std::vector<fields::Info>& infos,
                         const std::vector<std::string_view>& skip);
}  // namespace detail

/// `base` with the keywords given: presets first, then every keyword, then the struct's
/// resolve() (core/fields.hpp). Does not validate() the whole.
template <class S>
S apply_kwargs(S base, const py::dict& kwargs, std::initializer_list<Renamed> renamed = {}) {
  const auto flat = detail::keyword_values(kwargs, renamed);
  nlohmann::json nested;
  try {
    nested = fields::nest(base, flat);
  } catch (const fields::FieldError& e) {
    detail::raise_field_error(e, true);
  }
  try {
    fields::apply_json(base, nested);
  } catch (const fields::FieldError& e) {
    detail::raise_field_error(e, false);
  }
  return base;
}

/// A docstring's list of the keywords of S's fields (those not in `skip`), from the
/// declarations: what `help(evoplay.evo.GA)` shows.
template <class S>
std::string keywords_doc(const S& defaults, const std::vector<std::string_view>& skip = {}) {
  return detail::keywords_doc(fields::describe(defaults), skip);
}

}  // namespace evoplay::python
