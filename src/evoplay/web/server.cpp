#include "evoplay/web/server.hpp"

#include <fmt/format.h>
#include <netdb.h>
#include <sys/socket.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <csignal>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <thread>

#include "evoplay/core/error.hpp"
#include "evoplay/web/body_fields.hpp"
#include "evoplay/web/context.hpp"
#include "evoplay/web/paths.hpp"
#include "evoplay/web/site.hpp"

namespace evoplay::web {

using nlohmann::json;

void ServerSettings::validate() const {
  fields::check(*this);
  if (host.empty()) throw fields::FieldError("host", "expected an address such as 127.0.0.1");
  if (!runs.empty() && !std::filesystem::is_directory(runs))
    throw fields::FieldError("runs-dir", fmt::format("'{}' is not a folder", runs));
  if (!site_dir.empty() &&
      !std::filesystem::is_regular_file(std::filesystem::path(site_dir) / "index.html")) {
    throw fields::FieldError(
        "site-dir",
        fmt::format("'{}' has no index.html (expected the page's folder, src/evoplay/web/site)",
                    site_dir));
  }
}

json Context::body(const httplib::Request& req) const {
  json value = parse_body(req.body, settings.max_body);
  body_fields::expect(value);
  return value;
}

void reply(httplib::Response& res, const json& value, int status) {
  body_fields::check();
  reply_text(res, dump(value), status);
}

void reply_text(httplib::Response& res, std::string text, int status) {
  body_fields::check();
  res.status = status;
  res.body = std::move(text);  // not copied: an answer may be tens of MB
  res.set_header("Content-Type", "application/json");
}

namespace {

void refuse(httplib::Response& res, const BadRequest& e) {
  res.status = e.status;
  if (e.retry_after > 0) res.set_header("Retry-After", std::to_string(e.retry_after));
  res.set_content(error_body(e.what()), "application/json");
}

}  // namespace

httplib::Server::Handler guarded(
    std::function<void(const httplib::Request&, httplib::Response&)> f) {
  return [f = std::move(f)](const httplib::Request& req, httplib::Response& res) {
    body_fields::clear();
    const std::shared_ptr<void> forget(nullptr, [](void*) { body_fields::clear(); });
    try {
      f(req, res);
      if (res.status < 400) body_fields::check();  // a handler that replied by other means
    } catch (const BadRequest& e) {
      refuse(res, e);
    } catch (const std::bad_alloc&) {
      res.body.clear();
      res.body.shrink_to_fit();
      refuse(res,
             BadRequest("out of memory: too much work at once; try again in a moment", 503, 1));
    } catch (const Error& e) {
      res.status = 400;
      res.set_content(error_body(e.what()), "application/json");
    } catch (const std::exception&) {
      res.status = 500;
      res.set_content(error_body("internal error"), "application/json");
    }
  };
}

void Context::start_job(const httplib::Request& req, httplib::Response& res,
                        const std::string& kind, JobWork work) const {
  body_fields::check();  // before the work starts
  const auto job = jobs.submit(req.remote_addr, kind, std::move(work));
  reply(res, {{"job", job->id()}, {"events", fmt::format("/api/jobs/{}/events", job->id())}}, 202);
}

JobControl::JobControl(const Context& ctx, Job& job, Observer* observer) {
  control.cancel = job.cancel_token();
  control.observer = observer;
  control.progress = [&job](std::uint64_t done, std::uint64_t total) { job.progress(done, total); };
  alarm = ctx.alarms.set(
      control.cancel,
      std::chrono::milliseconds(static_cast<long long>(1000 * ctx.settings.job_seconds)));
}

std::string read_small_file(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

std::vector<std::pair<std::filesystem::path, std::string>> shipped_files(const std::string& dir,
                                                                         std::string_view ext) {
  namespace fs = std::filesystem;
  std::vector<fs::path> paths;
  std::error_code ec;
  if (!dir.empty()) {
    for (fs::directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec)) {
      if (it->path().extension() == ext && it->is_regular_file(ec) &&
          it->file_size(ec) < (1u << 20)) {
        paths.push_back(it->path());
      }
    }
  }
  std::sort(paths.begin(), paths.end());
  std::vector<std::pair<fs::path, std::string>> out;
  for (const auto& p : paths) out.emplace_back(p, read_small_file(p));
  return out;
}

std::string_view content_type(std::string_view path) {
  const auto dot = path.rfind('.');
  const std::string_view ext = dot == std::string_view::npos ? "" : path.substr(dot + 1);
  if (ext == "html") return "text/html; charset=utf-8";
  if (ext == "js") return "text/javascript; charset=utf-8";
  if (ext == "css") return "text/css; charset=utf-8";
  if (ext == "json") return "application/json";
  if (ext == "png") return "image/png";
  if (ext == "gif") return "image/gif";
  if (ext == "svg") return "image/svg+xml";
  if (ext == "csv" || ext == "txt" || ext == "md" || ext == "plan" || ext == "lvl")
    return "text/plain; charset=utf-8";
  if (ext == "xml") return "application/xml";
  return "application/octet-stream";
}

namespace {

/// The job of the request's first match, if the asking client owns it (others get 404: a job id
/// is not a secret, yet one client may not watch or cancel another's work).
std::shared_ptr<Job> owned_job(const Context& ctx, const httplib::Request& req) {
  auto job = ctx.jobs.find(req.matches[1]);
  if (!job || job->owner() != req.remote_addr) throw BadRequest("no such job", 404);
  return job;
}

void add_job_routes(Routes& server, const Context& ctx) {
  server.Get(R"(/api/jobs/(\d{1,18}))", guarded([&ctx](const auto& req, auto& res) {
               reply(res, owned_job(ctx, req)->summary());
             }));
  auto cancel = guarded([&ctx](const auto& req, auto& res) {
    auto job = owned_job(ctx, req);
    job->cancel();
    reply(res, job->summary());
  });
  server.Delete(R"(/api/jobs/(\d{1,18}))", cancel);
  server.Post(R"(/api/jobs/(\d{1,18})/cancel)", cancel);
  // Server-sent events: "id: N\ndata: JSON\n\n" from event `from` (or Last-Event-ID) on, until
  // the job's last event. A client that goes away before the end cancels the job.
  server.Get(
      R"(/api/jobs/(\d{1,18})/events)", guarded([&ctx](const auto& req, auto& res) {
        auto job = owned_job(ctx, req);
        // `from`: the first event wanted; Last-Event-ID: the last one seen. Either is
        // digits within kMaxEventNumber, else 400 (never wrapped round to 0).
        std::size_t from = 0;
        if (req.has_param("from")) {
          from = parse_event_number(req.get_param_value("from"), "from");
        } else if (req.has_header("Last-Event-ID")) {
          from = parse_event_number(req.get_header_value("Last-Event-ID"), "Last-Event-ID") + 1;
        }
        auto next = std::make_shared<std::size_t>(from);
        res.set_header("Cache-Control", "no-cache");
        res.set_chunked_content_provider(
            "text/event-stream",
            [job, next](std::size_t, httplib::DataSink& sink) {
              bool ended = false;
              const auto events = job->events_from(*next, std::chrono::milliseconds(500), ended);
              std::string text;
              for (const auto& e : events) {
                text += fmt::format("id: {}\ndata: {}\n\n", (*next)++, e);
              }
              if (text.empty()) text = ": waiting\n\n";  // finds a client gone
              if (!sink.write(text.data(), text.size())) return false;
              if (ended) sink.done();
              return true;
            },
            [job](bool success) {
              if (!success) job->cancel();
            });
      }));
}

/// The page's file at `path` ("index.html", "js/app.js"): from --site-dir when given (read at
/// each request, never outside that folder), else built in; false when there is none.
bool site_file(const ServerSettings& settings, const std::string& path, httplib::Response& res) {
  if (!settings.site_dir.empty()) {
    const auto file = resolve_under(settings.site_dir, path);
    std::error_code ec;
    if (!file || !std::filesystem::is_regular_file(*file, ec)) return false;
    res.set_header("Cache-Control", "no-cache");  // edits show at the next load
    res.set_content(read_small_file(*file), std::string(content_type(path)));
    return true;
  }
  for (const auto& f : site_files()) {
    if (f.path == path) {
      res.set_content(std::string(f.body), std::string(content_type(path)));
      return true;
    }
  }
  return false;
}

/// 405 with Allow when `routes` has `path` for other methods (true), else nothing (false).
bool wrong_method(const Routes& routes, const std::string& path, httplib::Response& res) {
  const std::string allow = routes.allowed(path);
  if (allow.empty()) return false;
  res.status = 405;
  res.set_header("Allow", allow);
  res.set_content(error_body(fmt::format("{} takes {} only", path, allow)), "application/json");
  return true;
}

void add_site_routes(httplib::Server& http, Routes& server, const Context& ctx) {
  server.Get("/api/info", guarded([&ctx](const auto&, auto& res) {
               reply(res, {{"program", "evoplay"},
                           {"version", EVOPLAY_VERSION},
                           {"games", json::array({EVOPLAY_WEB_GAMES(EVOPLAY_GAME_NAME)})},
                           {"runs", !ctx.settings.runs.empty()},
                           {"think_seconds", ctx.settings.think_seconds},
                           {"job_seconds", ctx.settings.job_seconds},
                           {"max_body", ctx.settings.max_body},
                           {"per_client_jobs", ctx.settings.per_client_jobs}});
             }));
  // The page: exactly the built-in files (or those of --site-dir), else a route of the API
  // asked with GET (405), else 404. Not kept among the API's routes: it matches every path.
  http.Get(R"(/(.{0,200}))", [&ctx, &server](const httplib::Request& req, httplib::Response& res) {
    std::string path = req.matches[1];
    if (path.empty()) path = "index.html";
    if (site_file(ctx.settings, path, res) || wrong_method(server, req.path, res)) return;
    res.status = 404;
    res.set_content(error_body("not found"), "application/json");
  });
}

ConnectionLimits connection_limits(const ServerSettings& s) {
  ConnectionLimits limits;
  limits.header_seconds = s.header_seconds;
  limits.body_seconds = s.body_seconds;
  return limits;
}

/// The listening socket's options: SO_REUSEADDR (a restarted server binds at once), never
/// SO_REUSEPORT, with which a second server would share the port and the kernel would split the
/// connections between the two.
void reuse_address_only(socket_t sock) {
  int yes = 1;
  ::setsockopt(sock, SOL_SOCKET, SO_REUSEADDR, &yes, sizeof(yes));
}

/// Why host:port cannot be bound: "port P is in use ..." when another socket listens there.
std::string bind_failure(const std::string& host, int port) {
  addrinfo hints{};
  hints.ai_socktype = SOCK_STREAM;
  hints.ai_flags = AI_PASSIVE | AI_NUMERICSERV;
  addrinfo* found = nullptr;
  const std::string service = std::to_string(port);
  if (::getaddrinfo(host.c_str(), service.c_str(), &hints, &found) != 0 || !found) {
    return fmt::format("cannot listen on {}:{}: '{}' is not an address of this machine", host, port,
                       host);
  }
  int error = 0;
  const int sock = ::socket(found->ai_family, found->ai_socktype, found->ai_protocol);
  if (sock >= 0) {
    reuse_address_only(sock);
    if (::bind(sock, found->ai_addr, found->ai_addrlen) != 0) error = errno;
    ::close(sock);
  } else {
    error = errno;
  }
  ::freeaddrinfo(found);
  if (error == EADDRINUSE) {
    return fmt::format(
        "cannot listen on {}:{}: port {} is in use (another evoplay serve or another program "
        "listens on it); choose another with --port, or --port 0 for any free port",
        host, port, port);
  }
  return fmt::format("cannot listen on {}:{}: {}", host, port,
                     error ? std::strerror(error) : "not an address of this machine");
}

}  // namespace

struct Server::Impl {
  ServerSettings settings;
  JobPool jobs;
  Alarms alarms;
  // Bot searches at once: 4 per core (timed bots count their wait against their time, so more
  // of them share the cores instead of queueing; each may hold a transposition table).
  std::counting_semaphore<1024> searches;
  HeavyGate heavy;
  Context ctx;
  GuardedHttpServer http;
  Routes routes{http};
  int port = -1;

  explicit Impl(const ServerSettings& s)
      : settings(s),
        jobs(s.threads, s.per_client_jobs),
        searches(std::clamp(4 * static_cast<int>(std::thread::hardware_concurrency()), 2, 64)),
        heavy(s.heavy_requests, s.heavy_queue),
        ctx{settings, jobs, alarms, searches, heavy},
        http(connection_limits(s)) {
    return_large_blocks_to_the_system();
    http.set_socket_options(reuse_address_only);
    // An answer's header and body leave at once: else the body waits for the client's delayed
    // acknowledgement of the header (Nagle's algorithm), 40 ms on every keep-alive request.
    http.set_tcp_nodelay(true);
    const int n = s.http_threads;
    http.new_task_queue = [n] { return new httplib::ThreadPool(static_cast<std::size_t>(n)); };
    http.set_payload_max_length(s.max_body);
    http.set_keep_alive_max_count(1000);
    // Reads and writes are timed by GuardedHttpServer's stream (ConnectionLimits).
    http.set_read_timeout(10, 0);
    http.set_write_timeout(10, 0);
    // Before a request's body is read: its Host (DNS rebinding), Origin (another site's page)
    // and, for a body, its Content-Type (JSON only: a form cannot send it across sites).
    http.set_pre_routing_handler([this](const httplib::Request& req, httplib::Response& res) {
      const std::string length = req.get_header_value("Content-Length");
      const bool has_body =
          (!length.empty() && length != "0") || req.has_header("Transfer-Encoding");
      const auto refusal =
          refuse_request(req.method, req.get_header_value("Host"), req.get_header_value("Origin"),
                         req.get_header_value("Content-Type"), has_body, settings.host);
      if (!refusal) return httplib::Server::HandlerResponse::Unhandled;
      refuse(res, *refusal);
      if (has_body) {  // left unread: the connection cannot carry another request
        res.set_header("Connection", "close");
        this_request::close_after();
      }
      return httplib::Server::HandlerResponse::Handled;
    });
    http.set_default_headers({{"X-Content-Type-Options", "nosniff"},
                              {"Content-Security-Policy",
                               "default-src 'self'; img-src 'self' data: blob:; "
                               "style-src 'self' 'unsafe-inline'"},
                              {"Referrer-Policy", "no-referrer"}});
    http.set_error_handler([this](const httplib::Request& req, httplib::Response& res) {
      if (res.status == 404 && res.body.empty() && wrong_method(routes, req.path, res)) {
        return;
      } else if (this_request::timed_out()) {
        res.status = 408;
        res.set_header("Connection", "close");
        res.set_content(error_body(fmt::format("the request did not arrive in time (headers "
                                               "within {} s, then the body within {} s)",
                                               settings.header_seconds, settings.body_seconds)),
                        "application/json");
      } else if (res.body.empty()) {
        res.set_content(error_body(res.status == 404   ? "not found"
                                   : res.status == 413 ? "the request is too large"
                                                       : "bad request"),
                        "application/json");
        if (res.status != 404) {  // httplib's own refusal: what follows on the line is unread
          res.set_header("Connection", "close");
          this_request::close_after();
        }
      }
    });
    http.set_exception_handler(
        [](const httplib::Request&, httplib::Response& res, std::exception_ptr e) {
          try {
            std::rethrow_exception(e);
          } catch (const std::bad_alloc&) {
            res.body.clear();
            res.body.shrink_to_fit();
            refuse(res, BadRequest("out of memory: try again in a moment", 503, 1));
          } catch (...) {
            res.status = 500;
            res.set_content(error_body("internal error"), "application/json");
          }
        });
    add_job_routes(routes, ctx);
#define EVOPLAY_ADD_ROUTES(game) add_##game##_routes(routes, ctx);
    EVOPLAY_WEB_GAMES(EVOPLAY_ADD_ROUTES)
#undef EVOPLAY_ADD_ROUTES
    add_runs_routes(routes, ctx);
    add_site_routes(http, routes, ctx);  // last: its pattern matches every GET
  }
};

Server::Server(const ServerSettings& settings) {
  settings.validate();
  impl_ = std::make_unique<Impl>(settings);
}

Server::~Server() { stop(); }

int Server::bind() {
  std::signal(SIGPIPE, SIG_IGN);  // a client gone mid-reply is an error code, not the end
  const auto& s = impl_->settings;
  if (s.port == 0) {
    impl_->port = impl_->http.bind_to_any_port(s.host);
  } else {
    impl_->port = impl_->http.bind_to_port(s.host, s.port) ? s.port : -1;
  }
  if (impl_->port < 0) throw Error(bind_failure(s.host, s.port));
  return impl_->port;
}

void Server::run() { impl_->http.listen_after_bind(); }

void Server::stop() {
  if (!impl_) return;
  impl_->heavy.stop();
  impl_->jobs.stop();
  impl_->http.stop();
}

std::string Server::address() const {
  const auto& host = impl_->settings.host;
  return fmt::format("http://{}:{}", host.find(':') != std::string::npos ? "[" + host + "]" : host,
                     impl_->port);
}

std::vector<std::string> Server::routes() const { return impl_->routes.list(); }

}  // namespace evoplay::web
