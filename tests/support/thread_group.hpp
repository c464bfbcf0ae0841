#pragma once
// An in-process stand-in for MPI ranks in tests: members of a ThreadGroup are Exchanges whose
// all_gather meets at a barrier, as MPI_Allgather does between ranks, so a call that runs across
// processes (islands over an Exchange) runs here on threads.

#include <barrier>
#include <string>
#include <thread>
#include <vector>

#include "evoplay/core/exchange.hpp"

namespace evoplay::test_support {

/// The processes of a run as threads of this test: an Exchange whose all_gather waits for every
/// member at a barrier (what MPI_Allgather does between ranks).
class ThreadGroup {
 public:
  explicit ThreadGroup(int size)
      : size_(size), parts_(static_cast<std::size_t>(size)), sync_(size) {}

  class Member : public Exchange {
   public:
    Member(ThreadGroup& group, int rank) : group_(group), rank_(rank) {}
    int rank() const override { return rank_; }
    int size() const override { return group_.size_; }
    std::vector<std::string> all_gather(const std::string& mine) override {
      group_.parts_[static_cast<std::size_t>(rank_)] = mine;
      group_.sync_.arrive_and_wait();
      auto all = group_.parts_;
      group_.sync_.arrive_and_wait();  // everyone has read before the next gather writes
      return all;
    }

   private:
    ThreadGroup& group_;
    int rank_;
  };

 private:
  int size_;
  std::vector<std::string> parts_;
  std::barrier<> sync_;
};

/// The same run on `processes` members of a ThreadGroup; every member's result.
template <class Run>
auto on_processes(int processes, Run run) {
  ThreadGroup group(processes);
  std::vector<decltype(run(static_cast<Exchange*>(nullptr)))> results(
      static_cast<std::size_t>(processes));
  std::vector<std::thread> threads;
  for (int r = 0; r < processes; ++r) {
    threads.emplace_back([&, r] {
      ThreadGroup::Member me(group, r);
      results[static_cast<std::size_t>(r)] = run(&me);
    });
  }
  for (auto& t : threads) t.join();
  return results;
}

}  // namespace evoplay::test_support
