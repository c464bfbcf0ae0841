// The MPI units protocol: rank 0 hands out unit indices to ranks as they ask, and runs units
// itself on a thread of its own between messages.
//
// Messages (MPI_COMM_WORLD): a worker sends kReady once, then kResult (JSON text {"i": index,
// "r": result or null if cancelled}) after each unit, or kError (JSON text {"message",
// "internal"}); rank 0 answers each with kAssign (the next index, uint64) or kStop. Only the
// main thread of a rank calls MPI.

#include <fmt/format.h>
#include <mpi.h>

#include <chrono>
#include <condition_variable>
#include <deque>
#include <exception>
#include <mutex>
#include <thread>

#include "evoplay/core/error.hpp"
#include "evoplay/core/json_text.hpp"
#include "evoplay/dist/mpi_session.hpp"
#include "evoplay/dist/runner.hpp"

namespace evoplay::dist {

namespace {

enum Tag : int { kReady = 1, kResult = 2, kError = 3, kAssign = 4, kStop = 5 };

void send_text(const std::string& text, int to, int tag) {
  check_mpi(MPI_Send(text.data(), static_cast<int>(text.size()), MPI_CHAR, to, tag, MPI_COMM_WORLD),
            "MPI_Send");
}

std::string receive_text(const MPI_Status& status) {
  int size = 0;
  MPI_Get_count(&status, MPI_CHAR, &size);
  std::string text(static_cast<std::size_t>(size), '\0');
  check_mpi(MPI_Recv(text.data(), size, MPI_CHAR, status.MPI_SOURCE, status.MPI_TAG, MPI_COMM_WORLD,
                     MPI_STATUS_IGNORE),
            "MPI_Recv");
  return text;
}

void send_empty(int to, int tag) {
  check_mpi(MPI_Send(nullptr, 0, MPI_CHAR, to, tag, MPI_COMM_WORLD), "MPI_Send");
}

void receive_empty(const MPI_Status& status) {
  check_mpi(MPI_Recv(nullptr, 0, MPI_CHAR, status.MPI_SOURCE, status.MPI_TAG, MPI_COMM_WORLD,
                     MPI_STATUS_IGNORE),
            "MPI_Recv");
}

/// The text and kind of an exception, as a worker sends it.
nlohmann::json error_json(const std::exception_ptr& e) {
  try {
    std::rethrow_exception(e);
  } catch (const Error& x) {
    return {{"message", x.what()}, {"internal", false}};
  } catch (const std::exception& x) {
    return {{"message", x.what()}, {"internal", true}};
  } catch (...) {
    return {{"message", "unknown exception"}, {"internal", true}};
  }
}

}  // namespace

void lead_units(const UnitJob& job, const Control& control, UnitResults& results,
                const std::function<void(std::size_t, nlohmann::json&)>& save, bool work_here) {
  results.resize(job.count);
  std::mutex mutex;
  std::condition_variable changed;
  std::deque<std::size_t> queue;  // units not handed out yet
  std::size_t done = 0;
  for (std::size_t i : job.start_order()) {
    if (!results[i]) queue.push_back(i);
  }
  for (std::size_t i = 0; i < job.count; ++i) {
    if (!results[i]) continue;
    ++done;
    if (job.on_result) job.on_result(i, *results[i]);
  }
  if (done > 0) control.report(done, job.count);
  bool stopping = false;  // a unit failed: hand out nothing more
  std::exception_ptr local_error;
  nlohmann::json remote_error;  // {"message", "internal", "rank"} of the first failing rank
  std::deque<std::pair<std::size_t, std::optional<nlohmann::json>>> local_done;
  bool local_over = false;

  auto next_unit = [&]() -> std::optional<std::size_t> {  // with the lock held
    if (stopping || control.cancelled() || queue.empty()) return std::nullopt;
    const std::size_t i = queue.front();
    queue.pop_front();
    return i;
  };

  // Rank 0's own units, on a thread of their own.
  std::thread local([&] {
    while (work_here) {
      std::optional<std::size_t> i;
      {
        const std::lock_guard lock(mutex);
        i = next_unit();
      }
      if (!i) break;
      std::optional<nlohmann::json> r;
      std::exception_ptr error;
      try {
        r = job.run(*i, control.cancel);
      } catch (...) {
        error = std::current_exception();
      }
      const std::lock_guard lock(mutex);
      if (error) {
        if (!local_error && remote_error.is_null()) local_error = error;
        stopping = true;
        break;
      }
      local_done.emplace_back(*i, std::move(r));
      changed.notify_one();
    }
    const std::lock_guard lock(mutex);
    local_over = true;
    changed.notify_one();
  });

  auto finish = [&](std::size_t i, std::optional<nlohmann::json> r) {
    if (!r) return;  // cancelled under way
    save(i, *r);
    if (job.on_result) job.on_result(i, *r);
    results[i] = std::move(r);
    control.report(++done, job.count);
  };

  int workers = 0;
  MPI_Comm_size(MPI_COMM_WORLD, &workers);
  --workers;  // still to stop
  auto assign = [&](int rank) {
    std::optional<std::size_t> i;
    {
      const std::lock_guard lock(mutex);
      i = next_unit();
    }
    if (i) {
      const std::uint64_t index = *i;
      check_mpi(MPI_Send(&index, 1, MPI_UINT64_T, rank, kAssign, MPI_COMM_WORLD), "MPI_Send");
    } else {
      send_empty(rank, kStop);
      --workers;
    }
  };

  std::exception_ptr lead_error;  // of saving or reporting: stop as for a failed unit
  auto wait = std::chrono::microseconds(20);
  for (;;) {
    bool busy = false;
    // Results of this rank's thread.
    std::deque<std::pair<std::size_t, std::optional<nlohmann::json>>> mine;
    bool over = false;
    {
      const std::lock_guard lock(mutex);
      mine.swap(local_done);
      over = local_over;
    }
    for (auto& [i, r] : mine) {
      busy = true;
      try {
        if (!lead_error) finish(i, std::move(r));
      } catch (...) {
        lead_error = std::current_exception();
        const std::lock_guard lock(mutex);
        stopping = true;
      }
    }
    if (workers == 0 && over) break;
    // Messages of the other ranks.
    int flag = 0;
    MPI_Status status;
    if (workers > 0)
      check_mpi(MPI_Iprobe(MPI_ANY_SOURCE, MPI_ANY_TAG, MPI_COMM_WORLD, &flag, &status),
                "MPI_Iprobe");
    if (flag) {
      busy = true;
      const int from = status.MPI_SOURCE;
      if (status.MPI_TAG == kReady) {
        receive_empty(status);
        assign(from);
      } else if (status.MPI_TAG == kResult) {
        const auto j = nlohmann::json::parse(receive_text(status));
        std::optional<nlohmann::json> r;
        if (!j.at("r").is_null()) r = j.at("r");
        try {
          if (!lead_error) finish(j.at("i").get<std::size_t>(), std::move(r));
        } catch (...) {
          lead_error = std::current_exception();
          const std::lock_guard lock(mutex);
          stopping = true;
        }
        assign(from);
      } else if (status.MPI_TAG == kError) {
        auto j = nlohmann::json::parse(receive_text(status));
        {
          const std::lock_guard lock(mutex);
          if (remote_error.is_null() && !local_error) {
            remote_error = j;
            remote_error["rank"] = from;
          }
          stopping = true;
        }
        send_empty(from, kStop);
        --workers;
      } else {
        receive_empty(status);  // not expected: ignored
      }
    }
    if (busy) {
      wait = std::chrono::microseconds(20);
    } else {
      // Nothing to do: sleep until this rank's thread finishes a unit or a little while passes
      // (up to 1 ms), so that polling does not take a core from the units.
      std::unique_lock lock(mutex);
      changed.wait_for(lock, wait, [&] { return !local_done.empty() || local_over != over; });
      wait = std::min(wait * 2, std::chrono::microseconds(1000));
    }
  }
  local.join();
  note_units_over();
  if (lead_error) std::rethrow_exception(lead_error);
  if (local_error) std::rethrow_exception(local_error);
  if (!remote_error.is_null()) {
    const std::string message =
        fmt::format("{} (on rank {})", remote_error["message"].get<std::string>(),
                    remote_error["rank"].get<int>());
    if (remote_error["internal"].get<bool>()) throw InternalError(message);
    throw Error(message);
  }
}

void serve_units(const UnitJob& job, const Control& control) {
  send_empty(0, kReady);
  for (;;) {
    MPI_Status status;
    check_mpi(MPI_Probe(0, MPI_ANY_TAG, MPI_COMM_WORLD, &status), "MPI_Probe");
    if (status.MPI_TAG == kStop) {
      receive_empty(status);
      note_units_over();
      return;
    }
    std::uint64_t index = 0;
    check_mpi(MPI_Recv(&index, 1, MPI_UINT64_T, 0, kAssign, MPI_COMM_WORLD, MPI_STATUS_IGNORE),
              "MPI_Recv");
    try {
      const auto r = job.run(index, control.cancel);
      const nlohmann::json message = {{"i", index}, {"r", r ? *r : nlohmann::json(nullptr)}};
      send_text(json_text(message), 0, kResult);
    } catch (...) {
      send_text(json_text(error_json(std::current_exception())), 0, kError);
    }
  }
}

}  // namespace evoplay::dist
