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
  /// Every route as "METHOD pattern", in the order they were added.
  std::vector<std::string> list() const;

 private:
  struct Route {
    std::string pattern;
    std::regex regex;
    std::string method;
  };
  void keep(const std::string& pattern, const char* method);
  httplib::Server& http_;
  std::vector<Route> routes_;
};

}  // namespace evoplay::web
