#pragma once
// A server of `evoplay serve` started in the test process on a free loopback port, and a client
// of it (cpp-httplib): the tests reach the API as a browser or a script does.

#include <httplib.h>

#include <chrono>
#include <fstream>
#include <iterator>
#include <memory>
#include <nlohmann/json.hpp>
#include <string>
#include <thread>
#include <vector>

#include "evoplay/web/server.hpp"

namespace evoplay::test_support {

class TestServer {
 public:
  explicit TestServer(web::ServerSettings settings = {}) {
    settings.host = "127.0.0.1";
    settings.port = 0;
    server_ = std::make_unique<web::Server>(settings);
    port_ = server_->bind();
    thread_ = std::thread([this] { server_->run(); });
  }
  ~TestServer() {
    server_->stop();
    thread_.join();
  }
  TestServer(const TestServer&) = delete;
  TestServer& operator=(const TestServer&) = delete;

  int port() const { return port_; }
  /// The API's routes, "METHOD pattern" (web::Server::routes).
  std::vector<std::string> routes() const { return server_->routes(); }
  httplib::Client client() const {
    httplib::Client c("127.0.0.1", port_);
    c.set_read_timeout(120, 0);
    return c;
  }
  /// POST `body` (text) to `path`: {status, body as JSON (null when not JSON)}.
  std::pair<int, nlohmann::json> post(const std::string& path, const std::string& body) const {
    auto c = client();
    auto r = c.Post(path, body, "application/json");
    if (!r) return {-1, nullptr};
    return {r->status, nlohmann::json::parse(r->body, nullptr, false)};
  }
  std::pair<int, nlohmann::json> post(const std::string& path, const nlohmann::json& body) const {
    return post(path, body.dump());
  }
  std::pair<int, std::string> get(const std::string& path) const {
    auto c = client();
    auto r = c.Get(path);
    if (!r) return {-1, ""};
    return {r->status, r->body};
  }

 private:
  std::unique_ptr<web::Server> server_;
  int port_ = 0;
  std::thread thread_;
};

/// Every server-sent event of a job until its last one (or until `stop_after` events).
inline std::vector<nlohmann::json> job_events(const TestServer& server, const std::string& job,
                                              std::size_t stop_after = 1u << 30) {
  std::vector<nlohmann::json> events;
  std::string buffer;
  auto c = server.client();
  c.Get("/api/jobs/" + job + "/events", [&](const char* data, std::size_t n) {
    buffer.append(data, n);
    for (std::size_t end;
         events.size() < stop_after && (end = buffer.find("\n\n")) != std::string::npos;) {
      const std::string block = buffer.substr(0, end);
      buffer.erase(0, end + 2);
      const auto at = block.find("data: ");
      if (at != std::string::npos) events.push_back(nlohmann::json::parse(block.substr(at + 6)));
    }
    return events.size() < stop_after;
  });
  return events;
}

/// A shipped file of data/ whole ("" when it cannot be read): known inputs come from data.
inline std::string data_file(const std::string& name) {
  std::ifstream in(std::string(EVOPLAY_SOURCE_DIR) + "/data/" + name);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

}  // namespace evoplay::test_support
