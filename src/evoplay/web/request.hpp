#pragma once
// Reading a request's JSON body as a hostile client may write it: size capped, every field typed
// and bounded, every mistake a BadRequest naming the field (HTTP 400), never a crash.
//
// Why it exists: the API's handlers read settings from JSON the way the command line reads
// options; the same checks in one place keep each handler short and every handler safe
// against malformed JSON, wrong types, huge numbers and NaN.

#include <cstdint>
#include <nlohmann/json.hpp>
#include <stdexcept>
#include <string>
#include <string_view>

namespace evoplay::web {

/// A request the server refuses: HTTP `status` (400 unless said) with `message` as
/// {"error": message}.
struct BadRequest : std::runtime_error {
  explicit BadRequest(const std::string& message, int status = 400)
      : std::runtime_error(message), status(status) {}
  int status;
};

/// The body as a JSON object (an empty body is {}); BadRequest when it is longer than
/// `max_bytes`, not JSON, or not an object.
nlohmann::json parse_body(std::string_view body, std::size_t max_bytes);

/// Typed fields of a JSON object, each with a default for a missing (or null) key; BadRequest
/// naming the key for a wrong type or a value out of [lo, hi] (NaN and infinities included).
std::int64_t get_int(const nlohmann::json& obj, const char* key, std::int64_t fallback,
                     std::int64_t lo, std::int64_t hi);
double get_number(const nlohmann::json& obj, const char* key, double fallback, double lo,
                  double hi);
bool get_bool(const nlohmann::json& obj, const char* key, bool fallback);
std::string get_string(const nlohmann::json& obj, const char* key, const std::string& fallback,
                       std::size_t max_length);

/// `value` as compact text; bytes that are not UTF-8 (from a client) become U+FFFD.
std::string dump(const nlohmann::json& value);

/// {"error": message} as text.
std::string error_body(std::string_view message);

}  // namespace evoplay::web
