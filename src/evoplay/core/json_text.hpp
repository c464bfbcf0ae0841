#pragma once
// JSON as text for every output (stdout, config.json, result.json).
//
// Why it exists: nlohmann-json refuses to write strings that are not UTF-8 (a file name in
// another encoding), which made every --json output and run folder of such a name fail. Here
// such bytes are written as U+FFFD (the replacement character) instead; inputs are UTF-8 by rule
// (core/text.hpp), so only names that come from the file system can hold them.

#include <nlohmann/json.hpp>
#include <string>

namespace evoplay {

/// `value` as JSON text: compact with `indent` < 0, else indented by that many spaces.
inline std::string json_text(const nlohmann::json& value, int indent = -1) {
  return value.dump(indent, ' ', false, nlohmann::json::error_handler_t::replace);
}

}  // namespace evoplay
