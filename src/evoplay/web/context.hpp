#pragma once
// What every group of routes shares (internal to web/): the settings, the job pool, the alarms
// that cap thinking, and the helpers that turn a handler's outcome into a reply.

#include <httplib.h>

#include <filesystem>
#include <functional>
#include <memory>
#include <nlohmann/json.hpp>
#include <semaphore>
#include <string>
#include <utility>
#include <vector>

#include "evoplay/core/control.hpp"
#include "evoplay/generated/games.hpp"
#include "evoplay/web/body_fields.hpp"
#include "evoplay/web/connection.hpp"
#include "evoplay/web/jobs.hpp"
#include "evoplay/web/request.hpp"
#include "evoplay/web/routes.hpp"
#include "evoplay/web/server.hpp"

namespace evoplay::web {

struct Context {
  const ServerSettings& settings;
  JobPool& jobs;
  Alarms& alarms;
  /// Bot searches running at once (each may hold a transposition table): the others wait.
  std::counting_semaphore<1024>& searches;
  /// Requests whose answers are large (a replay, a simulation): a bounded number at once.
  HeavyGate& heavy;

  /// A place among the heavy requests for the request under way, kept until its answer is
  /// sent (BadRequest 503 with Retry-After when too many are under way).
  [[nodiscard]] std::shared_ptr<void> enter_heavy() const {
    auto place = heavy.enter();
    this_request::hold_until_written(place);
    return place;
  }

  /// The request's body as a JSON object (BadRequest when malformed or over the cap). Each of
  /// its fields must then be read (request.hpp's getters, read_settings or note_read) before
  /// the reply or the job: a field left unread is refused (body_fields.hpp).
  nlohmann::json body(const httplib::Request& req) const;
  /// Queues a job for the client of `req` and replies 202 {"job": id, "events": URL}.
  void start_job(const httplib::Request& req, httplib::Response& res, const std::string& kind,
                 JobWork work) const;
};

/// An optimiser's job: its Control is cancelled with the job, or when --job-seconds have passed
/// (while this lives), and shows its generations to `observer`.
struct JobControl {
  JobControl(const Context& ctx, Job& job, Observer* observer);
  Control control;
  std::shared_ptr<void> alarm;
};

/// The shipped files of `dir` with extension `ext` (".map"), sorted, each under 1 MiB: its
/// path and text (none when `dir` is "" or missing).
std::vector<std::pair<std::filesystem::path, std::string>> shipped_files(const std::string& dir,
                                                                         std::string_view ext);
/// A small text file whole ("" when it cannot be read).
std::string read_small_file(const std::filesystem::path& path);

/// Replies `value` as JSON with `status` (BadRequest when a field of the body was not read).
void reply(httplib::Response& res, const nlohmann::json& value, int status = 200);

/// Replies `text`, already JSON, with `status`.
void reply_text(httplib::Response& res, std::string text, int status = 200);

/// A handler whose exceptions become replies (and whose body's unread fields a 400): BadRequest its
/// status (and Retry-After), evoplay::Error 400 (its `file:line: message`), std::bad_alloc 503 "out
/// of memory" with Retry-After, anything else 500 "internal error".
httplib::Server::Handler guarded(
    std::function<void(const httplib::Request&, httplib::Response&)> f);

/// Each game's routes, under /api/GAME/, for every game of the list that has them
/// (src/evoplay/games/CMakeLists.txt): add_GAME_routes, in web/api_GAME.cpp (the board games'
/// in api_boards.cpp).
#define EVOPLAY_DECLARE_ROUTES(game) void add_##game##_routes(Routes& server, const Context& ctx);
EVOPLAY_WEB_GAMES(EVOPLAY_DECLARE_ROUTES)
#undef EVOPLAY_DECLARE_ROUTES
void add_runs_routes(Routes& server, const Context& ctx);

}  // namespace evoplay::web
