#include "evoplay/web/request.hpp"

#include <fmt/format.h>

#include <cmath>

namespace evoplay::web {

using nlohmann::json;

json parse_body(std::string_view body, std::size_t max_bytes) {
  if (body.size() > max_bytes) {
    throw BadRequest(fmt::format("the request is larger than {} bytes", max_bytes), 413);
  }
  if (body.find_first_not_of(" \t\r\n") == std::string_view::npos) return json::object();
  // Depth is bounded by the size cap; the parser reports (does not throw on) bad JSON here.
  json value = json::parse(body, nullptr, /*allow_exceptions=*/false);
  if (value.is_discarded()) throw BadRequest("the request body is not valid JSON");
  if (!value.is_object()) throw BadRequest("the request body must be a JSON object");
  return value;
}

namespace {

const json* field(const json& obj, const char* key) {
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
      n = INT64_MAX;  // out of range below
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
  if (s.size() > max_length) {
    throw BadRequest(fmt::format("{}: longer than {} characters", key, max_length));
  }
  return s;
}

std::string dump(const json& value) {
  return value.dump(-1, ' ', false, json::error_handler_t::replace);
}

std::string error_body(std::string_view message) { return dump(json{{"error", message}}); }

}  // namespace evoplay::web
