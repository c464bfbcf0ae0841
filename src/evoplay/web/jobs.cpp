#include "evoplay/web/jobs.hpp"

#include <fmt/format.h>

#include <algorithm>

#include "evoplay/core/error.hpp"
#include "evoplay/web/request.hpp"

namespace evoplay::web {

using nlohmann::json;

namespace {

const char* state_name(Job::State s) {
  switch (s) {
    case Job::State::kQueued:
      return "queued";
    case Job::State::kRunning:
      return "running";
    case Job::State::kDone:
      return "done";
    case Job::State::kFailed:
      return "failed";
    case Job::State::kCancelled:
      return "cancelled";
  }
  return "?";
}

}  // namespace

void Job::emit(json event) {
  std::string text = dump(event);
  {
    std::lock_guard lock(mutex_);
    if (events_.size() >= kMaxEvents) {
      events_.back() = std::move(text);  // the newest progress replaces the last kept
    } else {
      events_.push_back(std::move(text));
    }
  }
  changed_.notify_all();
}

void Job::cancel() const {
  cancel_.cancel();
  if (pool_) pool_->withdraw(*this);
}

void Job::progress(std::uint64_t done, std::uint64_t total) {
  emit({{"type", "progress"}, {"done", done}, {"total", total}});
}

void Job::finish(State state, json final_event) {
  {
    std::lock_guard lock(mutex_);
    state_ = state;
    events_.push_back(dump(final_event));
  }
  changed_.notify_all();
}

std::vector<std::string> Job::events_from(std::size_t from, std::chrono::milliseconds wait,
                                          bool& ended) {
  std::unique_lock lock(mutex_);
  auto over = [this] { return state_ != State::kQueued && state_ != State::kRunning; };
  changed_.wait_for(lock, wait, [&] { return events_.size() > from || over(); });
  ended = over();
  std::vector<std::string> out;
  for (std::size_t i = from; i < events_.size(); ++i) out.push_back(events_[i]);
  return out;
}

Job::State Job::state() const {
  std::lock_guard lock(mutex_);
  return state_;
}

json Job::summary() const {
  std::lock_guard lock(mutex_);
  json out = {
      {"id", id_}, {"kind", kind_}, {"state", state_name(state_)}, {"events", events_.size()}};
  if (state_ == State::kQueued && position_ > 0) out["position"] = position_;
  return out;
}

JobPool::JobPool(int threads, int per_client, std::size_t kept_finished)
    : per_client_(per_client), kept_finished_(kept_finished), threads_count_(std::max(1, threads)) {
  for (int i = 0; i < threads_count_; ++i) threads_.emplace_back([this] { worker(); });
}

JobPool::~JobPool() { stop(); }

std::shared_ptr<Job> JobPool::submit(const std::string& owner, const std::string& kind,
                                     JobWork work) {
  std::shared_ptr<Job> job;
  {
    std::lock_guard lock(mutex_);
    if (stopping_) throw BadRequest("the server is stopping", 503);
    int& active = active_[owner];
    if (active >= per_client_) {
      throw BadRequest(
          fmt::format("too many jobs: at most {} queued or running per client; cancel one first",
                      per_client_),
          429);
    }
    ++active;
    job = std::make_shared<Job>(fmt::format("{}", next_id_++), owner, kind);
    job->pool_ = this;
    jobs_[job->id()] = job;
    queue_.emplace_back(job, std::move(work));
    tell_positions();
  }
  wake_.notify_one();
  return job;
}

std::shared_ptr<Job> JobPool::find(const std::string& id) const {
  std::lock_guard lock(mutex_);
  const auto it = jobs_.find(id);
  return it == jobs_.end() ? nullptr : it->second;
}

void JobPool::stop() {
  std::vector<std::shared_ptr<Job>> all;
  {
    std::lock_guard lock(mutex_);
    stopping_ = true;
    for (auto& [id, job] : jobs_) all.push_back(job);
  }
  for (auto& job : all) job->cancel();  // without the lock: a queued one leaves the queue
  wake_.notify_all();
  for (auto& t : threads_) {
    if (t.joinable()) t.join();
  }
}

void JobPool::worker() {
  for (;;) {
    std::shared_ptr<Job> job;
    JobWork work;
    {
      std::unique_lock lock(mutex_);
      wake_.wait(lock, [this] { return stopping_ || !queue_.empty(); });
      if (queue_.empty()) return;  // stopping, nothing left
      job = std::move(queue_.front().first);
      work = std::move(queue_.front().second);
      queue_.pop_front();
      ++running_;
      {
        std::lock_guard job_lock(job->mutex_);
        job->state_ = Job::State::kRunning;
        job->position_ = 0;
      }
      tell_positions();
    }
    job->emit({{"type", "started"}});
    Job::State state = Job::State::kDone;
    json final_event;
    try {
      if (job->cancelled()) throw BadRequest("cancelled before it started");
      json result = work(*job);
      state = job->cancelled() ? Job::State::kCancelled : Job::State::kDone;
      final_event = {{"type", job->cancelled() ? "cancelled" : "done"}, {"result", result}};
    } catch (const std::exception& e) {
      // Error and BadRequest carry messages for people; anything else is the server's fault.
      const bool known =
          dynamic_cast<const Error*>(&e) != nullptr || dynamic_cast<const BadRequest*>(&e);
      const bool memory = dynamic_cast<const std::bad_alloc*>(&e) != nullptr;
      state = job->cancelled() ? Job::State::kCancelled : Job::State::kFailed;
      try {
        final_event = {{"type", job->cancelled() ? "cancelled" : "error"},
                       {"error", known    ? std::string(e.what())
                                 : memory ? "out of memory: too much work at once"
                                          : "internal error"}};
      } catch (const std::bad_alloc&) {
        final_event = nullptr;  // no memory for a message: the job still ends
      }
    } catch (...) {
      state = Job::State::kFailed;
      final_event = nullptr;
    }
    try {
      job->finish(state, std::move(final_event));
    } catch (...) {
      // Out of memory for the final event: the state still says how the job ended.
      std::lock_guard job_lock(job->mutex_);
      job->state_ = state;
    }
    std::lock_guard lock(mutex_);
    --running_;
    forget(*job);
  }
}

bool JobPool::withdraw(const Job& job) {
  std::shared_ptr<Job> queued;
  {
    std::lock_guard lock(mutex_);
    const auto it = std::find_if(queue_.begin(), queue_.end(),
                                 [&](const auto& entry) { return entry.first.get() == &job; });
    if (it == queue_.end()) return false;
    queued = std::move(it->first);
    queue_.erase(it);
    forget(job);
    tell_positions();
  }
  queued->finish(Job::State::kCancelled,
                 {{"type", "cancelled"}, {"error", "cancelled before it started"}});
  return true;
}

void JobPool::tell_positions() {
  // The idle threads take the first queued jobs: those are about to start, not waiting.
  const std::size_t idle = static_cast<std::size_t>(std::max(0, threads_count_ - running_));
  for (std::size_t i = 0; i < queue_.size(); ++i) {
    Job& job = *queue_[i].first;
    const std::size_t position = i >= idle ? i - idle + 1 : 0;
    bool changed = false;
    {
      std::lock_guard job_lock(job.mutex_);
      changed = position > 0 && position != job.position_;
      job.position_ = position;
    }
    if (changed) {
      job.emit({{"type", "queued"},
                {"position", position},
                {"running", running_},
                {"threads", threads_count_}});
    }
  }
}

void JobPool::forget(const Job& job) {
  if (--active_[job.owner()] == 0) active_.erase(job.owner());
  finished_.push_back(job.id());
  while (finished_.size() > kept_finished_) {
    jobs_.erase(finished_.front());
    finished_.pop_front();
  }
}

Alarms::Alarms() : thread_([this] { run(); }) {}

Alarms::~Alarms() {
  {
    std::lock_guard lock(mutex_);
    stopping_ = true;
  }
  wake_.notify_all();
  thread_.join();
}

std::shared_ptr<void> Alarms::set(const CancelToken& token,
                                  std::chrono::steady_clock::duration after) {
  std::uint64_t key = 0;
  {
    std::lock_guard lock(mutex_);
    key = next_++;
    alarms_[key] = {std::chrono::steady_clock::now() + after, token};
  }
  wake_.notify_all();
  return std::shared_ptr<void>(nullptr, [this, key](void*) {
    std::lock_guard lock(mutex_);
    alarms_.erase(key);
  });
}

void Alarms::run() {
  std::unique_lock lock(mutex_);
  while (!stopping_) {
    auto next = std::chrono::steady_clock::now() + std::chrono::seconds(1);
    const auto now = std::chrono::steady_clock::now();
    for (auto it = alarms_.begin(); it != alarms_.end();) {
      if (it->second.first <= now) {
        it->second.second.cancel();
        it = alarms_.erase(it);
      } else {
        next = std::min(next, it->second.first);
        ++it;
      }
    }
    wake_.wait_until(lock, next);
  }
}

}  // namespace evoplay::web
