#include "evoplay/core/text.hpp"

#include <fmt/format.h>

#include <charconv>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <iterator>
#include <sstream>

#include "evoplay/core/error.hpp"

namespace evoplay {

std::string display_name(const std::string& path) { return path == "-" ? "<stdin>" : path; }

std::string counted(long long n, std::string_view noun) {
  return std::to_string(n) + " " + std::string(noun) + (n == 1 ? "" : "s");
}

std::size_t first_non_utf8(std::string_view text) {
  const auto* s = reinterpret_cast<const unsigned char*>(text.data());
  const std::size_t n = text.size();
  std::size_t i = 0;
  while (i < n) {
    const unsigned char c = s[i];
    if (c < 0x80) {
      ++i;
      continue;
    }
    int more = 0;
    unsigned char lo = 0x80, hi = 0xBF;  // the allowed range of the second byte
    if (c >= 0xC2 && c <= 0xDF) {
      more = 1;
    } else if (c >= 0xE0 && c <= 0xEF) {
      more = 2;
      if (c == 0xE0) lo = 0xA0;  // no overlong forms
      if (c == 0xED) hi = 0x9F;  // no surrogates
    } else if (c >= 0xF0 && c <= 0xF4) {
      more = 3;
      if (c == 0xF0) lo = 0x90;  // no overlong forms
      if (c == 0xF4) hi = 0x8F;  // nothing past U+10FFFF
    } else {
      return i;
    }
    if (i + static_cast<std::size_t>(more) >= n) return i;  // cut short by the end
    if (s[i + 1] < lo || s[i + 1] > hi) return i;
    for (int k = 2; k <= more; ++k) {
      if ((s[i + static_cast<std::size_t>(k)] & 0xC0) != 0x80) return i;
    }
    i += static_cast<std::size_t>(more) + 1;
  }
  return n;
}

std::string checked_text(std::string text, const std::string& file) {
  if (text.starts_with("\xEF\xBB\xBF")) text.erase(0, 3);
  const std::size_t bad = first_non_utf8(text);
  if (bad < text.size()) {
    int line = 1, column = 1;
    for (std::size_t i = 0; i < bad; ++i) {
      if (text[i] == '\n') {
        ++line;
        column = 1;
      } else if ((static_cast<unsigned char>(text[i]) & 0xC0) != 0x80) {
        ++column;  // a character, not a continuation byte
      }
    }
    throw Error(file, line, column,
                fmt::format("not UTF-8 text (byte 0x{:02X}): save the file as UTF-8",
                            static_cast<unsigned char>(text[bad])));
  }
  return text;
}

std::string read_text(const std::string& path) {
  return checked_text(read_bytes(path), display_name(path));
}

std::string read_bytes(const std::string& path) {
  if (path == "-") {
    std::ostringstream buffer;
    buffer << std::cin.rdbuf();
    return buffer.str();
  }
  std::error_code ec;
  if (std::filesystem::is_directory(path, ec))
    throw Error(path, 0, "is a directory, expected a file");
  std::ifstream in(path, std::ios::binary);
  if (!in) throw Error(path, 0, "cannot open file for reading");
  try {
    std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    if (in.bad()) throw Error(path, 0, "read error");
    return text;
  } catch (const std::ios_base::failure& e) {  // libstdc++ throws from a failed read
    throw Error(path, 0, fmt::format("read error ({})", e.code().message()));
  }
}

std::vector<std::string_view> split_lines(std::string_view text) {
  std::vector<std::string_view> lines;
  std::size_t start = 0;
  while (start < text.size()) {
    std::size_t end = text.find('\n', start);
    if (end == std::string_view::npos) end = text.size();
    std::string_view line = text.substr(start, end - start);
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    lines.push_back(line);
    start = end + 1;
  }
  return lines;
}

std::string_view trim(std::string_view s) {
  const char* ws = " \t\r\n\f\v";
  const auto first = s.find_first_not_of(ws);
  if (first == std::string_view::npos) return {};
  const auto last = s.find_last_not_of(ws);
  return s.substr(first, last - first + 1);
}

std::vector<std::string_view> split(std::string_view s, char delimiter) {
  std::vector<std::string_view> parts;
  std::size_t start = 0;
  for (;;) {
    const auto end = s.find(delimiter, start);
    if (end == std::string_view::npos) {
      parts.push_back(s.substr(start));
      return parts;
    }
    parts.push_back(s.substr(start, end - start));
    start = end + 1;
  }
}

bool try_parse_int(std::string_view s, long long& out) {
  s = trim(s);
  if (!s.empty() && s.front() == '+') s.remove_prefix(1);
  const char* end = s.data() + s.size();
  auto [ptr, ec] = std::from_chars(s.data(), end, out);
  return !s.empty() && ec == std::errc() && ptr == end;
}

bool try_parse_double(std::string_view s, double& out) {
  s = trim(s);
  if (!s.empty() && s.front() == '+') s.remove_prefix(1);
  const char* end = s.data() + s.size();
  auto [ptr, ec] = std::from_chars(s.data(), end, out);
  return !s.empty() && ec == std::errc() && ptr == end;
}

long long parse_int(std::string_view s, const std::string& file, int line, std::string_view what) {
  long long value = 0;
  if (!try_parse_int(s, value)) {
    throw Error(file, line, fmt::format("{}: expected an integer, found '{}'", what, trim(s)));
  }
  return value;
}

double parse_double(std::string_view s, const std::string& file, int line, std::string_view what) {
  double value = 0;
  if (!try_parse_double(s, value) || !std::isfinite(value)) {
    throw Error(file, line, fmt::format("{}: expected a number, found '{}'", what, trim(s)));
  }
  return value;
}

}  // namespace evoplay
