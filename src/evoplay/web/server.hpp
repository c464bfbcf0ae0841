#pragma once
// `evoplay serve`: an HTTP server inside the program, for the playground page (built in) and a
// JSON API over the games' library calls (docs/web.md).
//
// Why it exists: people would rather play and watch the games than read about them. The server
// is a front end like the command line: it binds requests to the library's settings (the same
// validate()), runs long work as cancellable jobs, and assumes a hostile client: it reads only
// its page (built in, or --site-dir's folder) and the run folders under `runs`, caps bodies,
// thinking time, budgets and jobs.

#include <cstddef>
#include <memory>
#include <string>
#include <vector>

#include "evoplay/core/fields.hpp"

namespace evoplay::web {

struct ServerSettings {
  std::string host = "127.0.0.1";
  int port = 8080;                         // 0: any free port (bind() says which)
  std::string runs;                        // the run folders served ("" = none)
  std::string site_dir;                    // the page from this folder ("" = the built-in one)
  std::string flags_maps;                  // capture the flag's shipped maps ("" = none)
  std::string lemmings_levels;             // the shipped Lemmings levels ("" = none)
  std::string birds_levels;                // the shipped Angry Birds levels ("" = none)
  int threads = 2;                         // jobs run at once
  int per_client_jobs = 4;                 // jobs queued or running per client address
  double think_seconds = 2;                // most a bot may think per move
  double job_seconds = 60;                 // most a solver or optimiser job may run
  std::size_t max_body = 2 * 1024 * 1024;  // bytes of a request body (uploads)
  int http_threads = 64;                   // connections served at once
  double header_seconds = 10;              // a request's line and headers arrive within this
  double body_seconds = 30;                // then its body within this (else 408, closed)
  int heavy_requests = 2;                  // replays and simulations answered at once
  int heavy_queue = 8;                     // more of them waiting (503 beyond)

  /// Throws fields::FieldError naming the bad setting ("port: ...", the command line's --port).
  void validate() const;

  /// What `evoplay serve` lets a person choose (the shipped data's folders it finds itself).
  template <class S, class V>
  static void fields(S& s, V& v) {
    v(s.host, {.name = "host", .help = "address to listen on (127.0.0.1: this machine only)"});
    v(s.port, {.name = "port", .help = "port (0: any free port)", .lo = 0, .hi = 65535});
    v(s.runs, {.name = "runs-dir",
               .help = "run folders to show, read-only (none by default)",
               .value_name = "DIR"});
    v(s.site_dir, {.name = "site-dir",
                   .help = "serve the page from this folder (src/evoplay/web/site) instead of the "
                           "built-in one: edits to its scripts and styles show at the next load, "
                           "without a rebuild",
                   .value_name = "DIR"});
    v(s.threads,
      {.name = "threads", .help = "jobs (solvers, optimisers) run at once", .lo = 1, .hi = 256});
    v(s.think_seconds, {.name = "think-seconds",
                        .help = "most a bot may think per move",
                        .lo = 0,
                        .hi = 600,
                        .above = true});
    v(s.job_seconds, {.name = "job-seconds",
                      .help = "most a solver or optimiser job may run",
                      .lo = 0,
                      .hi = 86400,
                      .above = true});
    v(s.per_client_jobs, {.name = "per-client-jobs",
                          .help = "jobs one client address may have queued or running",
                          .lo = 1,
                          .hi = 1000,
                          .advanced = true});
    v(s.max_body, {.name = "max-body",
                   .help = "bytes a request's body may have",
                   .lo = 1024,
                   .hi = 1 << 30,
                   .advanced = true});
    v(s.http_threads, {.name = "http-threads",
                       .help = "connections served at once",
                       .lo = 2,
                       .hi = 4096,
                       .advanced = true});
    v(s.header_seconds, {.name = "header-seconds",
                         .help = "a request's line and headers must arrive within this",
                         .lo = 0,
                         .hi = 3600,
                         .above = true,
                         .advanced = true});
    v(s.body_seconds, {.name = "body-seconds",
                       .help = "then its body within this (else 408, and the connection closed)",
                       .lo = 0,
                       .hi = 3600,
                       .above = true,
                       .advanced = true});
    v(s.heavy_requests, {.name = "heavy-requests",
                         .help = "replays and simulations answered at once",
                         .lo = 1,
                         .hi = 256,
                         .advanced = true});
    v(s.heavy_queue, {.name = "heavy-queue",
                      .help = "replays and simulations waiting beyond those (503 past this)",
                      .lo = 0,
                      .hi = 4096,
                      .advanced = true});
  }
};

class Server {
 public:
  explicit Server(const ServerSettings& settings);
  ~Server();
  Server(const Server&) = delete;
  Server& operator=(const Server&) = delete;

  /// Binds the address; returns the port (the free one chosen for port 0). Throws Error when
  /// it cannot: "port P is in use" when another program (another evoplay serve) listens there
  /// (the port is never shared: SO_REUSEADDR, no SO_REUSEPORT).
  int bind();
  /// Serves until stop() (from another thread); bind() first.
  void run();
  /// Stops serving and cancels every job (any thread; run() then returns).
  void stop();
  /// "http://HOST:PORT" after bind().
  std::string address() const;
  /// The API's routes as "METHOD pattern" ("POST /api/sudoku/solve"), in the order they were
  /// added (the page's catch-all GET not among them).
  std::vector<std::string> routes() const;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace evoplay::web
