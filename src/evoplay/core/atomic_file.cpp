#include "evoplay/core/atomic_file.hpp"

#include <signal.h>
#include <unistd.h>

#include <array>
#include <atomic>
#include <cerrno>
#include <charconv>
#include <climits>
#include <cstring>
#include <iterator>
#include <random>
#include <system_error>

#include "evoplay/core/error.hpp"

namespace evoplay {

namespace {

// The temporaries being written, for a signal handler to remove. A handler has no context to
// be given, so this table is the program's one piece of global state; it is lock-free (a
// handler may run between any two instructions) and fixed in size (a temporary past its
// slots is not removed on a signal, only by the next run: remove_stale_temporaries).
struct TempSlot {
  std::atomic<bool> taken{false};  // claimed by a writer
  std::atomic<bool> ready{false};  // `path` is complete and names a temporary to remove
  char path[PATH_MAX]{};
};
std::array<TempSlot, 64> g_temp_slots;

int register_temp(const std::filesystem::path& temp) {
  const std::string& p = temp.native();
  if (p.size() >= PATH_MAX) return -1;
  for (std::size_t i = 0; i < g_temp_slots.size(); ++i) {
    bool expected = false;
    if (g_temp_slots[i].taken.compare_exchange_strong(expected, true)) {
      std::memcpy(g_temp_slots[i].path, p.c_str(), p.size() + 1);
      g_temp_slots[i].ready.store(true, std::memory_order_release);
      return static_cast<int>(i);
    }
  }
  return -1;
}

void unregister_temp(int slot) {
  if (slot < 0) return;
  g_temp_slots[static_cast<std::size_t>(slot)].ready.store(false, std::memory_order_release);
  g_temp_slots[static_cast<std::size_t>(slot)].taken.store(false, std::memory_order_release);
}

extern "C" void remove_temporaries_and_die(int sig) { remove_temporaries_and_exit(sig); }

/// The PID in a temporary's name ".NAME.tmp-PID-N", or -1 if `name` is not one (of `target`).
long temp_owner(const std::string& name, std::string_view target) {
  const auto mark = name.rfind(".tmp-");
  if (name.size() < 2 || name[0] != '.' || mark == std::string::npos) return -1;
  if (!target.empty() && std::string_view(name).substr(1, mark - 1) != target) return -1;
  const char* first = name.data() + mark + 5;
  const char* last = name.data() + name.size();
  long pid = -1;
  const auto [end, ec] = std::from_chars(first, last, pid);
  if (ec != std::errc() || end == last || *end != '-' || pid <= 0) return -1;
  int n = 0;
  const auto [end2, ec2] = std::from_chars(end + 1, last, n);
  return ec2 == std::errc() && end2 == last ? pid : -1;
}

bool process_gone(long pid) { return ::kill(static_cast<pid_t>(pid), 0) == -1 && errno == ESRCH; }

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

void remove_temporaries_and_exit(int sig) {
  for (auto& slot : g_temp_slots) {
    if (slot.ready.load(std::memory_order_acquire)) ::unlink(slot.path);  // async-signal-safe
  }
  // Die of the signal, as without a handler (inside a handler the signal is blocked: unblock it).
  ::signal(sig, SIG_DFL);
  sigset_t set;
  sigemptyset(&set);
  sigaddset(&set, sig);
  ::sigprocmask(SIG_UNBLOCK, &set, nullptr);
  ::raise(sig);
  ::_exit(128 + sig);  // not reached
}

void remove_temporaries_on_signals() {
  struct sigaction action {};
  action.sa_handler = remove_temporaries_and_die;
  sigemptyset(&action.sa_mask);
  for (int sig : {SIGINT, SIGTERM, SIGHUP}) sigaction(sig, &action, nullptr);
}

int remove_stale_temporaries(const std::filesystem::path& dir, bool recursive,
                             std::string_view target) {
  int removed = 0;
  std::error_code ec;
  for (std::filesystem::directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec)) {
    const auto& entry = *it;
    std::error_code kind;
    if (recursive && entry.is_directory(kind) && !entry.is_symlink(kind)) {
      removed += remove_stale_temporaries(entry.path(), true, target);
      continue;
    }
    const long pid = temp_owner(entry.path().filename().string(), target);
    if (pid > 0 && process_gone(pid) && entry.is_regular_file(kind)) {
      std::error_code gone;
      removed += std::filesystem::remove(entry.path(), gone) ? 1 : 0;
    }
  }
  return removed;
}

AtomicFile::AtomicFile(std::filesystem::path path) : path_(std::move(path)) {
  ensure_parent(path_);
  temp_ = temp_name_for(path_);
  slot_ = register_temp(temp_);
}

AtomicFile::~AtomicFile() {
  if (!committed_) {
    if (out_.is_open()) out_.close();
    std::error_code ec;
    std::filesystem::remove(temp_, ec);
  }
  unregister_temp(slot_);
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
  unregister_temp(slot_);
  slot_ = -1;
}

void write_file_atomic(const std::filesystem::path& path, std::string_view content) {
  AtomicFile file(path);
  file.out().write(content.data(), static_cast<std::streamsize>(content.size()));
  file.commit();
}

std::string written_bytes(const std::string& extension,
                          const std::function<void(const std::filesystem::path&)>& write) {
  // A name no other thread or process uses: the process, a random number, and the first free
  // one of a few tries.
  std::random_device random;
  std::filesystem::path path;
  for (int attempt = 0;; ++attempt) {
    path = std::filesystem::temp_directory_path() /
           ("evoplay-" + std::to_string(::getpid()) + "-" + std::to_string(random()) + extension);
    std::error_code ec;
    if (!std::filesystem::exists(path, ec) || attempt == 8) break;
  }
  try {
    write(path);
  } catch (...) {
    std::error_code ec;
    std::filesystem::remove(path, ec);
    throw;
  }
  std::ifstream in(path, std::ios::binary);
  std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  std::error_code ec;
  std::filesystem::remove(path, ec);
  return bytes;
}

}  // namespace evoplay
