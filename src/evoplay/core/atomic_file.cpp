#include "evoplay/core/atomic_file.hpp"

#include <unistd.h>

#include <atomic>
#include <system_error>

#include "evoplay/core/error.hpp"

namespace evoplay {

namespace {

std::filesystem::path temp_name_for(const std::filesystem::path& path) {
  // Unique within the process (counter) and across processes (pid).
  static std::atomic<unsigned> counter{0};  // a name generator, not program state
  auto name = path.filename().string();
  return path.parent_path() /
         ("." + name + ".tmp-" + std::to_string(::getpid()) + "-" + std::to_string(counter++));
}

void ensure_parent(const std::filesystem::path& path) {
  const auto parent = path.parent_path();
  if (parent.empty()) return;
  std::error_code ec;
  std::filesystem::create_directories(parent, ec);
  if (ec) throw Error(parent.string(), 0, "cannot create folder: " + ec.message());
}

}  // namespace

AtomicFile::AtomicFile(std::filesystem::path path) : path_(std::move(path)) {
  ensure_parent(path_);
  temp_ = temp_name_for(path_);
}

AtomicFile::~AtomicFile() {
  if (!committed_) {
    if (out_.is_open()) out_.close();
    std::error_code ec;
    std::filesystem::remove(temp_, ec);
  }
}

std::ofstream& AtomicFile::out() {
  if (!out_.is_open()) {
    out_.open(temp_, std::ios::binary | std::ios::trunc);
    if (!out_) throw Error(path_.string(), 0, "cannot open file for writing");
  }
  return out_;
}

void AtomicFile::commit() {
  if (out_.is_open()) {
    out_.flush();
    const bool ok = static_cast<bool>(out_);
    out_.close();
    if (!ok) throw Error(path_.string(), 0, "write error");
  }
  std::error_code ec;
  std::filesystem::rename(temp_, path_, ec);
  if (ec) throw Error(path_.string(), 0, "cannot write file: " + ec.message());
  committed_ = true;
}

void write_file_atomic(const std::filesystem::path& path, std::string_view content) {
  AtomicFile file(path);
  file.out().write(content.data(), static_cast<std::streamsize>(content.size()));
  file.commit();
}

}  // namespace evoplay
