#include "evoplay/core/run_dir.hpp"

#include <chrono>
#include <ctime>
#include <exception>
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
  return RunDir(path, created);
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
      exceptions_(other.exceptions_) {
  other.created_ = false;
  other.scratch_ = false;
}

RunDir& RunDir::operator=(RunDir&& other) noexcept {
  if (this != &other) {
    path_ = std::move(other.path_);
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
