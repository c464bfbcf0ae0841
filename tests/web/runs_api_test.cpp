// The Runs API (web/api_runs.cpp): nested run folders listed, wall-clock modification times
// newest first, a run's state (running only while its process runs), every file of a run with its
// pictures in subfolders; and the answers' compression (web/compression.hpp) and the jobs' queue
// events (web/jobs.hpp).
#include <fmt/format.h>
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <sys/time.h>
#include <unistd.h>
#include <zlib.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <map>
#include <thread>

#include "evoplay/core/run_dir.hpp"
#include "evoplay/web/compression.hpp"
#include "evoplay/web/jobs.hpp"
#include "support/process.hpp"
#include "web/server_support.hpp"

namespace evoplay::web::runs_api_test {

namespace fs = std::filesystem;
using nlohmann::json;
using test_support::job_events;
using test_support::TestServer;

void write(const fs::path& file, const std::string& text) {
  fs::create_directories(file.parent_path());
  std::ofstream(file) << text;
}

/// Sets a file's modification time to `seconds` after 1970.
void touch(const fs::path& p, long seconds) {
  const timeval times[2] = {{seconds, 0}, {seconds, 0}};
  ASSERT_EQ(::utimes(p.c_str(), times), 0) << p;
}

json get_json(const TestServer& server, const std::string& path) {
  const auto [status, body] = server.get(path);
  EXPECT_EQ(status, 200) << path << ": " << body;
  return json::parse(body, nullptr, false);
}

/// The runs folder of the tests below: a demo folder with nested runs (one a learned agent, one
/// with its pictures in a subfolder), a run stopped without result.json, and one running (this
/// process holds its RunDir).
struct RunsFolder {
  fs::path root = test_support::scratch_dir("web-runs-api") / "runs";
  RunsFolder() {
    write(root / "demo/tsp/config.json", R"({"command": "demo tsp"})");
    write(root / "demo/tsp/history.csv", "generation,best\n0,5\n");
    write(root / "demo/tsp/result.json", "{}");
    write(root / "demo/tsp/tour.png", "png");
    write(root / "demo/tictactoe-learn/config.json", R"({"command": "tictactoe learn"})");
    write(root / "demo/tictactoe-learn/result.json", "{}");
    write(root / "demo/birds/config.json", R"({"command": "birds generate"})");
    write(root / "demo/birds/result.json", "{}");
    write(root / "demo/birds/levels/level-1.png", "png");
    write(root / "demo/birds/block-1/config.json", R"({"command": "birds generate"})");
    write(root / "demo/birds/block-1/sheet.png", "png");
    write(root / "demo/birds/.history.csv.tmp-1-1", "half");
    write(root / "stopped/config.json", R"({"command": "sudoku solve"})");
    write(root / "stopped/history.csv", "generation,best\n0,5\n");
    // Oldest to newest: tsp, learn, birds, stopped (the running one is made now).
    const long base = 1'700'000'000;
    long t = base;
    for (const char* dir :
         {"demo/tsp", "demo/tictactoe-learn", "demo/birds/block-1", "demo/birds", "stopped"}) {
      for (const auto& e : fs::recursive_directory_iterator(root / dir)) touch(e.path(), t);
      touch(root / dir, t);
      t += 100;
    }
  }
};

TEST(RunsApi, ListsNestedRunsNewestFirstWithTheirStates) {
  RunsFolder runs;
  RunDir running = RunDir::create((runs.root / "live").string(), "sudoku-solve");
  running.write_json("config.json", {{"command", "sudoku solve"}});
  ServerSettings s;
  s.runs = runs.root.string();
  TestServer server(s);
  const json list = get_json(server, "/api/runs")["runs"];
  std::vector<std::string> paths;
  for (const auto& r : list) paths.push_back(r["path"]);
  const std::vector<std::string> newest_first = {
      "live", "stopped", "demo/birds", "demo/birds/block-1", "demo/tictactoe-learn", "demo/tsp"};
  EXPECT_EQ(paths, newest_first);
  std::map<std::string, json> by_path;
  for (const auto& r : list) by_path[r["path"]] = r;
  EXPECT_EQ(by_path["live"]["status"], "running");
  EXPECT_EQ(by_path["live"]["complete"], false);
  EXPECT_EQ(by_path["stopped"]["status"], "stopped");
  EXPECT_EQ(by_path["demo/tsp"]["status"], "complete");
  EXPECT_EQ(by_path["demo/tsp"]["complete"], true);
  EXPECT_EQ(by_path["demo/tictactoe-learn"]["command"], "tictactoe learn");
  // Wall-clock milliseconds since 1970: the times set above, and now for the running run.
  EXPECT_EQ(by_path["demo/tsp"]["modified"], 1'700'000'000'000LL);
  EXPECT_EQ(by_path["stopped"]["modified"], 1'700'000'400'000LL);
  const auto now_ms = std::chrono::duration_cast<std::chrono::milliseconds>(
                          std::chrono::system_clock::now().time_since_epoch())
                          .count();
  EXPECT_LE(std::llabs(by_path["live"]["modified"].get<long long>() - now_ms), 3'600'000);
  // Its process gone (the RunDir ended without result.json): stopped.
  { RunDir ended = std::move(running); }
  const json after = get_json(server, "/api/runs");
  for (const auto& r : after["runs"]) {
    if (r["path"] == "live") {
      EXPECT_EQ(r["status"], "stopped");
    }
  }
}

TEST(RunsApi, ARunsFilesIncludeItsSubfoldersButNotNestedRunsOrHiddenFiles) {
  RunsFolder runs;
  ServerSettings s;
  s.runs = runs.root.string();
  TestServer server(s);
  const json run = get_json(server, "/api/run/demo/birds");
  EXPECT_EQ(run["files"], json({"config.json", "levels/level-1.png", "result.json"}));
  EXPECT_EQ(run["status"], "complete");
  const auto [status, picture] = server.get("/runs/demo/birds/levels/level-1.png");
  EXPECT_EQ(status, 200);
  EXPECT_EQ(picture, "png");
  EXPECT_EQ(get_json(server, "/api/run/demo/birds/block-1")["files"],
            json({"config.json", "sheet.png"}));
}

std::string gunzip(const std::string& packed) {
  z_stream z{};
  EXPECT_EQ(inflateInit2(&z, 15 + 16), Z_OK);
  std::string out(packed.size() * 50 + 1024, '\0');
  z.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(packed.data()));
  z.avail_in = static_cast<uInt>(packed.size());
  z.next_out = reinterpret_cast<Bytef*>(out.data());
  z.avail_out = static_cast<uInt>(out.size());
  EXPECT_EQ(inflate(&z, Z_FINISH), Z_STREAM_END);
  out.resize(z.total_out);
  inflateEnd(&z);
  return out;
}

TEST(Compression, OnlyWhereItSaves) {
  EXPECT_TRUE(is_loopback("127.0.0.1"));
  EXPECT_TRUE(is_loopback("127.3.2.1"));
  EXPECT_TRUE(is_loopback("::1"));
  EXPECT_TRUE(is_loopback("::ffff:127.0.0.1"));
  EXPECT_FALSE(is_loopback("10.0.0.7"));
  EXPECT_FALSE(is_loopback("::ffff:10.0.0.7"));
  EXPECT_TRUE(accepts_gzip("gzip, deflate, br"));
  EXPECT_TRUE(accepts_gzip("br;q=1.0, gzip;q=0.5"));
  EXPECT_TRUE(accepts_gzip("*"));
  EXPECT_FALSE(accepts_gzip("br"));
  EXPECT_FALSE(accepts_gzip("gzip;q=0"));
  EXPECT_FALSE(accepts_gzip("x-gzip2"));
  EXPECT_FALSE(accepts_gzip(""));
  const std::size_t big = 36 * 1024;
  EXPECT_TRUE(worth_compressing("10.0.0.7", "application/json", big));
  EXPECT_TRUE(worth_compressing("10.0.0.7", "text/plain; charset=utf-8", big));
  EXPECT_FALSE(worth_compressing("127.0.0.1", "application/json", big));  // loopback
  EXPECT_FALSE(worth_compressing("10.0.0.7", "application/json", 600));   // small
  EXPECT_FALSE(worth_compressing("10.0.0.7", "image/png", big));          // compressed already
  EXPECT_FALSE(worth_compressing("10.0.0.7", "text/event-stream", big));  // a live stream
  std::string csv = "generation,best,mean\n";
  for (int g = 0; g < 5000; ++g) csv += fmt::format("{},{},{}\n", g, 100 - g % 97, 3.25 * g);
  const std::string packed = gzip(csv);
  EXPECT_LT(packed.size(), csv.size() / 2);
  EXPECT_EQ(gunzip(packed), csv);
}

// A client on this machine gets every answer as it is, whatever it accepts (httplib would have
// sent Brotli at its slowest level).
TEST(Compression, NoneOnLoopback) {
  RunsFolder runs;
  std::string csv = "generation,best\n";
  for (int g = 0; g < 20000; ++g) csv += fmt::format("{},{}\n", g, g % 13);
  write(runs.root / "stopped/history.csv", csv);
  ServerSettings s;
  s.runs = runs.root.string();
  TestServer server(s);
  auto client = server.client();
  client.set_decompress(false);
  for (const char* accept : {"br", "gzip, deflate, br", "gzip"}) {
    const auto r = client.Get("/runs/stopped/history.csv", {{"Accept-Encoding", accept}});
    ASSERT_TRUE(r);
    EXPECT_EQ(r->status, 200);
    EXPECT_FALSE(r->has_header("Content-Encoding")) << accept;
    EXPECT_EQ(r->body, csv);
  }
}

std::string first_puzzle() {
  std::ifstream in(std::string(EVOPLAY_SOURCE_DIR) + "/data/sudoku/hardest.txt");
  std::string line;
  std::getline(in, line);
  return line;
}

/// Waits for a job's state (polling its summary), or gives up after a bound only a broken server
/// reaches.
json wait_for_state(const TestServer& server, const std::string& id, const std::string& state) {
  json summary;
  for (int i = 0; i < 30000; ++i) {
    summary = get_json(server, "/api/jobs/" + id);
    if (summary["state"] == state) break;
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  return summary;
}

// One thread: the second and third jobs wait and say their place in line. A queued job whose
// stream is closed (the page left) is cancelled and leaves the queue at once: the job behind it
// moves up and its client's place is free again.
TEST(JobQueue, QueuedJobsSayTheirPlaceAndLeaveTheQueueWhenNoLongerWatched) {
  ServerSettings s;
  s.threads = 1;
  s.per_client_jobs = 3;
  TestServer server(s);
  const json long_run = {{"puzzle", first_puzzle()}, {"generations", 100000}, {"population", 50}};
  std::vector<std::string> ids;
  for (int i = 0; i < 3; ++i) {
    const auto [status, started] = server.post("/api/sudoku/ga", long_run);
    ASSERT_EQ(status, 202) << started;
    ids.push_back(started["job"]);
  }
  EXPECT_EQ(wait_for_state(server, ids[0], "running")["state"], "running");
  EXPECT_EQ(get_json(server, "/api/jobs/" + ids[1])["position"], 1);
  EXPECT_EQ(get_json(server, "/api/jobs/" + ids[2])["position"], 2);
  // The second's first event says it waits; then its watcher goes away.
  const auto first = job_events(server, ids[1], 1);
  ASSERT_EQ(first.size(), 1u);
  EXPECT_EQ(first[0]["type"], "queued");
  EXPECT_EQ(first[0]["position"], 1);
  EXPECT_EQ(wait_for_state(server, ids[1], "cancelled")["state"], "cancelled");
  const auto second = job_events(server, ids[1]);
  ASSERT_EQ(second.size(), 2u);
  EXPECT_EQ(second[1]["type"], "cancelled");
  EXPECT_EQ(get_json(server, "/api/jobs/" + ids[2])["position"], 1);
  EXPECT_EQ(get_json(server, "/api/jobs/" + ids[0])["state"], "running");  // untouched
  // Its place is free: a third job for this client is queued again.
  const auto [again, fourth] = server.post("/api/sudoku/ga", long_run);
  ASSERT_EQ(again, 202) << fourth;
  // The first cancelled: the third starts; its events tell the whole story in order.
  auto client = server.client();
  ASSERT_TRUE(client.Delete("/api/jobs/" + ids[0]));
  const auto third = job_events(server, ids[2], 4);
  ASSERT_EQ(third.size(), 4u);
  EXPECT_EQ(third[0]["type"], "queued");
  EXPECT_EQ(third[0]["position"], 2);
  EXPECT_EQ(third[1]["type"], "queued");
  EXPECT_EQ(third[1]["position"], 1);
  EXPECT_EQ(third[2]["type"], "started");
  EXPECT_EQ(third[3]["type"], "generation");
  ASSERT_TRUE(client.Delete("/api/jobs/" + fourth["job"].get<std::string>()));
}

}  // namespace evoplay::web::runs_api_test
