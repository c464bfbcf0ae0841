// The API's rules for every route: a field of a POST body that the route does not read is a
// 400 naming it (and the field meant); a path the API has, asked with another method, is 405
// with an Allow header; a path it has not is still 404. docs/web.md, "The API's rules".
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "web/server_support.hpp"

namespace evoplay::web {
namespace {

using nlohmann::json;
using test_support::data_file;
using test_support::TestServer;

const std::string kPuzzle =
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

/// The error's text of a reply ("" when none).
std::string error_of(const json& reply) {
  return reply.is_object() && reply.contains("error") ? reply["error"].get<std::string>() : "";
}

TEST(WebMethods, AFieldNoRouteReadsIs400NamingIt) {
  TestServer server;
  struct Case {
    std::string path;
    json body;  // valid but for "popluation"
  };
  const std::vector<Case> cases = {
      {"/api/sudoku/parse", {{"puzzle", kPuzzle}}},
      {"/api/sudoku/solve", {{"puzzle", kPuzzle}}},
      {"/api/sudoku/ga", {{"puzzle", kPuzzle}, {"generations", 1}}},
      {"/api/tictactoe/state", {{"moves", json::array()}}},
      {"/api/tictactoe/move", {{"moves", json::array()}, {"bot", "random"}}},
      {"/api/connect4/state", {{"moves", json::array({4})}}},
      {"/api/lemmings/replay",
       {{"level", data_file("lemmings/easy-01-down-the-hole.lvl")},
        {"plan", data_file("lemmings/solutions/easy-01-down-the-hole.plan")}}},
      {"/api/birds/generate", {{"population", 4}}},
  };
  for (const auto& c : cases) {
    json body = c.body;
    body["popluation"] = 10;
    const auto [status, reply] = server.post(c.path, body);
    EXPECT_EQ(status, 400) << c.path << " " << reply;
    EXPECT_EQ(error_of(reply).rfind("popluation: ", 0), 0u) << c.path << " " << reply;
  }
  // The nearest field the route reads is named.
  const auto [status, reply] =
      server.post("/api/birds/generate", json{{"popluation", 4}, {"generations", 0}});
  EXPECT_EQ(status, 400);
  EXPECT_NE(error_of(reply).find("no such setting (did you mean 'population'?)"), std::string::npos)
      << reply;
  // The same bodies without the stray field are answered (the field was the only fault).
  const auto [ok_status, ok_reply] = server.post("/api/sudoku/parse", json{{"puzzle", kPuzzle}});
  EXPECT_EQ(ok_status, 200) << ok_reply;
  const auto [state_status, state] =
      server.post("/api/connect4/state", json{{"moves", json::array({4})}});
  EXPECT_EQ(state_status, 200) << state;
}

TEST(WebMethods, AStrayFieldStartsNoJob) {
  TestServer server;
  const auto [status, reply] =
      server.post("/api/sudoku/ga", json{{"puzzle", kPuzzle}, {"generations", 1}, {"x", 1}});
  EXPECT_EQ(status, 400) << reply;
  EXPECT_FALSE(reply.contains("job")) << reply;
  // Settings read through the declared fields keep their own message for an unknown key.
  const auto [settings_status, settings_reply] =
      server.post("/api/sudoku/ga", json{{"puzzle", kPuzzle}, {"popluation", 10}});
  EXPECT_EQ(settings_status, 400) << settings_reply;
  EXPECT_EQ(error_of(settings_reply).rfind("popluation: ", 0), 0u) << settings_reply;
}

TEST(WebMethods, AWrongMethodIs405WithAllow) {
  TestServer server;
  auto c = server.client();
  for (const char* path : {"/api/sudoku/solve", "/api/sudoku/ga", "/api/lemmings/replay",
                           "/api/connect4/move", "/api/birds/simulate", "/api/jobs/7/cancel"}) {
    const auto r = c.Get(path);
    ASSERT_TRUE(r) << path;
    EXPECT_EQ(r->status, 405) << path;
    EXPECT_EQ(r->get_header_value("Allow"), "POST") << path;
    EXPECT_FALSE(error_of(json::parse(r->body, nullptr, false)).empty()) << path;
  }
  for (const char* path : {"/api/info", "/api/lemmings/levels", "/api/birds/levels"}) {
    const auto r = c.Post(path, "{}", "application/json");
    ASSERT_TRUE(r) << path;
    EXPECT_EQ(r->status, 405) << path;
    EXPECT_EQ(r->get_header_value("Allow"), "GET") << path;
  }
  const auto job = c.Post("/api/jobs/7", "{}", "application/json");
  ASSERT_TRUE(job);
  EXPECT_EQ(job->status, 405);
  EXPECT_EQ(job->get_header_value("Allow"), "GET, DELETE");
  // A path the API does not have is still 404, whatever the method.
  for (const char* path : {"/api/sudoku/nothing", "/api/nothing"}) {
    EXPECT_EQ(c.Get(path)->status, 404) << path;
    EXPECT_EQ(c.Post(path, "{}", "application/json")->status, 404) << path;
  }
}

// Each job route of an optimiser describes what it takes (GET PATH/settings: JSON Schema from
// the settings' declaration, the page's "More settings"): no thread or island setting, which
// the route refuses by name; every key it lists is one the route reads.
TEST(WebMethods, EachOptimisersRouteDescribesWhatItTakes) {
  TestServer server;
  struct Case {
    std::string path;
    json inputs;
    bool islands;  // the generator runs islands (one after the other, on its one thread)
  };
  const std::vector<Case> cases = {
      {"/api/sudoku/ga", {{"puzzle", kPuzzle}}, false},
      {"/api/lemmings/solve", {{"level", data_file("lemmings/easy-01-down-the-hole.lvl")}}, false},
      {"/api/birds/generate", json::object(), true},
  };
  for (const auto& c : cases) {
    const auto [status, text] = server.get(c.path + "/settings");
    ASSERT_EQ(status, 200) << c.path << " " << text;
    const json schema = json::parse(text);
    const auto& p = schema["properties"];
    EXPECT_GE(p.size(), 10u) << c.path;
    EXPECT_FALSE(p.contains("threads")) << c.path;
    EXPECT_EQ(p.contains("islands"), c.islands) << c.path;
    for (const auto& [key, value] : p.items()) {
      EXPECT_TRUE(value.contains("default") && value.contains("description"))
          << c.path << " " << key;
      // A key the route would not read is refused by name; a listed one never is.
      json body = c.inputs;
      body[key] = value["default"];
      body["popluation"] = 1;
      const auto [code, reply] = server.post(c.path, body);
      EXPECT_EQ(code, 400) << c.path << " " << key;
      EXPECT_EQ(error_of(reply).rfind("popluation: ", 0), 0u)
          << c.path << " " << key << " " << reply;
    }
    json threads = c.inputs;
    threads["threads"] = 1;
    const auto [code, reply] = server.post(c.path, threads);
    EXPECT_EQ(code, 400) << c.path;
    EXPECT_EQ(error_of(reply).rfind("threads: not on this server", 0), 0u)
        << c.path << " " << reply;
  }
  // Sudoku's route runs the GA or CRO only.
  const json sudoku = json::parse(server.get("/api/sudoku/ga/settings").second);
  EXPECT_EQ(sudoku["properties"]["method"]["enum"], json({"ga", "cro"}));
}

}  // namespace
}  // namespace evoplay::web
