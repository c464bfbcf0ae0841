#pragma once
// The API's routes as the groups of handlers add them: each goes to cpp-httplib, and its
// pattern and method are kept, so that a path the API knows, asked with another method, is
// answered 405 with an Allow header rather than 404.
//
// Why it exists: cpp-httplib answers 404 for a method without a route, and cannot say which
// methods a path has.

#include <httplib.h>

#include <regex>
#include <string>
#include <utility>
#include <vector>

namespace evoplay::web {

class Routes {
 public:
  explicit Routes(httplib::Server& http) : http_(http) {}

  Routes& Get(const std::string& pattern, httplib::Server::Handler handler);
  Routes& Post(const std::string& pattern, httplib::Server::Handler handler);
  Routes& Delete(const std::string& pattern, httplib::Server::Handler handler);

  /// The methods of the routes whose pattern matches all of `path`, as an Allow header's
  /// value ("POST", "GET, DELETE"); "" when no route has that path.
  std::string allowed(const std::string& path) const;

 private:
  void keep(const std::string& pattern, const char* method);
  httplib::Server& http_;
  std::vector<std::pair<std::regex, std::string>> routes_;  // pattern, method
};

}  // namespace evoplay::web
