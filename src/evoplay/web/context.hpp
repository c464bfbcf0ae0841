#pragma once
// What every group of routes shares (internal to web/): the settings, the job pool, the alarms
// that cap thinking, and the helpers that turn a handler's outcome into a reply.

#include <httplib.h>

#include <functional>
#include <nlohmann/json.hpp>
#include <semaphore>

#include "evoplay/web/jobs.hpp"
#include "evoplay/web/request.hpp"
#include "evoplay/web/server.hpp"

namespace evoplay::web {

struct Context {
  const ServerSettings& settings;
  JobPool& jobs;
  Alarms& alarms;
  /// Bot searches running at once (each may hold a transposition table): the others wait.
  std::counting_semaphore<1024>& searches;

  /// The request's body as a JSON object (BadRequest when malformed or over the cap).
  nlohmann::json body(const httplib::Request& req) const {
    return parse_body(req.body, settings.max_body);
  }
  /// Queues a job for the client of `req` and replies 202 {"job": id, "events": URL}.
  void start_job(const httplib::Request& req, httplib::Response& res, const std::string& kind,
                 JobWork work) const;
};

/// Replies `value` as JSON with `status`.
void reply(httplib::Response& res, const nlohmann::json& value, int status = 200);

/// A handler whose exceptions become replies: BadRequest its status, evoplay::Error 400 (its
/// `file:line: message`), anything else 500 "internal error".
httplib::Server::Handler guarded(
    std::function<void(const httplib::Request&, httplib::Response&)> f);

void add_board_routes(httplib::Server& server, const Context& ctx);
void add_sudoku_routes(httplib::Server& server, const Context& ctx);
void add_runs_routes(httplib::Server& server, const Context& ctx);
void add_lemmings_routes(httplib::Server& server, const Context& ctx);
void add_birds_routes(httplib::Server& server, const Context& ctx);

}  // namespace evoplay::web
