#include "evoplay/core/run_dir.hpp"

#include <chrono>
#include <ctime>
#include <system_error>

#include "evoplay/core/atomic_file.hpp"
#include "evoplay/core/error.hpp"

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
  std::error_code ec;
  if (std::filesystem::exists(path, ec) && !std::filesystem::is_directory(path, ec)) {
    throw Error(path.string(), 0, "--out must be a folder, and this is a file");
  }
  std::filesystem::create_directories(path, ec);
  if (ec) throw Error(path.string(), 0, "cannot create the run folder: " + ec.message());
  return RunDir(path);
}

void RunDir::write_text(std::string_view name, std::string_view content) const {
  write_file_atomic(file(name), content);
}

void RunDir::write_json(std::string_view name, const nlohmann::json& value) const {
  write_file_atomic(file(name), value.dump(2) + "\n");
}

}  // namespace evoplay
