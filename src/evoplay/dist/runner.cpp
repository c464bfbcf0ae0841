#include "evoplay/dist/runner.hpp"

#include <fmt/format.h>
#include <signal.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstdlib>
#include <fstream>
#include <iterator>
#include <set>
#include <string>

#include "evoplay/core/atomic_file.hpp"
#include "evoplay/core/base64.hpp"
#include "evoplay/core/error.hpp"
#include "evoplay/core/progress.hpp"
#include "evoplay/dist/mpi_session.hpp"

namespace evoplay::dist {

namespace {

constexpr std::string_view kScratchPrefix = "evoplay-rank";

/// Removes the scratch folders of worker ranks that no longer run (killed with their job before
/// they could remove their own): /tmp/evoplay-rank<R>-<PID> whose PID is not a process.
void remove_stale_scratch_folders(const std::filesystem::path& tmp) {
  std::error_code ec;
  for (std::filesystem::directory_iterator it(tmp, ec), end; !ec && it != end; it.increment(ec)) {
    const std::string name = it->path().filename().string();
    if (!name.starts_with(kScratchPrefix)) continue;
    const auto dash = name.rfind('-');
    if (dash == std::string::npos || dash + 1 >= name.size()) continue;
    const std::string digits = name.substr(dash + 1);
    if (digits.find_first_not_of("0123456789") != std::string::npos || digits.size() > 9) continue;
    const pid_t pid = static_cast<pid_t>(std::stol(digits));
    if (pid > 0 && ::kill(pid, 0) != 0 && errno == ESRCH) {
      std::error_code ignored;
      std::filesystem::remove_all(it->path(), ignored);
    }
  }
}

}  // namespace

RunDir open_run_folder(const std::string& out, const std::string& resume,
                       const std::string& command) {
  // Every rank refuses what rank 0 refuses (the run folder is on a file system every node
  // sees), so that a refused folder ends every rank alike, before any scratch folder exists.
  if (!resume.empty()) {
    if (!std::filesystem::is_regular_file(std::filesystem::path(resume) / "config.json")) {
      throw Error(resume, 0, "--resume: not a run folder (it has no config.json)");
    }
  } else {
    RunDir::check_out(out);
  }
  if (const auto w = world(); !w.leader()) {
    const auto tmp = std::filesystem::temp_directory_path();
    remove_stale_scratch_folders(tmp);
    return RunDir::scratch(tmp / fmt::format("{}{}-{}", kScratchPrefix, w.rank, ::getpid()));
  }
  return RunDir::create(resume.empty() ? out : resume, command);
}

namespace {

/// Progress for logs: when standard error is not a terminal (a batch job), rank 0 prints
/// `evoplay: NAME: DONE/TOTAL units, ETA ...` at most every 30 seconds.
class LogProgress {
 public:
  LogProgress(bool enabled, std::string name)
      : enabled_(enabled && !stderr_is_terminal()),
        name_(std::move(name)),
        start_(std::chrono::steady_clock::now()),
        last_(start_) {}
  void update(std::uint64_t done, std::uint64_t total, std::uint64_t first) {
    if (!enabled_) return;
    const auto now = std::chrono::steady_clock::now();
    if (now - last_ < std::chrono::seconds(30) && done < total) return;
    last_ = now;
    const double elapsed = std::chrono::duration<double>(now - start_).count();
    const double rate = done > first ? (done - first) / elapsed : 0;
    const std::string eta =
        rate > 0 ? fmt::format(", ETA {:.0f}s", (total - done) / rate) : std::string();
    fmt::print(stderr, "evoplay: {}: {}/{} units{}\n", name_, done, total, eta);
  }

 private:
  bool enabled_;
  std::string name_;
  std::chrono::steady_clock::time_point start_, last_;
};

}  // namespace

void pack_unit_files(const std::filesystem::path& run_folder, const std::string& folder,
                     nlohmann::json& result) {
  namespace fs = std::filesystem;
  const fs::path root = run_folder / folder;
  auto files = nlohmann::json::object();
  std::error_code ec;
  if (fs::is_directory(root, ec)) {
    for (const auto& e : fs::recursive_directory_iterator(root)) {
      if (!e.is_regular_file()) continue;
      std::ifstream in(e.path(), std::ios::binary);
      const std::string bytes((std::istreambuf_iterator<char>(in)), {});
      files[fs::relative(e.path(), root).generic_string()] = base64_encode(bytes);
    }
    fs::remove_all(root, ec);
  }
  result[kUnitFilesKey] = std::move(files);
}

void unpack_unit_files(const std::filesystem::path& run_folder, const std::string& folder,
                       nlohmann::json& result) {
  namespace fs = std::filesystem;
  if (!result.is_object() || !result.contains(kUnitFilesKey)) return;
  for (const auto& [name, content] : result[kUnitFilesKey].items()) {
    const fs::path relative = fs::path(folder) / fs::path(name);
    const fs::path normal = relative.lexically_normal();
    if (normal.is_absolute() || normal.empty() || *normal.begin() == "..") {
      throw InternalError("a unit's file escapes the run folder: " + relative.string());
    }
    fs::create_directories((run_folder / normal).parent_path());
    write_file_atomic(run_folder / normal, base64_decode(content.get<std::string>()));
  }
  result.erase(kUnitFilesKey);
}

std::optional<nlohmann::json> run_unit(const UnitJob& job, std::size_t index,
                                       const CancelToken& cancel) {
  if (const char* fail = std::getenv(kFailUnitVariable); fail && std::to_string(index) == fail) {
    throw Error(fmt::format("{}: unit {} failed ({} is set)", job.name, index, kFailUnitVariable));
  }
  return job.run(index, cancel);
}

Runner::Runner(RunnerOptions options) : options_(std::move(options)) {
  if (!options_.run_folder.empty() && world().leader()) store_.emplace(options_.run_folder);
}

namespace {

/// `j` without the keys named `drop`, at any depth.
nlohmann::json without_keys(nlohmann::json j, const std::set<std::string>& drop) {
  if (!j.is_object()) return j;
  for (auto it = j.begin(); it != j.end();) {
    if (drop.count(it.key())) {
      it = j.erase(it);
    } else {
      it.value() = without_keys(std::move(it.value()), drop);
      ++it;
    }
  }
  return j;
}

}  // namespace

nlohmann::json Runner::fingerprint(const UnitJob& job) const {
  nlohmann::json f = {{"job", job.name}, {"version", EVOPLAY_VERSION}};
  if (!options_.config.is_null()) f["config"] = without_keys(options_.config, {"threads", "ranks"});
  if (!job.fingerprint.empty()) f["inputs"] = job.fingerprint;
  return f;
}

UnitResults Runner::resumed(const UnitJob& job) const {
  const std::string folder = options_.run_folder.string();
  if (const auto saved = store_->fingerprint()) {
    const auto changes = fingerprint_changes(*saved, fingerprint(job));
    if (!changes.empty()) {
      std::string list;
      for (const auto& c : changes) list += "\n  " + c;
      throw Error(fmt::format(
          "--resume {}: its saved units were made from other inputs or settings:{}\nResume with "
          "the command, settings and inputs the run was made with, or start a new run (--out).",
          folder, list));
    }
  } else if (store_->has_units()) {
    throw Error(fmt::format(
        "--resume {}: its saved units have no fingerprint ({}), so what they were made from "
        "cannot be checked; start a new run (--out)",
        folder, (store_->dir() / "fingerprint.json").string()));
  }
  std::vector<std::string> rejected;
  auto results = store_->load(job, rejected);
  for (const auto& r : rejected) {
    fmt::print(stderr,
               "evoplay: warning: {} (a saved unit is trusted only as this run would "
               "have made it): the unit runs again\n",
               r);
  }
  return results;
}

void Runner::save(const UnitJob& job, std::size_t index, const nlohmann::json& result) {
  if (!store_) return;
  std::call_once(kept_, [&] {
    store_->save_fingerprint(fingerprint(job));
    if (options_.keep_folder) options_.keep_folder();
  });
  store_->save(index, job.key(index), result);
}

UnitResults Runner::run(const UnitJob& job, const Control& control) {
  const World w = world();
  // Every rank reaches this point with the same job; run_unit adds the fault of the tests.
  UnitJob checked = job;
  checked.run = [&job, &w, this](std::size_t i, const CancelToken& cancel) {
    auto r = run_unit(job, i, cancel);
    // A worker rank's files go to rank 0 with the result.
    if (r && job.folder && !w.leader()) pack_unit_files(options_.run_folder, job.folder(i), *r);
    return r;
  };
  if (!w.leader()) {
    serve_units(checked, control);
    throw WorkerFinished{};
  }
  UnitResults results(job.count);
  if (store_) {
    if (options_.resume) {
      results = resumed(job);
    } else {
      store_->clear();
    }
  }
  if (options_.accepted) options_.accepted();
  std::uint64_t first = 0;
  for (const auto& r : results) first += r ? 1 : 0;
  LogProgress log(!options_.quiet && w.size > 1, job.name);
  Control reporting = control;
  reporting.progress = [&](std::uint64_t done, std::uint64_t total) {
    log.update(done, total, first);
    control.report(done, total);
  };
  auto save = [&](std::size_t i, const nlohmann::json& r) { this->save(job, i, r); };
  if (w.size > 1) {
    auto unpack_and_save = [&](std::size_t i, nlohmann::json& r) {
      if (job.folder) unpack_unit_files(options_.run_folder, job.folder(i), r);
      save(i, r);
    };
    lead_units(checked, reporting, results, unpack_and_save, !options_.scheduler_rank);
  } else {
    run_units_locally(checked, reporting, results, save);
  }
  return results;
}

}  // namespace evoplay::dist
