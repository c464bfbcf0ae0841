#pragma once
// A 64-bit hash of content (FNV-1a): names what a run's units were computed from (the inputs'
// content, not their file names) in the fingerprint --resume checks (core/units.hpp).
//
// Why it exists: a resumed run must not reuse units computed from an input that was edited
// under the same name; a hash of the parsed content catches the edit without keeping a copy.

#include <fmt/format.h>

#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

namespace evoplay {

class ContentHash {
 public:
  ContentHash& bytes(const void* data, std::size_t size) {
    const auto* p = static_cast<const unsigned char*>(data);
    for (std::size_t i = 0; i < size; ++i) h_ = (h_ ^ p[i]) * 1099511628211ull;
    return *this;
  }
  /// A text, then a separator (so "ab","c" and "a","bc" differ).
  ContentHash& text(std::string_view s) {
    bytes(s.data(), s.size());
    return value(s.size());
  }
  template <class T>
  requires std::is_arithmetic_v<T> || std::is_enum_v<T> ContentHash& value(T v) {
    return bytes(&v, sizeof v);
  }
  template <class T>
  requires std::is_arithmetic_v<T> || std::is_enum_v<T> ContentHash& values(
      const std::vector<T>& v) {
    bytes(v.data(), v.size() * sizeof(T));
    return value(v.size());
  }
  std::uint64_t digest() const { return h_; }
  /// 16 hexadecimal digits.
  std::string hex() const { return fmt::format("{:016x}", h_); }

 private:
  std::uint64_t h_ = 1469598103934665603ull;
};

}  // namespace evoplay
