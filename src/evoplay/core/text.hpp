#pragma once
// Reading text input: whole files or standard input ("-"), split into numbered lines, and
// strict number parsing that reports where a bad value is.

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace evoplay {

/// Reads a whole file ("-" = standard input) as text (see checked_text). Throws Error naming the
/// file if it is missing, unreadable, a directory, or not UTF-8.
std::string read_text(const std::string& path);

/// Reads a whole file ("-" = standard input) as it is, bytes for a reader that decodes them
/// itself (an XML file may be UTF-16). Throws Error as read_text does, but for the encoding.
std::string read_bytes(const std::string& path);

/// Text input as every reader takes it: a UTF-8 byte-order mark at the start is dropped, and
/// bytes that are not UTF-8 are an Error at their line and column ("not UTF-8 text").
std::string checked_text(std::string text, const std::string& file);

/// The position of the first byte of `text` that is not part of well-formed UTF-8 (overlong
/// forms, surrogates and code points past U+10FFFF are not); text.size() when all is well.
std::size_t first_non_utf8(std::string_view text);

/// Display name of an input path: "<stdin>" for "-".
std::string display_name(const std::string& path);

/// A count and its noun, singular for one: counted(1, "game") is "1 game", counted(3, "game")
/// "3 games" (nouns whose plural is not NOUN + "s" are written by their callers).
std::string counted(long long n, std::string_view noun);

/// Splits text into lines without their line terminators (handles \n and \r\n).
std::vector<std::string_view> split_lines(std::string_view text);

/// Trims ASCII whitespace at both ends.
std::string_view trim(std::string_view s);

/// Splits on a delimiter character, keeping empty fields.
std::vector<std::string_view> split(std::string_view s, char delimiter);

/// Parses a whole string as a number (parse_double: a finite one); throws
/// Error(file, line, "...expected ...") otherwise.
long long parse_int(std::string_view s, const std::string& file, int line, std::string_view what);
double parse_double(std::string_view s, const std::string& file, int line, std::string_view what);

/// The same without a location; returns false instead of throwing.
bool try_parse_int(std::string_view s, long long& out);
bool try_parse_double(std::string_view s, double& out);

}  // namespace evoplay
