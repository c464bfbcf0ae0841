// Fuzzing harness: what `evoplay serve` reads of a request before and while a handler runs
// (web/request.hpp): the checks of Host, Origin and Content-Type, an event number (`from`,
// Last-Event-ID), the JSON body and its typed fields.
//
// The input is a request's headers and body: lines "Name: value" (Host, Origin, Content-Type,
// Last-Event-ID, Method), an empty line, then the body. The server may refuse a request only
// with a BadRequest of status 400, 403, 413 or 415 and a message; any other exception would be
// a 500 (or a crash) of the server, so it is a crash for the fuzzer. A body read is an object
// whose dump reads back the same, with no NUL in a string and nesting within kMaxJsonDepth.

#include <map>

#include "evoplay/web/request.hpp"
#include "fuzz/harness.hpp"

using evoplay::fuzz::require;
using evoplay::web::BadRequest;
using nlohmann::json;

namespace {

void check_refusal(const BadRequest& e) {
  require(e.status == 400 || e.status == 403 || e.status == 413 || e.status == 415,
          "a refusal with an unexpected status", e.what());
  require(std::string_view(e.what()).size() > 0, "a refusal without a message");
}

int depth(const json& j) {
  int most = 0;
  if (j.is_structured()) {
    for (const auto& child : j) most = std::max(most, depth(child));
    return most + 1;
  }
  return 0;
}

bool has_nul(const json& j) {
  if (j.is_string()) return j.get_ref<const std::string&>().find('\0') != std::string::npos;
  if (j.is_object()) {
    for (const auto& [key, child] : j.items()) {
      if (key.find('\0') != std::string::npos || has_nul(child)) return true;
    }
  }
  if (j.is_array()) {
    for (const auto& child : j)
      if (has_nul(child)) return true;
  }
  return false;
}

/// Every key of the body read as each type the handlers ask for: a value or a refusal.
void read_fields(const json& body) {
  for (const auto& [key, value] : body.items()) {
    (void)value;
    const char* k = key.c_str();
    try {
      (void)evoplay::web::get_int(body, k, 0, -1000, 1000);
    } catch (const BadRequest& e) {
      check_refusal(e);
    }
    try {
      (void)evoplay::web::get_seed(body, k, 0);
    } catch (const BadRequest& e) {
      check_refusal(e);
    }
    try {
      (void)evoplay::web::get_number(body, k, 0, -1e9, 1e9);
    } catch (const BadRequest& e) {
      check_refusal(e);
    }
    try {
      (void)evoplay::web::get_bool(body, k, false);
    } catch (const BadRequest& e) {
      check_refusal(e);
    }
    try {
      const auto s = evoplay::web::get_string(body, k, "", 16);
      require(s.find('\0') == std::string::npos, "a string with a NUL was read", s);
    } catch (const BadRequest& e) {
      check_refusal(e);
    }
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text = evoplay::fuzz::as_text(data, size);
  std::map<std::string, std::string, std::less<>> headers;
  std::string_view rest = text;
  while (!rest.empty()) {
    const auto nl = rest.find('\n');
    std::string_view line = rest.substr(0, nl);
    rest = nl == std::string_view::npos ? std::string_view() : rest.substr(nl + 1);
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    if (line.empty()) break;
    const auto colon = line.find(':');
    if (colon == std::string_view::npos) continue;
    std::string_view value = line.substr(colon + 1);
    if (!value.empty() && value.front() == ' ') value.remove_prefix(1);
    headers[std::string(line.substr(0, colon))] = std::string(value);
  }
  const auto header = [&](std::string_view name) {
    const auto it = headers.find(name);
    return it == headers.end() ? std::string() : it->second;
  };

  // Before the body: the checks must decide, never throw.
  const std::string host = header("Host"), origin = header("Origin");
  for (const char* listen : {"127.0.0.1", "::1", "0.0.0.0", "192.168.1.5"}) {
    const auto refusal = evoplay::web::refuse_request(
        header("Method"), host, origin, header("Content-Type"), !rest.empty(), listen);
    if (refusal) check_refusal(*refusal);
    const bool allowed = evoplay::web::host_allowed(host, listen);
    require(allowed || std::string_view(listen) != "0.0.0.0", "a wildcard address refused a Host",
            host);
  }
  require(evoplay::web::origin_allowed("", host), "no Origin was refused");

  // An event number: digits within the range, or a 400.
  const std::string id = header("Last-Event-ID");
  try {
    const auto n = evoplay::web::parse_event_number(id, "Last-Event-ID");
    require(n <= evoplay::web::kMaxEventNumber, "an event number beyond the range", id);
    require(std::to_string(n).size() <= id.size(), "an event number not from its digits", id);
  } catch (const BadRequest& e) {
    check_refusal(e);
  }

  // The body.
  try {
    const json body = evoplay::web::parse_body(rest, 2 << 20);
    require(body.is_object(), "a body read is not an object", body.dump());
    require(depth(body) <= evoplay::web::kMaxJsonDepth, "a body deeper than the limit was read");
    require(!has_nul(body), "a body with a NUL was read");
    const std::string dumped = evoplay::web::dump(body);
    require(json::parse(dumped) == body, "a body reads back changed", dumped);
    read_fields(body);
  } catch (const BadRequest& e) {
    check_refusal(e);
  }
  return 0;
}
