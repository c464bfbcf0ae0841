// The archipelago's optional capabilities (evo/islands.hpp), on a toy island that models them: a
// stopping rule of the islands' own (HasOwnStop), extra columns kept (HasIslandColumns), counts
// summed, and a generation a cancel stops on one island that does not count.
#include <gtest/gtest.h>

#include <atomic>
#include <memory>
#include <string_view>
#include <vector>

#include "evoplay/evo/islands.hpp"
#include "support/thread_group.hpp"

using namespace evoplay;
using namespace evoplay::evo;

namespace {

struct Toy {
  using Genome = int;
  Direction direction() const { return Direction::maximize; }
};

/// Island i wants 2 + i generations; each record counts 1 (summed) and a rate of 2 + i
/// (averaged). With `cancel_at`, island 1 is cancelled during that generation: it sets the
/// cancel and makes no record of it.
class Counter {
 public:
  Counter(std::size_t island, std::atomic<bool>* cancel, std::size_t cancel_at)
      : island_(island), wants_(2 + island), cancel_(cancel), cancel_at_(cancel_at) {}
  void start() { record(); }
  void step() {
    ++generation_;
    if (island_ == 1 && cancel_ && generation_ == cancel_at_) {
      cancel_->store(true);
      return;
    }
    record();
  }
  bool done() { return own_stop() != StopReason::kNone; }
  std::size_t generation() const { return generation_; }
  const RunResult<int>& result() const { return result_; }
  RunResult<int> finish() {
    result_.population = {static_cast<int>(wants_)};
    result_.fitness = {static_cast<double>(wants_)};
    result_.counts = {{"steps", generation_}};
    return std::move(result_);
  }
  std::vector<Migrant<int>> emigrants(std::size_t) const { return {}; }
  void immigrate(const std::vector<Migrant<int>>&) {}
  StopReason own_stop() const {
    return generation_ < wants_ ? StopReason::kNone : StopReason::kTarget;
  }
  static bool summed_column(std::string_view name) { return name == "count"; }

 private:
  void record() {
    GenerationRecord r;
    r.generation = generation_;
    r.evaluations = generation_;
    r.best = r.mean = r.worst = static_cast<double>(wants_);
    r.extra = {{"count", 1.0}, {"rate", static_cast<double>(wants_)}};
    result_.history.add(r);
    result_.best = static_cast<int>(wants_);
    result_.best_fitness = static_cast<double>(wants_);
  }

  std::size_t island_, wants_;
  std::atomic<bool>* cancel_;
  std::size_t cancel_at_;
  std::size_t generation_ = 0;
  RunResult<int> result_;
};

static_assert(Island<Counter, int> && HasOwnStop<Counter> && HasIslandColumns<Counter>);

RunResult<int> run_counters(const Stopping& stop, Exchange* exchange = nullptr,
                            std::size_t cancel_at = 0) {
  IslandParams p;
  p.islands = 3;
  std::atomic<bool> cancel{false};
  Stopping s = stop;
  if (cancel_at > 0) s.cancel = &cancel;
  const auto make = [&](std::size_t island, std::uint64_t, int, EvaluationHook<int>) {
    return std::make_unique<Counter>(island, cancel_at > 0 ? &cancel : nullptr, cancel_at);
  };
  const Toy toy;
  Archipelago<Toy, Counter> archipelago(toy, p, s, 1, 1, make, nullptr, {}, exchange);
  return run_to_end(archipelago);
}

}  // namespace

TEST(ArchipelagoHooks, IslandsWithARuleOfTheirOwnGoOnWhileAnyWantsAGeneration) {
  Stopping stop;
  stop.generations = 100;
  const auto r = run_counters(stop);
  EXPECT_EQ(r.stop, StopReason::kTarget);  // island 2's wish, the last, ended it
  EXPECT_EQ(r.generations, 4u);
  ASSERT_EQ(r.history.rows.size(), 5u);
  for (const auto& row : r.history.rows) {
    EXPECT_EQ(row.extra_value("count"), 3.0);  // summed
    EXPECT_EQ(row.extra_value("rate"), 3.0);   // the mean of 2, 3 and 4
  }
  EXPECT_EQ(r.population, (std::vector<int>{2, 3, 4}));
  ASSERT_EQ(r.counts.size(), 1u);
  EXPECT_EQ(r.counts[0].second, 12u);  // three islands of 4 steps
  // Over processes, the same run.
  for (const auto& other : test_support::on_processes(
           2, [&](Exchange* exchange) { return run_counters(stop, exchange); })) {
    ASSERT_EQ(other.history.rows.size(), r.history.rows.size());
    for (std::size_t g = 0; g < r.history.rows.size(); ++g) {
      EXPECT_EQ(other.history.rows[g].extra, r.history.rows[g].extra) << g;
    }
    EXPECT_EQ(other.population, r.population);
    EXPECT_EQ(other.counts, r.counts);
    EXPECT_EQ(other.stop, r.stop);
  }
  // Stopping's rules still bound it.
  stop.generations = 3;
  const auto bounded = run_counters(stop);
  EXPECT_EQ(bounded.stop, StopReason::kGenerations);
  EXPECT_EQ(bounded.generations, 3u);
}

TEST(ArchipelagoHooks, AGenerationACancelStopsOnOneIslandHasNoRowAndDoesNotCount) {
  Stopping stop;
  stop.generations = 100;
  const auto r = run_counters(stop, nullptr, 2);
  EXPECT_EQ(r.stop, StopReason::kCancelled);
  EXPECT_EQ(r.generations, 1u);
  EXPECT_EQ(r.history.rows.size(), 2u);
}
