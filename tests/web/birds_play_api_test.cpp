// Angry Birds played through the server (POST /api/birds/level and /api/birds/shoot), in-process
// on a free loopback port: a shot's game is `evoplay birds shoot`'s (the program run as a user
// runs it: its JSON is the known answer), "show me" plays `birds play`'s shot, the frames end
// where the level's next state starts, a remembered game answers as a replayed one, and bad
// input is a 400 naming the field. docs/web.md.
#include <gtest/gtest.h>

#include <fstream>
#include <iterator>
#include <string>

#include "support/process.hpp"
#include "web/server_support.hpp"

namespace evoplay::web {
namespace {

using nlohmann::json;
using test_support::TestServer;

std::string level_path(const std::string& name) {
  return std::string(EVOPLAY_SOURCE_DIR) + "/data/birds/" + name;
}

std::string level_xml(const std::string& name) {
  std::ifstream in(level_path(name));
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

/// `evoplay birds shoot LEVEL ARGS --json`: the command line's game, without its "file".
json cli_shoot(const std::string& level, const std::string& args) {
  const auto r =
      test_support::run_evoplay("birds shoot " + level_path(level) + " " + args + " --json");
  EXPECT_EQ(r.status, 0) << r.err;
  json game = json::parse(r.out);
  game.erase("file");
  return game;
}

/// The server's game, without what only the page needs (the next bird's number).
json without_next(json game) {
  game.erase("next_bird");
  return game;
}

/// POST /api/birds/shoot: the level, the shots so far and the next shot (or agent).
std::pair<int, json> shoot(const TestServer& server, const std::string& level, json shots,
                           json shot) {
  json body = {{"xml", level_xml(level)}, {"shots", std::move(shots)}};
  body.update(shot);
  return server.post("/api/birds/shoot", body);
}

// One Yellow bird tapped (the search agent's winning shot on level 22, typed to two decimals,
// docs/birds-play.md): the server's game is the command line's, key for key.
TEST(BirdsPlayApi, AShotIsTheCommandLinesShot) {
  TestServer server;
  const auto [status, r] = shoot(server, "baseline_generated_level-22.xml", json::array(),
                                 {{"shot", {{"angle", 18.70}, {"tap", 0.95}}}});
  ASSERT_EQ(status, 200) << r;
  const json cli = cli_shoot("baseline_generated_level-22.xml", "--angle 18.70 --tap 0.95");
  EXPECT_EQ(without_next(r["game"]), cli);
  EXPECT_EQ(r["record"], cli["shots"][0]);
  EXPECT_EQ(r["shot"], (json{{"angle", 18.70}, {"pull", 1.0}, {"tap", 0.95}}));
  EXPECT_TRUE(r["game"]["won"].get<bool>());
  EXPECT_TRUE(r["game"]["next_bird"].is_null());
}

// Two shots, the second from the state the first left (the shots so far sent again), a pull
// below 1 among them: the command line's game with both.
TEST(BirdsPlayApi, TheShotsSoFarAreTheCommandLinesToo) {
  TestServer server;
  const std::string level = "generated_playable_level.xml";
  const auto [status, r] = shoot(server, level, json::array({{{"angle", 24.52}}}),
                                 {{"shot", {{"angle", 29.87}, {"pull", 0.9}}}});
  ASSERT_EQ(status, 200) << r;
  const json cli = cli_shoot(level, "--angle 24.52 --angle 29.87 --pull 1 --pull 0.9");
  EXPECT_EQ(without_next(r["game"]), cli);
  EXPECT_EQ(r["game"]["shots"].size(), 2u);
}

// The search agent's shot for the first bird is `birds play`'s (seed 1, budget 100); with
// another seed, `birds play --seed`'s.
TEST(BirdsPlayApi, ShowMePlaysTheSearchAgentsShot) {
  TestServer server;
  for (const int seed : {1, 7}) {
    const auto [status, r] = shoot(server, "sciencebirds_level-1.xml", json::array(),
                                   {{"agent", "search"}, {"seed", seed}});
    ASSERT_EQ(status, 200) << r;
    const auto played =
        test_support::run_evoplay("birds play " + level_path("sciencebirds_level-1.xml") +
                                  " --json -q --seed " + std::to_string(seed));
    ASSERT_EQ(played.status, 0) << played.err;
    const json first = json::parse(played.out)["games"][0]["shots"][0];
    EXPECT_EQ(r["record"], first) << "seed " << seed;
    EXPECT_GT(r["shots_simulated"].get<int>(), 0);
  }
}

// The level before any shot: its birds in the file's order with the slingshot's numbers (rest
// point at the slingshot + (-0.15, 0.8), full pull 10 units/s, gravity 9.81 x 0.48: the shots
// doc), a pose per object, the game not started; after a shot, one bird fewer.
TEST(BirdsPlayApi, TheLevelAsThePageAimsInIt) {
  TestServer server;
  const std::string xml = level_xml("sciencebirds_level-1.xml");  // slingshot at (-5, -2.5)
  const auto [status, r] = server.post("/api/birds/level", json{{"xml", xml}});
  ASSERT_EQ(status, 200) << r;
  EXPECT_NEAR(r["rest"][0].get<double>(), -5.15, 1e-12);
  EXPECT_NEAR(r["rest"][1].get<double>(), -1.7, 1e-12);
  ASSERT_EQ(r["birds"].size(), 3u);
  EXPECT_EQ(r["birds"][0]["type"], "BirdRed");
  EXPECT_EQ(r["birds"][2]["type"], "BirdBlue");
  for (const auto& b : r["birds"]) {
    EXPECT_DOUBLE_EQ(b["speed"].get<double>(), 10);
    EXPECT_DOUBLE_EQ(b["drag_radius"].get<double>(), 1);
    EXPECT_NEAR(b["gravity"].get<double>(), 4.7088, 1e-12);
    EXPECT_GE(b["outline"].size(), 3u);
  }
  EXPECT_EQ(r["poses"].size(), r["objects"].size());
  EXPECT_EQ(r["objects"].size(), 4u);
  EXPECT_EQ(r["game"]["game"], "playing");
  EXPECT_EQ(r["game"]["next_bird"], 0);
  const auto [again, after] = server.post(
      "/api/birds/level", json{{"xml", xml}, {"shots", json::array({{{"angle", 60}}})}});
  ASSERT_EQ(again, 200) << after;
  EXPECT_EQ(after["game"]["birds_used"], 1);
  EXPECT_EQ(after["game"]["next_bird"], 1);
}

// The frames of a shot: times rising to the shot's end; the first names every object, and the
// poses they leave are those the level answers after the shot (the page animates into the next
// state); the bird flies in the first frames.
TEST(BirdsPlayApi, FramesEndWhereTheNextShotStarts) {
  TestServer server;
  const std::string level = "sciencebirds_level-4.xml";
  const auto [status, r] = shoot(server, level, json::array(), {{"shot", {{"angle", 23.86}}}});
  ASSERT_EQ(status, 200) << r;
  const auto& frames = r["frames"];
  ASSERT_GE(frames.size(), 2u);
  const auto [s2, next] = server.post(
      "/api/birds/level", json{{"xml", level_xml(level)}, {"shots", json::array({r["shot"]})}});
  ASSERT_EQ(s2, 200) << next;
  json poses = json::array();
  for (std::size_t i = 0; i < next["poses"].size(); ++i) poses.push_back(nullptr);
  EXPECT_EQ(frames[0]["p"].size(), poses.size());
  double t = -1;
  for (const auto& f : frames) {
    EXPECT_GT(f["t"].get<double>(), t);
    t = f["t"].get<double>();
    for (const auto& p : f["p"]) {
      poses[p[0].get<std::size_t>()] = json::array({p[1], p[2], p[3], p[4]});
    }
  }
  EXPECT_EQ(poses, next["poses"]);
  EXPECT_NEAR(t, r["record"]["seconds"].get<double>(), 1e-3);
  EXPECT_EQ(frames[0]["f"].size(), 1u);
  EXPECT_EQ(frames[0]["f"][0][0], "BirdBlack");
}

// A game the server remembered (its first shot answered before) answers as one played again
// from the level by a server that remembers nothing.
TEST(BirdsPlayApi, ARememberedGameIsAReplayedOne) {
  const std::string level = "baseline_generated_level-22.xml";
  const json first = {{"angle", 30}, {"pull", 1}, {"tap", 0.5}};
  const json second = {{"shot", {{"angle", 12.5}}}};
  TestServer remembering;
  ASSERT_EQ(shoot(remembering, level, json::array(), {{"shot", first}}).first, 200);
  const auto [s1, remembered] = shoot(remembering, level, json::array({first}), second);
  TestServer fresh;
  const auto [s2, replayed] = shoot(fresh, level, json::array({first}), second);
  ASSERT_EQ(s1, 200) << remembered;
  ASSERT_EQ(s2, 200) << replayed;
  EXPECT_EQ(remembered, replayed);
}

/// The error of a request that must be refused: 400 and its message.
std::string refused(const TestServer& server, const std::string& path, const json& body) {
  const auto [status, r] = server.post(path, body);
  EXPECT_EQ(status, 400) << body.dump().substr(0, 200) << " -> " << r;
  return r.is_object() && r.contains("error") ? r["error"].get<std::string>() : "";
}

bool starts(const std::string& text, const std::string& prefix) {
  return text.rfind(prefix, 0) == 0;
}

TEST(BirdsPlayApi, BadInputIsRefusedNamingTheField) {
  TestServer server;
  const std::string xml = level_xml("sciencebirds_level-1.xml");
  const json ok_shot = {{"angle", 10}};
  const auto shoot_body = [&](json extra) {
    json body = {{"xml", xml}};
    if (!extra.is_null()) body.update(extra);
    return body;
  };
  EXPECT_PRED2(starts, refused(server, "/api/birds/shoot", shoot_body({{"shot", {{"angle", 91}}}})),
               "shot.angle: ");
  EXPECT_PRED2(starts,
               refused(server, "/api/birds/shoot", shoot_body({{"shot", {{"pull", -0.1}}}})),
               "shot.pull: ");
  EXPECT_PRED2(starts,
               refused(server, "/api/birds/shoot", shoot_body({{"shot", {{"tap", "soon"}}}})),
               "shot.tap: ");
  EXPECT_PRED2(starts, refused(server, "/api/birds/shoot", shoot_body({{"shot", {{"angel", 10}}}})),
               "shot.angel: ");
  EXPECT_PRED2(starts, refused(server, "/api/birds/shoot", shoot_body({{"shot", 10}})), "shot: ");
  EXPECT_PRED2(starts, refused(server, "/api/birds/shoot", shoot_body({})), "shot: ");
  EXPECT_PRED2(
      starts,
      refused(server, "/api/birds/shoot", shoot_body({{"shot", ok_shot}, {"agent", "search"}})),
      "shot: ");
  EXPECT_PRED2(starts, refused(server, "/api/birds/shoot", shoot_body({{"agent", "clever"}})),
               "agent: ");
  EXPECT_PRED2(starts,
               refused(server, "/api/birds/shoot", shoot_body({{"agent", "search"}, {"seed", -1}})),
               "seed: ");
  EXPECT_PRED2(starts,
               refused(server, "/api/birds/shoot", shoot_body({{"shot", ok_shot}, {"shots", 3}})),
               "shots: ");
  EXPECT_PRED2(
      starts,
      refused(server, "/api/birds/shoot",
              shoot_body({{"shot", ok_shot}, {"shots", json::array({ok_shot, {{"pull", 2}}})}})),
      "shots[1].pull: ");
  EXPECT_PRED2(starts,
               refused(server, "/api/birds/shoot",
                       shoot_body({{"shot", ok_shot},
                                   {"shots", json::array({ok_shot, ok_shot, ok_shot, ok_shot})}})),
               "shots: ");
  // After the winning shot (8.53 degrees, known from `birds shoot`), no more.
  EXPECT_PRED2(
      starts,
      refused(server, "/api/birds/shoot",
              shoot_body({{"shot", ok_shot}, {"shots", json::array({{{"angle", 8.53}}})}})),
      "shots: ");
  EXPECT_PRED2(starts,
               refused(server, "/api/birds/shoot", shoot_body({{"shot", ok_shot}, {"sots", 1}})),
               "sots: ");
  EXPECT_PRED2(starts, refused(server, "/api/birds/shoot", json{{"shot", ok_shot}}), "xml: ");
  EXPECT_PRED2(
      starts, refused(server, "/api/birds/shoot", json{{"xml", "<Level><oops"}, {"shot", ok_shot}}),
      "level:");
  EXPECT_PRED2(starts, refused(server, "/api/birds/level", json{{"xml", xml}, {"shot", ok_shot}}),
               "shot: ");
  EXPECT_PRED2(starts,
               refused(server, "/api/birds/level", json{{"xml", xml}, {"shots", json::array({1})}}),
               "shots[0]: ");
}

}  // namespace
}  // namespace evoplay::web
