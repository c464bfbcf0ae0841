// Capture the flag: the speed of the document's bot (nodes per second), alpha-beta against
// minimax at depth 4 on the medium maps (the same values, and the share of minimax's nodes
// alpha-beta needs: goal at most 20%), and the competition: a round robin of alphabeta:100ms,
// minimax:100ms, greedy and random on every shipped map (one game at a time), with the points
// alpha-beta takes from each opponent (goals: at least 90% against random and greedy, more than
// half against minimax), and the per-move times of the time-limited bots (goal: never more than
// the limit + 10 ms) next to the machine's load, which inflates wall-clock times.
//
// EVOPLAY_FLAGS_BENCH_QUICK=1 plays the competition on three maps only.
#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <string>
#include <vector>

#include "bench_util.hpp"
#include "evoplay/core/input_files.hpp"
#include "evoplay/core/stats.hpp"
#include "evoplay/core/stopwatch.hpp"
#include "evoplay/games/flags/bots.hpp"
#include "evoplay/games/flags/map.hpp"
#include "evoplay/games/flags/state.hpp"
#include "evoplay/search/alphabeta.hpp"
#include "evoplay/search/minimax.hpp"
#include "evoplay/search/tournament.hpp"

using namespace evoplay;
using namespace evoplay::games::flags;

namespace {

State start_of(const std::string& name) {
  return State(load_map(bench::data_path("data/flags/" + name + ".map")));
}

// Positions of a map: the start and every 10th ply of a few random games.
std::vector<State> positions(const State& start, int games, std::uint64_t seed) {
  std::vector<State> out = {start};
  Rng rng(seed);
  for (int g = 0; g < games; ++g) {
    State s = start;
    for (int ply = 1; !s.is_terminal() && ply <= 60; ++ply) {
      search::MoveList<State::Move, State::kMaxMoves> moves;
      s.legal_moves(moves);
      s.play(moves[static_cast<int>(rng.index(static_cast<std::size_t>(moves.size())))]);
      if (ply % 10 == 0 && !s.is_terminal()) out.push_back(s);
    }
  }
  return out;
}

void bench_pruning() {
  std::uint64_t all_minimax = 0, all_alphabeta = 0, mismatches = 0, count = 0;
  double minimax_seconds = 0, alphabeta_seconds = 0;
  for (const char* map : {"04-crossroads", "05-quarry", "06-bastion", "07-labyrinth"}) {
    std::uint64_t mm_nodes = 0, ab_nodes = 0;
    for (const State& p : positions(start_of(map), 4, 3)) {
      search::Minimax<State> minimax({4});
      search::SearchResult<State::Move> m, a;
      minimax_seconds += bench::seconds([&] { m = minimax.search(p); });
      // The bot's alpha-beta without quiescence, with the exact-depth table rule: it must
      // return minimax's value.
      search::AlphaBetaSettings s;
      s.depth = 4;
      s.quiescence = false;
      s.table_depth_rule = search::TableDepthRule::kExact;
      s.table_mib = 4;
      search::AlphaBeta<State> ab(s);
      alphabeta_seconds += bench::seconds([&] { a = ab.search(p); });
      mm_nodes += m.stats.nodes;
      ab_nodes += a.stats.nodes;
      mismatches += m.value != a.value;
      ++count;
    }
    bench::figure(std::string("flags_depth4_node_share_") + map,
                  100.0 * static_cast<double>(ab_nodes) / static_cast<double>(mm_nodes),
                  "%(goal<=20)");
    all_minimax += mm_nodes;
    all_alphabeta += ab_nodes;
  }
  bench::figure("flags_depth4_positions", static_cast<double>(count), "positions");
  bench::figure("flags_depth4_value_mismatches", static_cast<double>(mismatches),
                "positions(goal=0)");
  bench::figure("flags_depth4_node_share",
                100.0 * static_cast<double>(all_alphabeta) / static_cast<double>(all_minimax),
                "%(goal<=20)");
  bench::figure("flags_minimax_nodes_per_second",
                static_cast<double>(all_minimax) / minimax_seconds, "nodes/s");
  bench::figure("flags_depth4_alphabeta_nodes_per_second",
                static_cast<double>(all_alphabeta) / alphabeta_seconds, "nodes/s");
}

// The bot as it plays (quiescence, table, ordering), to a fixed depth from positions of the
// medium and large maps.
void bench_speed() {
  std::uint64_t nodes = 0;
  double cpu = 0;
  for (const char* map : {"06-bastion", "07-labyrinth", "09-frontier"}) {
    for (const State& p : positions(start_of(map), 2, 5)) {
      search::AlphaBetaSettings s;
      s.depth = 7;
      s.table_mib = 16;
      search::AlphaBeta<State> ab(s);
      search::SearchResult<State::Move> r;
      cpu += bench::cpu_seconds([&] { r = ab.search(p); });
      nodes += r.stats.nodes;
    }
  }
  bench::figure("flags_alphabeta_nodes_per_second", static_cast<double>(nodes) / cpu,
                "nodes/s(cpu)");
}

// Depth reached in 100 ms: the bots as they play (alphabeta:100ms: iterative deepening with the
// table and quiescence; minimax:100ms: the document's plain minimax, deepening too), one move
// from each of the positions of a small, a medium and the large map.
void bench_depth_per_100ms() {
  const auto factory = bots();
  for (const char* spec : {"alphabeta:100ms", "minimax:100ms"}) {
    const std::string tag = std::string(spec).substr(0, std::string(spec).find(':'));
    for (const char* map : {"01-duel", "06-bastion", "09-frontier"}) {
      double depth = 0, cpu = 0, longest = 0;
      std::uint64_t nodes = 0;
      int moves = 0;
      for (const State& p : positions(start_of(map), 2, 7)) {
        auto bot = factory.make(spec, Rng(1));
        search::SearchResult<State::Move> r;
        const Stopwatch wall;
        cpu += bench::cpu_seconds([&] { r = bot->choose(p); });
        longest = std::max(longest, wall.seconds());
        depth += r.depth;
        nodes += r.stats.nodes;
        ++moves;
      }
      const std::string name = std::string("flags_") + tag + "_100ms_" + map;
      bench::figure(name + "_depth", depth / moves, "plies(mean)");
      bench::figure(name + "_nodes_per_second", static_cast<double>(nodes) / cpu, "nodes/s(cpu)");
      bench::figure(name + "_longest_move", 1e3 * longest, "ms(goal<=110)");
    }
  }
}

void bench_tournament() {
  const bool quick = std::getenv("EVOPLAY_FLAGS_BENCH_QUICK") != nullptr;
  std::vector<std::filesystem::path> files =
      files_with_extension(bench::data_path("data/flags"), ".map");
  if (quick) files = {files[0], files[3], files[files.size() - 1]};
  std::vector<State> starts;
  std::vector<std::string> names;
  for (const auto& f : files) {
    starts.emplace_back(load_map(f));
    names.push_back(f.stem().string());
  }
  const std::vector<std::string> specs = {"alphabeta:100ms", "minimax:100ms", "greedy", "random"};
  const std::string load_before = bench::load_average();
  auto games = search::round_robin_schedule(static_cast<int>(specs.size()),
                                            static_cast<int>(starts.size()), 1);
  double seconds = 0;
  seconds = bench::seconds(
      [&] { search::play_tournament_games<State>(games, starts, bots(), specs, Rng(1), 1, {}); });
  const auto r = search::summarize_tournament(specs, names, games, Rng(2), 1000);
  // Points alpha-beta took from each opponent.
  for (std::size_t o = 1; o < specs.size(); ++o) {
    const auto& c = r.crosstable[0][o];
    const int played = c[0] + c[1] + c[2];
    bench::figure("flags_tournament_alphabeta_points_vs_" + specs[o].substr(0, specs[o].find(':')),
                  100.0 * (3 * c[0] + c[1]) / (3.0 * played),
                  o == 1 ? "%(goal>50)" : "%(goal>=90)");
  }
  for (std::size_t b = 0; b < specs.size(); ++b) {
    const auto& s = r.standings[b];
    const std::string tag = specs[b].substr(0, specs[b].find(':'));
    bench::figure("flags_tournament_points_" + tag, 100.0 * s.points / s.max_points, "%");
    bench::figure("flags_tournament_elo_" + tag, s.elo, "elo");
  }
  // Per-move times of the time-limited bots: the longest move of each game, over all games.
  for (std::size_t b = 0; b < 2; ++b) {
    std::vector<double> longest;
    double longest_cpu = 0;
    int over = 0, lost = 0;
    for (const auto& g : games) {
      for (std::size_t seat = 0; seat < 2; ++seat) {
        if (g.bots[seat] != static_cast<int>(b)) continue;
        longest.push_back(1e3 * g.longest[seat]);
        longest_cpu = std::max(longest_cpu, 1e3 * g.longest_cpu[seat]);
        over += g.longest[seat] > 0.1 + 0.010;
        lost += g.overran[seat];
      }
    }
    const std::string tag = specs[b].substr(0, specs[b].find(':'));
    bench::figure("flags_tournament_" + tag + "_longest_move",
                  *std::max_element(longest.begin(), longest.end()), "ms(goal<=110)");
    bench::figure("flags_tournament_" + tag + "_longest_move_cpu", longest_cpu, "ms(cpu)");
    bench::figure("flags_tournament_" + tag + "_median_longest_move", stats::median(longest), "ms");
    bench::figure("flags_tournament_" + tag + "_games_with_a_move_over_110ms",
                  static_cast<double>(over), fmt::format("of_{}", longest.size()));
    bench::figure("flags_tournament_" + tag + "_games_lost_on_time", static_cast<double>(lost),
                  fmt::format("of_{}", longest.size()));
    bench::figure("flags_tournament_" + tag + "_mean_move", 1e3 * r.standings[b].mean_move, "ms");
  }
  bench::figure("flags_tournament_games", static_cast<double>(games.size()), "games");
  bench::figure("flags_tournament_time", seconds, "s");
  fmt::print("# flags tournament: load average {} before, {} after (2 cores)\n", load_before,
             bench::load_average());
}

}  // namespace

int main() {
  bench_pruning();
  bench_speed();
  bench_depth_per_100ms();
  bench_tournament();
}
