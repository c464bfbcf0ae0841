#include "evoplay/core/text.hpp"

#include <fmt/format.h>

#include <charconv>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <iterator>
#include <sstream>

#include "evoplay/core/error.hpp"

namespace evoplay {

std::string display_name(const std::string& path) { return path == "-" ? "<stdin>" : path; }

std::string read_text(const std::string& path) {
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
  if (!try_parse_double(s, value)) {
    throw Error(file, line, fmt::format("{}: expected a number, found '{}'", what, trim(s)));
  }
  return value;
}

}  // namespace evoplay
