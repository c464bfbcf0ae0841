// `evoplay tictactoe learn | agents` and `play --x agent:DIR` as a user runs them: the run
// folder, resuming (the same history as an uninterrupted run), Ctrl-C (saves and exits 130),
// broken run folders, and people playing a learned agent.
#include <fcntl.h>
#include <fmt/format.h>
#include <gtest/gtest.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <map>
#include <nlohmann/json.hpp>
#include <thread>

#include "evoplay/games/tictactoe/learner.hpp"
#include "evoplay/games/tictactoe/population_io.hpp"
#include "support/cancel.hpp"
#include "support/history.hpp"
#include "support/process.hpp"
#include "support/tictactoe.hpp"

using namespace evoplay::test_support;
namespace ttt = evoplay::games::tictactoe;

namespace {

// The rows of two history.csv texts as text without `elapsed` (an empty cell, NaN, equals
// itself here, unlike in a comparison of doubles).
// Small and quick under the sanitizers.
const std::string kSmall =
    "tictactoe learn --agents 6 --rules 20 --measure-every 2 --eval-games 30 --quiet ";

// The line (1-based) of the first line of `file` that starts with `prefix`.
}  // namespace

TEST(TicTacToeLearnCli, ARunFolderHoldsEverything) {
  const auto dir = scratch_dir("ttt-learn") / "run";
  const auto r = run_evoplay(kSmall + "--cycles 4 --seed 3 --out " + dir.string());
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.out.find("exhaustive"), std::string::npos) << r.out;
  for (const char* f : {"config.json", "history.csv", "result.json", "population.txt",
                        "results.png", "knowledge.png", "fitness.png"})
    EXPECT_TRUE(std::filesystem::exists(dir / f)) << f;
  const auto result = nlohmann::json::parse(slurp(dir / "result.json"));
  for (const char* key : {"never_loses_first", "never_loses_second"})
    EXPECT_TRUE(result[key].is_boolean()) << key;
  EXPECT_EQ(result["cycles"], 4);
  EXPECT_TRUE(result["seconds"].is_number());
  EXPECT_EQ(result["stopped_by"], "cycles");
  // The pictures have their legend under the chart: taller than the chart's 600 pixels (a PNG
  // keeps its height in bytes 20-23).
  for (const char* png : {"results.png", "knowledge.png"}) {
    const auto bytes = slurp(dir / png);
    ASSERT_GT(bytes.size(), 24u) << png;
    const auto b = [&](std::size_t i) { return static_cast<unsigned char>(bytes[i]); };
    const unsigned height = b(20) << 24 | b(21) << 16 | b(22) << 8 | b(23);
    EXPECT_GT(height, 600u) << png;
  }
  const auto config = nlohmann::json::parse(slurp(dir / "config.json"));
  EXPECT_EQ(config["seed"], 3);
  EXPECT_EQ(config["learn"]["agents"], 6);
  EXPECT_EQ(config["learn"]["games_per_pair"], 5) << "the original's default";
  const auto history = slurp(dir / "history.csv");
  EXPECT_EQ(std::count(history.begin(), history.end(), '\n'), 4) << history;  // header, 0, 2, 4
  for (const char* column :
       {"x_random_win", "o_perfect_loss", "x_lost_lines", "agree_mistakes", "rule_moves",
        "cycle_rule_moves", "mean_o_unbeaten", "mean_x_perfect_loss", "mean_o_lost_lines",
        "mean_agree_faced", "mean_rule_moves"})
    EXPECT_NE(history.find(column), std::string::npos) << column;
  // agents lists them best first, with their rules.
  const auto agents = run_evoplay("tictactoe agents " + dir.string() + " --top 2");
  ASSERT_EQ(agents.status, 0) << agents.err;
  EXPECT_NE(agents.out.find("agent 1:"), std::string::npos);
  EXPECT_NE(agents.out.find("agent 2:"), std::string::npos);
  EXPECT_EQ(agents.out.find("agent 3:"), std::string::npos);
  const auto json = run_evoplay("tictactoe agents " + dir.string() + " --json");
  ASSERT_EQ(json.status, 0) << json.err;
  const auto list = nlohmann::json::parse(json.out);
  ASSERT_EQ(list["agents"].size(), 6u);
  EXPECT_EQ(list["agents"][0]["rules"].size(), 20u);
  EXPECT_GE(list["agents"][0]["weight"].get<double>(), list["agents"][5]["weight"].get<double>());
}

TEST(TicTacToeLearnCli, ResumeContinuesAsIfNeverStopped) {
  const auto dir = scratch_dir("ttt-resume");
  const std::string opts = kSmall + "--shared-knowledge --player-pairing random --seed 5 ";
  const auto whole = run_evoplay(opts + "--cycles 7 --threads 2 --out " + (dir / "whole").string());
  ASSERT_EQ(whole.status, 0) << whole.err;
  const auto part = run_evoplay(opts + "--cycles 3 --out " + (dir / "part").string());
  ASSERT_EQ(part.status, 0) << part.err;
  const auto more = run_evoplay("tictactoe learn --quiet --threads 1 --cycles 7 --resume " +
                                (dir / "part").string());
  ASSERT_EQ(more.status, 0) << more.err;
  EXPECT_EQ(rows_text(slurp(dir / "part" / "history.csv")),
            rows_text(slurp(dir / "whole" / "history.csv")));
  EXPECT_EQ(without_seconds(slurp(dir / "part" / "population.txt")),
            without_seconds(slurp(dir / "whole" / "population.txt")));
  // Settings other than the run's limits cannot change on resume.
  const auto changed = run_evoplay("tictactoe learn --quiet --cycles 9 --agents 8 --resume " +
                                   (dir / "part").string());
  EXPECT_EQ(changed.status, 2);
  EXPECT_NE(changed.err.find("--agents cannot be changed"), std::string::npos) << changed.err;
}

TEST(TicTacToeLearnCli, SeveralRunsAreTheSingleRunsOfTheirSeedsAndResume) {
  const auto dir = scratch_dir("ttt-runs");
  const auto runs = run_evoplay(kSmall + "--cycles 4 --seed 4 --runs 3 --threads 2 --out " +
                                (dir / "runs").string());
  ASSERT_EQ(runs.status, 0) << runs.err;
  // Run 2 is `--seed 5` alone.
  const auto single = run_evoplay(kSmall + "--cycles 4 --seed 5 --out " + (dir / "five").string());
  ASSERT_EQ(single.status, 0) << single.err;
  const auto run2 = dir / "runs" / "run-2";
  EXPECT_EQ(rows_text(slurp(run2 / "history.csv")), rows_text(slurp(dir / "five" / "history.csv")));
  EXPECT_EQ(without_seconds(slurp(run2 / "population.txt")),
            without_seconds(slurp(dir / "five" / "population.txt")));
  auto summary = nlohmann::json::parse(slurp(dir / "runs" / "result.json"));
  EXPECT_EQ(summary["runs"], 3);
  EXPECT_EQ(summary["finished"], 3);
  ASSERT_EQ(summary["results"].size(), 3u);
  auto five = nlohmann::json::parse(slurp(dir / "five" / "result.json"));
  auto second = summary["results"][1];
  EXPECT_EQ(second["folder"], "run-2");
  for (auto* j : {&five, &second}) {
    j->erase("seconds");
    j->erase("folder");
  }
  EXPECT_EQ(second, five);
  int never = 0;
  for (const auto& r : summary["results"]) never += r["never_loses_first"].get<bool>();
  EXPECT_EQ(summary["summary"]["never_loses_first"], never);
  EXPECT_EQ(nlohmann::json::parse(slurp(dir / "runs" / "config.json"))["runs"], 3);
  // A job killed after two runs: run 3's unit lost; --resume runs it alone, from its seed.
  std::filesystem::remove(dir / "runs" / "units" / "2.json");
  std::filesystem::remove(dir / "runs" / "result.json");
  const auto saved = std::filesystem::last_write_time(dir / "runs" / "units" / "0.json");
  const auto resumed =
      run_evoplay("tictactoe learn --quiet --threads 1 --resume " + (dir / "runs").string());
  ASSERT_EQ(resumed.status, 0) << resumed.err;
  EXPECT_EQ(std::filesystem::last_write_time(dir / "runs" / "units" / "0.json"), saved);
  auto again = nlohmann::json::parse(slurp(dir / "runs" / "result.json"));
  for (auto* j : {&summary, &again}) {
    for (auto& r : (*j)["results"]) {
      r.erase("seconds");
      r.erase("seconds_to_unbeatable");
    }
    (*j)["summary"].erase("mean_seconds_to_unbeatable");
  }
  EXPECT_EQ(again, summary);
  // Several runs restart from their seeds: neither --runs nor a setting may change on resume.
  const auto more =
      run_evoplay("tictactoe learn --quiet --runs 4 --resume " + (dir / "runs").string());
  EXPECT_EQ(more.status, 2);
  EXPECT_NE(more.err.find("--runs cannot be given with --resume"), std::string::npos) << more.err;
  const auto longer =
      run_evoplay("tictactoe learn --quiet --cycles 9 --resume " + (dir / "runs").string());
  EXPECT_EQ(longer.status, 2);
  EXPECT_NE(longer.err.find("cannot change on --resume"), std::string::npos) << longer.err;
}

TEST(TicTacToeLearnCli, CtrlCFinishesTheCycleSavesAndExits130) {
  const auto dir = scratch_dir("ttt-sigint") / "run";
  const std::string out = dir.string();
  const pid_t pid =
      start_evoplay({"tictactoe", "learn", "--agents", "6", "--rules", "20", "--cycles", "1000000",
                     "--quiet", "--out", out, "--eval-games", "30", "--measure-every", "1"});
  ASSERT_GT(pid, 0);
  // Wait until it has measured a few cycles (however long that takes), then press Ctrl-C.
  for (;;) {
    const auto h = slurp(dir / "history.csv");
    if (std::count(h.begin(), h.end(), '\n') >= 4) break;
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
  const auto result = expect_cancelled(pid, dir);
  EXPECT_EQ(result["stopped_by"], "interrupt");
  const auto cycles = result["cycles"].get<int>();
  EXPECT_GE(cycles, 3);
  // The saved population is the last cycle's, and the run goes on from it.
  EXPECT_NE(slurp(dir / "population.txt").find("cycle " + std::to_string(cycles) + "\n"),
            std::string::npos);
  const auto more = run_evoplay("tictactoe learn --quiet --cycles " + std::to_string(cycles + 2) +
                                " --resume " + out);
  ASSERT_EQ(more.status, 0) << more.err;
  EXPECT_EQ(nlohmann::json::parse(slurp(dir / "result.json"))["cycles"], cycles + 2);
}

TEST(TicTacToeLearnCli, BrokenRunFoldersAreInputErrors) {
  const auto dir = scratch_dir("ttt-broken") / "run";
  ASSERT_EQ(run_evoplay(kSmall + "--cycles 2 --out " + dir.string()).status, 0);
  auto pop = slurp(dir / "population.txt");
  const auto at = pop.find("agent 1 weight");
  const auto line =
      std::count(pop.begin(), pop.begin() + static_cast<std::ptrdiff_t>(at), '\n') + 2;
  pop.replace(pop.find('\n', at) + 1, 9, "PPPPPPPPP");  // the first rule: no V for the action
  std::ofstream(dir / "population.txt") << pop;
  const auto agents = run_evoplay("tictactoe agents " + dir.string());
  EXPECT_EQ(agents.status, 2);
  EXPECT_NE(agents.err.find("population.txt:" + std::to_string(line) + ":"), std::string::npos)
      << agents.err;
  const auto resume = run_evoplay("tictactoe learn --quiet --cycles 4 --resume " + dir.string());
  EXPECT_EQ(resume.status, 2) << resume.err;
  const auto play = run_evoplay("tictactoe play --x agent:" + dir.string() + " --o random");
  EXPECT_EQ(play.status, 2);
  std::ofstream(dir / "config.json") << "{ not json";
  const auto config = run_evoplay("tictactoe learn --quiet --cycles 4 --resume " + dir.string());
  EXPECT_EQ(config.status, 2);
  EXPECT_NE(config.err.find("config.json"), std::string::npos) << config.err;
  const auto nothing = run_evoplay("tictactoe agents /no/such/run");
  EXPECT_EQ(nothing.status, 2);
  EXPECT_NE(nothing.err.find("no saved population"), std::string::npos) << nothing.err;
  const auto bad = run_evoplay("tictactoe learn --selection best --cycles 1 --out " +
                               (dir.parent_path() / "bad").string());
  EXPECT_EQ(bad.status, 2);
  EXPECT_NE(bad.err.find("--selection"), std::string::npos) << bad.err;
}

TEST(TicTacToeLearnCli, UntilUnbeatableStopsAndSaysWhen) {
  // A run whose population is replaced by [E, P, P, P] (E: a random player at weight -1, P: the
  // perfect player): resumed with --until-unbeatable, the next cycle puts a P first (E cannot
  // beat P, so its weight stays below theirs), and the run stops there.
  const auto dir = scratch_dir("ttt-unbeatable") / "run";
  ASSERT_EQ(run_evoplay("tictactoe learn --agents 4 --rules 5 --measure-every 2 --eval-games 20 "
                        "--quiet --inject-perfect 1000 --cycles 2 --out " +
                        dir.string())
                .status,
            0);
  auto saved = ttt::read_population(dir);
  const ttt::Referee referee;
  ttt::Agent e = saved.population.agents[0];
  e.weight = -1;
  const ttt::Agent p = ttt::perfect_agent(referee);
  saved.population.agents = {e, p, p, p};
  std::ofstream(dir / "population.txt") << ttt::population_text(saved.population, false);
  const auto r =
      run_evoplay("tictactoe learn --quiet --cycles 9 --until-unbeatable --resume " + dir.string());
  ASSERT_EQ(r.status, 0) << r.err;
  const auto result = nlohmann::json::parse(slurp(dir / "result.json"));
  EXPECT_EQ(result["stopped_by"], "unbeatable");
  EXPECT_EQ(result["unbeatable_at_cycle"], 3);
  EXPECT_EQ(result["cycles"], 3);
  EXPECT_EQ(result["never_loses_first"], true);
  EXPECT_EQ(result["never_loses_second"], true);
  EXPECT_TRUE(result["seconds_to_unbeatable"].is_number());
  // A perfect player where none was injected is an error naming its line.
  const auto other = dir.parent_path() / "plain";
  ASSERT_EQ(run_evoplay("tictactoe learn --agents 4 --rules 5 --measure-every 2 --eval-games 20 "
                        "--quiet --cycles 2 --out " +
                        other.string())
                .status,
            0);
  std::ofstream(other / "population.txt") << ttt::population_text(saved.population, false);
  const auto refused = run_evoplay("tictactoe learn --quiet --cycles 9 --resume " + other.string());
  EXPECT_EQ(refused.status, 2);
  EXPECT_NE(refused.err.find("population.txt:" +
                             std::to_string(line_of(other / "population.txt", "agent 2 ")) + ":"),
            std::string::npos)
      << refused.err;
}

TEST(TicTacToeLearnCli, PeoplePlayALearnedAgent) {
  const auto dir = scratch_dir("ttt-agent-play");
  const auto run = dir / "run";
  ASSERT_EQ(run_evoplay(kSmall + "--cycles 2 --out " + run.string()).status, 0);
  // A person as O against the best agent, two games; the board shows draws and rule moves.
  const auto human = run_evoplay("tictactoe play --x agent:" + run.string() +
                                     " --o human --games 2 --out " + (dir / "h").string(),
                                 "1\n2\n3\n4\n5\n6\n7\n8\n9\n1\n2\n3\n4\n5\n6\n7\n8\n9\n");
  ASSERT_EQ(human.status, 0) << human.err;
  EXPECT_NE(human.out.find("the agent's moves from rules:"), std::string::npos) << human.out;
  EXPECT_NE(human.out.find("of 2 games"), std::string::npos) << human.out;
  // Bots: any rank, series in parallel.
  const auto series =
      run_evoplay("tictactoe play --x agent:" + run.string() +
                  ":6 --o random --games 30 --threads 2 --out " + (dir / "s").string());
  ASSERT_EQ(series.status, 0) << series.err;
  const auto rank = run_evoplay("tictactoe play --x agent:" + run.string() + ":7 --o random");
  EXPECT_EQ(rank.status, 2);
  EXPECT_NE(rank.err.find("rank from 1 to 6"), std::string::npos) << rank.err;
}
