// The run folders under --runs: a list, one run's settings, result and files, and the files
// themselves (history.csv, pictures), read-only, through resolve_under (paths.hpp): nothing
// outside --runs is reachable, whatever the request's path says.
#include <fmt/format.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "evoplay/web/context.hpp"
#include "evoplay/web/paths.hpp"
#include "evoplay/web/site.hpp"

namespace evoplay::web {

using nlohmann::json;
namespace fs = std::filesystem;

namespace {

constexpr std::uintmax_t kMostFileBytes = 64ull << 20;  // a file served whole
constexpr std::size_t kMostRuns = 1000;

bool is_run(const fs::path& dir) {
  std::error_code ec;
  return fs::is_regular_file(dir / "config.json", ec) ||
         fs::is_regular_file(dir / "history.csv", ec) ||
         fs::is_regular_file(dir / "result.json", ec);
}

/// A small JSON file of a run, or null when missing or unreadable.
json read_json(const fs::path& file) {
  std::error_code ec;
  if (!fs::is_regular_file(file, ec) || fs::file_size(file, ec) > (4u << 20)) return nullptr;
  std::ifstream in(file);
  json value = json::parse(in, nullptr, false);
  return value.is_discarded() ? json(nullptr) : value;
}

std::string relative_name(const fs::path& root, const fs::path& p) {
  return fs::relative(p, root).generic_string();
}

json run_summary(const fs::path& root, const fs::path& dir) {
  const json config = read_json(dir / "config.json");
  std::error_code ec;
  const auto when = fs::last_write_time(dir, ec);
  return {{"path", relative_name(root, dir)},
          {"command",
           config.is_object() && config.contains("command") ? config["command"] : json(nullptr)},
          {"complete", fs::is_regular_file(dir / "result.json", ec)},
          {"modified", ec ? 0 : when.time_since_epoch().count()}};
}

/// The real path of --runs; 404 when the server has none.
fs::path real_root(const Context& ctx) {
  if (ctx.settings.runs.empty()) throw BadRequest("the server was started without --runs", 404);
  const auto root = resolve_under(ctx.settings.runs, "");
  if (!root) throw BadRequest("the runs folder is gone", 404);
  return *root;
}

}  // namespace

void add_runs_routes(Routes& server, const Context& ctx) {
  // Run folders at most two levels down (runs/NAME, runs/GROUP/NAME), newest first.
  server.Get("/api/runs", guarded([&ctx](const auto&, auto& res) {
               const fs::path root = real_root(ctx);
               std::vector<json> runs;
               std::error_code ec;
               for (fs::recursive_directory_iterator it(root, ec), end; !ec && it != end;
                    it.increment(ec)) {
                 if (runs.size() >= kMostRuns) break;
                 if (!it->is_directory(ec) || it->is_symlink(ec)) {
                   if (it->is_symlink(ec)) it.disable_recursion_pending();
                   continue;
                 }
                 if (is_run(it->path())) {
                   runs.push_back(run_summary(root, it->path()));
                   it.disable_recursion_pending();
                 } else if (it.depth() >= 1) {
                   it.disable_recursion_pending();
                 }
               }
               std::sort(runs.begin(), runs.end(), [](const json& a, const json& b) {
                 return a["modified"].get<long long>() > b["modified"].get<long long>();
               });
               reply(res, {{"runs", runs}});
             }));
  // One run: config.json, result.json (null while it runs) and its files.
  server.Get(R"(/api/run/(.{1,1024}))", guarded([&ctx](const auto& req, auto& res) {
               const fs::path root = real_root(ctx);
               const auto dir = resolve_under(root, std::string(req.matches[1]));
               if (!dir || !fs::is_directory(*dir) || !is_run(*dir)) {
                 throw BadRequest("not found", 404);
               }
               json files = json::array();
               std::error_code ec;
               std::vector<std::string> names;
               for (fs::directory_iterator it(*dir, ec), end; !ec && it != end; it.increment(ec)) {
                 if (it->is_regular_file(ec) && !it->is_symlink(ec)) {
                   names.push_back(it->path().filename().string());
                 }
               }
               std::sort(names.begin(), names.end());
               json out = run_summary(root, *dir);
               out["config"] = read_json(*dir / "config.json");
               out["result"] = read_json(*dir / "result.json");
               out["files"] = names;
               reply(res, out);
             }));
  // A file of a run, as it is now (history.csv grows while a run runs: no caching).
  server.Get(R"(/runs/(.{1,1024}))", guarded([&ctx](const auto& req, auto& res) {
               const fs::path root = real_root(ctx);
               const auto file = resolve_under(root, std::string(req.matches[1]));
               std::error_code ec;
               if (!file || !fs::is_regular_file(*file, ec)) throw BadRequest("not found", 404);
               if (fs::file_size(*file, ec) > kMostFileBytes) {
                 throw BadRequest("the file is too large to serve", 413);
               }
               std::ifstream in(*file, std::ios::binary);
               std::ostringstream text;
               text << in.rdbuf();
               res.set_header("Cache-Control", "no-store");
               res.set_content(text.str(), std::string(content_type(file->filename().string())));
             }));
}

}  // namespace evoplay::web
