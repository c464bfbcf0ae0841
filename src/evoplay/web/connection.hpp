#pragma once
// What bounds the cost of one connection and one request to the server: a deadline for the
// request's headers and another for its body (a slow client is dropped, 408), a bound on heavy
// requests running at once (a queue with a limit, 503 with Retry-After beyond it), memory given
// back to the system after a heavy request, and no exception (std::bad_alloc included) that
// escapes a connection's thread.
//
// Why it exists: cpp-httplib times each read, not a request: a client that sends a header line
// every few seconds held one of the server's threads for as long as it liked, and an exception
// thrown while reading or writing (out of memory under a burst of large requests) ended the
// process. GuardedHttpServer serves each connection with its own loop over httplib's request
// processing, on a stream that knows the deadlines.

#include <httplib.h>

#include <condition_variable>
#include <memory>
#include <mutex>

namespace evoplay::web {

struct ConnectionLimits {
  double header_seconds = 10;       // the request line and headers arrive within this
  double body_seconds = 30;         // then the body within this
  double write_seconds = 10;        // each write of the answer
  double idle_seconds = 5;          // a kept-alive connection waits this long for the next request
  std::size_t max_requests = 1000;  // requests on one connection
};

/// cpp-httplib's server, each connection served by process_and_close_socket below. Its answers
/// are compressed by compression.hpp's rules, not httplib's: each request's Accept-Encoding is
/// set aside before routing (by the pre-routing step, which runs before the handler given to
/// set_pre_routing_handler) and the answer compressed after routing.
class GuardedHttpServer : public httplib::Server {
 public:
  explicit GuardedHttpServer(const ConnectionLimits& limits);

  /// httplib's pre-routing handler, after the step that sets Accept-Encoding aside.
  GuardedHttpServer& set_pre_routing_handler(HandlerWithResponse handler);

 private:
  bool process_and_close_socket(socket_t sock) override;
  ConnectionLimits limits_;
};

/// Sets the allocator (glibc's) so that large blocks (request bodies, answers) go back to the
/// system when freed; the server calls it once. Process-wide.
void return_large_blocks_to_the_system();

/// The request being served on this thread (no effect outside a connection's thread).
namespace this_request {
/// Its headers or body did not arrive in time (the error handler answers 408).
bool timed_out();
/// It used much memory: free memory goes back to the system after its answer is sent.
void mark_heavy();
/// `hold` lives until the answer has been sent (a place among the heavy requests).
void hold_until_written(std::shared_ptr<void> hold);
/// The connection closes after the answer (a body left unread).
void close_after();
}  // namespace this_request

/// At most `slots` heavy requests (a replay or a simulation sent whole: tens of MB each) run at
/// once; at most `queue` more wait for a place; beyond that a request is refused at once with
/// 503 and Retry-After.
class HeavyGate {
 public:
  HeavyGate(int slots, int queue) : slots_(slots), queue_(queue) {}
  HeavyGate(const HeavyGate&) = delete;
  HeavyGate& operator=(const HeavyGate&) = delete;

  /// A place (released when the handle dies), after waiting for one; BadRequest 503 when the
  /// queue is full or the server stops.
  std::shared_ptr<void> enter();
  /// Refuses every waiting and later request.
  void stop();
  int running() const;
  int waiting() const;

 private:
  int slots_, queue_;
  mutable std::mutex mutex_;
  std::condition_variable freed_;
  int running_ = 0, waiting_ = 0;
  bool stopping_ = false;
};

}  // namespace evoplay::web
