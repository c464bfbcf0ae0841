#include "evoplay/core/run_dir.hpp"

#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <csignal>
#include <ctime>
#include <exception>
#include <fstream>
#include <sstream>
#include <system_error>

#include "evoplay/core/atomic_file.hpp"
#include "evoplay/core/error.hpp"
#include "evoplay/core/json_text.hpp"

namespace evoplay {

std::string timestamp_now() {
  const std::time_t now = std::chrono::system_clock::to_time_t(std::chrono::system_clock::now());
  std::tm local{};
  localtime_r(&now, &local);
  char buffer[32];
  std::strftime(buffer, sizeof buffer, "%Y%m%d-%H%M%S", &local);
  return buffer;
}

namespace {

/// The start time of process `pid` in clock ticks since boot (/proc/PID/stat's 22nd field), or
/// -1: with the id, it names one process (an id is reused, a start time with it is not).
long long process_start(long long pid) {
  std::ifstream in("/proc/" + std::to_string(pid) + "/stat");
  std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  const auto close = text.rfind(')');  // the command name may hold spaces and parentheses
  if (close == std::string::npos) return -1;
  std::istringstream fields(text.substr(close + 2));
  std::string field;
  for (int i = 3; i <= 22 && fields >> field; ++i) {
    if (i == 22) return std::stoll(field);
  }
  return -1;
}

std::string host_name() {
  char name[256] = {};
  if (::gethostname(name, sizeof name - 1) != 0) return "";
  return name;
}

bool alive(const nlohmann::json& marker) {
  if (!marker.is_object() || !marker.contains("pid") || !marker["pid"].is_number_integer())
    return false;
  if (marker.value("host", "") != host_name()) return true;  // cannot tell: say it runs
  const long long pid = marker["pid"].get<long long>();
  if (pid <= 0) return false;
  const long long start = marker.value("start", -1LL);
  const long long now = process_start(pid);
  if (now >= 0) return start < 0 || now == start;
  return ::kill(static_cast<pid_t>(pid), 0) == 0 || errno == EPERM;
}

}  // namespace

RunState run_state(const std::filesystem::path& dir) {
  std::error_code ec;
  const auto marker = dir / kRunningMarker;
  if (std::filesystem::is_regular_file(marker, ec)) {
    std::ifstream in(marker);
    if (alive(nlohmann::json::parse(in, nullptr, false))) return RunState::kRunning;
  }
  return std::filesystem::is_regular_file(dir / "result.json", ec) ? RunState::kComplete
                                                                   : RunState::kStopped;
}

std::string_view run_state_name(RunState state) {
  switch (state) {
    case RunState::kRunning:
      return "running";
    case RunState::kComplete:
      return "complete";
    case RunState::kStopped:
      break;
  }
  return "stopped";
}

void RunDir::mark_running() {
  const long long pid = ::getpid();
  write_json(kRunningMarker, {{"pid", pid}, {"start", process_start(pid)}, {"host", host_name()}});
  marked_ = true;
}

void RunDir::unmark_running() noexcept {
  if (!marked_) return;
  std::error_code ec;
  std::filesystem::remove(file(kRunningMarker), ec);
  marked_ = false;
}

RunDir RunDir::create(const std::string& out, const std::string& command) {
  std::filesystem::path path;
  if (!out.empty()) {
    path = out;
  } else {
    const std::filesystem::path base =
        std::filesystem::path("runs") / (command + "-" + timestamp_now());
    path = base;
    for (int n = 2; std::filesystem::exists(path); ++n) {
      path = base.string() + "-" + std::to_string(n);
    }
  }
  check_out(path.string());
  std::error_code ec;
  // An earlier run into this folder that was killed may have left temporaries behind.
  if (std::filesystem::is_directory(path, ec)) remove_stale_temporaries(path, true);
  const bool created = std::filesystem::create_directories(path, ec);
  if (ec) throw Error(path.string(), 0, "cannot create the run folder: " + ec.message());
  RunDir dir(path, created);
  dir.mark_running();
  return dir;
}

void RunDir::check_out(const std::string& out) {
  std::error_code ec;
  if (!out.empty() && std::filesystem::exists(out, ec) && !std::filesystem::is_directory(out, ec)) {
    throw Error(out, 0, "--out must be a folder, and this is a file");
  }
}

RunDir RunDir::scratch(const std::filesystem::path& path) {
  std::error_code ec;
  std::filesystem::remove_all(path, ec);
  std::filesystem::create_directories(path, ec);
  if (ec) throw Error(path.string(), 0, "cannot create a scratch folder: " + ec.message());
  RunDir dir(path, true);
  dir.scratch_ = true;
  return dir;
}

RunDir::RunDir(std::filesystem::path path, bool created)
    : path_(std::move(path)), created_(created), exceptions_(std::uncaught_exceptions()) {}

RunDir::RunDir(RunDir&& other) noexcept
    : path_(std::move(other.path_)),
      created_(other.created_),
      finished_(other.finished_),
      scratch_(other.scratch_),
      exceptions_(other.exceptions_),
      marked_(other.marked_) {
  other.created_ = false;
  other.scratch_ = false;
  other.marked_ = false;
}

RunDir& RunDir::operator=(RunDir&& other) noexcept {
  if (this != &other) {
    unmark_running();
    path_ = std::move(other.path_);
    marked_ = other.marked_;
    other.marked_ = false;
    created_ = other.created_;
    finished_ = other.finished_;
    scratch_ = other.scratch_;
    exceptions_ = other.exceptions_;
    other.created_ = false;
    other.scratch_ = false;
  }
  return *this;
}

void RunDir::finish(nlohmann::json result, std::string_view stopped) {
  if (!stopped.empty()) result["stopped"] = std::string(stopped);
  write_json("result.json", result);
  finished_ = true;
}

void RunDir::finish_with(const std::function<void(std::ostream&)>& write_result_json) {
  AtomicFile file(this->file("result.json"));
  write_result_json(file.out());
  file.commit();
  finished_ = true;
}

RunDir::~RunDir() {
  unmark_running();
  if (scratch_ || (created_ && !finished_ && std::uncaught_exceptions() > exceptions_)) {
    std::error_code ec;
    std::filesystem::remove_all(path_, ec);
  }
}

void RunDir::write_text(std::string_view name, std::string_view content) const {
  write_file_atomic(file(name), content);
}

void RunDir::write_json(std::string_view name, const nlohmann::json& value) const {
  write_file_atomic(file(name), json_text(value, 2) + "\n");
}

}  // namespace evoplay
