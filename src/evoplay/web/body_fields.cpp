#include "evoplay/web/body_fields.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <string>
#include <vector>

#include "evoplay/core/fields.hpp"
#include "evoplay/web/request.hpp"

namespace evoplay::web::body_fields {

namespace {

struct Expected {
  bool active = false;
  std::vector<std::string> keys;  // the body's, in its order
  std::vector<std::string> read;  // every key read, sorted, unique
};

thread_local Expected expected;

/// The refusal of a key no handler read, in the words of the declared settings' (fields.hpp):
/// "KEY: no such setting (did you mean 'NEAREST'?)", with the keys the request reads.
std::string refusal(const std::string& key) {
  if (expected.read.empty())
    return fmt::format("{}: no such setting (this request takes none)", key);
  std::string text = fmt::format("{}: no such setting", key);
  if (const auto near = fields::detail::nearest(key, expected.read); !near.empty())
    text += fmt::format(" (did you mean '{}'?)", near);
  if (expected.read.size() <= 12)
    text += fmt::format("; this request reads {}", fmt::join(expected.read, ", "));
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
