#pragma once
// Long work of the server (a solver, an optimiser run, a column-by-column solve) as jobs: run by
// a fixed pool of threads, watched through their events (progress, generations, the result),
// cancelled by the page or when the client that watches them goes away.
//
// Why it exists: an HTTP request must not hold a connection for minutes, and a hostile client
// must not start unbounded work. A job belongs to a client (its address); each client has at
// most `per_client` jobs queued or running; the pool never runs more than `threads` at once.
// Events are JSON texts numbered from 0; a reader asks for the events after the last it saw
// (server-sent events in the HTTP layer). A job that has to wait says so: {"type": "queued",
// "position": N} (1: the next to start) when queued and whenever its place changes, then
// {"type": "started"} when a thread takes it, {"type": "progress", "done", "total"} as units of
// its work finish, and its last event. A queued job that is cancelled leaves the queue at once
// (its client's place with it).

#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <nlohmann/json.hpp>
#include <string>
#include <thread>
#include <vector>

#include "evoplay/core/cancel.hpp"

namespace evoplay::web {

class Job {
 public:
  enum class State { kQueued, kRunning, kDone, kFailed, kCancelled };

  Job(std::string id, std::string owner, std::string kind)
      : id_(std::move(id)), owner_(std::move(owner)), kind_(std::move(kind)) {}

  const std::string& id() const { return id_; }
  const std::string& owner() const { return owner_; }
  const std::string& kind() const { return kind_; }
  const CancelToken& cancel_token() const { return cancel_; }
  /// Stops the job: a running one soon, a queued one at once (it ends "cancelled").
  void cancel() const;
  bool cancelled() const { return cancel_.cancelled(); }

  /// Adds an event (an object; "type" names it). Progress events beyond kMaxEvents are dropped
  /// (the last one is kept as the newest); the final event is always kept.
  void emit(nlohmann::json event);
  /// A "progress" event: `done` units of `total` (a Control's progress).
  void progress(std::uint64_t done, std::uint64_t total);
  /// Events from number `from` on, waiting up to `wait` for one when there is none yet. `ended`
  /// is set when the job has ended and `out` holds every event left.
  std::vector<std::string> events_from(std::size_t from, std::chrono::milliseconds wait,
                                       bool& ended);
  State state() const;
  /// {"id", "kind", "state", "events"}, and "position" while queued.
  nlohmann::json summary() const;

  static constexpr std::size_t kMaxEvents = 20000;

 private:
  friend class JobPool;
  void finish(State state, nlohmann::json final_event);

  std::string id_, owner_, kind_;
  CancelToken cancel_;
  mutable std::mutex mutex_;
  std::condition_variable changed_;
  std::vector<std::string> events_;
  State state_ = State::kQueued;
  std::size_t position_ = 0;       // place in the queue (1: next), 0 when not waiting
  class JobPool* pool_ = nullptr;  // the pool that queued it (a queued job leaves it)
};

/// What a job does: its result (the "done" event's "result"), or an exception: evoplay::Error
/// and BadRequest become an "error" event with the message; a cancelled job ends "cancelled".
using JobWork = std::function<nlohmann::json(Job&)>;

class JobPool {
 public:
  JobPool(int threads, int per_client, std::size_t kept_finished = 64);
  ~JobPool();
  JobPool(const JobPool&) = delete;
  JobPool& operator=(const JobPool&) = delete;

  /// Queues `work` for `owner`; throws BadRequest (429) when the owner has `per_client` jobs
  /// queued or running, (503) after stop().
  std::shared_ptr<Job> submit(const std::string& owner, const std::string& kind, JobWork work);
  /// The job of `id` (running or among the last finished), or nullptr.
  std::shared_ptr<Job> find(const std::string& id) const;
  /// Cancels every job and waits for the threads (the destructor calls it).
  void stop();

 private:
  friend class Job;
  void worker();
  /// Takes a cancelled job out of the queue (ended "cancelled"); false when it is not queued.
  bool withdraw(const Job& job);
  /// Tells each queued job its place when it changed. Holding mutex_.
  void tell_positions();
  /// Ends `job` (popped or withdrawn) for its owner. Holding mutex_.
  void forget(const Job& job);

  int per_client_;
  std::size_t kept_finished_;
  mutable std::mutex mutex_;
  std::condition_variable wake_;
  bool stopping_ = false;
  std::uint64_t next_id_ = 1;
  int threads_count_ = 1, running_ = 0;
  std::deque<std::pair<std::shared_ptr<Job>, JobWork>> queue_;
  std::map<std::string, std::shared_ptr<Job>> jobs_;  // queued, running and kept finished ones
  std::deque<std::string> finished_;                  // oldest first
  std::map<std::string, int> active_;                 // per owner: queued or running
  std::vector<std::thread> threads_;
};

/// Sets flags at given times: the server's cap on a bot's thinking (a search given a depth or
/// a number of iterations is told to stop when the cap is reached, through its cancel flag).
class Alarms {
 public:
  Alarms();
  ~Alarms();
  Alarms(const Alarms&) = delete;
  Alarms& operator=(const Alarms&) = delete;

  /// While the returned handle lives, `token` is cancelled `after` from now.
  std::shared_ptr<void> set(const CancelToken& token, std::chrono::steady_clock::duration after);

 private:
  void run();
  std::mutex mutex_;
  std::condition_variable wake_;
  bool stopping_ = false;
  std::uint64_t next_ = 0;
  std::map<std::uint64_t, std::pair<std::chrono::steady_clock::time_point, CancelToken>> alarms_;
  std::thread thread_;
};

}  // namespace evoplay::web
