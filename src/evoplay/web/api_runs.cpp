// The run folders under --runs: a list (nested runs too, newest first, each with its state),
// one run's settings, result and files, and the files themselves (history.csv, pictures),
// read-only, through resolve_under (paths.hpp): nothing outside --runs is reachable, whatever
// the request's path says.
#include <fmt/format.h>
#include <sys/stat.h>

#include <filesystem>
#include <fstream>

#include "evoplay/core/run_dir.hpp"
#include "evoplay/web/context.hpp"
#include "evoplay/web/paths.hpp"
#include "evoplay/web/site.hpp"

namespace evoplay::web {

using nlohmann::json;
namespace fs = std::filesystem;

namespace {

constexpr std::uintmax_t kMostFileBytes = 64ull << 20;  // a file served whole
constexpr std::size_t kMostRuns = 1000;
constexpr int kDeepestRun = 4;                 // runs/A/B/C/D: folders looked into for runs
constexpr std::size_t kMostFilesShown = 2000;  // files listed for one run

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

/// Wall-clock modification time in milliseconds since 1970 (0 when missing).
long long modified_ms(const fs::path& p) {
  struct stat st {};
  if (::stat(p.c_str(), &st) != 0) return 0;
  return static_cast<long long>(st.st_mtim.tv_sec) * 1000 + st.st_mtim.tv_nsec / 1'000'000;
}

/// When a run last changed: its folder (files added or replaced) or its growing history.
long long run_modified(const fs::path& dir) {
  return std::max(
      {modified_ms(dir), modified_ms(dir / "history.csv"), modified_ms(dir / "result.json")});
}

json run_summary(const fs::path& root, const fs::path& dir) {
  const json config = read_json(dir / "config.json");
  const RunState state = run_state(dir);
  return {{"path", relative_name(root, dir)},
          {"command",
           config.is_object() && config.contains("command") ? config["command"] : json(nullptr)},
          {"status", run_state_name(state)},
          {"complete", state == RunState::kComplete},
          {"modified", run_modified(dir)}};
}

/// The runs under `root`, run folders inside run folders included (a demo's parts, the blocks of
/// a generated level set), at most kDeepestRun levels down; symbolic links are not followed.
std::vector<json> find_runs(const fs::path& root) {
  std::vector<json> runs;
  std::error_code ec;
  for (fs::recursive_directory_iterator it(root, ec), end; !ec && it != end; it.increment(ec)) {
    if (runs.size() >= kMostRuns) break;
    const bool link = it->is_symlink(ec);
    if (link || !it->is_directory(ec) || it->path().filename().string().starts_with(".")) {
      if (link) it.disable_recursion_pending();
      continue;
    }
    if (is_run(it->path())) runs.push_back(run_summary(root, it->path()));
    if (it.depth() + 1 >= kDeepestRun) it.disable_recursion_pending();
  }
  std::sort(runs.begin(), runs.end(), [](const json& a, const json& b) {
    const auto ma = a["modified"].get<long long>(), mb = b["modified"].get<long long>();
    return ma != mb ? ma > mb : a["path"].get<std::string>() < b["path"].get<std::string>();
  });
  return runs;
}

/// A run's files, subfolders included (pictures of levels, blocks), paths relative to the run,
/// sorted; hidden files (the running marker, temporaries) and nested runs' own files left out.
std::vector<std::string> run_files(const fs::path& dir) {
  std::vector<std::string> names;
  std::error_code ec;
  for (fs::recursive_directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec)) {
    if (names.size() >= kMostFilesShown) break;
    const bool hidden = it->path().filename().string().starts_with(".");
    if (it->is_symlink(ec) || hidden) {
      it.disable_recursion_pending();
      continue;
    }
    if (it->is_directory(ec)) {
      if (is_run(it->path()) || it.depth() + 1 >= kDeepestRun) it.disable_recursion_pending();
    } else if (it->is_regular_file(ec)) {
      names.push_back(relative_name(dir, it->path()));
    }
  }
  std::sort(names.begin(), names.end());
  return names;
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
  server.Get("/api/runs", guarded([&ctx](const auto&, auto& res) {
               reply(res, {{"runs", find_runs(real_root(ctx))}});
             }));
  // One run: config.json, result.json (null while it runs) and its files.
  server.Get(R"(/api/run/(.{1,1024}))", guarded([&ctx](const auto& req, auto& res) {
               const fs::path root = real_root(ctx);
               const auto dir = resolve_under(root, std::string(req.matches[1]));
               if (!dir || !fs::is_directory(*dir) || !is_run(*dir)) {
                 throw BadRequest("not found", 404);
               }
               json out = run_summary(root, *dir);
               out["config"] = read_json(*dir / "config.json");
               out["result"] = read_json(*dir / "result.json");
               out["files"] = run_files(*dir);
               reply(res, out);
             }));
  // A file of a run, as it is now (history.csv grows while a run runs: no caching).
  server.Get(R"(/runs/(.{1,1024}))", guarded([&ctx](const auto& req, auto& res) {
               const fs::path root = real_root(ctx);
               const auto file = resolve_under(root, std::string(req.matches[1]));
               std::error_code ec;
               if (!file || !fs::is_regular_file(*file, ec)) throw BadRequest("not found", 404);
               const auto size = fs::file_size(*file, ec);
               if (ec || size > kMostFileBytes) {
                 throw BadRequest("the file is too large to serve", 413);
               }
               // Read once into the answer's body (a growing history.csv: what is there now).
               std::ifstream in(*file, std::ios::binary);
               std::string text(size, '\0');
               in.read(text.data(), static_cast<std::streamsize>(size));
               text.resize(static_cast<std::size_t>(in.gcount()));
               res.set_header("Cache-Control", "no-store");
               res.set_header("Content-Type", std::string(content_type(file->filename().string())));
               res.body = std::move(text);
             }));
}

}  // namespace evoplay::web
