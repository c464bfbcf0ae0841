#include "evoplay/web/server.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <csignal>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <thread>

#include "evoplay/core/error.hpp"
#include "evoplay/web/context.hpp"
#include "evoplay/web/site.hpp"

namespace evoplay::web {

using nlohmann::json;

void ServerSettings::validate() const {
  auto whole = [](const char* name, long long v, long long lo, long long hi) {
    if (v < lo || v > hi) {
      throw Error(
          fmt::format("--{}: expected a whole number from {} to {}, found {}", name, lo, hi, v));
    }
  };
  if (host.empty()) throw Error("--host: expected an address such as 127.0.0.1");
  whole("port", port, 0, 65535);
  whole("threads", threads, 1, 256);
  whole("per-client-jobs", per_client_jobs, 1, 1000);
  whole("http-threads", http_threads, 2, 4096);
  if (!(think_seconds > 0 && think_seconds <= 600)) {
    throw Error("--think-seconds: expected a number of seconds above 0 and at most 600");
  }
  if (!(job_seconds > 0 && job_seconds <= 86400)) {
    throw Error("--job-seconds: expected a number of seconds above 0 and at most 86400");
  }
  if (!runs.empty() && !std::filesystem::is_directory(runs)) {
    throw Error(fmt::format("--runs: '{}' is not a folder", runs));
  }
}

json ServerSettings::to_json() const {
  return {{"host", host},
          {"port", port},
          {"runs", runs},
          {"flags_maps", flags_maps},
          {"lemmings_levels", lemmings_levels},
          {"birds_levels", birds_levels},
          {"threads", threads},
          {"per_client_jobs", per_client_jobs},
          {"think_seconds", think_seconds},
          {"job_seconds", job_seconds},
          {"max_body", max_body},
          {"http_threads", http_threads}};
}

void reply(httplib::Response& res, const json& value, int status) {
  res.status = status;
  res.set_content(dump(value), "application/json");
}

httplib::Server::Handler guarded(
    std::function<void(const httplib::Request&, httplib::Response&)> f) {
  return [f = std::move(f)](const httplib::Request& req, httplib::Response& res) {
    try {
      f(req, res);
    } catch (const BadRequest& e) {
      res.status = e.status;
      res.set_content(error_body(e.what()), "application/json");
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
  const auto job = jobs.submit(req.remote_addr, kind, std::move(work));
  reply(res, {{"job", job->id()}, {"events", fmt::format("/api/jobs/{}/events", job->id())}}, 202);
}

JobControl::JobControl(const Context& ctx, Job& job, Observer* observer) {
  control.cancel = job.cancel_token();
  control.observer = observer;
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

void add_job_routes(httplib::Server& server, const Context& ctx) {
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
  server.Get(R"(/api/jobs/(\d{1,18})/events)", guarded([&ctx](const auto& req, auto& res) {
               auto job = owned_job(ctx, req);
               std::size_t from = 0;
               std::string start = req.has_param("from") ? req.get_param_value("from")
                                                         : req.get_header_value("Last-Event-ID");
               if (!start.empty()) {
                 json value = json::parse(start, nullptr, false);
                 if (!value.is_number_unsigned())
                   throw BadRequest("from: expected an event number");
                 from = value.template get<std::size_t>() + (req.has_param("from") ? 0 : 1);
               }
               auto next = std::make_shared<std::size_t>(from);
               res.set_header("Cache-Control", "no-cache");
               res.set_chunked_content_provider(
                   "text/event-stream",
                   [job, next](std::size_t, httplib::DataSink& sink) {
                     bool ended = false;
                     const auto events =
                         job->events_from(*next, std::chrono::milliseconds(500), ended);
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

void add_site_routes(httplib::Server& server, const Context& ctx) {
  server.Get("/api/info", guarded([&ctx](const auto&, auto& res) {
               reply(res,
                     {{"program", "evoplay"},
                      {"version", EVOPLAY_VERSION},
                      {"games", {"tictactoe", "connect4", "flags", "sudoku", "lemmings", "birds"}},
                      {"runs", !ctx.settings.runs.empty()},
                      {"think_seconds", ctx.settings.think_seconds},
                      {"job_seconds", ctx.settings.job_seconds},
                      {"max_body", ctx.settings.max_body},
                      {"per_client_jobs", ctx.settings.per_client_jobs}});
             }));
  // The built-in page: exactly the embedded files, nothing from disk.
  server.Get(R"(/(.{0,200}))", [](const httplib::Request& req, httplib::Response& res) {
    std::string path = req.matches[1];
    if (path.empty()) path = "index.html";
    for (const auto& f : site_files()) {
      if (f.path == path) {
        res.set_content(std::string(f.body), std::string(content_type(path)));
        return;
      }
    }
    res.status = 404;
    res.set_content(error_body("not found"), "application/json");
  });
}

}  // namespace

struct Server::Impl {
  ServerSettings settings;
  JobPool jobs;
  Alarms alarms;
  std::counting_semaphore<1024> searches;
  Context ctx;
  httplib::Server http;
  int port = -1;

  explicit Impl(const ServerSettings& s)
      : settings(s),
        jobs(s.threads, s.per_client_jobs),
        searches(std::clamp(2 * static_cast<int>(std::thread::hardware_concurrency()), 2, 64)),
        ctx{settings, jobs, alarms, searches} {
    const int n = s.http_threads;
    http.new_task_queue = [n] { return new httplib::ThreadPool(static_cast<std::size_t>(n)); };
    http.set_payload_max_length(s.max_body);
    http.set_keep_alive_max_count(1000);
    http.set_read_timeout(10, 0);
    http.set_write_timeout(10, 0);
    http.set_default_headers({{"X-Content-Type-Options", "nosniff"},
                              {"Content-Security-Policy",
                               "default-src 'self'; img-src 'self' data: blob:; "
                               "style-src 'self' 'unsafe-inline'"},
                              {"Referrer-Policy", "no-referrer"}});
    http.set_error_handler([](const httplib::Request&, httplib::Response& res) {
      if (res.body.empty()) {
        res.set_content(error_body(res.status == 404   ? "not found"
                                   : res.status == 413 ? "the request is too large"
                                                       : "bad request"),
                        "application/json");
      }
    });
    http.set_exception_handler(
        [](const httplib::Request&, httplib::Response& res, std::exception_ptr) {
          res.status = 500;
          res.set_content(error_body("internal error"), "application/json");
        });
    add_job_routes(http, ctx);
    add_board_routes(http, ctx);
    add_sudoku_routes(http, ctx);
    add_runs_routes(http, ctx);
    add_lemmings_routes(http, ctx);
    add_birds_routes(http, ctx);
    add_site_routes(http, ctx);  // last: its pattern matches every GET
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
  if (impl_->port < 0) {
    throw Error(fmt::format("cannot listen on {}:{} (in use, or not an address of this machine)",
                            s.host, s.port));
  }
  return impl_->port;
}

void Server::run() { impl_->http.listen_after_bind(); }

void Server::stop() {
  if (!impl_) return;
  impl_->jobs.stop();
  impl_->http.stop();
}

std::string Server::address() const {
  const auto& host = impl_->settings.host;
  return fmt::format("http://{}:{}", host.find(':') != std::string::npos ? "[" + host + "]" : host,
                     impl_->port);
}

}  // namespace evoplay::web
