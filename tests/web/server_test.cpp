// The server of `evoplay serve`, in-process on a free loopback port: the page, the API of the
// board games and Sudoku, jobs (events, cancel, limits, a client gone), run folders, and the
// safety rules (paths that escape, malformed requests, caps). docs/web.md.
#include <arpa/inet.h>
#include <fmt/format.h>
#include <gtest/gtest.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <algorithm>
#include <fstream>
#include <map>
#include <new>
#include <set>
#include <thread>
#include <tuple>
#include <vector>

#include "evoplay/core/atomic_file.hpp"
#include "evoplay/core/base64.hpp"
#include "evoplay/core/error.hpp"
#include "evoplay/games/birds/level.hpp"
#include "evoplay/games/birds/report.hpp"
#include "evoplay/games/birds/simulation_settings.hpp"
#include "evoplay/games/birds/xml.hpp"
#include "evoplay/games/lemmings/pingus_level.hpp"
#include "evoplay/games/lemmings/plan.hpp"
#include "evoplay/games/lemmings/render.hpp"
#include "evoplay/games/sudoku/board.hpp"
#include "evoplay/web/connection.hpp"
#include "evoplay/web/context.hpp"
#include "evoplay/web/jobs.hpp"
#include "support/process.hpp"
#include "web/server_support.hpp"

namespace evoplay::web {
namespace {

namespace fs = std::filesystem;
using nlohmann::json;
using test_support::job_events;
using test_support::TestServer;

/// The lines of a data file (known answers come from data, not from the code under test).
std::vector<std::string> data_lines(const std::string& file) {
  std::ifstream in(std::string(EVOPLAY_SOURCE_DIR) + "/data/" + file);
  std::vector<std::string> lines;
  for (std::string line; std::getline(in, line);) {
    if (!line.empty()) lines.push_back(line);
  }
  return lines;
}

/// The events of a generator job started with `body`: taken (202) and ended "done", else a
/// failure is recorded and the list is empty.
std::vector<json> finished_generation(const TestServer& server, const json& body) {
  const auto [status, started] = server.post("/api/birds/generate", body);
  if (status != 202) {
    ADD_FAILURE() << "HTTP " << status << ": " << started;
    return {};
  }
  auto events = job_events(server, started["job"]);
  if (events.empty() || events.back()["type"] != "done") {
    ADD_FAILURE() << "the job did not end done: " << (events.empty() ? json() : events.back());
    return {};
  }
  return events;
}

TEST(WebServer, ServesTheBuiltInPageAndNothingElse) {
  TestServer server;
  const auto [status, page] = server.get("/");
  EXPECT_EQ(status, 200);
  EXPECT_NE(page.find("<title>evoplay playground</title>"), std::string::npos);
  auto c = server.client();
  const auto js = c.Get("/js/app.js");
  ASSERT_TRUE(js);
  EXPECT_EQ(js->status, 200);
  EXPECT_EQ(js->get_header_value("Content-Type"), "text/javascript; charset=utf-8");
  for (const char* path : {"/missing.html", "/../CMakeLists.txt", "/%2e%2e/CMakeLists.txt",
                           "/etc/passwd", "/api/nothing", "/runs/x"}) {
    EXPECT_EQ(server.get(path).first, 404) << path;
  }
  const auto [info_status, info] = server.get("/api/info");
  EXPECT_EQ(info_status, 200);
  EXPECT_EQ(json::parse(info)["program"], "evoplay");
}

TEST(WebServer, RunFilesUnderRunsOnlyWhateverThePathSays) {
  const auto dir = test_support::scratch_dir("web-runs");
  fs::create_directories(dir / "runs/sudoku-1");
  fs::create_directories(dir / "outside");
  std::ofstream(dir / "runs/sudoku-1/config.json") << R"({"command": "sudoku solve"})";
  std::ofstream(dir / "runs/sudoku-1/history.csv") << "generation,best\n0,5\n1,3\n";
  std::ofstream(dir / "outside/secret.txt") << "secret";
  fs::create_directory_symlink(dir / "outside", dir / "runs/sudoku-1/out");
  fs::create_symlink(dir / "outside/secret.txt", dir / "runs/secret.txt");
  ServerSettings s;
  s.runs = (dir / "runs").string();
  TestServer server(s);

  const auto [status, csv] = server.get("/runs/sudoku-1/history.csv");
  EXPECT_EQ(status, 200);
  EXPECT_EQ(csv, "generation,best\n0,5\n1,3\n");
  for (const char* path :
       {"/runs/../outside/secret.txt", "/runs/%2e%2e/outside/secret.txt",
        "/runs/%2E%2E%2Foutside%2Fsecret.txt", "/runs/sudoku-1/%2e%2e/%2e%2e/outside/secret.txt",
        "/runs/%252e%252e/outside/secret.txt", "/runs//etc/passwd", "/runs/%2fetc%2fpasswd",
        "/runs/sudoku-1/out/secret.txt", "/runs/secret.txt", "/runs/sudoku-1",
        "/runs/sudoku-1/..%2f..%2foutside/secret.txt", "/runs/sudoku-1/%00", "/api/run/..",
        "/api/run/%2e%2e%2foutside"}) {
    const auto [code, body] = server.get(path);
    EXPECT_EQ(code, 404) << path;
    EXPECT_EQ(body.find("secret"), std::string::npos) << path;
  }
  const auto runs = json::parse(server.get("/api/runs").second);
  ASSERT_EQ(runs["runs"].size(), 1u);
  EXPECT_EQ(runs["runs"][0]["path"], "sudoku-1");
  EXPECT_EQ(runs["runs"][0]["complete"], false);
  const auto run = json::parse(server.get("/api/run/sudoku-1").second);
  EXPECT_EQ(run["config"]["command"], "sudoku solve");
  EXPECT_EQ(run["files"], json({"config.json", "history.csv"}));
}

TEST(WebServer, MalformedRequestsAre400NeverACrash) {
  TestServer server;
  for (const char* body : {"{",
                           "[]",
                           "3",
                           "\"x\"",
                           "{\"moves\": \"123\"}",
                           "{\"moves\": [99]}",
                           "{\"moves\": [1, 1, 1, 1, 1, 1, 1]}",
                           "{\"moves\": [{}]}",
                           "{\"moves\": [1.5]}",
                           "{\"seed\": -1}",
                           "{\"seed\": 1e400}",
                           "{\"seed\": NaN}",
                           "{\"seed\": \"7\"}",
                           "{\"seed\": 18446744073709551616}",
                           "{\"seed\": 1.5}",
                           "{\"bot\": 5}",
                           "{\"bot\": \"alphabeta:xyz\"}",
                           "{\"bot\": \"chess\"}",
                           "{\"bot\": \"human\"}",
                           "{\"bot\": \"agent:../..\"}",
                           "{\"bot\": \"\"}",
                           "{\"moves\": [\"\\u0000\"]}",
                           "{\"bot\": \"\xff\xfe\"}",
                           "\xff"}) {
    const auto [status, reply] = server.post("/api/connect4/move", std::string(body));
    EXPECT_GE(status, 400) << body;
    EXPECT_LT(status, 500) << body;
    EXPECT_TRUE(reply.is_object() && reply.contains("error")) << body;
  }
  // Deeply nested JSON is refused by size or by the parser, not by the stack.
  const std::string deep = std::string(100000, '[') + std::string(100000, ']');
  EXPECT_EQ(server.post("/api/sudoku/solve", deep).first, 400);
  // Uploads are capped.
  const std::string big = "{\"puzzle\": \"" + std::string(3 << 20, '.') + "\"}";
  const auto [big_status, big_reply] = server.post("/api/sudoku/solve", big);
  EXPECT_EQ(big_status, 413);
}

TEST(WebServer, PuzzlesAreReadByTheCommandLinesParser) {
  TestServer server;
  const auto [status, reply] = server.post("/api/sudoku/solve", json{{"puzzle", "12345"}});
  EXPECT_EQ(status, 400);
  EXPECT_EQ(reply["error"].get<std::string>().rfind("puzzle:1:", 0), 0u) << reply;
  const std::string clash = "11" + std::string(79, '.');
  const auto [clash_status, clash_reply] =
      server.post("/api/sudoku/solve", json{{"puzzle", clash}});
  EXPECT_EQ(clash_status, 400);
  EXPECT_EQ(clash_reply["error"].get<std::string>().rfind("puzzle:1", 0), 0u) << clash_reply;
}

TEST(WebServer, SolvesSudokuExactly) {
  TestServer server;
  const auto puzzles = data_lines("sudoku/hardest.txt");
  ASSERT_FALSE(puzzles.empty());
  const std::string puzzle = puzzles.front();
  const auto [status, reply] = server.post("/api/sudoku/solve", json{{"puzzle", puzzle}});
  ASSERT_EQ(status, 200) << reply;
  EXPECT_EQ(reply["solved"], true);
  EXPECT_EQ(reply["solutions"], 1);
  // Checked independently of the solver: a valid grid keeping every given.
  const auto given = games::sudoku::parse_puzzles(puzzle, "p").front().board;
  const auto solution =
      games::sudoku::parse_puzzles(reply["solution"].get<std::string>(), "s").front().board;
  EXPECT_TRUE(games::sudoku::is_valid_solution(given, solution));
}

TEST(WebServer, TwoPerfectTicTacToeBotsDraw) {
  TestServer server;
  json moves = json::array();
  json state;
  for (int ply = 0; ply < 9; ++ply) {
    const auto [status, reply] =
        server.post("/api/tictactoe/move", json{{"moves", moves}, {"bot", "perfect"}});
    ASSERT_EQ(status, 200) << reply;
    EXPECT_EQ(reply["played"]["value"], 0);  // a draw with perfect play (a known fact)
    moves = reply["moves"];
    state = reply;
    if (reply["terminal"]) break;
  }
  EXPECT_EQ(state["terminal"], true);
  EXPECT_EQ(state["winner"], -1);
  EXPECT_EQ(state["moves"].size(), 9u);
  const auto [over, reply] =
      server.post("/api/tictactoe/move", json{{"moves", moves}, {"bot", "perfect"}});
  EXPECT_EQ(over, 400);
}

TEST(WebServer, BotsThinkNoLongerThanTheCap) {
  ServerSettings s;
  s.think_seconds = 0.2;
  TestServer server(s);
  const auto [status, reply] = server.post(
      "/api/connect4/move", json{{"moves", {4, 4, 3}}, {"bot", "alphabeta:10s"}, {"seed", 3}});
  ASSERT_EQ(status, 200) << reply;
  EXPECT_EQ(reply["played"]["bot"], "alphabeta:200ms");
  EXPECT_EQ(reply["moves"].size(), 4u);
  EXPECT_GE(reply["played"]["depth"].get<int>(), 1);
  EXPECT_GE(reply["played"]["pv"].size(), 1u);
  EXPECT_EQ(reply["played"]["pv"][0], reply["played"]["move"]);
  // A depth or a number of iterations is stopped by the cap's alarm: an answer either way.
  for (const char* bot : {"alphabeta:40", "mcts:1000000000", "perfect", "minimax:40"}) {
    const auto [code, r] =
        server.post("/api/connect4/move", json{{"moves", json::array()}, {"bot", bot}});
    EXPECT_TRUE(code == 200 || code == 503) << bot << r;
  }
}

TEST(WebServer, CaptureTheFlagOnAMapSentAsText) {
  TestServer server;
  std::ifstream in(std::string(EVOPLAY_SOURCE_DIR) + "/data/flags/01-duel.map");
  const std::string map((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  const auto [status, start] = server.post("/api/flags/state", json{{"map", map}});
  ASSERT_EQ(status, 200) << start;
  EXPECT_EQ(start["to_move"], 0);
  EXPECT_FALSE(start["legal"].empty());
  const auto [moved, reply] =
      server.post("/api/flags/move",
                  json{{"map", map}, {"moves", {start["legal"][0]}}, {"bot", "alphabeta:2"}});
  ASSERT_EQ(moved, 200) << reply;
  EXPECT_EQ(reply["moves"].size(), 2u);
  EXPECT_EQ(reply["played"]["depth"], 2);
  // The map is read by the command line's parser: its errors name the line.
  const auto [bad, error] = server.post("/api/flags/state", json{{"map", "name: x\n..Q\n"}});
  EXPECT_EQ(bad, 400);
  EXPECT_EQ(error["error"].get<std::string>().rfind("map:", 0), 0u) << error;
  EXPECT_EQ(server.post("/api/flags/move", json{{"map", map}, {"moves", {"9 n"}}}).first, 400);
}

TEST(WebServer, ReplaysALemmingsPlan) {
  TestServer server;
  auto slurp = [](const std::string& file) {
    std::ifstream in(std::string(EVOPLAY_SOURCE_DIR) + "/data/lemmings/" + file);
    return std::string((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  };
  const std::string level = slurp("easy-01-down-the-hole.lvl");
  const std::string plan = slurp("solutions/easy-01-down-the-hole.plan");
  const int save = std::stoi(level.substr(level.find("\nsave: ") + 7));
  const auto [status, r] =
      server.post("/api/lemmings/replay", json{{"level", level}, {"plan", plan}});
  ASSERT_EQ(status, 200) << r;
  EXPECT_EQ(r["outcome"]["solved"], true);  // the reference plan solves its level
  EXPECT_GE(r["outcome"]["saved"].get<int>(), save);
  EXPECT_EQ(r["frames"].back()["saved"], r["outcome"]["saved"]);
  EXPECT_EQ(r["map"].size(), r["height"].get<std::size_t>());
  const auto [bad_level, e1] = server.post("/api/lemmings/replay", json{{"level", "name: x\n"}});
  EXPECT_EQ(bad_level, 400);
  EXPECT_EQ(e1["error"].get<std::string>().rfind("level:", 0), 0u) << e1;
  const auto [bad_plan, e2] =
      server.post("/api/lemmings/replay", json{{"level", level}, {"plan", "3 flyer\n"}});
  EXPECT_EQ(bad_plan, 400);
  EXPECT_EQ(e2["error"].get<std::string>().rfind("plan:1", 0), 0u) << e2;
}

// A Pingus level by its id ("SET/NAME", as the levels list has it): the command line's pictures
// of the plan (the very bytes `lemmings render --image FILE.gif|.png` writes) and its outcome;
// ids that are not a listed level are refused, and a solve job takes the level by its id.
TEST(WebServer, ReplaysAndSolvesAPingusLevelByItsId) {
  namespace lem = evoplay::games::lemmings;
  if (!std::filesystem::exists(std::filesystem::path(lem::pingus_data_dir()) / "images")) {
    GTEST_SKIP() << "pingus-data is not installed (scripts/install-deps --pingus)";
  }
  TestServer server;
  const std::string id = "tutorial/digger-tutorial2-grumbel";
  const auto [listed, text] = server.get("/api/lemmings/levels");
  ASSERT_EQ(listed, 200);
  const auto pingus = json::parse(text)["pingus"];
  EXPECT_EQ(std::count_if(pingus.begin(), pingus.end(),
                          [](const json& l) { return l["set"] == "tutorial"; }),
            21);  // pingus-data 0.7.6's tutorial: 21 levels
  EXPECT_NE(
      std::find_if(pingus.begin(), pingus.end(), [&](const json& l) { return l["id"] == id; }),
      pingus.end());
  const auto [status, r] =
      server.post("/api/lemmings/pingus/replay", json{{"level", id}, {"plan", "255 digger\n"}});
  ASSERT_EQ(status, 200) << r;
  // Pingus itself saves all 10 with this plan (its demo played by scripts/pingus-replay).
  EXPECT_EQ(r["outcome"]["saved"], 10);
  EXPECT_EQ(r["save"], 5);
  const auto level =
      lem::load_level(lem::pingus_data_dir() + "/levels/tutorial/digger-tutorial2-grumbel.pingus");
  const auto plan = lem::parse_plan("255 digger\n", "plan");
  for (const std::string extension : {".gif", ".png"}) {
    const auto bytes = evoplay::written_bytes(extension, [&](const std::filesystem::path& path) {
      lem::render_file(level, plan, path, lem::RenderSettings{});
    });
    EXPECT_EQ(evoplay::base64_decode(r[extension.substr(1)].get<std::string>()), bytes)
        << extension;
  }
  for (const std::string bad :
       {"../../../etc/passwd", "tutorial/nope", "nosuchset/x", "tutorial",
        "/usr/share/games/pingus/data/levels/tutorial/digger-tutorial2-grumbel.pingus"}) {
    const auto [refused, e] = server.post("/api/lemmings/pingus/replay", json{{"level", bad}});
    EXPECT_EQ(refused, 400) << bad;
    EXPECT_EQ(e["error"].get<std::string>().rfind("level: no Pingus level '" + bad + "'", 0), 0u)
        << e;
  }
  // A level the rules refuse is named by its id, not by the server's path to the game's data.
  const auto [unsupported, u] =
      server.post("/api/lemmings/pingus/replay", json{{"level", "crystal/crystal1"}});
  EXPECT_EQ(unsupported, 400);
  EXPECT_EQ(u["error"].get<std::string>().rfind(
                "crystal/crystal1.pingus:71:5: unsupported object 'guillotine'", 0),
            0u)
      << u;
  const auto [started_status, started] = server.post(
      "/api/lemmings/solve", json{{"pingus", id}, {"method", "ga"}, {"evaluations", 30}});
  ASSERT_EQ(started_status, 202) << started;
  const auto events = job_events(server, started["job"]);
  ASSERT_EQ(events.back()["type"], "done") << events.back();
  EXPECT_EQ(events.back()["result"]["result"]["level"], "Learning to dig");
  const auto [both, b] = server.post(
      "/api/lemmings/solve", json{{"pingus", id}, {"level", "name: x\n"}, {"method", "ga"}});
  EXPECT_EQ(both, 400);
  EXPECT_EQ(b["error"].get<std::string>().rfind("pingus: a Pingus level's id or a level's text", 0),
            0u)
      << b;
  const auto [bad_status, e] =
      server.post("/api/lemmings/solve", json{{"pingus", "x/y"}, {"method", "ga"}});
  EXPECT_EQ(bad_status, 400);
  EXPECT_EQ(e["error"].get<std::string>().rfind("pingus: no Pingus level 'x/y'", 0), 0u) << e;
}

TEST(WebServer, SolvesALemmingsLevelAsAJob) {
  TestServer server;
  std::ifstream in(std::string(EVOPLAY_SOURCE_DIR) + "/data/lemmings/easy-01-down-the-hole.lvl");
  const std::string level((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  const auto [status, started] = server.post(
      "/api/lemmings/solve", json{{"level", level}, {"method", "ga"}, {"evaluations", 200}});
  ASSERT_EQ(status, 202) << started;
  const auto events = job_events(server, started["job"]);
  ASSERT_GE(events.size(), 3u);
  EXPECT_EQ(events[1]["type"], "generation");
  ASSERT_EQ(events.back()["type"], "done") << events.back();
  const auto& result = events.back()["result"];
  EXPECT_LE(result["result"]["evaluations"].get<int>(), 200);
  EXPECT_EQ(result["result"]["algorithm"], "ga");
  EXPECT_EQ(result["plan"], result["result"]["best_plan"]);
  // The best plan so far, each time its fitness improves: a plan the parser reads.
  std::vector<double> improving;
  for (const auto& e : events) {
    if (e["type"] != "best") continue;
    improving.push_back(e["fitness"].get<double>());
    EXPECT_NO_THROW((void)evoplay::games::lemmings::parse_plan(e["plan"].get<std::string>(), "p"));
  }
  ASSERT_FALSE(improving.empty());
  EXPECT_TRUE(std::is_sorted(improving.begin(), improving.end()));
  EXPECT_EQ(std::adjacent_find(improving.begin(), improving.end()), improving.end());
  EXPECT_EQ(server.post("/api/lemmings/solve", json{{"level", level}, {"method", "pso"}}).first,
            400);
  // The old key still names the method; an unknown key is refused, naming the nearest.
  EXPECT_EQ(server.post("/api/lemmings/solve", json{{"level", level}, {"algorithm", "pso"}}).first,
            400);
  const auto [typo, refused] =
      server.post("/api/lemmings/solve", json{{"level", level}, {"evalutions", 200}});
  EXPECT_EQ(typo, 400);
  EXPECT_NE(refused.dump().find("evaluations"), std::string::npos) << refused;
  EXPECT_EQ(server.post("/api/lemmings/solve", json{{"level", level}, {"evaluations", 1e9}}).first,
            400);
}

TEST(WebServer, SimulatesAnAngryBirdsLevel) {
  TestServer server;
  std::ifstream in(std::string(EVOPLAY_SOURCE_DIR) + "/data/birds/sciencebirds_level-1.xml");
  const std::string xml((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  const auto [status, r] = server.post("/api/birds/simulate", json{{"xml", xml}});
  ASSERT_EQ(status, 200) << r;
  ASSERT_GE(r["frames"].size(), 2u);
  EXPECT_EQ(r["frames"][0].size(), r["objects"].size());
  EXPECT_TRUE(r["report"]["stable"].is_boolean());
  EXPECT_EQ(r["ground"], -3.5);  // the top of the game's ground (docs/science-birds.md)
  const auto [bad, error] = server.post("/api/birds/simulate", json{{"xml", "<Level><oops"}});
  EXPECT_EQ(bad, 400);
  EXPECT_EQ(error["error"].get<std::string>().rfind("level", 0), 0u) << error;
  // The physics of `birds simulate`, under its keys: the library's report for those settings.
  const auto [chosen, c] =
      server.post("/api/birds/simulate",
                  json{{"xml", xml}, {"game_seconds", 2}, {"damage", false}, {"thin_skin", true}});
  ASSERT_EQ(chosen, 200) << c;
  games::birds::SimulationSettings s;
  s.game_seconds = 2;
  s.damage = false;
  s.thin_skin = true;
  const auto level = games::birds::parse_level(xml, "level");
  const auto expected =
      games::birds::report_json(level, games::birds::simulate(level, s.physics()), false);
  EXPECT_EQ(c["report"], expected);
  EXPECT_NE(c["report"], r["report"]);  // not the default physics' report
  const auto [typo, t] = server.post("/api/birds/simulate", json{{"xml", xml}, {"damages", 1}});
  EXPECT_EQ(typo, 400);
  EXPECT_NE(t.dump().find("damage"), std::string::npos) << t;
  const auto [long_run, l] =
      server.post("/api/birds/simulate", json{{"xml", xml}, {"game_seconds", 100}});
  EXPECT_EQ(long_run, 400);
  EXPECT_NE(l.dump().find("at most 20 on this server"), std::string::npos) << l;
}

// A generate job with tiny settings runs to the end: one event per generation (the initial
// population's and two more), the levels as they appear, then the levels asked for, each XML read
// back by the command line's parser and agreeing with its record; settings beyond the caps are
// refused.
TEST(WebServer, GeneratesAngryBirdsLevelsAsAJob) {
  TestServer server;
  const json tiny = {{"levels", 2},     {"population", 4}, {"generations", 2}, {"length", 4},
                     {"blocks_min", 0}, {"seed", 3},       {"pigs_min", 1},    {"pigs_max", 2}};
  const auto events = finished_generation(server, tiny);
  ASSERT_FALSE(events.empty());
  int generations = 0;
  for (const auto& e : events) generations += e["type"] == "generation" ? 1 : 0;
  EXPECT_EQ(generations, 3);
  const auto& result = events.back()["result"];
  ASSERT_EQ(result["levels"].size(), 2u) << result;
  for (const auto& l : result["levels"]) {
    const auto level = evoplay::games::birds::parse_level(l["xml"].get<std::string>(), "level");
    EXPECT_EQ(level.count(evoplay::games::birds::Kind::kPig), l["pigs"].get<int>());
    EXPECT_EQ(level.count(evoplay::games::birds::Kind::kBlock), l["blocks"].get<int>());
    EXPECT_LE(l["pigs"].get<int>(), 2);
  }
  EXPECT_EQ(result["stop"], "generations");
  // The levels as they appeared: the archive after the first population and whenever it
  // changed; each level's XML sent once, with its id, and read by the parser.
  std::map<int, std::string> sent;
  int level_events = 0;
  for (const auto& e : events) {
    if (e["type"] != "levels") continue;
    ++level_events;
    EXPECT_LE(e["levels"].size(), 2u);
    for (const auto& l : e["levels"]) {
      const int id = l["id"].get<int>();
      if (l.contains("xml")) {
        EXPECT_EQ(sent.count(id), 0u) << "sent twice: " << id;
        sent[id] = l["xml"].get<std::string>();
        EXPECT_NO_THROW(evoplay::games::birds::parse_level(sent[id], "level"));
      } else {
        EXPECT_EQ(sent.count(id), 1u) << "never sent: " << id;
      }
    }
  }
  EXPECT_GE(level_events, 1);
  EXPECT_EQ(events[2]["type"], "levels") << "after the first population's generation event";
  // Each refused with a message naming the setting (the old keys pigs_min and blocks_min are
  // read into pigs and blocks).
  for (const auto& [key, value, named] :
       {std::tuple<const char*, json, const char*>{"population", 1000, "population"},
        {"generations", 1e9, "generations"},
        {"levels", 0, "levels"},
        {"pigs_min", 3, "pigs"},
        {"blocks_min", 101, "blocks"},
        {"min_birds", 3, "min_birds"},
        {"pigs", json::array({2, 1}), "pigs"},
        {"crossover", "sideways", "crossover"},
        {"islands", 50, "islands"},
        {"max_generations", 100000, "max_generations"},
        {"ruleset", "/etc/passwd", "ruleset"},
        {"composites", "data/birds/composites.json", "composites"},
        {"threads", 0, "threads"},
        {"populaton", 4, "did you mean 'population'"}}) {
    json bad = tiny;
    bad[key] = value;
    const auto [code, answer] = server.post("/api/birds/generate", bad);
    EXPECT_EQ(code, 400) << key;
    EXPECT_NE(answer.dump().find(named), std::string::npos) << key << ": " << answer;
  }
}

// What the generator takes, as JSON Schema from the one declaration: the server's defaults and
// caps, no file or thread setting; a request of every default it gives (but a tiny budget) is
// taken as it is.
TEST(WebServer, DescribesTheGeneratorsSettingsAsTheRouteTakesThem) {
  TestServer server;
  const auto [status, text] = server.get("/api/birds/generate/settings");
  ASSERT_EQ(status, 200) << text;
  const json schema = json::parse(text);
  const auto& p = schema["properties"];
  EXPECT_EQ(p["population"]["maximum"], 50);  // the server's cap, not the command line's
  EXPECT_EQ(p["levels"]["default"], 3);
  EXPECT_EQ(p["generations"]["default"], 20);
  EXPECT_EQ(p["pigs"]["default"], json({2, 4}));
  EXPECT_EQ(p["pigs"]["items"]["maximum"], 30);
  EXPECT_EQ(p["crossover"]["enum"], json({"one-point", "two-point", "uniform"}));
  EXPECT_EQ(p["islands"]["maximum"], 4);
  EXPECT_EQ(p["islands"]["x-heading"], "Island options");
  for (const char* refused : {"ruleset", "composites", "threads", "pictures"})
    EXPECT_FALSE(p.contains(refused)) << refused;
  json body = json::object();
  for (const auto& [key, value] : p.items()) body[key] = value["default"];
  body.update(json{{"levels", 1}, {"population", 4}, {"generations", 1}, {"length", 4}});
  const auto events = finished_generation(server, body);
  ASSERT_FALSE(events.empty());
  // max_generations' default, 0, is the generations asked for here: no level of 60 to 100
  // blocks can come of 4 composites, yet the run stops after its one generation (the command
  // line's 0 would look on for 20).
  ASSERT_EQ(body["max_generations"], 0);
  int generations = 0;
  for (const auto& e : events) generations += e["type"] == "generation" ? 1 : 0;
  EXPECT_EQ(generations, 2) << "the first population's and one more";
}

// The generator's settings under the keys of Python's birds.generate (one declaration): pigs
// and blocks as [MIN, MAX], the GA's operators, islands; the levels obey them.
TEST(WebServer, GeneratesWithTheSettingsPythonTakes) {
  TestServer server;
  const json body = {{"levels", 1},
                     {"population", 4},
                     {"generations", 1},
                     {"length", 4},
                     {"blocks", {0, 1000}},
                     {"pigs", {1, 1}},
                     {"seed", 5},
                     {"crossover", "uniform"},
                     {"hamming", "mean"},
                     {"min_birds", 1},
                     {"selection", "roulette"},
                     {"islands", 2},
                     {"migration_interval", 1}};
  const auto events = finished_generation(server, body);
  ASSERT_FALSE(events.empty());
  const auto& result = events.back()["result"];
  ASSERT_EQ(result["levels"].size(), 1u) << result;
  EXPECT_EQ(result["levels"][0]["pigs"], 1);
  // Two islands of 4: the first population's evaluations are both islands'.
  const auto first = std::find_if(events.begin(), events.end(),
                                  [](const json& e) { return e["type"] == "generation"; });
  ASSERT_NE(first, events.end());
  EXPECT_EQ((*first)["evaluations"], 8) << *first;
}

// Two layers of open-ended evolution: one curve (the generations numbered on, each with its
// layer), the second layer's levels shown after the first's, and the result's two layers, the
// second over the catalogue grown by the first.
TEST(WebServer, GeneratesAngryBirdsLevelsOverLayers) {
  TestServer server;
  const json tiny = {{"levels", 2},   {"population", 4}, {"generations", 2},
                     {"length", 4},   {"blocks_min", 0}, {"seed", 3},
                     {"pigs_min", 1}, {"pigs_max", 2},   {"layers", 2}};
  const auto events = finished_generation(server, tiny);
  ASSERT_FALSE(events.empty());
  std::vector<int> generations, layers, level_layers;
  for (const auto& e : events) {
    if (e["type"] == "generation") {
      generations.push_back(e["generation"].get<int>());
      layers.push_back(static_cast<int>(e["layer"].get<double>()));
    }
    if (e["type"] == "levels") level_layers.push_back(e["layer"].get<int>());
  }
  EXPECT_EQ(generations, (std::vector<int>{0, 1, 2, 3, 4, 5}));
  EXPECT_EQ(layers, (std::vector<int>{1, 1, 1, 2, 2, 2}));
  ASSERT_FALSE(level_layers.empty());
  EXPECT_EQ(level_layers.front(), 1);
  EXPECT_EQ(level_layers.back(), 2) << "the second layer's levels shown";
  const auto& result = events.back()["result"];
  ASSERT_EQ(result["layers"].size(), 2u) << result;
  EXPECT_GT(result["layers"][1]["catalogue_size"].get<int>(),
            result["layers"][0]["catalogue_size"].get<int>())
      << "the second layer builds with the composites cut from the first's levels";
  EXPECT_EQ(result["levels"].size(), 2u);
  json bad = tiny;
  bad["layers"] = 4;
  EXPECT_EQ(server.post("/api/birds/generate", bad).first, 400);
}

// A catalogue of one's own and a parameters file of one block, sent as their text (the server
// reads no file a request names): the run builds with those composites only, and its level obeys
// the block (its level count, its pigs, its forbidden pair); errors name the key and the text's
// line.
TEST(WebServer, GeneratesWithACatalogueAndAParametersFileSentAsText) {
  TestServer server;
  json catalogue =
      json::parse(test_support::slurp(test_support::source_path("data/birds/composites.json")));
  auto& composites = catalogue["composites"];
  ASSERT_GT(composites.size(), 30u);
  composites.erase(composites.begin() + 20, composites.end());  // the basic blocks, two forts
  const std::string block = "1\nwood RectMedium\n1,1\n5\n";
  const json body = {
      {"population", 4},      {"generations", 1}, {"length", 4},
      {"blocks", {0, 1000}},  {"seed", 2},        {"composites_text", catalogue.dump()},
      {"ruleset_text", block}};
  const auto events = finished_generation(server, body);
  ASSERT_FALSE(events.empty());
  const auto& result = events.back()["result"];
  ASSERT_EQ(result["levels"].size(), 1u) << result;
  ASSERT_EQ(result["blocks"].size(), 1u) << result;  // a block, as --ruleset's block-1
  EXPECT_EQ(result["levels"][0]["file"], "block-1/level-04.xml");
  EXPECT_EQ(result["blocks"][0]["layers"][0]["catalogue_size"], 20) << result["blocks"];
  const auto level =
      games::birds::parse_level(result["levels"][0]["xml"].get<std::string>(), "level");
  EXPECT_EQ(level.count(games::birds::Kind::kPig), 1);
  for (const auto& o : level.objects) {
    EXPECT_FALSE(o.material == games::birds::Material::kWood &&
                 o.type == games::birds::ObjectType::kRectMedium)
        << "a wood RectMedium, which the block forbids";
  }
  // Refused, naming the key (and the line of the text).
  for (const auto& [change, named] : std::vector<std::pair<json, std::string>>{
           {{{"ruleset_text", "6\n\n1,1\n5\n\n5\n\n1,2\n5\n"}}, "levels in all: at most 10"},
           {{{"ruleset_text", "1\n\nmany\n5\n"}}, "ruleset_text:3"},
           {{{"ruleset_text", "50\n\n1,1\n5\n"}}, "ruleset_text: levels in all: at most 10"},
           {{{"levels", 2}}, "levels: not with ruleset_text"},
           {{{"composites_text", "{\"format\": 1}"}}, "composites_text"},
           {{{"composites_text", 7}}, "composites_text"}}) {
    json bad = body;
    bad.update(change);
    const auto [code, answer] = server.post("/api/birds/generate", bad);
    EXPECT_EQ(code, 400) << change;
    EXPECT_NE(answer.dump().find(named), std::string::npos) << change << ": " << answer;
  }
}

// A parameters file of two blocks, as the competition's: two level sets one after the other,
// as `birds generate --ruleset` makes them (each block's seed), their levels in one list in
// their blocks' folders, one curve numbered on over the blocks, each event with its block.
TEST(WebServer, GeneratesTheBlocksOfAParametersFile) {
  TestServer server;
  const json body = {{"population", 4},
                     {"generations", 1},
                     {"length", 4},
                     {"blocks", {0, 1000}},
                     {"seed", 2},
                     {"min_birds", 1},
                     {"ruleset_text", "1\n\n1,1\n5\n\n1\n\n2,2\n5\n"}};
  const auto events = finished_generation(server, body);
  ASSERT_FALSE(events.empty());
  const auto& result = events.back()["result"];
  ASSERT_EQ(result["levels"].size(), 2u) << result;
  EXPECT_EQ(result["levels"][0]["file"], "block-1/level-04.xml");
  EXPECT_EQ(result["levels"][1]["file"], "block-2/level-04.xml");
  EXPECT_EQ(result["levels"][0]["pigs"], 1);
  EXPECT_EQ(result["levels"][1]["pigs"], 2);
  ASSERT_EQ(result["blocks"].size(), 2u);
  EXPECT_EQ(result["blocks"][1]["block"], 2);
  std::vector<int> generations, blocks;
  for (const auto& e : events) {
    if (e["type"] != "generation") continue;
    generations.push_back(e["generation"].get<int>());
    blocks.push_back(e["block"].get<int>());
  }
  EXPECT_EQ(generations, (std::vector<int>{0, 1, 2, 3}));
  EXPECT_EQ(blocks, (std::vector<int>{1, 1, 2, 2}));
  // The command line makes the same levels from the same file and settings.
  const auto dir = test_support::scratch_dir("web-generate-blocks");
  std::ofstream(dir / "parameters.txt") << body["ruleset_text"].get<std::string>();
  const auto cli = test_support::run_evoplay(
      "birds generate --ruleset " + (dir / "parameters.txt").string() +
      " --population 4 --generations 1 --max-generations 1 --length 4 --blocks 0,1000 --seed 2 "
      "--min-birds 1 --no-pictures -q --out " +
      (dir / "run").string());
  ASSERT_EQ(cli.status, 0) << cli.err;
  for (int b = 0; b < 2; ++b) {
    const std::string file = result["levels"][b]["file"].get<std::string>();
    EXPECT_EQ(result["levels"][b]["xml"].get<std::string>(),
              test_support::slurp(dir / "run" / file))
        << file;
  }
}

TEST(WebServer, ExactColumnScoresOfConnectFour) {
  TestServer server;
  // Pons' test set: "moves score". The score of playing the last move, seen from the position
  // before it, is minus the score of the position after it.
  const auto lines = data_lines("connect4/Test_L3_R1");
  ASSERT_GE(lines.size(), 2u);
  for (std::size_t i = 0; i < 2; ++i) {
    const auto space = lines[i].find(' ');
    const std::string moves = lines[i].substr(0, space);
    const int score = std::stoi(lines[i].substr(space + 1));
    json before = json::array();
    for (std::size_t k = 0; k + 1 < moves.size(); ++k) before.push_back(std::string(1, moves[k]));
    const int last = moves.back() - '0';
    const auto [status, started] = server.post("/api/connect4/scores", json{{"moves", before}});
    ASSERT_EQ(status, 202) << started;
    const auto events = job_events(server, started["job"]);
    ASSERT_FALSE(events.empty());
    ASSERT_EQ(events.back()["type"], "done") << events.back();
    bool seen = false;
    for (const auto& c : events.back()["result"]["columns"]) {
      if (c["column"] == last) {
        seen = true;
        EXPECT_EQ(c["complete"], true);
        EXPECT_EQ(c["score"], -score) << lines[i];
      }
    }
    EXPECT_TRUE(seen);
  }
}

TEST(WebServer, JobsStreamCancelAndAreLimitedPerClient) {
  ServerSettings s;
  s.threads = 1;
  s.per_client_jobs = 2;
  TestServer server(s);
  const std::string puzzle = data_lines("sudoku/hardest.txt").front();
  const json long_run = {{"puzzle", puzzle}, {"generations", 100000}, {"population", 50}};
  const auto [a_status, a] = server.post("/api/sudoku/ga", long_run);
  const auto [b_status, b] = server.post("/api/sudoku/ga", long_run);
  ASSERT_EQ(a_status, 202);
  ASSERT_EQ(b_status, 202);
  const auto [c_status, c] = server.post("/api/sudoku/ga", long_run);
  EXPECT_EQ(c_status, 429) << c;
  // The first job's generations arrive as events; then it is cancelled.
  const auto first = job_events(server, a["job"], 3);
  ASSERT_EQ(first.size(), 3u);
  EXPECT_EQ(first[0]["type"], "started");
  EXPECT_EQ(first[1]["type"], "generation");
  EXPECT_EQ(first[1]["generation"], 0);
  // Leaving the event stream above cancelled it (a client gone); ask again too, which is harmless.
  auto client = server.client();
  const auto cancelled = client.Delete("/api/jobs/" + a["job"].get<std::string>());
  ASSERT_TRUE(cancelled);
  EXPECT_EQ(cancelled->status, 200);
  const auto rest = job_events(server, a["job"]);
  ASSERT_FALSE(rest.empty());
  EXPECT_EQ(rest.back()["type"], "cancelled");
  EXPECT_EQ(rest.back()["result"]["stop"], "cancelled");
  client.Delete("/api/jobs/" + b["job"].get<std::string>());
  EXPECT_EQ(job_events(server, b["job"]).back()["type"], "cancelled");
  // Both ended: the client may start jobs again.
  const auto [d_status, d] = server.post(
      "/api/sudoku/ga", json{{"puzzle", puzzle}, {"generations", 2}, {"population", 10}});
  ASSERT_EQ(d_status, 202) << d;
  const auto done = job_events(server, d["job"]);
  EXPECT_EQ(done.back()["type"], "done");
  EXPECT_EQ(done.back()["result"]["generations"], 2);
  // The best board so far came as it changed; the last one is the result's board.
  json last_best;
  for (const auto& e : done) {
    if (e["type"] == "best") last_best = e;
  }
  ASSERT_FALSE(last_best.is_null());
  EXPECT_EQ(last_best["board"], done.back()["result"]["board"]);
  EXPECT_EQ(last_best["fitness"], done.back()["result"]["fitness"]);
  EXPECT_EQ(server.get("/api/jobs/999999").first, 404);
}

TEST(WebServer, AClientThatGoesAwayCancelsItsJob) {
  TestServer server;
  const std::string puzzle = data_lines("sudoku/hardest.txt").front();
  const auto [status, started] = server.post(
      "/api/sudoku/ga", json{{"puzzle", puzzle}, {"generations", 100000}, {"population", 50}});
  ASSERT_EQ(status, 202);
  const auto id = started["job"].get<std::string>();
  ASSERT_EQ(job_events(server, id, 2).size(), 2u);  // then the connection is dropped
  // Wait for the state, not for a time.
  std::string state;
  for (int i = 0; i < 6000 && state != "cancelled"; ++i) {
    state = json::parse(server.get("/api/jobs/" + id).second)["state"];
    if (state != "cancelled") std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  EXPECT_EQ(state, "cancelled");
}

// A server that holds against hostile clients: each test below reproduces a probe that once
// exhausted its memory, its port or its workers.

/// A client's raw TCP connection to the server, for what cpp-httplib's client will not send.
class RawConnection {
 public:
  explicit RawConnection(int port) {
    fd_ = ::socket(AF_INET, SOCK_STREAM, 0);
    sockaddr_in addr{};
    addr.sin_family = AF_INET;
    addr.sin_port = htons(static_cast<std::uint16_t>(port));
    addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    connected_ = ::connect(fd_, reinterpret_cast<sockaddr*>(&addr), sizeof(addr)) == 0;
  }
  ~RawConnection() { ::close(fd_); }
  bool connected() const { return connected_; }
  /// False once the server has closed the connection.
  bool send(const std::string& text) {
    return ::send(fd_, text.data(), text.size(), MSG_NOSIGNAL) == static_cast<ssize_t>(text.size());
  }
  /// Reads what the server sent within `ms`; false when it closed the connection.
  bool receive(std::string& into, int ms) {
    pollfd p{fd_, POLLIN, 0};
    if (::poll(&p, 1, ms) <= 0) return true;
    char buffer[4096];
    const auto n = ::recv(fd_, buffer, sizeof(buffer), 0);
    if (n <= 0) return false;
    into.append(buffer, static_cast<std::size_t>(n));
    return true;
  }

 private:
  int fd_ = -1;
  bool connected_ = false;
};

/// Sends `start`, then `drip` every 20 ms (each read of the server's gets its bytes at once)
/// until the server closes the connection: what it sent before closing, or "still open" after
/// `most_seconds` (a bound for a broken server only: the deadlines in the tests are far shorter).
std::string drip_until_closed(int port, const std::string& start, const std::string& drip,
                              int most_seconds = 120) {
  RawConnection c(port);
  if (!c.connected() || !c.send(start)) return "cannot connect";
  std::string got;
  for (int i = 0; i < most_seconds * 50; ++i) {
    c.send(drip);  // fails once the server closed: then the read below sees the end
    if (!c.receive(got, 20)) return got;
  }
  return "still open";
}

// A body of 2,000,000 '[' (under the 2 MB cap) cost ~130 MB to parse and 500s under load: it is
// refused by a scan before the parser, naming the limit; 24 at once are all 400.
TEST(WebServer, DeeplyNestedBodiesAreRefusedByTheDepthLimit) {
  TestServer server;
  const std::string deep(2'000'000, '[');
  const auto [status, reply] = server.post("/api/sudoku/solve", deep);
  EXPECT_EQ(status, 400);
  EXPECT_NE(reply.dump().find("deeper than 64 levels"), std::string::npos) << reply;
  std::vector<std::thread> clients;
  std::vector<int> statuses(24, 0);
  for (std::size_t i = 0; i < statuses.size(); ++i) {
    clients.emplace_back([&, i] { statuses[i] = server.post("/api/connect4/move", deep).first; });
  }
  for (auto& t : clients) t.join();
  for (const int s : statuses) EXPECT_EQ(s, 400);
  // 64 levels are read (then refused for what they say); brackets inside strings do not count.
  const std::string deepest = "{\"moves\": " + std::string(63, '[') + std::string(63, ']') + "}";
  const auto [ok_status, ok_reply] = server.post("/api/connect4/state", deepest);
  EXPECT_EQ(ok_status, 400);
  EXPECT_EQ(ok_reply.dump().find("deeper"), std::string::npos) << ok_reply;
  const auto [text_status, text_reply] = server.post(
      "/api/connect4/state", json{{"moves", json::array()}, {"x", std::string(100, '[')}});
  EXPECT_EQ(text_reply.dump().find("deeper"), std::string::npos) << text_reply;
}

// Concurrent replays and simulations (each tens of MB) are bounded: beyond the places and the
// queue, 503 with Retry-After; never 500, never a crash; the server answers after.
TEST(WebServer, HeavyRequestsAreBoundedAndAnsweredOr503) {
  HeavyGate gate(1, 1);
  auto first = gate.enter();
  std::thread second([&gate] { auto place = gate.enter(); });  // waits in the queue
  while (gate.waiting() < 1) std::this_thread::sleep_for(std::chrono::milliseconds(1));
  try {
    (void)gate.enter();
    ADD_FAILURE() << "a third heavy request was let in";
  } catch (const BadRequest& e) {
    EXPECT_EQ(e.status, 503);
    EXPECT_GE(e.retry_after, 1);
    EXPECT_NE(std::string(e.what()).find("busy"), std::string::npos) << e.what();
  }
  first.reset();
  second.join();
  EXPECT_EQ(gate.running(), 0);

  ServerSettings s;
  s.heavy_requests = 1;
  s.heavy_queue = 1;
  TestServer server(s);
  std::ifstream in(std::string(EVOPLAY_SOURCE_DIR) + "/data/lemmings/hard-05-grand-tour.lvl");
  const std::string level((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  const json body = {{"level", level}, {"plan", ""}};
  std::vector<std::thread> clients;
  std::vector<int> statuses(12, 0);
  std::vector<std::string> retry(12);
  for (std::size_t i = 0; i < statuses.size(); ++i) {
    clients.emplace_back([&, i] {
      auto c = server.client();
      const auto r = c.Post("/api/lemmings/replay", body.dump(), "application/json");
      if (!r) return;
      statuses[i] = r->status;
      retry[i] = r->get_header_value("Retry-After");
    });
  }
  for (auto& t : clients) t.join();
  int answered = 0;
  for (std::size_t i = 0; i < statuses.size(); ++i) {
    EXPECT_TRUE(statuses[i] == 200 || statuses[i] == 503) << statuses[i];
    if (statuses[i] == 503) {
      EXPECT_EQ(retry[i], "1");
    }
    answered += statuses[i] == 200 ? 1 : 0;
  }
  EXPECT_GE(answered, 1);
  EXPECT_EQ(server.get("/api/info").first, 200);
}

// Out of memory in a handler or a job is a reply (503, "out of memory") or an error event,
// never the end of the server.
TEST(WebServer, OutOfMemoryIsAnAnswerNotACrash) {
  const auto handler =
      guarded([](const httplib::Request&, httplib::Response&) { throw std::bad_alloc(); });
  httplib::Request req;
  httplib::Response res;
  handler(req, res);
  EXPECT_EQ(res.status, 503);
  EXPECT_EQ(res.get_header_value("Retry-After"), "1");
  EXPECT_NE(res.body.find("out of memory"), std::string::npos) << res.body;

  JobPool pool(1, 4);
  const auto job = pool.submit("client", "test", [](Job&) -> json { throw std::bad_alloc(); });
  bool ended = false;
  std::vector<std::string> events;
  for (std::size_t from = 0; !ended;) {  // waits for the job's end, however long it takes
    for (auto& e : job->events_from(from, std::chrono::milliseconds(100), ended)) {
      events.push_back(std::move(e));
      ++from;
    }
  }
  ASSERT_FALSE(events.empty());
  EXPECT_NE(events.back().find("out of memory"), std::string::npos) << events.back();
  EXPECT_EQ(job->state(), Job::State::kFailed);
}

// A second server on a port in use fails with "port P is in use" (SO_REUSEPORT let it share the
// port, the kernel splitting the connections), in the process and from the command line.
TEST(WebServer, ASecondServerOnAPortInUseFails) {
  TestServer first;
  ServerSettings s;
  s.host = "127.0.0.1";
  s.port = first.port();
  Server second(s);
  try {
    second.bind();
    ADD_FAILURE() << "a second server listens on port " << s.port;
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find(fmt::format("port {} is in use", s.port)),
              std::string::npos)
        << e.what();
  }
  const auto r = test_support::run_evoplay(fmt::format("serve --port {}", s.port));
  EXPECT_EQ(r.status, 2) << r.err;
  EXPECT_NE(r.err.find(fmt::format("port {} is in use", s.port)), std::string::npos) << r.err;
  EXPECT_EQ(first.get("/api/info").first, 200);
}

// DNS rebinding and cross-site requests: a foreign Host or Origin is refused (403), a body that
// is not declared JSON too (415); the page's own requests pass.
TEST(WebServer, ForeignHostOriginAndNonJsonBodiesAreRefused) {
  TestServer server;
  const std::string port = std::to_string(server.port());
  const std::string state = R"({"moves": [4]})";
  auto post = [&](const httplib::Headers& headers, const std::string& type) {
    auto c = server.client();
    const auto r = c.Post("/api/connect4/state", headers, state, type);
    return r ? r->status : -1;
  };
  auto get = [&](const httplib::Headers& headers, const std::string& path) {
    auto c = server.client();
    const auto r = c.Get(path, headers);
    return r ? r->status : -1;
  };
  EXPECT_EQ(post({}, "application/json"), 200);
  EXPECT_EQ(post({{"Origin", "http://127.0.0.1:" + port}}, "application/json"), 200);
  EXPECT_EQ(post({}, "application/json; charset=utf-8"), 200);
  for (const std::string& host :
       std::vector<std::string>{"localhost:" + port, "[::1]:" + port, "LOCALHOST", "127.0.0.1"}) {
    EXPECT_EQ(get({{"Host", host}}, "/api/info"), 200) << host;
  }
  for (const std::string& host :
       std::vector<std::string>{"attacker.example", "attacker.example:" + port,
                                "127.0.0.1.attacker.example:" + port, "localhost:x", "", "[::1"}) {
    EXPECT_EQ(get({{"Host", host}}, "/api/info"), 403) << host;
    EXPECT_EQ(post({{"Host", host}}, "application/json"), 403) << host;
  }
  for (const std::string& origin :
       std::vector<std::string>{"http://attacker.example", "null", "http://localhost:" + port,
                                "https://127.0.0.1:" + port}) {
    EXPECT_EQ(post({{"Origin", origin}}, "application/json"), 403) << origin;
  }
  for (const std::string type : {"text/plain", "application/x-www-form-urlencoded",
                                 "multipart/form-data; boundary=x", "application/jsonp"}) {
    EXPECT_EQ(post({}, type), 415) << type;
  }
  // The rules on their own: --host names one more; a wildcard address takes any Host.
  EXPECT_TRUE(host_allowed("192.168.1.5:8080", "192.168.1.5"));
  EXPECT_FALSE(host_allowed("192.168.1.6:8080", "192.168.1.5"));
  EXPECT_TRUE(host_allowed("[fe80::1]:8080", "fe80::1"));
  EXPECT_TRUE(host_allowed("anything", "0.0.0.0"));
  EXPECT_TRUE(origin_allowed("", "localhost:8080"));
  EXPECT_FALSE(origin_allowed("http://localhost:8081", "localhost:8080"));
}

// A client that sends its headers or its body slowly (a line every few seconds kept it open for
// ever) is answered 408 and disconnected at the deadline.
TEST(WebServer, SlowClientsAreDisconnected) {
  ServerSettings s;
  s.header_seconds = 0.5;
  s.body_seconds = 0.5;
  TestServer server(s);
  const std::string host = "Host: 127.0.0.1:" + std::to_string(server.port()) + "\r\n";
  const auto headers =
      drip_until_closed(server.port(), "GET /api/info HTTP/1.1\r\n" + host, "X-Slow: 1\r\n");
  EXPECT_EQ(headers.rfind("HTTP/1.1 408", 0), 0u) << headers.substr(0, 200);
  const auto body = drip_until_closed(
      server.port(),
      "POST /api/sudoku/solve HTTP/1.1\r\n" + host +
          "Content-Type: application/json\r\nContent-Length: 100000\r\n\r\n{\"puzzle\": \"",
      ".");
  EXPECT_EQ(body.rfind("HTTP/1.1 408", 0), 0u) << body.substr(0, 200);
  EXPECT_EQ(server.get("/api/info").first, 200);  // and the others are served
}

// Event numbers are range-checked: Last-Event-ID 18446744073709551615 wrapped to 0 and replayed
// every event; now it, and any number beyond 2^53-1 or not plain digits, is a 400.
TEST(WebServer, EventNumbersAreRangeChecked) {
  TestServer server;
  const std::string puzzle = data_lines("sudoku/hardest.txt").front();
  const auto [status, started] = server.post(
      "/api/sudoku/ga", json{{"puzzle", puzzle}, {"generations", 2}, {"population", 10}});
  ASSERT_EQ(status, 202) << started;
  const std::string id = started["job"];
  const auto all = job_events(server, id);  // to its end
  ASSERT_GE(all.size(), 3u);
  const std::string path = "/api/jobs/" + id + "/events";
  auto c = server.client();
  for (const char* bad : {"18446744073709551615", "9007199254740992", "-1", "1e3", "+1", "x"}) {
    const auto r = c.Get(path, {{"Last-Event-ID", bad}});
    ASSERT_TRUE(r);
    EXPECT_EQ(r->status, 400) << bad;
    EXPECT_NE(r->body.find("Last-Event-ID: expected an event number"), std::string::npos)
        << r->body;
  }
  const auto from = c.Get(path + "?from=18446744073709551615");
  ASSERT_TRUE(from);
  EXPECT_EQ(from->status, 400);
  const auto after = c.Get(path, {{"Last-Event-ID", "1"}});
  ASSERT_TRUE(after);
  EXPECT_EQ(after->status, 200);
  EXPECT_EQ(after->body.rfind("id: 2\n", 0), 0u) << after->body.substr(0, 100);
  const auto beyond = c.Get(path, {{"Last-Event-ID", "9007199254740990"}});
  ASSERT_TRUE(beyond);
  EXPECT_EQ(beyond->status, 200);
  EXPECT_EQ(beyond->body.find("data:"), std::string::npos) << beyond->body.substr(0, 100);
}

// Seeds take the command line's range, 0 to 2^64-1, never clamped (2^63 and above became
// 2^63-1); beyond it, 400 naming the field and the range.
TEST(WebServer, SeedsTakeTheCommandLinesRangeUnclamped) {
  TestServer server;
  std::set<std::string> moves;
  for (std::uint64_t k = 0; k < 16; ++k) {
    const std::uint64_t seed = (std::uint64_t{1} << 63) + k;
    const auto [status, reply] = server.post(
        "/api/connect4/move", json{{"moves", json::array()}, {"bot", "random"}, {"seed", seed}});
    ASSERT_EQ(status, 200) << reply;
    moves.insert(reply["played"]["move"].dump());
  }
  EXPECT_GT(moves.size(), 1u) << "sixteen seeds played one move: clamped to one seed?";
  EXPECT_EQ(server
                .post("/api/connect4/move",
                      std::string(R"({"bot": "random", "seed": 18446744073709551615})"))
                .first,
            200);
  for (const char* bad : {"18446744073709551616", "-1", "1.5", "\"7\""}) {
    const auto [status, reply] =
        server.post("/api/connect4/move", std::string(R"({"bot": "random", "seed": )") + bad + "}");
    EXPECT_EQ(status, 400) << bad;
    EXPECT_NE(reply.dump().find("seed: expected a whole number from 0 to 18446744073709551615"),
              std::string::npos)
        << reply;
  }
  // A setting of another range is refused, not clamped into it.
  const auto [pop, pop_reply] =
      server.post("/api/birds/generate", std::string(R"({"population": 9223372036854775808})"));
  EXPECT_EQ(pop, 400) << pop_reply;
  EXPECT_NE(pop_reply.dump().find("population"), std::string::npos) << pop_reply;
}

// A NUL in a string cut off what followed it ("perfect\0junk" played as "perfect"): refused,
// naming where. A length limit counts characters, not bytes.
TEST(WebServer, NulCharactersAndLengthsInCharacters) {
  TestServer server;
  for (const auto& [body, where] : std::vector<std::pair<std::string, std::string>>{
           {R"({"bot": "perfect\u0000junk"})", "bot: a NUL"},
           {R"({"moves": [4, "4\u0000"]})", "moves[1]: a NUL"},
           {R"({"se\u0000ed": 1})", "se\\u0000ed: a NUL"}}) {
    const auto [status, reply] = server.post("/api/connect4/move", body);
    EXPECT_EQ(status, 400) << body;
    ASSERT_TRUE(reply.contains("error")) << reply;
    EXPECT_NE(reply["error"].get<std::string>().find(where), std::string::npos) << reply;
  }
  std::string e200, e201;
  for (int i = 0; i < 200; ++i) e200 += "\xc3\xa9";  // é: 2 bytes, 1 character
  e201 = e200 + "\xc3\xa9";
  const auto [ok, ok_reply] = server.post("/api/connect4/move", json{{"bot", e200}});
  EXPECT_EQ(ok, 400);  // not a bot, but not too long either
  EXPECT_EQ(ok_reply.dump().find("longer than"), std::string::npos) << ok_reply;
  const auto [long_status, long_reply] = server.post("/api/connect4/move", json{{"bot", e201}});
  EXPECT_EQ(long_status, 400);
  EXPECT_NE(long_reply.dump().find("bot: longer than 200 characters (201)"), std::string::npos)
      << long_reply;
}

}  // namespace
}  // namespace evoplay::web
