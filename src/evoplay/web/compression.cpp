#include "evoplay/web/compression.hpp"

#include <zlib.h>

#include <cctype>

namespace evoplay::web {

bool is_loopback(std::string_view address) {
  return address.starts_with("127.") || address == "::1" || address.starts_with("::ffff:127.");
}

bool accepts_gzip(std::string_view accept) {
  // Codings separated by commas, each with optional parameters ("gzip;q=0.5").
  while (!accept.empty()) {
    const auto comma = accept.find(',');
    std::string_view item = accept.substr(0, comma);
    accept = comma == std::string_view::npos ? "" : accept.substr(comma + 1);
    while (!item.empty() && std::isspace(static_cast<unsigned char>(item.front())))
      item.remove_prefix(1);
    const auto semi = item.find(';');
    std::string_view coding = item.substr(0, semi);
    while (!coding.empty() && std::isspace(static_cast<unsigned char>(coding.back())))
      coding.remove_suffix(1);
    if (coding != "gzip" && coding != "*") continue;
    if (semi == std::string_view::npos) return true;
    std::string params(item.substr(semi + 1));
    std::erase_if(params, [](char c) { return std::isspace(static_cast<unsigned char>(c)); });
    return !(params == "q=0" || params == "q=0.0" || params == "q=0.00" || params == "q=0.000");
  }
  return false;
}

bool worth_compressing(std::string_view remote_address, std::string_view type, std::size_t size) {
  if (size < kSmallestCompressed || is_loopback(remote_address)) return false;
  return (type.starts_with("text/") && !type.starts_with("text/event-stream")) ||
         type.starts_with("application/json") || type.starts_with("application/xml") ||
         type.starts_with("image/svg+xml");
}

std::string gzip(std::string_view body, int level) {
  z_stream z{};
  if (deflateInit2(&z, level, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY) != Z_OK) return {};
  std::string out(deflateBound(&z, static_cast<uLong>(body.size())), '\0');
  z.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(body.data()));
  z.avail_in = static_cast<uInt>(body.size());
  z.next_out = reinterpret_cast<Bytef*>(out.data());
  z.avail_out = static_cast<uInt>(out.size());
  const int status = deflate(&z, Z_FINISH);
  out.resize(z.total_out);
  deflateEnd(&z);
  return status == Z_STREAM_END ? out : std::string();
}

}  // namespace evoplay::web
