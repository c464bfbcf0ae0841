// evoplay serve: the playground in the browser (web/server.hpp): options, the address, Ctrl-C.
#include <fmt/format.h>

#include <chrono>
#include <thread>

#include "evoplay/cli/commands.hpp"
#include "evoplay/cli/common.hpp"
#include "evoplay/web/server.hpp"

namespace evoplay::cli {

void add_serve_command(CLI::App& app) {
  auto s = std::make_shared<web::ServerSettings>();
  auto* cmd = app.add_subcommand(
      "serve",
      "the playground in a web browser: play the games, watch solvers and runs (docs/web.md); "
      "prints the address to open, Ctrl-C stops it");
  cmd->add_option("--host", s->host, "address to listen on (127.0.0.1: this machine only)")
      ->capture_default_str();
  cmd->add_option("--port", s->port, "port (0: any free port)")->capture_default_str();
  cmd->add_option("--runs-dir", s->runs, "run folders to show, read-only (none by default)");
  cmd->add_option("--site-dir", s->site_dir,
                  "serve the page from this folder (src/evoplay/web/site) instead of the built-in "
                  "one: edits to its scripts and styles show at the next load, without a rebuild");
  cmd->add_option("--threads", s->threads, "jobs (solvers, optimisers) run at once")
      ->capture_default_str();
  cmd->add_option("--think-seconds", s->think_seconds, "most a bot may think per move")
      ->capture_default_str();
  cmd->add_option("--job-seconds", s->job_seconds, "most a solver or optimiser job may run")
      ->capture_default_str();
  cmd->callback([s] {
    s->flags_maps = find_data_dir("flags").string();
    s->lemmings_levels = find_data_dir("lemmings").string();
    s->birds_levels = find_data_dir("birds").string();
    web::Server server(*s);  // validates the settings
    server.bind();
    Cancellable c;
    std::thread serving([&server] { server.run(); });
    fmt::print("evoplay serve: open {} in a web browser (Ctrl-C stops)\n", server.address());
    std::fflush(stdout);
    while (!c.cancelled()) std::this_thread::sleep_for(std::chrono::milliseconds(100));
    server.stop();
    serving.join();
    fmt::print("evoplay serve: stopped\n");
  });
}

}  // namespace evoplay::cli
