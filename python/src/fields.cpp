#include "fields.hpp"

#include <fmt/format.h>

#include <cmath>
#include <limits>

#include "evoplay/core/error.hpp"

namespace evoplay::python {

nlohmann::json json_of(py::handle value) {
  if (value.is_none()) return nullptr;
  if (py::isinstance<py::bool_>(value)) return value.cast<bool>();
  if (py::isinstance<py::int_>(value)) {
    // Past 64 bits: refused by the field's range as the largest it can name.
    const auto big = py::reinterpret_borrow<py::int_>(value);
    if (big >= py::int_(0)) {
      if (big <= py::int_(std::numeric_limits<std::uint64_t>::max()))
        return value.cast<std::uint64_t>();
      return std::numeric_limits<double>::infinity();
    }
    if (big >= py::int_(std::numeric_limits<std::int64_t>::min()))
      return value.cast<std::int64_t>();
    return -std::numeric_limits<double>::infinity();
  }
  if (py::isinstance<py::float_>(value)) return value.cast<double>();
  if (py::isinstance<py::str>(value)) return value.cast<std::string>();
  if (py::isinstance<py::list>(value) || py::isinstance<py::tuple>(value)) {
    auto out = nlohmann::json::array();
    for (const auto item : value) out.push_back(json_of(item));
    return out;
  }
  if (py::isinstance<py::dict>(value)) {
    auto out = nlohmann::json::object();
    for (const auto& [k, v] : value.cast<py::dict>())
      out[py::str(k).cast<std::string>()] = json_of(v);
    return out;
  }
  throw py::type_error(
      fmt::format("a setting cannot be a {}",
                  py::str(py::type::handle_of(value).attr("__name__")).cast<std::string>()));
}

namespace detail {

std::vector<std::pair<std::string, nlohmann::json>> keyword_values(
    const py::dict& kwargs, std::initializer_list<Renamed> renamed) {
  std::vector<std::pair<std::string, nlohmann::json>> out;
  for (const auto& [k, v] : kwargs) {
    std::string key = py::str(k).cast<std::string>();
    for (const auto& r : renamed) {
      if (key != r.old_name) continue;
      const std::string warning = fmt::format(
          "the keyword '{}' is now '{}'; the old name stops working in the next release",
          r.old_name, r.new_name);
      if (PyErr_WarnEx(PyExc_DeprecationWarning, warning.c_str(), 2) != 0)
        throw py::error_already_set();
      key = std::string(r.new_name);
    }
    out.emplace_back(std::move(key), json_of(v));
  }
  return out;
}

void raise_field_error(const fields::FieldError& e, bool unknown) {
  const std::string name = fields::detail::snake(e.field());
  std::string detail = e.detail();
  // Suggestions name the keyword as Python spells it.
  const auto quote = detail.find("'");
  if (unknown && quote != std::string::npos) {
    for (std::size_t i = quote; i < detail.size(); ++i)
      if (detail[i] == '-') detail[i] = '_';
  }
  if (unknown)
    throw py::type_error(fmt::format("unexpected keyword argument '{}': {}", name, detail));
  throw Error(fmt::format("{}: {}", name, detail));
}

std::string keywords_doc(const std::vector<fields::Info>& infos,
                         const std::vector<std::string_view>& skip) {
  std::string out = "\n\nKeyword arguments (as the command line's options):\n";
  for (const auto& i : infos) {
    bool skipped = false;
    for (const auto s : skip) skipped = skipped || i.slot.name == s;
    if (skipped) continue;
    out += fmt::format("  {} ({}{}): {}{}\n", i.slot.key(), i.kind,
                       i.default_text.empty() ? "" : ", default " + i.default_text,
                       i.slot.field.help, i.limits.empty() ? "" : "; " + i.limits);
  }
  return out;
}

}  // namespace detail

}  // namespace evoplay::python
