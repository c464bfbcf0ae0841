#pragma once
// Reading text input: whole files or standard input ("-"), split into numbered lines, and
// strict number parsing that reports where a bad value is.

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace evoplay {

/// Reads a whole file ("-" = standard input). Throws Error naming the file if it is missing,
/// unreadable or a directory.
std::string read_text(const std::string& path);

/// Display name of an input path: "<stdin>" for "-".
std::string display_name(const std::string& path);

/// Splits text into lines without their line terminators (handles \n and \r\n).
std::vector<std::string_view> split_lines(std::string_view text);

/// Trims ASCII whitespace at both ends.
std::string_view trim(std::string_view s);

/// Splits on a delimiter character, keeping empty fields.
std::vector<std::string_view> split(std::string_view s, char delimiter);

/// Parses a whole string as a number; throws Error(file, line, "...expected ...") otherwise.
long long parse_int(std::string_view s, const std::string& file, int line, std::string_view what);
double parse_double(std::string_view s, const std::string& file, int line, std::string_view what);

/// The same without a location; returns false instead of throwing.
bool try_parse_int(std::string_view s, long long& out);
bool try_parse_double(std::string_view s, double& out);

}  // namespace evoplay
