#include "evoplay/web/connection.hpp"

#include <arpa/inet.h>
#include <fmt/format.h>
#include <netdb.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#if defined(__GLIBC__)
#include <malloc.h>
#endif

#include <array>
#include <cerrno>
#include <chrono>
#include <cstring>
#include <new>
#include <vector>

#include "evoplay/web/compression.hpp"
#include "evoplay/web/request.hpp"

namespace evoplay::web {

namespace {

using Clock = std::chrono::steady_clock;

Clock::duration seconds(double s) {
  return std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(s));
}

/// Waits up to `wait` (rounded up to a millisecond, at most a day) for `events` on `sock`:
/// 1 when they came, 0 when the time ran out, -1 on an error.
int poll_for(socket_t sock, short events, Clock::duration wait) {
  const auto ms = std::chrono::ceil<std::chrono::milliseconds>(wait).count();
  pollfd p{sock, events, 0};
  for (;;) {
    const int n = ::poll(&p, 1, static_cast<int>(std::clamp<long long>(ms, 0, 86'400'000)));
    if (n < 0 && errno == EINTR) continue;
    return n > 0 ? 1 : n;
  }
}

bool wait_for(socket_t sock, short events, Clock::duration wait) {
  return poll_for(sock, events, wait) > 0;
}

/// A connection's socket as httplib reads and writes it, with the deadlines of
/// ConnectionLimits: headers within header_seconds of the request's start, then the body
/// within body_seconds. Reads are buffered (httplib reads a header line byte by byte).
class DeadlineStream final : public httplib::Stream {
 public:
  DeadlineStream(socket_t sock, const ConnectionLimits& limits) : sock_(sock), limits_(limits) {}

  /// A new request starts (its first byte is there).
  void start_request() {
    in_headers_ = true;
    line_ = 0;
    deadline_ = Clock::now() + seconds(limits_.header_seconds);
    timed_out_ = false;
    written_ = 0;
  }
  bool timed_out() const { return timed_out_; }
  bool buffered() const { return off_ < len_; }
  std::size_t written() const { return written_; }

  bool is_readable() const override { return off_ < len_ || wait_readable(); }
  bool is_writable() const override {
    return wait_for(sock_, POLLOUT, seconds(limits_.write_seconds));
  }

  ssize_t read(char* ptr, size_t size) override {
    if (off_ >= len_) {
      if (!wait_readable()) return -1;
      ssize_t n;
      do {
        n = ::recv(sock_, buffer_.data(), buffer_.size(), 0);
      } while (n < 0 && errno == EINTR);
      if (n <= 0) return n;
      off_ = 0;
      len_ = static_cast<std::size_t>(n);
    }
    const std::size_t n = std::min(size, len_ - off_);
    std::memcpy(ptr, buffer_.data() + off_, n);
    off_ += n;
    if (in_headers_) headers_read(ptr, n);
    return static_cast<ssize_t>(n);
  }

  ssize_t write(const char* ptr, size_t size) override {
    if (!is_writable()) return -1;
    ssize_t n;
    do {
      n = ::send(sock_, ptr, size, MSG_NOSIGNAL);
    } while (n < 0 && errno == EINTR);
    if (n > 0) written_ += static_cast<std::size_t>(n);
    return n;
  }

  void get_remote_ip_and_port(std::string& ip, int& port) const override {
    sockaddr_storage addr{};
    socklen_t len = sizeof(addr);
    if (::getpeername(sock_, reinterpret_cast<sockaddr*>(&addr), &len) == 0) {
      address(addr, len, ip, port);
    }
  }
  void get_local_ip_and_port(std::string& ip, int& port) const override {
    sockaddr_storage addr{};
    socklen_t len = sizeof(addr);
    if (::getsockname(sock_, reinterpret_cast<sockaddr*>(&addr), &len) == 0) {
      address(addr, len, ip, port);
    }
  }
  socket_t socket() const override { return sock_; }

 private:
  static void address(const sockaddr_storage& addr, socklen_t len, std::string& ip, int& port) {
    std::array<char, NI_MAXHOST> host{};
    std::array<char, NI_MAXSERV> serv{};
    if (::getnameinfo(reinterpret_cast<const sockaddr*>(&addr), len, host.data(), host.size(),
                      serv.data(), serv.size(), NI_NUMERICHOST | NI_NUMERICSERV) == 0) {
      ip = host.data();
      port = std::atoi(serv.data());
    }
  }

  /// Waits for bytes until the deadline of the part being read.
  bool wait_readable() const {
    const auto left = deadline_ - Clock::now();
    const int ready = left > Clock::duration::zero() ? poll_for(sock_, POLLIN, left) : 0;
    if (ready == 0) timed_out_ = true;  // waited until the deadline
    return ready > 0;
  }

  /// Follows the header lines given to httplib: the empty line ends them, and the body's
  /// deadline starts.
  void headers_read(const char* p, std::size_t n) {
    for (std::size_t i = 0; i < n && in_headers_; ++i) {
      if (p[i] == '\n') {
        if (line_ == 0) {
          in_headers_ = false;
          deadline_ = Clock::now() + seconds(limits_.body_seconds);
        }
        line_ = 0;
      } else if (p[i] != '\r') {
        ++line_;
      }
    }
  }

  socket_t sock_;
  const ConnectionLimits& limits_;
  std::array<char, 4096> buffer_{};
  std::size_t off_ = 0, len_ = 0;
  bool in_headers_ = true;
  std::size_t line_ = 0;
  Clock::time_point deadline_ = Clock::now();
  mutable bool timed_out_ = false;
  std::size_t written_ = 0;
};

/// What the handlers of the request under way asked of its connection.
struct RequestState {
  const DeadlineStream* stream = nullptr;
  bool gzip = false;  // the client accepts gzip (its Accept-Encoding, set aside before routing)
  bool heavy = false;
  bool close = false;
  std::vector<std::shared_ptr<void>> holds;
};

thread_local RequestState* current = nullptr;

/// The answer to a request that ran out of memory before any of its answer was sent: static
/// text, sent without allocating.
constexpr char kOutOfMemory[] =
    "HTTP/1.1 503 Service Unavailable\r\n"
    "Content-Type: application/json\r\n"
    "Retry-After: 1\r\n"
    "Connection: close\r\n"
    "Content-Length: 49\r\n"
    "\r\n"
    "{\"error\": \"out of memory: try again in a moment\"}";
static_assert(sizeof("{\"error\": \"out of memory: try again in a moment\"}") - 1 == 49);

}  // namespace

void return_large_blocks_to_the_system() {
#if defined(__GLIBC__)
  // glibc raises its mmap threshold (to 32 MB) after the first large block is freed; later
  // large blocks then live in the threads' arenas, whose free tops malloc_trim does not give
  // back (under 2 x the threshold). Fixed thresholds keep every block over 256 KB in its own
  // mapping, returned when freed.
  ::mallopt(M_MMAP_THRESHOLD, 256 * 1024);
  ::mallopt(M_TRIM_THRESHOLD, 1024 * 1024);
#endif
}

namespace {

/// Before routing: the client's Accept-Encoding is noted and removed from the request, so that
/// httplib does not compress the answer itself (it would at Brotli's highest quality).
void set_encoding_aside(const httplib::Request& req) {
  if (!req.has_header("Accept-Encoding")) return;
  if (current) current->gzip = accepts_gzip(req.get_header_value("Accept-Encoding"));
  // The request is httplib's own object, not a constant one: it is handed to handlers as const.
  const_cast<httplib::Request&>(req).headers.erase("Accept-Encoding");
}

/// After routing, before the answer is sent: its body gzipped when compression.hpp says so.
void compress_answer(const httplib::Request& req, httplib::Response& res) {
  if (!current || !current->gzip || res.status != 200 || res.body.empty() ||
      res.has_header("Content-Encoding") || res.has_header("Content-Range") ||
      !worth_compressing(req.remote_addr, res.get_header_value("Content-Type"), res.body.size())) {
    return;
  }
  std::string packed = gzip(res.body);
  if (packed.empty() || packed.size() >= res.body.size()) return;
  res.body = std::move(packed);
  res.headers.erase("Content-Length");
  res.set_header("Content-Length", std::to_string(res.body.size()));
  res.set_header("Content-Encoding", "gzip");
  res.set_header("Vary", "Accept-Encoding");
}

}  // namespace

GuardedHttpServer::GuardedHttpServer(const ConnectionLimits& limits) : limits_(limits) {
  set_pre_routing_handler(nullptr);
  set_post_routing_handler(compress_answer);
}

GuardedHttpServer& GuardedHttpServer::set_pre_routing_handler(HandlerWithResponse handler) {
  httplib::Server::set_pre_routing_handler(
      [handler = std::move(handler)](const httplib::Request& req, httplib::Response& res) {
        set_encoding_aside(req);
        return handler ? handler(req, res) : httplib::Server::HandlerResponse::Unhandled;
      });
  return *this;
}

bool GuardedHttpServer::process_and_close_socket(socket_t sock) {
  bool ok = false, linger = false;
  try {
    DeadlineStream stream(sock, limits_);
    for (std::size_t count = limits_.max_requests; count > 0 && svr_sock_ != INVALID_SOCKET;
         --count) {
      // The next request's first byte, while the server runs (checked every 100 ms).
      const auto idle_end = Clock::now() + seconds(limits_.idle_seconds);
      bool ready = stream.buffered();  // a pipelined request
      while (!ready && svr_sock_ != INVALID_SOCKET && Clock::now() < idle_end) {
        ready = wait_for(
            sock, POLLIN,
            std::min<Clock::duration>(idle_end - Clock::now(), std::chrono::milliseconds(100)));
      }
      if (!ready) break;
      RequestState state;
      state.stream = &stream;
      current = &state;
      stream.start_request();
      bool closed = false;
      try {
        ok = process_request(stream, count == 1, closed, nullptr);
      } catch (const std::bad_alloc&) {
        if (stream.written() == 0) {
          (void)::send(sock, kOutOfMemory, sizeof(kOutOfMemory) - 1, MSG_NOSIGNAL);
        }
        ok = false;
      } catch (...) {
        ok = false;
      }
      current = nullptr;
      state.holds.clear();
#if defined(__GLIBC__)
      if (state.heavy) ::malloc_trim(0);
#endif
      if (state.close || stream.timed_out()) {
        linger = true;
        break;
      }
      if (!ok || closed) break;
    }
  } catch (...) {
    ok = false;  // nothing escapes a connection's thread
  }
  if (linger) {
    // The client may still be sending (a body left unread, a slow client): closing now would
    // reset the connection, and the client could lose the answer. Say the end, then read and
    // drop what comes until it stops for 200 ms (at most 2 s and 8 MB).
    ::shutdown(sock, SHUT_WR);
    const auto until = Clock::now() + std::chrono::seconds(2);
    std::array<char, 16384> sink{};
    for (std::size_t dropped = 0; dropped < (8u << 20) && Clock::now() < until;) {
      const auto quiet =
          std::min<Clock::duration>(until - Clock::now(), std::chrono::milliseconds(200));
      if (!wait_for(sock, POLLIN, quiet)) break;
      const auto n = ::recv(sock, sink.data(), sink.size(), 0);
      if (n <= 0) break;
      dropped += static_cast<std::size_t>(n);
    }
  }
  ::shutdown(sock, SHUT_RDWR);
  ::close(sock);
  return ok;
}

namespace this_request {

bool timed_out() { return current && current->stream && current->stream->timed_out(); }
void mark_heavy() {
  if (current) current->heavy = true;
}
void hold_until_written(std::shared_ptr<void> hold) {
  if (current) current->holds.push_back(std::move(hold));
}
void close_after() {
  if (current) current->close = true;
}

}  // namespace this_request

std::shared_ptr<void> HeavyGate::enter() {
  std::unique_lock lock(mutex_);
  if (stopping_) throw BadRequest("the server is stopping", 503);
  if (running_ >= slots_ || waiting_ > 0) {
    if (waiting_ >= queue_) {
      throw BadRequest(fmt::format("busy: {} large requests (replays, simulations) are under way "
                                   "and {} waiting, the most this server takes; try again in a "
                                   "moment",
                                   running_, waiting_),
                       503, 1);
    }
    ++waiting_;
    freed_.wait(lock, [this] { return stopping_ || running_ < slots_; });
    --waiting_;
    if (stopping_) throw BadRequest("the server is stopping", 503);
  }
  ++running_;
  this_request::mark_heavy();
  return std::shared_ptr<void>(nullptr, [this](void*) {
    {
      std::lock_guard released(mutex_);
      --running_;
    }
    freed_.notify_one();
  });
}

void HeavyGate::stop() {
  {
    std::lock_guard lock(mutex_);
    stopping_ = true;
  }
  freed_.notify_all();
}

int HeavyGate::running() const {
  std::lock_guard lock(mutex_);
  return running_;
}

int HeavyGate::waiting() const {
  std::lock_guard lock(mutex_);
  return waiting_;
}

}  // namespace evoplay::web
