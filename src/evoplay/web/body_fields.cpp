#include "evoplay/web/body_fields.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <string>
#include <vector>

#include "evoplay/web/request.hpp"

namespace evoplay::web::body_fields {

namespace {

struct Expected {
  bool active = false;
  std::vector<std::string> keys;  // the body's, in its order
  std::vector<std::string> read;  // every key read, sorted, unique
};

thread_local Expected expected;

/// Edits (insert, delete, replace, swap of neighbours) from `a` to `b`.
std::size_t distance(std::string_view a, std::string_view b) {
  std::vector<std::vector<std::size_t>> d(a.size() + 1, std::vector<std::size_t>(b.size() + 1));
  for (std::size_t i = 0; i <= a.size(); ++i) d[i][0] = i;
  for (std::size_t j = 0; j <= b.size(); ++j) d[0][j] = j;
  for (std::size_t i = 1; i <= a.size(); ++i) {
    for (std::size_t j = 1; j <= b.size(); ++j) {
      d[i][j] = std::min(
          {d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)});
      if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1])
        d[i][j] = std::min(d[i][j], d[i - 2][j - 2] + 1);
    }
  }
  return d[a.size()][b.size()];
}

std::string refusal(const std::string& key) {
  if (expected.read.empty())
    return fmt::format("{}: no such field here (this request takes none)", key);
  const auto nearest = std::min_element(
      expected.read.begin(), expected.read.end(),
      [&key](const auto& a, const auto& b) { return distance(key, a) < distance(key, b); });
  std::string text = fmt::format("{}: no such field here", key);
  if (distance(key, *nearest) <= std::max<std::size_t>(2, key.size() / 3))
    text += fmt::format(": did you mean {}?", *nearest);
  if (expected.read.size() <= 12)
    text += fmt::format(" (this request reads {})", fmt::join(expected.read, ", "));
  return text;
}

}  // namespace

void expect(const nlohmann::json& body) {
  expected.active = true;
  expected.keys.clear();
  expected.read.clear();
  if (!body.is_object()) return;
  for (const auto& item : body.items()) expected.keys.push_back(item.key());
}

void note_read(std::string_view key) {
  if (!expected.active) return;
  const auto at = std::lower_bound(expected.read.begin(), expected.read.end(), key);
  if (at == expected.read.end() || *at != key) expected.read.insert(at, std::string(key));
}

void check() {
  if (!expected.active) return;
  for (const auto& key : expected.keys) {
    if (!std::binary_search(expected.read.begin(), expected.read.end(), key))
      throw BadRequest(refusal(key));
  }
}

void clear() {
  expected.active = false;
  expected.keys.clear();
  expected.read.clear();
}

}  // namespace evoplay::web::body_fields
