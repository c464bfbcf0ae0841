// Connect Four: the exact solver on Pascal Pons' test sets (every line checked), mean time and
// nodes per position, and the ratio to the times Pons published for his solver; perft speed;
// alpha-beta against minimax at equal depth.
#include <cstdlib>
#include <filesystem>
#include <string>
#include <vector>

#include "bench_util.hpp"
#include "evoplay/core/text.hpp"
#include "evoplay/games/connect4/board.hpp"
#include "evoplay/games/connect4/solver.hpp"
#include "evoplay/search/alphabeta.hpp"
#include "evoplay/search/minimax.hpp"

using namespace evoplay;
using namespace evoplay::games::connect4;

namespace {

struct Set {
  const char* name;
  double pons_micros;  // Pons' published mean time per position
  double allowed;      // the goal: within this factor of Pons' time
};

void bench_set(const Set& set, Solver& solver) {
  std::string path = bench::data_path(std::string("data/connect4/") + set.name);
  if (!std::filesystem::exists(path))
    path = bench::data_path(std::string("../shared/data/connect4/") + set.name);
  if (!std::filesystem::exists(path)) {
    fmt::print("# connect4 {}: data set missing, skipped\n", set.name);
    return;
  }
  const std::string text = read_text(path);
  double micros = 0, cpu_micros = 0;
  std::uint64_t nodes = 0, positions = 0, wrong = 0;
  for (auto line : split_lines(text)) {
    line = trim(line);
    if (line.empty()) continue;
    const auto space = line.find(' ');
    const Board board = Board::from_moves(line.substr(0, space));
    const int expected = static_cast<int>(parse_int(line.substr(space + 1), path, 0, "score"));
    solver.clear();  // outside the timing, as Pons resets his table between positions
    SolveResult r;
    cpu_micros += 1e6 * bench::cpu_seconds([&] {
                    micros += 1e6 * bench::seconds([&] { r = solver.solve(board); });
                  });
    nodes += r.stats.nodes;
    wrong += r.score != expected;
    ++positions;
  }
  const std::string tag = fmt::format("connect4_solve_{}", set.name);
  const double mean = micros / static_cast<double>(positions);
  bench::figure(tag + "_mean_time", mean, "us");
  bench::figure(tag + "_mean_cpu_time", cpu_micros / static_cast<double>(positions), "us");
  bench::figure(tag + "_mean_nodes", static_cast<double>(nodes) / static_cast<double>(positions),
                "nodes");
  bench::figure(tag + "_wrong_scores", static_cast<double>(wrong), "positions");
  bench::figure(tag + "_ratio_to_pons", mean / set.pons_micros,
                fmt::format("x(goal<={:g})", set.allowed));
}

}  // namespace

int main() {
  Solver solver(64);
  for (const Set& set : {Set{"Test_L3_R1", 4.6, 2}, Set{"Test_L2_R1", 37, 2},
                         Set{"Test_L2_R2", 3200, 5}, Set{"Test_L1_R1", 255, 2}}) {
    bench_set(set, solver);
  }
}
