// The units of a library call run locally (threads) and the unit store (--resume), without MPI.
#include "evoplay/core/units.hpp"

#include <gtest/gtest.h>
#include <sys/stat.h>

#include <algorithm>
#include <atomic>
#include <cmath>
#include <fstream>
#include <limits>
#include <mutex>
#include <set>
#include <thread>

#include "evoplay/core/error.hpp"
#include "evoplay/dist/runner.hpp"
#include "evoplay/dist/unit_store.hpp"
#include "support/process.hpp"

namespace evoplay {
namespace {

using test_support::scratch_dir;

/// Unit i's result is i squared; `calls` counts the units run.
UnitJob squares(std::size_t n, int threads, std::atomic<int>& calls) {
  UnitJob job;
  job.name = "squares";
  job.count = n;
  job.threads = threads;
  job.key = [](std::size_t i) { return "square " + std::to_string(i); };
  job.run = [&calls](std::size_t i, const CancelToken&) -> std::optional<nlohmann::json> {
    ++calls;
    return nlohmann::json(i * i);
  };
  return job;
}

/// Runner options of a store in `dir`, quiet.
dist::RunnerOptions store_in(const std::filesystem::path& dir, bool resume = false) {
  dist::RunnerOptions o;
  o.run_folder = dir;
  o.resume = resume;
  o.quiet = true;
  return o;
}

TEST(Units, LocalRunFillsEverySlotInUnitOrderAtAnyThreadCount) {
  for (int threads : {1, 2, 3}) {
    std::atomic<int> calls = 0;
    auto job = squares(17, threads, calls);
    for (std::size_t i = 17; i-- > 0;) job.order.push_back(i);
    std::vector<std::uint64_t> reported;
    Control control;
    control.progress = [&](std::uint64_t done, std::uint64_t total) {
      EXPECT_EQ(total, 17u);
      reported.push_back(done);
    };
    const UnitResults r = run_units(job, control);
    ASSERT_EQ(r.size(), 17u);
    for (std::size_t i = 0; i < 17; ++i) {
      ASSERT_TRUE(r[i]) << i;
      EXPECT_EQ(r[i]->get<std::size_t>(), i * i);
    }
    EXPECT_EQ(calls, 17);
    ASSERT_EQ(reported.size(), 17u);
    for (std::size_t k = 0; k < reported.size(); ++k) EXPECT_EQ(reported[k], k + 1);
  }
}

TEST(Units, LocalRunSkipsFilledSlotsAndCallsOnDone) {
  std::atomic<int> calls = 0;
  const auto job = squares(6, 2, calls);
  UnitResults r(6);
  r[1] = nlohmann::json(-1);  // "saved earlier": kept as it is
  r[4] = nlohmann::json(-4);
  std::mutex mutex;
  std::set<std::size_t> done;
  run_units_locally(job, Control{}, r, [&](std::size_t i, const nlohmann::json& v) {
    const std::lock_guard lock(mutex);
    EXPECT_EQ(v.get<std::size_t>(), i * i);
    done.insert(i);
  });
  EXPECT_EQ(calls, 4);
  EXPECT_EQ(done, (std::set<std::size_t>{0, 2, 3, 5}));
  EXPECT_EQ(r[1]->get<int>(), -1);
  EXPECT_EQ(r[4]->get<int>(), -4);
  EXPECT_EQ(r[5]->get<int>(), 25);
}

TEST(Units, OnResultSeesTheSavedUnitsFirstThenEachAsItFinishesOnTheCallingThread) {
  const auto dir = scratch_dir("unit-on-result");
  std::atomic<int> calls = 0;
  auto job = squares(9, 2, calls);
  const auto caller = std::this_thread::get_id();
  std::vector<std::size_t> seen;
  std::vector<std::uint64_t> counted_before;  // progress reported before each result seen
  std::uint64_t progress = 0;
  job.on_result = [&](std::size_t i, const nlohmann::json& v) {
    EXPECT_EQ(std::this_thread::get_id(), caller);
    EXPECT_EQ(v.get<std::size_t>(), i * i);
    seen.push_back(i);
    counted_before.push_back(progress);
  };
  Control control;
  control.progress = [&](std::uint64_t done, std::uint64_t) { progress = done; };
  {
    dist::Runner runner(store_in(dir));
    runner.run(job, control);
  }
  ASSERT_EQ(seen.size(), 9u);
  for (std::size_t k = 0; k < seen.size(); ++k) EXPECT_EQ(counted_before[k], k);
  EXPECT_EQ(std::set<std::size_t>(seen.begin(), seen.end()).size(), 9u);
  // Resumed: units 5 and 7 run again, the seven saved come first in unit order.
  std::filesystem::remove(dir / "units" / "5.json");
  std::filesystem::remove(dir / "units" / "7.json");
  seen.clear();
  counted_before.clear();
  progress = 0;
  calls = 0;
  dist::Runner resumed(store_in(dir, true));
  resumed.run(job, control);
  EXPECT_EQ(calls, 2);
  ASSERT_EQ(seen.size(), 9u);
  EXPECT_EQ(std::vector<std::size_t>(seen.begin(), seen.begin() + 7),
            (std::vector<std::size_t>{0, 1, 2, 3, 4, 6, 8}));
  EXPECT_EQ(std::set<std::size_t>(seen.begin() + 7, seen.end()), (std::set<std::size_t>{5, 7}));
}

TEST(Units, FailingUnitStopsTheRestAndPassesItsErrorOn) {
  UnitJob job;
  job.name = "failing";
  job.count = 50;
  job.threads = 1;
  std::atomic<int> calls = 0;
  job.run = [&](std::size_t i, const CancelToken&) -> std::optional<nlohmann::json> {
    ++calls;
    if (i == 3) throw Error("unit 3 is bad");
    return nlohmann::json(i);
  };
  UnitResults r;
  EXPECT_THROW(run_units_locally(job, Control{}, r), Error);
  EXPECT_EQ(calls, 4);  // one thread: units 0-3, nothing after the failure
}

TEST(Units, CancelledUnitsStayEmpty) {
  UnitJob job;
  job.count = 5;
  job.threads = 1;
  Control control;
  job.run = [&](std::size_t i, const CancelToken& cancel) -> std::optional<nlohmann::json> {
    if (i == 2) cancel.cancel();
    if (cancel.cancelled()) return std::nullopt;
    return nlohmann::json(i);
  };
  const auto r = run_units(job, control);
  EXPECT_TRUE(r[0] && r[1]);
  EXPECT_FALSE(r[2] || r[3] || r[4]);
}

TEST(Units, DoublesKeepNaNThroughJsonText) {
  const std::vector<double> v = {1.5, std::numeric_limits<double>::quiet_NaN(), -0.1, 1e-300};
  const auto back = doubles_from_json(nlohmann::json::parse(json_doubles(v).dump()));
  ASSERT_EQ(back.size(), v.size());
  EXPECT_EQ(back[0], 1.5);
  EXPECT_TRUE(std::isnan(back[1]));
  EXPECT_EQ(back[2], -0.1);
  EXPECT_EQ(back[3], 1e-300);
}

TEST(UnitStore, ResultsComeBackOnlyUnderTheirKey) {
  const auto dir = scratch_dir("unit-store");
  const dist::UnitStore store(dir);
  std::atomic<int> calls = 0;
  auto job = squares(4, 1, calls);
  store.save(0, job.key(0), 100);
  store.save(2, "another setting", 102);
  const auto r = store.load(job);
  ASSERT_EQ(r.size(), 4u);
  ASSERT_TRUE(r[0]);
  EXPECT_EQ(r[0]->get<int>(), 100);
  EXPECT_FALSE(r[1] || r[2] || r[3]);
  EXPECT_TRUE(std::filesystem::is_regular_file(dir / "units" / "2.json"));
  store.clear();
  EXPECT_FALSE(std::filesystem::exists(dir / "units"));
}

TEST(UnitStore, RunnerSavesEachUnitAndResumeRunsOnlyTheMissingOnes) {
  const auto dir = scratch_dir("unit-runner");
  std::atomic<int> calls = 0;
  const auto job = squares(5, 2, calls);
  int kept = 0;
  {
    auto options = store_in(dir);
    options.keep_folder = [&] { ++kept; };
    dist::Runner runner(options);
    const auto r = runner.run(job, Control{});
    EXPECT_EQ(calls, 5);
    EXPECT_EQ(kept, 1);  // once, at the first saved unit
  }
  std::filesystem::remove(dir / "units" / "3.json");
  calls = 0;
  dist::Runner resumed(store_in(dir, true));
  const auto r = resumed.run(job, Control{});
  EXPECT_EQ(calls, 1);
  for (std::size_t i = 0; i < 5; ++i) EXPECT_EQ(r[i]->get<std::size_t>(), i * i);
  // Without --resume, a new run into the folder starts from nothing.
  calls = 0;
  dist::Runner fresh(store_in(dir));
  fresh.run(job, Control{});
  EXPECT_EQ(calls, 5);
}

TEST(UnitStore, ResumeRefusesAnotherFingerprintNamingWhatChangedAndWritesNothing) {
  const auto dir = scratch_dir("unit-fingerprint");
  std::atomic<int> calls = 0;
  auto job = squares(3, 1, calls);
  job.fingerprint = {{"levels", "00aa"}};
  const nlohmann::json config = {{"command", "squares"}, {"seed", 1}, {"threads", 2}};
  auto first = store_in(dir);
  first.config = config;
  dist::Runner(first).run(job, Control{});
  ASSERT_TRUE(std::filesystem::is_regular_file(dir / "units" / "fingerprint.json"));
  int accepted = 0;
  auto resume = [&](const nlohmann::json& c, const UnitJob& j) {
    auto options = store_in(dir, true);
    options.config = c;
    options.accepted = [&] { ++accepted; };
    return dist::Runner(options).run(j, Control{});
  };
  auto other_seed = config;
  other_seed["seed"] = 2;
  try {
    resume(other_seed, job);
    ADD_FAILURE() << "a resume with another seed was accepted";
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("config.seed: 1, now 2"), std::string::npos) << e.what();
  }
  auto edited = job;
  edited.fingerprint["levels"] = "00ab";  // an input edited under the same name
  try {
    resume(config, edited);
    ADD_FAILURE() << "a resume with an edited input was accepted";
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find(R"(inputs.levels: "00aa", now "00ab")"), std::string::npos)
        << e.what();
  }
  EXPECT_EQ(accepted, 0);
  // Another number of threads is no other input: every saved unit is reused.
  auto more_threads = config;
  more_threads["threads"] = 8;
  calls = 0;
  const auto r = resume(more_threads, job);
  EXPECT_EQ(calls, 0);
  EXPECT_EQ(accepted, 1);
  EXPECT_EQ(r[2]->get<int>(), 4);
  // Saved units without a fingerprint cannot be checked: refused.
  std::filesystem::remove(dir / "units" / "fingerprint.json");
  EXPECT_THROW(resume(config, job), Error);
}

TEST(UnitStore, EditedOrHostileUnitFilesAreNamedAndRunAgain) {
  const auto dir = scratch_dir("unit-hostile");
  std::atomic<int> calls = 0;
  auto job = squares(9, 2, calls);
  job.check = [](std::size_t i, const nlohmann::json& r) {
    if (r.get<std::size_t>() != i * i)
      throw Error("not the square");  // a type error if not a number
  };
  dist::Runner(store_in(dir)).run(job, Control{});
  const auto units = dir / "units";
  auto put = [&](int i, const std::string& result) {
    std::ofstream(units / (std::to_string(i) + ".json"))
        << R"({"key":")" << job.key(static_cast<std::size_t>(i)) << R"(","result":)" << result
        << "}";
  };
  put(0, "\"a string\"");
  put(1, "null");
  put(2, "{}");
  put(3, "12345");  // in range for JSON, not what unit 3 gives
  std::ofstream(units / "4.json") << "{not json";
  std::filesystem::remove(units / "5.json");
  std::filesystem::create_directory(units / "5.json");
  std::filesystem::remove(units / "6.json");
  ASSERT_EQ(::mkfifo((units / "6.json").c_str(), 0600), 0);  // would hang a reader
  std::filesystem::remove(units / "7.json");
  std::filesystem::create_symlink("/dev/zero", units / "7.json");  // endless
  std::filesystem::resize_file(units / "8.json", dist::kMaxUnitFileBytes + 1);
  std::vector<std::string> rejected;
  const auto loaded = dist::UnitStore(dir).load(job, rejected);
  EXPECT_EQ(rejected.size(), 9u);
  for (const auto& r : loaded) EXPECT_FALSE(r);
  for (const auto& why : {"not a regular file", "not JSON", "result is null", "not the square",
                          "more than the 64 MiB"}) {
    EXPECT_TRUE(std::any_of(rejected.begin(), rejected.end(), [&](const std::string& r) {
      return r.find(why) != r.npos;
    })) << why;
  }
  // A resume runs them again and gets every right result.
  calls = 0;
  const auto r = dist::Runner(store_in(dir, true)).run(job, {});
  EXPECT_EQ(calls, 9);
  for (std::size_t i = 0; i < 9; ++i) EXPECT_EQ(r[i]->get<std::size_t>(), i * i);
}

TEST(UnitStore, UnitsThatAreNotAFolderAreRefused) {
  const auto dir = scratch_dir("unit-not-folder");
  std::ofstream(dir / "units") << "x";
  std::atomic<int> calls = 0;
  const auto job = squares(2, 1, calls);
  EXPECT_THROW(dist::UnitStore(dir).load(job), Error);
  EXPECT_THROW(dist::Runner(store_in(dir, true)).run(job, {}), Error);
  EXPECT_EQ(calls, 0);
}

TEST(UnitStore, SavedIntegersAreReadOnlyAsWholeNumbersInRange) {
  EXPECT_EQ(json_integer<std::uint16_t>(nlohmann::json(65535)), 65535);
  EXPECT_EQ(json_integer<int>(nlohmann::json(-3)), -3);
  // Each would be undefined behaviour or a silent truncation through get<T>() (fuzz/unit_files).
  for (const auto& bad : {nlohmann::json::parse("999999999998e-05"), nlohmann::json(2.5),
                          nlohmann::json(65536), nlohmann::json("1"), nlohmann::json(nullptr)}) {
    EXPECT_THROW(json_integer<std::uint16_t>(bad), Error) << bad;
  }
  EXPECT_THROW(json_integer<std::uint64_t>(nlohmann::json(-1)), Error);
  EXPECT_THROW(json_integer<int>(nlohmann::json(1e300)), Error);
}

TEST(UnitStore, FingerprintChangesAreNamedByPath) {
  const nlohmann::json a = {{"config", {{"seed", 1}, {"map", "a.map"}}}, {"job", "series"}};
  const nlohmann::json b = {{"config", {{"seed", 1}, {"map", "b.map"}}},
                            {"job", "series"},
                            {"inputs", {{"start", "ff"}}}};
  const auto changes = dist::fingerprint_changes(a, b);
  ASSERT_EQ(changes.size(), 2u);
  EXPECT_EQ(changes[0], R"(config.map: "a.map", now "b.map")");
  EXPECT_EQ(changes[1], R"(inputs: (none), now {"start":"ff"})");
  EXPECT_TRUE(dist::fingerprint_changes(a, a).empty());
}

TEST(UnitFiles, AWorkersFilesTravelInTheResultAndLandInTheRunFolder) {
  const auto worker = scratch_dir("unit-files-worker");
  const auto leader = scratch_dir("unit-files-leader");
  std::filesystem::create_directories(worker / "block-2" / "pictures");
  std::string png = "\x89PNG\r\n\x1a\n";
  png += std::string(1, '\0') + "binary";
  std::ofstream(worker / "block-2" / "level-04.xml", std::ios::binary) << "<Level/>\n";
  std::ofstream(worker / "block-2" / "pictures" / "a.png", std::ios::binary) << png;
  nlohmann::json result = {{"levels", 1}};
  dist::pack_unit_files(worker, "block-2", result);
  EXPECT_FALSE(std::filesystem::exists(worker / "block-2"));  // the scratch copy is gone
  ASSERT_TRUE(result.contains(dist::kUnitFilesKey));
  // The result crosses between ranks as JSON text.
  auto received = nlohmann::json::parse(result.dump());
  dist::unpack_unit_files(leader, "block-2", received);
  EXPECT_EQ(received, (nlohmann::json{{"levels", 1}}));
  EXPECT_EQ(test_support::slurp(leader / "block-2" / "level-04.xml"), "<Level/>\n");
  EXPECT_EQ(test_support::slurp(leader / "block-2" / "pictures" / "a.png"), png);
  // A file that would land outside the run folder is refused.
  nlohmann::json hostile = {{dist::kUnitFilesKey, {{"../../evil", "Zm9v"}}}};
  EXPECT_THROW(dist::unpack_unit_files(leader, "block-2", hostile), InternalError);
  EXPECT_FALSE(std::filesystem::exists(leader.parent_path() / "evil"));
}

}  // namespace
}  // namespace evoplay
