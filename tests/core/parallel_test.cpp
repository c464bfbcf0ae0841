#include "evoplay/core/parallel.hpp"

#include <gtest/gtest.h>

#include <atomic>
#include <string>
#include <vector>

#include "evoplay/core/rng.hpp"

using namespace evoplay;

TEST(Parallel, SlotsGiveTheSameResultAtAnyThreadCount) {
  auto compute = [](int threads) {
    std::vector<std::uint64_t> out(1000);
    const Rng master(11);
    parallel_slots(out.size(), threads, [&](std::size_t i) {
      Rng rng = master.split(i);
      std::uint64_t acc = 0;
      for (int k = 0; k < 100; ++k) acc ^= rng();
      out[i] = acc;
    });
    return out;
  };
  EXPECT_EQ(compute(1), compute(2));
  EXPECT_EQ(compute(1), compute(4));
}

TEST(Parallel, EverySlotOnce) {
  Workers workers(2);
  std::vector<std::atomic<int>> hits(500);
  workers.for_each(hits.size(), [&](std::size_t i) { hits[i]++; });
  for (auto& h : hits) EXPECT_EQ(h.load(), 1);
  EXPECT_EQ(resolve_threads(0), hardware_threads());
  EXPECT_EQ(resolve_threads(3), 3);
}

TEST(Parallel, MoreThreadsThanCoresRunWithoutATbbWarning) {
  // TBB prints "TBB Warning: The number of workers is currently limited to ..." on stderr when
  // an arena asks for more workers than it allows: the arena is capped at usable_threads().
  EXPECT_GE(usable_threads(), 1);
  testing::internal::CaptureStderr();
  Workers workers(usable_threads() * 8 + 3);
  std::vector<std::atomic<int>> hits(200);
  workers.for_each(hits.size(), [&](std::size_t i) { hits[i]++; });
  const std::string err = testing::internal::GetCapturedStderr();
  for (auto& h : hits) EXPECT_EQ(h.load(), 1);
  EXPECT_EQ(workers.threads(), usable_threads() * 8 + 3);  // as asked (config.json says it)
  EXPECT_EQ(err.find("TBB Warning"), std::string::npos) << err;
}
