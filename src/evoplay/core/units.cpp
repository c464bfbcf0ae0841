#include "evoplay/core/units.hpp"

#include <cmath>
#include <condition_variable>
#include <exception>
#include <limits>
#include <mutex>
#include <thread>

#include "evoplay/core/parallel.hpp"

namespace evoplay {

std::vector<std::size_t> UnitJob::start_order() const {
  if (!order.empty()) return order;
  std::vector<std::size_t> all(count);
  for (std::size_t i = 0; i < count; ++i) all[i] = i;
  return all;
}

void run_units_locally(const UnitJob& job, const Control& control, UnitResults& results,
                       const std::function<void(std::size_t, const nlohmann::json&)>& on_done) {
  results.resize(job.count);
  std::vector<std::size_t> todo;
  std::size_t already = 0;
  for (std::size_t i : job.start_order()) {
    if (!results[i]) todo.push_back(i);
  }
  for (std::size_t i = 0; i < job.count; ++i) {
    if (!results[i]) continue;
    ++already;
    if (job.on_result) job.on_result(i, *results[i]);
  }
  if (already > 0) control.report(already, job.count);
  // Workers run units on a thread of their own; the calling thread reports each finished unit.
  std::mutex mutex;
  std::condition_variable changed;
  std::size_t done = already;
  std::vector<std::size_t> finished;  // the units run here, in the order they finished
  bool over = false;
  std::exception_ptr error;
  CancelToken stop;  // the units not started are skipped: cancelled, or a unit failed
  std::thread worker([&] {
    try {
      parallel_slots(todo.size(), job.threads, [&](std::size_t k) {
        if (control.cancelled() || stop.cancelled()) return;
        const std::size_t i = todo[k];
        try {
          auto result = job.run(i, control.cancel);
          if (!result) return;
          if (on_done) on_done(i, *result);
          const std::lock_guard lock(mutex);
          results[i] = std::move(result);
          finished.push_back(i);
          ++done;
          changed.notify_one();
        } catch (...) {
          stop.cancel();
          throw;
        }
      });
    } catch (...) {
      error = std::current_exception();
    }
    const std::lock_guard lock(mutex);
    over = true;
    changed.notify_one();
  });
  std::exception_ptr report_error;
  std::unique_lock lock(mutex);
  for (std::size_t reported = already;;) {
    changed.wait(lock, [&] { return over || (!report_error && done > reported); });
    while (reported < done && !report_error) {
      const std::size_t now = ++reported;
      const std::size_t unit = finished[now - already - 1];
      lock.unlock();
      try {
        // The slot is written once, before it is counted: read without the lock.
        if (job.on_result) job.on_result(unit, *results[unit]);
        control.report(now, job.count);
      } catch (...) {
        report_error = std::current_exception();
        stop.cancel();
        control.cancel.cancel();
      }
      lock.lock();
    }
    if (over && (reported == done || report_error)) break;
  }
  lock.unlock();
  worker.join();
  if (error) std::rethrow_exception(error);
  if (report_error) std::rethrow_exception(report_error);
}

UnitResults run_units(const UnitJob& job, const Control& control) {
  if (control.units) return control.units->run(job, control);
  UnitResults results;
  run_units_locally(job, control, results);
  return results;
}

nlohmann::json json_double(double v) {
  return std::isnan(v) ? nlohmann::json(nullptr) : nlohmann::json(v);
}

double double_from_json(const nlohmann::json& j) {
  return j.is_null() ? std::numeric_limits<double>::quiet_NaN() : j.get<double>();
}

nlohmann::json json_doubles(const std::vector<double>& v) {
  nlohmann::json out = nlohmann::json::array();
  for (double x : v) out.push_back(json_double(x));
  return out;
}

std::vector<double> doubles_from_json(const nlohmann::json& j) {
  std::vector<double> out;
  for (const auto& x : j) out.push_back(double_from_json(x));
  return out;
}

}  // namespace evoplay
