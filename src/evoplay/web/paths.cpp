#include "evoplay/web/paths.hpp"

#include <system_error>

namespace evoplay::web {

namespace fs = std::filesystem;

bool is_plain_relative(std::string_view relative) {
  if (relative.size() > 1024) return false;
  if (!relative.empty() && relative.front() == '/') return false;
  for (const char c : relative) {
    if (static_cast<unsigned char>(c) < 0x20 || c == 0x7f || c == '\\' || c == ':') return false;
  }
  std::size_t start = 0;
  while (start <= relative.size() && !relative.empty()) {
    const std::size_t end = std::min(relative.find('/', start), relative.size());
    const std::string_view part = relative.substr(start, end - start);
    // "a//b" and a trailing '/' are refused too: one spelling per file.
    if (part.empty() || part == "." || part == "..") return false;
    start = end + 1;
  }
  return true;
}

std::optional<fs::path> resolve_under(const fs::path& root, std::string_view relative) {
  if (!is_plain_relative(relative)) return std::nullopt;
  std::error_code ec;
  const fs::path real_root = fs::canonical(root, ec);
  if (ec) return std::nullopt;
  if (relative.empty()) return real_root;
  const fs::path real = fs::canonical(real_root / fs::path(relative), ec);
  if (ec) return std::nullopt;
  // Inside the root: the root's parts are a prefix of the file's parts.
  auto r = real_root.begin();
  auto p = real.begin();
  for (; r != real_root.end(); ++r, ++p) {
    if (p == real.end() || *p != *r) return std::nullopt;
  }
  return real;
}

}  // namespace evoplay::web
