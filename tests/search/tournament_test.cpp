// The tournament's arithmetic: the schedule (every pair, every start, both seatings), the time
// rule, points and the crosstable, and Elo fits with known answers; a game's outcome and a
// series game's record through their JSON text (what MPI ranks pass on).
#include "evoplay/search/tournament.hpp"

#include <gtest/gtest.h>

#include <chrono>
#include <cmath>
#include <map>
#include <thread>

#include "evoplay/search/series.hpp"
#include "search/toy_games.hpp"

using namespace evoplay;
using namespace evoplay::search;
using evoplay::search::toy::Nim;

namespace {

TournamentGame game(int first, int second, int winner) {
  TournamentGame g;
  g.bots = {first, second};
  g.winner = winner;
  g.moves = {10, 9};
  g.plies = 19;
  apply_time_rule(g);
  return g;
}

}  // namespace

TEST(Tournament, ScheduleMeetsEveryPairOnEveryStartWithSidesSwapped) {
  const auto games = round_robin_schedule(4, 3, 2);
  ASSERT_EQ(games.size(), 6u * 3 * 2 * 2);
  std::map<std::array<int, 3>, int> seen;  // first, second, start
  for (std::size_t k = 0; k < games.size(); ++k) {
    EXPECT_EQ(games[k].index, static_cast<int>(k));
    EXPECT_NE(games[k].bots[0], games[k].bots[1]);
    ++seen[{games[k].bots[0], games[k].bots[1], games[k].start}];
  }
  EXPECT_EQ(seen.size(), 12u * 3);  // ordered pairs x starts
  for (const auto& [key, n] : seen) EXPECT_EQ(n, 2) << "repeats";
}

TEST(Tournament, TimeRuleMakesTheOverrunningSeatLose) {
  TournamentGame g;
  g.winner = 0;
  g.overran = {true, false};
  apply_time_rule(g);
  EXPECT_EQ(g.outcome[0], 'L');
  EXPECT_EQ(g.outcome[1], 'W');
  g.overran = {true, true};
  apply_time_rule(g);
  EXPECT_EQ(g.outcome[0], 'L');
  EXPECT_EQ(g.outcome[1], 'L');
  g.overran = {false, false};
  g.winner = -1;
  apply_time_rule(g);
  EXPECT_EQ(g.outcome[0], 'D');
  EXPECT_EQ(spec_time_limit("alphabeta:100ms").value_or(0), 0.1);
  EXPECT_EQ(spec_time_limit("mcts:2s").value_or(0), 2.0);
  EXPECT_FALSE(spec_time_limit("alphabeta:4").has_value());
  EXPECT_FALSE(spec_time_limit("random").has_value());
}

TEST(Elo, TwoBotsFollowTheLogisticOfTheirScore) {
  // 3 wins of 4, plus the virtual draw: 3.5 of 5 -> P = 0.7 -> 400 log10(0.7 / 0.3) apart.
  std::vector<EloGame> games = {{0, 1, 1}, {0, 1, 1}, {1, 0, 0}, {1, 0, 1}};
  const auto elo = fit_elo(2, games);
  const double gap = 400 * std::log10(0.7 / 0.3);
  EXPECT_NEAR(elo[0] - elo[1], gap, 1e-6);
  EXPECT_NEAR(elo[0] + elo[1], 0, 1e-9);
  // Equal results give equal ratings; a bot that won everything still gets a finite rating.
  const auto even = fit_elo(3, {{0, 1, 0.5}, {1, 2, 0.5}, {2, 0, 0.5}});
  for (double e : even) EXPECT_NEAR(e, 0, 1e-6);
  const auto sweep = fit_elo(3, {{0, 1, 1}, {0, 2, 1}, {1, 0, 0}, {2, 0, 0}, {1, 2, 1}});
  EXPECT_TRUE(std::isfinite(sweep[0]));
  EXPECT_GT(sweep[0], sweep[1]);
  EXPECT_GT(sweep[1], sweep[2]);
}

TEST(Elo, ThreeBotsSatisfyTheLikelihoodEquations) {
  // At the maximum, each bot's expected score equals its actual score (virtual draws included).
  std::vector<EloGame> games;
  const std::array<std::array<int, 3>, 3> wins = {{{0, 7, 9}, {3, 0, 6}, {1, 4, 0}}};
  for (int a = 0; a < 3; ++a) {
    for (int b = 0; b < 3; ++b) {
      for (int k = 0; k < wins[static_cast<std::size_t>(a)][static_cast<std::size_t>(b)]; ++k)
        games.push_back({a, b, 1});
    }
  }
  games.push_back({0, 2, 0.5});
  const auto elo = fit_elo(3, games);
  for (int i = 0; i < 3; ++i) {
    double actual = 0.5 * 2, expected = 0;  // one virtual draw with each other bot
    for (int j = 0; j < 3; ++j) {
      if (j == i) continue;
      expected +=
          1 /
          (1 + std::pow(10, (elo[static_cast<std::size_t>(j)] - elo[static_cast<std::size_t>(i)]) /
                                400));
    }
    for (const auto& g : games) {
      if (g.a == i) actual += g.score_a;
      if (g.b == i) actual += 1 - g.score_a;
      if (g.a == i || g.b == i) {
        const int j = g.a == i ? g.b : g.a;
        expected += 1 / (1 + std::pow(10, (elo[static_cast<std::size_t>(j)] -
                                           elo[static_cast<std::size_t>(i)]) /
                                              400));
      }
    }
    EXPECT_NEAR(expected, actual, 1e-6) << "bot " << i;
  }
}

TEST(Tournament, StandingsPointsCrosstableAndOutputs) {
  std::vector<TournamentGame> games = {game(0, 1, 0), game(1, 0, 1), game(0, 2, -1),
                                       game(2, 0, 1), game(1, 2, 0), game(2, 1, 1)};
  games[5].overran = {false, true};  // bot 1 ("b:10ms") overran in the last game: it loses it
  apply_time_rule(games[5]);
  for (std::size_t k = 0; k < games.size(); ++k) games[k].index = static_cast<int>(k);
  const auto r = summarize_tournament({"a", "b:10ms", "c"}, {"map"}, games, Rng(1), 200);
  // a: W, W, D, W = 10 of 12; b: L, L, W, L = 3; c: D, L, L, W = 4.
  EXPECT_EQ(r.standings[0].points, 10);
  EXPECT_EQ(r.standings[0].max_points, 12);
  EXPECT_EQ(r.standings[1].points, 3);
  EXPECT_EQ(r.standings[1].lost_on_time, 1);
  EXPECT_EQ(r.standings[2].points, 4);
  EXPECT_EQ(r.ranking, (std::vector<int>{0, 2, 1}));
  EXPECT_EQ(r.crosstable[0][2], (std::array<int, 3>{1, 1, 0}));
  EXPECT_EQ(r.crosstable[2][1], (std::array<int, 3>{1, 0, 1}));
  EXPECT_GT(r.standings[0].elo, r.standings[2].elo);
  EXPECT_LE(r.standings[0].elo_low, r.standings[0].elo);
  EXPECT_GE(r.standings[0].elo_high, r.standings[0].elo);
  // The same seed gives the same intervals.
  const auto again = summarize_tournament({"a", "b:10ms", "c"}, {"map"}, games, Rng(1), 200);
  EXPECT_EQ(again.standings[1].elo_low, r.standings[1].elo_low);
  const auto json = to_json(r);
  ASSERT_EQ(json["bots"].size(), 3u);
  EXPECT_EQ(json["bots"][0]["name"], "a");
  EXPECT_EQ(json["bots"][0]["points"], 10);
  EXPECT_EQ(json["bots"][0]["max_points"], 12);
  EXPECT_TRUE(json["bots"][0].contains("elo"));
  EXPECT_EQ(json["bots"][2]["lost_on_time"], 1);
  const auto md = to_markdown(r, "Test");
  EXPECT_NE(md.find("| 1 | a | 4 | 3 | 1 | 0 | 10 | 12 | 83.3% |"), std::string::npos) << md;
  EXPECT_NE(md.find("| a | - | 1-1-0 | 2-0-0 |"), std::string::npos) << md;
  const auto csv = standings_csv(r);
  EXPECT_EQ(csv.substr(0, csv.find('\n')),
            "rank,bot,games,wins,draws,losses,points,max_points,elo,elo_low,elo_high,elo_sd,"
            "time_limit_ms,lost_on_time,longest_move_ms,mean_move_ms,longest_move_cpu_ms");
  EXPECT_NE(csv.find("3,b:10ms,4,1,0,3,3,12,"), std::string::npos) << csv;
  EXPECT_NE(games_csv(r).find("6,map,c,b:10ms,second,W,L,"), std::string::npos) << games_csv(r);
}

namespace {

// A Nim player that takes one stone after either sleeping (waiting, as when the machine is busy:
// wall-clock time, no CPU time) or spinning on the CPU for `work` seconds of its thread's time.
class SlowBot : public Bot<Nim> {
 public:
  SlowBot(std::string name, bool spin, double work)
      : Bot<Nim>(std::move(name)), spin_(spin), work_(work) {}
  SearchResult<Nim::Move> choose(const Nim&) override {
    if (spin_) {
      const ThreadCpuStopwatch cpu;
      volatile std::uint64_t sink = 0;
      while (cpu.seconds() < work_) sink = sink + 1;
    } else {
      std::this_thread::sleep_for(std::chrono::duration<double>(work_));
    }
    SearchResult<Nim::Move> r;
    r.move = 1;
    r.has_move = true;
    return r;
  }

 private:
  bool spin_;
  double work_;
};

}  // namespace

TEST(Tournament, TimeRuleCountsTheBotsCpuTimeNotTheWaitForACore) {
  // Both bots have a 5 ms limit (from their specs). The sleeper's moves take 20 ms of wall-clock
  // time but no CPU time: it did not overrun. The spinner uses 20 ms of CPU time: it loses.
  BotFactory<Nim> factory;
  factory.add("sleeper", "sleeper:TIME", [](const BotSpec& s, Rng) -> std::unique_ptr<Bot<Nim>> {
    return std::make_unique<SlowBot>(s.text, false, 0.02);
  });
  factory.add("spinner", "spinner:TIME", [](const BotSpec& s, Rng) -> std::unique_ptr<Bot<Nim>> {
    return std::make_unique<SlowBot>(s.text, true, 0.02);
  });
  const std::vector<std::string> specs = {"sleeper:5ms", "spinner:5ms"};
  auto games = round_robin_schedule(2, 1, 1);
  play_tournament_games<Nim>(games, {Nim(4)}, factory, specs, Rng(1), 1, {});
  ASSERT_EQ(games.size(), 2u);
  for (const auto& g : games) {
    const std::size_t sleeper = g.bots[0] == 0 ? 0 : 1, spinner = 1 - sleeper;
    EXPECT_GE(g.longest[sleeper], 0.02) << "slept";
    EXPECT_FALSE(g.overran[sleeper]) << "waiting is not overrunning";
    EXPECT_GE(g.longest_cpu[spinner], 0.02);
    EXPECT_TRUE(g.overran[spinner]);
    EXPECT_EQ(g.outcome[sleeper], 'W');
    EXPECT_EQ(g.outcome[spinner], 'L');
  }
}

TEST(Tournament, AGameOutcomeKeepsEveryFieldThroughItsJsonText) {
  // What the unit store and MPI ranks pass on.
  TournamentGame g;
  g.index = 3;
  g.bots = {1, 0};
  g.winner = 1;
  g.outcome = {'L', 'W'};
  g.overran = {true, false};
  g.longest = {0.25, 1e-7};
  g.longest_cpu = {0.125, 3e-9};
  g.thinking = {1.5, 0.1};
  g.moves = {4, 3};
  g.plies = 7;
  g.extra = {{"end", "flags"}, {"first_flags", "2"}};
  TournamentGame back;
  back.index = 3;
  back.bots = {1, 0};
  read_game_outcome(nlohmann::json::parse(game_outcome_json(g).dump()), back);
  EXPECT_EQ(back.winner, g.winner);
  EXPECT_EQ(back.outcome, g.outcome);
  EXPECT_EQ(back.overran, g.overran);
  EXPECT_EQ(back.longest, g.longest);
  EXPECT_EQ(back.longest_cpu, g.longest_cpu);
  EXPECT_EQ(back.thinking, g.thinking);
  EXPECT_EQ(back.moves, g.moves);
  EXPECT_EQ(back.plies, g.plies);
  EXPECT_EQ(back.extra, g.extra);
}

TEST(Series, AGameRecordKeepsItsMovesAndCountersThroughItsJsonText) {
  GameRecord<Nim> r;
  r.moves = {3, 1, 2, 255};
  r.winner = 0;
  r.finished = true;
  r.stats[1] = {10, 20, 30, 40, 50};
  r.seconds = {0.5, 0.25};
  r.longest = {0.1, 0.2};
  r.longest_cpu = {0.01, 0.02};
  const auto back = game_record_from_json<Nim>(nlohmann::json::parse(game_record_json(r).dump()));
  EXPECT_EQ(back.moves, r.moves);
  EXPECT_EQ(back.winner, 0);
  EXPECT_TRUE(back.finished);
  EXPECT_EQ(back.stats[1].nodes, 10u);
  EXPECT_EQ(back.stats[1].tt_hits, 50u);
  EXPECT_EQ(back.seconds, r.seconds);
  EXPECT_EQ(back.longest, r.longest);
  EXPECT_EQ(back.longest_cpu, r.longest_cpu);
}
