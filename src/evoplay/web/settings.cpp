#include "evoplay/web/settings.hpp"

#include <algorithm>

#include "evoplay/web/body_fields.hpp"

namespace evoplay::web::detail {

std::vector<std::pair<std::string, nlohmann::json>> setting_keys(
    const nlohmann::json& body, std::initializer_list<std::string_view> inputs,
    std::initializer_list<RenamedKey> renamed) {
  std::vector<std::pair<std::string, nlohmann::json>> out;
  for (const auto& [key, value] : body.items()) {
    if (std::find(inputs.begin(), inputs.end(), key) != inputs.end()) continue;
    body_fields::note_read(key);  // a key read_settings does not know is refused by it
    std::string name = key;
    for (const auto& r : renamed)
      if (name == r.old_key) name = std::string(r.new_key);
    out.emplace_back(std::move(name), value);
  }
  return out;
}

void bad_setting(const fields::FieldError& e) {
  std::string detail = e.detail();
  if (detail.starts_with("no such setting")) {  // suggestions as the keys are spelled
    for (char& c : detail)
      if (c == '-') c = '_';
  }
  throw BadRequest(fmt::format("{}: {}", fields::detail::snake(e.field()), detail));
}

}  // namespace evoplay::web::detail
