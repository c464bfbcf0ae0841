#pragma once
// Which answers the server compresses, and how: gzip at a fast level, only where it saves more
// time than it costs.
//
// Why it exists: cpp-httplib (Debian's, built with Brotli and zlib) compressed every text answer
// for any client that accepts "br" at Brotli's highest quality: a 2.2 MB history took 8-15 s,
// a 36 KB answer 0.2 s, on loopback where sending it whole takes milliseconds. The server takes
// the decision away from httplib (the request's Accept-Encoding is set aside before routing)
// and compresses after routing by these rules: never for a client on this machine, a small
// body, a body that is not text (PNG, GIF are compressed already) or an answer that is already
// encoded; else gzip at level 1, which runs at ~100 MB/s and keeps most of the gain.

#include <string>
#include <string_view>

namespace evoplay::web {

/// Bodies smaller than this go as they are (one TCP packet either way).
inline constexpr std::size_t kSmallestCompressed = 1400;
/// zlib's level for gzip answers (1: fastest).
inline constexpr int kGzipLevel = 1;

/// Whether `address` (a request's remote address) is this machine: 127.0.0.0/8, ::1, or an
/// IPv4-mapped 127 address.
bool is_loopback(std::string_view address);

/// Whether a client that sent `accept_encoding` takes gzip (a "gzip" coding not refused by q=0).
bool accepts_gzip(std::string_view accept_encoding);

/// Whether an answer of `content_type` and `size` bytes is worth compressing for a client at
/// `remote_address` that accepts gzip.
bool worth_compressing(std::string_view remote_address, std::string_view content_type,
                       std::size_t size);

/// `body` as gzip at `level`; empty when zlib fails.
std::string gzip(std::string_view body, int level = kGzipLevel);

}  // namespace evoplay::web
