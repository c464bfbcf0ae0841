#include "evoplay/web/request.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <limits>

#include "evoplay/web/body_fields.hpp"
#include "evoplay/web/connection.hpp"

namespace evoplay::web {

using nlohmann::json;

namespace {

constexpr std::size_t kLargeBody = 256 * 1024;

/// True when arrays and objects in `text` (outside strings) nest deeper than `most`: a scan
/// that allocates nothing, so that a deep body is refused before the parser builds it.
bool nested_deeper_than(std::string_view text, int most) {
  int depth = 0;
  bool in_string = false, escaped = false;
  for (const char c : text) {
    if (in_string) {
      if (escaped) {
        escaped = false;
      } else if (c == '\\') {
        escaped = true;
      } else if (c == '"') {
        in_string = false;
      }
    } else if (c == '"') {
      in_string = true;
    } else if (c == '[' || c == '{') {
      if (++depth > most) return true;
    } else if (c == ']' || c == '}') {
      --depth;
    }
  }
  return false;
}

/// BadRequest naming the first key or string (by its path: "moves[0]", "cro.gamma") that holds
/// a NUL: what comes after a NUL would be lost by code that reads text up to it.
void refuse_nul(const json& value, const std::string& path) {
  const auto bad = [](std::string where) {  // a NUL in a key is shown as \u0000
    for (std::size_t at; (at = where.find('\0')) != std::string::npos;) {
      where.replace(at, 1, "\\u0000");
    }
    throw BadRequest(fmt::format("{}: a NUL character (\\u0000) in a string", where));
  };
  if (value.is_string()) {
    if (value.get_ref<const std::string&>().find('\0') != std::string::npos) bad(path);
  } else if (value.is_object()) {
    for (const auto& [key, child] : value.items()) {
      const std::string where = path.empty() ? key : path + "." + key;
      if (key.find('\0') != std::string::npos) bad(where);
      refuse_nul(child, where);
    }
  } else if (value.is_array()) {
    for (std::size_t i = 0; i < value.size(); ++i) {
      refuse_nul(value[i], fmt::format("{}[{}]", path.empty() ? "body" : path, i));
    }
  }
}

/// Characters (UTF-8 code points) of a text: its bytes but continuation bytes.
std::size_t characters(std::string_view text) {
  return static_cast<std::size_t>(std::count_if(text.begin(), text.end(), [](char c) {
    return (static_cast<unsigned char>(c) & 0xC0) != 0x80;
  }));
}

std::string lower(std::string_view text) {
  std::string out(text);
  for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

std::string_view trim(std::string_view text) {
  const auto first = text.find_first_not_of(" \t");
  if (first == std::string_view::npos) return {};
  const auto last = text.find_last_not_of(" \t");
  return text.substr(first, last - first + 1);
}

/// A header's value as a message may show it: printable ASCII, others as \xNN, at most 200 bytes.
std::string shown(std::string_view text) {
  std::string out;
  for (const char c : text.substr(0, 200)) {
    const auto u = static_cast<unsigned char>(c);
    if (u >= 0x20 && u < 0x7F) {
      out += c;
    } else {
      out += fmt::format("\\x{:02X}", u);
    }
  }
  if (text.size() > 200) out += "...";
  return out;
}

}  // namespace

json parse_body(std::string_view body, std::size_t max_bytes) {
  if (body.size() > max_bytes) {
    throw BadRequest(fmt::format("the request is larger than {} bytes", max_bytes), 413);
  }
  if (body.find_first_not_of(" \t\r\n") == std::string_view::npos) return json::object();
  // A large body's JSON values may take ten times its size: memory goes back after the answer.
  if (body.size() > kLargeBody) this_request::mark_heavy();
  if (nested_deeper_than(body, kMaxJsonDepth)) {
    throw BadRequest(fmt::format("the request body nests arrays and objects deeper than {} levels",
                                 kMaxJsonDepth));
  }
  // The parser reports (does not throw on) bad JSON here.
  json value = json::parse(body, nullptr, /*allow_exceptions=*/false);
  if (value.is_discarded()) throw BadRequest("the request body is not valid JSON");
  if (!value.is_object()) throw BadRequest("the request body must be a JSON object");
  refuse_nul(value, "");
  return value;
}

namespace {

const json* field(const json& obj, const char* key) {
  body_fields::note_read(key);
  const auto it = obj.find(key);
  if (it == obj.end() || it->is_null()) return nullptr;
  return &*it;
}

}  // namespace

std::int64_t get_int(const json& obj, const char* key, std::int64_t fallback, std::int64_t lo,
                     std::int64_t hi) {
  const json* v = field(obj, key);
  if (!v) return fallback;
  std::int64_t n = 0;
  if (v->is_number_integer()) {
    if (v->is_number_unsigned() &&
        v->get<std::uint64_t>() > static_cast<std::uint64_t>(INT64_MAX)) {
      // Beyond every range asked for here: refused, never clamped.
      throw BadRequest(fmt::format("{}: expected a whole number from {} to {}", key, lo, hi));
    } else {
      n = v->get<std::int64_t>();
    }
  } else if (v->is_number_float()) {
    const double d = v->get<double>();
    if (!std::isfinite(d) || d != std::floor(d) || std::fabs(d) > 9e15) {
      throw BadRequest(fmt::format("{}: expected a whole number from {} to {}", key, lo, hi));
    }
    n = static_cast<std::int64_t>(d);
  } else {
    throw BadRequest(fmt::format("{}: expected a whole number from {} to {}", key, lo, hi));
  }
  if (n < lo || n > hi) {
    throw BadRequest(fmt::format("{}: expected a whole number from {} to {}", key, lo, hi));
  }
  return n;
}

std::uint64_t get_seed(const json& obj, const char* key, std::uint64_t fallback) {
  const json* v = field(obj, key);
  if (!v) return fallback;
  const auto bad = [key] {
    return BadRequest(fmt::format("{}: expected a whole number from 0 to {}", key,
                                  std::numeric_limits<std::uint64_t>::max()));
  };
  if (v->is_number_unsigned()) return v->get<std::uint64_t>();
  if (v->is_number_integer()) throw bad();  // negative
  if (v->is_number_float()) {
    // A float is exact as a whole number up to 2^53; 18446744073709551616 (2^64) is one.
    const double d = v->get<double>();
    if (!std::isfinite(d) || d != std::floor(d) || d < 0 || d > 9e15) throw bad();
    return static_cast<std::uint64_t>(d);
  }
  throw bad();
}

double get_number(const json& obj, const char* key, double fallback, double lo, double hi) {
  const json* v = field(obj, key);
  if (!v) return fallback;
  if (!v->is_number())
    throw BadRequest(fmt::format("{}: expected a number from {} to {}", key, lo, hi));
  const double d = v->get<double>();
  if (!std::isfinite(d) || d < lo || d > hi) {
    throw BadRequest(fmt::format("{}: expected a number from {} to {}", key, lo, hi));
  }
  return d;
}

bool get_bool(const json& obj, const char* key, bool fallback) {
  const json* v = field(obj, key);
  if (!v) return fallback;
  if (!v->is_boolean()) throw BadRequest(fmt::format("{}: expected true or false", key));
  return v->get<bool>();
}

std::string get_string(const json& obj, const char* key, const std::string& fallback,
                       std::size_t max_length) {
  const json* v = field(obj, key);
  if (!v) return fallback;
  if (!v->is_string()) throw BadRequest(fmt::format("{}: expected a string", key));
  const auto& s = v->get_ref<const std::string&>();
  if (s.find('\0') != std::string::npos) {
    throw BadRequest(fmt::format("{}: a NUL character (\\u0000) in a string", key));
  }
  if (s.size() > max_length) {
    const std::size_t n = characters(s);
    if (n > max_length) {
      throw BadRequest(fmt::format("{}: longer than {} characters ({})", key, max_length, n));
    }
  }
  return s;
}

std::string dump(const json& value) {
  return value.dump(-1, ' ', false, json::error_handler_t::replace);
}

std::string error_body(std::string_view message) { return dump(json{{"error", message}}); }

std::uint64_t parse_event_number(std::string_view text, const char* what) {
  const auto bad = [&] {
    return BadRequest(
        fmt::format("{}: expected an event number from 0 to {}", what, kMaxEventNumber));
  };
  if (text.empty() || text.size() > 16) throw bad();
  std::uint64_t n = 0;
  for (const char c : text) {
    if (c < '0' || c > '9') throw bad();
    n = n * 10 + static_cast<std::uint64_t>(c - '0');  // 16 digits cannot wrap
  }
  if (n > kMaxEventNumber) throw bad();
  return n;
}

namespace {

/// "localhost:8080" -> "localhost", "[::1]:80" -> "[::1]"; "" when not a name and an optional
/// port of 1 to 5 digits.
std::string host_name(std::string_view host) {
  std::string_view name = host, port;
  if (host.starts_with('[')) {
    const auto close = host.find(']');
    if (close == std::string_view::npos) return "";
    name = host.substr(0, close + 1);
    port = host.substr(close + 1);
  } else if (const auto colon = host.find(':'); colon != std::string_view::npos) {
    name = host.substr(0, colon);
    port = host.substr(colon);
  }
  if (!port.empty()) {
    if (port.size() < 2 || port.size() > 6 || port[0] != ':') return "";
    for (const char c : port.substr(1))
      if (c < '0' || c > '9') return "";
  }
  if (name.empty()) return "";
  return lower(name);
}

bool wildcard(std::string_view listen_host) {
  return listen_host.empty() || listen_host == "0.0.0.0" || listen_host == "::" ||
         listen_host == "[::]";
}

}  // namespace

bool host_allowed(std::string_view host_header, std::string_view listen_host) {
  if (wildcard(listen_host)) return true;
  const std::string name = host_name(trim(host_header));
  if (name.empty()) return false;
  if (name == "localhost" || name == "127.0.0.1" || name == "[::1]") return true;
  std::string own = lower(listen_host);
  if (own.find(':') != std::string::npos && !own.starts_with('[')) own = "[" + own + "]";
  return name == own;
}

bool origin_allowed(std::string_view origin, std::string_view host_header) {
  origin = trim(origin);
  if (origin.empty()) return true;  // not from a browser's cross-site request
  const auto host = trim(host_header);
  return !host.empty() && lower(origin) == "http://" + lower(host);
}

bool is_json_content_type(std::string_view content_type) {
  const auto semicolon = content_type.find(';');
  return lower(trim(content_type.substr(0, semicolon))) == "application/json";
}

std::optional<BadRequest> refuse_request(std::string_view method, std::string_view host,
                                         std::string_view origin, std::string_view content_type,
                                         bool has_body, std::string_view listen_host) {
  if (!host_allowed(host, listen_host)) {
    return BadRequest(
        fmt::format("Host: '{}' is not a name of this server (localhost, 127.0.0.1, [::1]{}): "
                    "refused, as a page of another site may not reach it",
                    shown(host), wildcard(listen_host) ? "" : fmt::format(" or {}", listen_host)),
        403);
  }
  if (!origin_allowed(origin, host)) {
    return BadRequest(fmt::format("Origin: '{}' is not this server ('http://{}'): requests from "
                                  "another site's page are refused",
                                  shown(origin), shown(trim(host))),
                      403);
  }
  if ((method == "POST" || method == "PUT" || method == "PATCH") && has_body &&
      !is_json_content_type(content_type)) {
    return BadRequest(
        fmt::format("Content-Type: expected application/json, found '{}'", shown(content_type)),
        415);
  }
  return std::nullopt;
}

}  // namespace evoplay::web
