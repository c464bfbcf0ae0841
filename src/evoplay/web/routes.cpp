#include "evoplay/web/routes.hpp"

#include <algorithm>

namespace evoplay::web {

Routes& Routes::Get(const std::string& pattern, httplib::Server::Handler handler) {
  keep(pattern, "GET");
  http_.Get(pattern, std::move(handler));
  return *this;
}

Routes& Routes::Post(const std::string& pattern, httplib::Server::Handler handler) {
  keep(pattern, "POST");
  http_.Post(pattern, std::move(handler));
  return *this;
}

Routes& Routes::Delete(const std::string& pattern, httplib::Server::Handler handler) {
  keep(pattern, "DELETE");
  http_.Delete(pattern, std::move(handler));
  return *this;
}

void Routes::keep(const std::string& pattern, const char* method) {
  routes_.push_back({pattern, std::regex(pattern), method});
}

std::string Routes::allowed(const std::string& path) const {
  std::vector<std::string> methods;
  for (const auto& route : routes_) {
    if (std::regex_match(path, route.regex) &&
        std::find(methods.begin(), methods.end(), route.method) == methods.end()) {
      methods.push_back(route.method);
    }
  }
  std::string out;
  for (const auto& m : methods) out += (out.empty() ? "" : ", ") + m;
  return out;
}

std::vector<std::string> Routes::list() const {
  std::vector<std::string> out;
  for (const auto& route : routes_) out.push_back(route.method + " " + route.pattern);
  return out;
}

}  // namespace evoplay::web
