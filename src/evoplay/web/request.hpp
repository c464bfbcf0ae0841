#pragma once
// Reading a request's JSON body as a hostile client may write it: size capped, every field typed
// and bounded, every mistake a BadRequest naming the field (HTTP 400), never a crash.
//
// Why it exists: the API's handlers read settings from JSON the way the command line reads
// options; the same checks in one place keep each handler short and every handler safe
// against malformed JSON, wrong types, huge numbers and NaN.

#include <cstdint>
#include <nlohmann/json.hpp>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>

namespace evoplay::web {

/// A request the server refuses: HTTP `status` (400 unless said) with `message` as
/// {"error": message}.
struct BadRequest : std::runtime_error {
  explicit BadRequest(const std::string& message, int status = 400, int retry_after = 0)
      : std::runtime_error(message), status(status), retry_after(retry_after) {}
  int status;
  int retry_after;  // seconds for a Retry-After header (0: none)
};

/// Arrays and objects inside each other in a request body: deeper is refused before parsing
/// (a deep body would cost memory out of proportion to its size).
inline constexpr int kMaxJsonDepth = 64;

/// The body as a JSON object (an empty body is {}); BadRequest when it is longer than
/// `max_bytes` (413), nested deeper than kMaxJsonDepth, not JSON, not an object, or holds a
/// NUL character in a key or a string (naming where).
nlohmann::json parse_body(std::string_view body, std::size_t max_bytes);

/// Typed fields of a JSON object, each with a default for a missing (or null) key; BadRequest
/// naming the key for a wrong type or a value out of [lo, hi] (NaN and infinities included).
std::int64_t get_int(const nlohmann::json& obj, const char* key, std::int64_t fallback,
                     std::int64_t lo, std::int64_t hi);
/// A seed: a whole number from 0 to 2^64-1, as the command line's --seed (never clamped).
std::uint64_t get_seed(const nlohmann::json& obj, const char* key, std::uint64_t fallback);
double get_number(const nlohmann::json& obj, const char* key, double fallback, double lo,
                  double hi);
bool get_bool(const nlohmann::json& obj, const char* key, bool fallback);
/// `max_length` counts characters (UTF-8 code points), not bytes.
std::string get_string(const nlohmann::json& obj, const char* key, const std::string& fallback,
                       std::size_t max_length);

/// An event number of a job's stream, from the query's `from` or the Last-Event-ID header
/// (named `what` in the message): digits only, 0 to kMaxEventNumber; BadRequest otherwise.
inline constexpr std::uint64_t kMaxEventNumber = 9007199254740991;  // 2^53-1 (JavaScript's)
std::uint64_t parse_event_number(std::string_view text, const char* what);

/// What a request must be before it is read (DNS rebinding, cross-site requests):
/// its Host header names this server: a loopback name (localhost, 127.0.0.1, [::1]) or
/// `listen_host`, with any port; any Host when `listen_host` is a wildcard (0.0.0.0, ::).
bool host_allowed(std::string_view host_header, std::string_view listen_host);
/// An Origin header, when there is one, is this server as the browser reached it: exactly
/// "http://" + the Host header (letters in either case). "null" and other sites are not.
bool origin_allowed(std::string_view origin, std::string_view host_header);
/// A Content-Type of JSON: application/json, parameters (charset) allowed.
bool is_json_content_type(std::string_view content_type);
/// The checks above on a request's method and headers (each "" when absent): nothing when the
/// request may be read, else the refusal (403 Host or Origin, 415 a body that is not JSON).
std::optional<BadRequest> refuse_request(std::string_view method, std::string_view host,
                                         std::string_view origin, std::string_view content_type,
                                         bool has_body, std::string_view listen_host);

/// `value` as compact text; bytes that are not UTF-8 (from a client) become U+FFFD.
std::string dump(const nlohmann::json& value);

/// {"error": message} as text.
std::string error_body(std::string_view message);

}  // namespace evoplay::web
