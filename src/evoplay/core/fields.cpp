#include "evoplay/core/fields.hpp"

#include <algorithm>
#include <cmath>

#include "evoplay/core/json_text.hpp"
#include "evoplay/core/text.hpp"

namespace evoplay::fields {

double FieldValue<double>::parse(std::string_view text, const Field& f) {
  double v = 0;
  if (!try_parse_double(text, v)) throw Expected{expected(f)};
  check(v, f);
  return v;
}

namespace detail {

std::string number_text(double v) { return fmt::format("{:g}", v); }

std::string range_text(const Field& f, bool whole) {
  const bool low = std::isfinite(f.lo), high = std::isfinite(f.hi);
  const auto num = [whole](double v) {
    return whole ? fmt::format("{}", static_cast<long long>(v)) : number_text(v);
  };
  if (low && high && !f.above) return fmt::format(" from {} to {}", num(f.lo), num(f.hi));
  if (low && high) return fmt::format(" above {} and at most {}", num(f.lo), num(f.hi));
  if (low) return fmt::format(" {} {}", f.above ? "above" : "of at least", num(f.lo));
  if (high) return fmt::format(" of at most {}", num(f.hi));
  return {};
}

bool parse_bool(std::string_view text, bool& out) {
  if (text == "on" || text == "true" || text == "yes" || text == "1") {
    out = true;
    return true;
  }
  if (text == "off" || text == "false" || text == "no" || text == "0") {
    out = false;
    return true;
  }
  return false;
}

std::string found_text(const nlohmann::json& j) {
  if (j.is_number_float()) {  // JSON has no NaN or infinity: said as a user would type them
    const double v = j.get<double>();
    if (std::isnan(v)) return "nan";
    if (std::isinf(v)) return v > 0 ? "inf" : "-inf";
  }
  return json_text(j);
}

std::string echo(std::string_view typed) {
  constexpr std::size_t kShown = 40;
  std::string shown(typed.substr(0, kShown));
  // Appended to a named string: GCC 12's -Wstringop-overread mistook `string&& + "..."` for a
  // read past the end in Release builds.
  if (typed.size() > kShown) shown.append("...");
  return shown;
}

std::string choices_text(std::span<const std::string_view> choices) {
  std::string out;
  for (std::size_t i = 0; i < choices.size(); ++i) {
    if (i > 0) out += i + 1 == choices.size() ? " or " : ", ";
    out += choices[i];
  }
  return out;
}

namespace {

std::size_t edit_distance(std::string_view a, std::string_view b) {
  std::vector<std::size_t> row(b.size() + 1);
  for (std::size_t j = 0; j <= b.size(); ++j) row[j] = j;
  for (std::size_t i = 1; i <= a.size(); ++i) {
    std::size_t diagonal = row[0];
    row[0] = i;
    for (std::size_t j = 1; j <= b.size(); ++j) {
      const std::size_t up = row[j];
      row[j] = std::min({row[j] + 1, row[j - 1] + 1, diagonal + (a[i - 1] != b[j - 1] ? 1 : 0)});
      diagonal = up;
    }
  }
  return row[b.size()];
}

}  // namespace

std::string nearest(std::string_view name, const std::vector<std::string>& known) {
  std::string best;
  std::size_t best_distance = std::max<std::size_t>(2, name.size() / 4) + 1;
  for (const auto& k : known) {
    const std::size_t d = edit_distance(name, k);
    if (d < best_distance) {
      best_distance = d;
      best = k;
    }
  }
  return best;
}

bool same_letters(std::string_view a, std::string_view b) {
  const auto lower = [](char c) { return c >= 'A' && c <= 'Z' ? static_cast<char>(c + 32) : c; };
  return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(),
                                            [&](char x, char y) { return lower(x) == lower(y); });
}

std::string snake(std::string_view name) {
  std::string out(name);
  std::replace(out.begin(), out.end(), '-', '_');
  return out;
}

}  // namespace detail

}  // namespace evoplay::fields
