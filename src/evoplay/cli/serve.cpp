// evoplay serve: the playground in the browser (web/server.hpp): options, the address, Ctrl-C.
#include <fmt/format.h>

#include <chrono>
#include <thread>

#include "evoplay/cli/commands.hpp"
#include "evoplay/cli/common.hpp"
#include "evoplay/cli/fields.hpp"
#include "evoplay/web/server.hpp"

namespace evoplay::cli {

void add_serve_command(CLI::App& app) {
  auto* cmd = app.add_subcommand(
      "serve",
      "the playground in a web browser: play the games, watch solvers and runs (docs/web.md); "
      "prints the address to open, Ctrl-C stops it");
  const auto options = bind_fields(cmd, web::ServerSettings{}, {.skip = {}});
  cmd->callback([options] {
    web::ServerSettings s = options->resolve();
    s.flags_maps = find_data_dir("flags").string();
    s.lemmings_levels = find_data_dir("lemmings").string();
    s.birds_levels = find_data_dir("birds").string();
    web::Server server(s);  // validates the settings
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
