#pragma once
// Reading JSON input files so that every message about them can say where the problem is.
//
// nlohmann-json reports the position of a syntax error but keeps no positions for values, so a
// message such as "unknown block type" could not name a line. parse_json_with_lines() records
// the line where each object starts under a reserved key, read back with json_line().

#include <nlohmann/json.hpp>
#include <string>
#include <string_view>

namespace evoplay {

/// The key under which parse_json_with_lines() stores an object's first line.
inline constexpr const char* kJsonLineKey = "__line";

/// Parses JSON text. A syntax error throws Error(file, line, column, "malformed JSON: ..."), a
/// number beyond double Error(file, line, "malformed JSON: number overflow ...").
/// Every object of the result carries the line of its opening brace under kJsonLineKey.
nlohmann::json parse_json_with_lines(std::string_view text, const std::string& file);

/// The same without the lines (for files written back as they were read, such as config.json).
nlohmann::json parse_json(std::string_view text, const std::string& file);

/// The line recorded for an object by parse_json_with_lines(); 0 for anything else.
int json_line(const nlohmann::json& value);

}  // namespace evoplay
