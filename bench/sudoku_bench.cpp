// Sudoku figures: exact solver throughput (uniqueness checked), the `paper` preset's success per
// crossover on qqwing_intermediate_50, the `strong` preset's success and median time on
// qqwing_intermediate_50 and qqwing_expert_50, and GA generations per second.
//
//   bench_sudoku [exact] [bulk] [paper] [strong] [speed]     (no argument: all of them)
//   bench_sudoku rate FILE [SECONDS]   one line "puzzles_per_s guesses_per_puzzle": the exact
//                                      solver over FILE in passes for SECONDS (default 1) of
//                                      wall time, as tdoku's harness measures (bench/peers)
//
// `bulk` runs the program as a user does: `evoplay sudoku solve 17clue_49158.txt --json
// --threads 1`, end to end (start-up, reading, solving, JSON lines, result.json and
// solutions.txt written), and reports puzzles per second of wall time and of the program's CPU
// time (user + system, which the load of other programs inflates less), the best of three runs.
//
// Sets are read from data/sudoku, else ../shared/data/sudoku, and skipped with a message when
// missing.
#include <sys/resource.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cstdlib>
#include <filesystem>
#include <set>
#include <string>
#include <vector>

#include "bench_util.hpp"
#include "evoplay/core/parallel.hpp"
#include "evoplay/core/stats.hpp"
#include "evoplay/core/stopwatch.hpp"
#include "evoplay/games/sudoku/exact.hpp"
#include "evoplay/games/sudoku/ga.hpp"

using namespace evoplay;
using namespace evoplay::games::sudoku;

namespace {

std::vector<Board> load(const std::string& path) {
  std::vector<Board> boards;
  for (auto& e : read_puzzles(path)) boards.push_back(std::move(e.board));
  return boards;
}

std::string find_set(const std::string& name) {
  for (const std::string dir : {"data/sudoku/", "../shared/data/sudoku/"}) {
    const std::string path = bench::data_path(dir + name);
    if (std::filesystem::exists(path)) return path;
  }
  return "";
}

/// Puzzles per second of the exact solver on a set, solving each to the end (counting up to
/// two solutions, so uniqueness is checked). The set is solved in rounds until at least three
/// rounds and one second of CPU time have passed; the fastest round in CPU time of the solving
/// thread is reported (single-threaded work: equal to wall time on an idle machine, and not
/// inflated when other programs share the cores).
void exact_figure(const std::string& tag, const std::string& file) {
  const std::string path = find_set(file);
  if (path.empty()) {
    fmt::print("# skipped exact_{}: {} not found\n", tag, file);
    return;
  }
  const auto boards = load(path);
  std::vector<std::uint8_t> cells;
  for (const auto& b : boards) cells.insert(cells.end(), b.cells.begin(), b.cells.end());
  std::uint8_t solution[81];
  std::size_t unique = 0;
  ExactStats stats;
  double best = 0, total = 0;
  for (int round = 0; round < 3 || total < 1.0; ++round) {
    stats = ExactStats{};
    unique = 0;
    const double s = bench::cpu_seconds([&] {
      for (std::size_t i = 0; i < boards.size(); ++i) {
        unique += solve9(cells.data() + 81 * i, solution, 2, stats) == 1;
      }
    });
    total += s;
    best = std::max(best, static_cast<double>(boards.size()) / s);
  }
  if (unique != boards.size()) {
    fmt::print("# warning: {} of {} puzzles not unique\n", boards.size() - unique, boards.size());
  }
  bench::figure("sudoku_exact_" + tag + "_puzzles_per_s", best, "puzzles/s");
  bench::figure("sudoku_exact_" + tag + "_guesses_per_puzzle",
                static_cast<double>(stats.guesses) / static_cast<double>(boards.size()), "guesses");
}

/// `bench_sudoku rate FILE [SECONDS]`: passes over the file (uniqueness checked) until SECONDS of
/// wall time have passed, after a first untimed pass; prints the rate and guesses per puzzle.
int rate(const std::string& path, double seconds) {
  const auto boards = load(path);
  if (boards.empty()) return 1;
  std::uint8_t solution[81];
  ExactStats stats;
  auto pass = [&] {
    for (const auto& b : boards) solve9(b.cells.data(), solution, 2, stats);
  };
  pass();
  stats = ExactStats{};
  std::size_t solved = 0;
  const Stopwatch clock;
  while (clock.seconds() < seconds) {
    pass();
    solved += boards.size();
  }
  fmt::print("{:.0f} {:.3f}\n", static_cast<double>(solved) / clock.seconds(),
             static_cast<double>(stats.guesses) / static_cast<double>(solved));
  return 0;
}

/// `evoplay sudoku solve` of the 17-clue set with --json on one thread, end to end.
void bulk_figure() {
  const std::string path = find_set("17clue_49158.txt");
  if (path.empty()) {
    fmt::print("# skipped sudoku_solve_json: 17clue_49158.txt not found\n");
    return;
  }
  namespace fs = std::filesystem;
  const fs::path program =
      fs::read_symlink("/proc/self/exe").parent_path().parent_path() / "evoplay";
  const fs::path dir = fs::temp_directory_path() / fmt::format("evoplay-bench-bulk-{}", ::getpid());
  const std::string command =
      fmt::format("'{}' sudoku solve '{}' --json --threads 1 --quiet --out '{}' > '{}'",
                  program.string(), path, (dir / "run").string(), (dir / "out.jsonl").string());
  const std::size_t puzzles = load(path).size();
  // CPU time of the finished children (user + system): what the run costs, which the load of
  // other programs inflates less than it does wall time.
  auto children_cpu = [] {
    rusage u{};
    getrusage(RUSAGE_CHILDREN, &u);
    return static_cast<double>(u.ru_utime.tv_sec + u.ru_stime.tv_sec) +
           1e-6 * static_cast<double>(u.ru_utime.tv_usec + u.ru_stime.tv_usec);
  };
  double best = 0, best_cpu = 0;
  for (int round = 0; round < 3; ++round) {
    fs::remove_all(dir);
    fs::create_directories(dir);
    int status = 0;
    const double cpu = children_cpu();
    const double s = bench::seconds([&] { status = std::system(command.c_str()); });
    best_cpu = std::max(best_cpu, static_cast<double>(puzzles) / (children_cpu() - cpu));
    if (status != 0) {
      fmt::print("# skipped sudoku_solve_json: {} failed\n", command);
      fs::remove_all(dir);
      return;
    }
    best = std::max(best, static_cast<double>(puzzles) / s);
  }
  fs::remove_all(dir);
  fmt::print("# sudoku_solve_17clue_json: wall time, load average {}\n", bench::load_average());
  bench::figure("sudoku_solve_17clue_json_end_to_end_puzzles_per_s", best, "puzzles/s");
  bench::figure("sudoku_solve_17clue_json_end_to_end_cpu_puzzles_per_s", best_cpu,
                "puzzles/s(goal>=250000)");
}

struct SetResult {
  std::size_t solved = 0, total = 0;
  std::vector<double> seconds, best;
};

/// One GA run per puzzle (seed = puzzle index + 1), runs spread over `threads` threads (each
/// run single-threaded, so its time is one core's).
SetResult run_set(const std::vector<Board>& boards, GaSettings settings, int threads) {
  SetResult r;
  r.total = boards.size();
  r.seconds.assign(boards.size(), 0);
  r.best.assign(boards.size(), 0);
  std::vector<char> ok(boards.size(), 0);
  parallel_slots(boards.size(), threads, [&](std::size_t i) {
    GaSettings s = settings;
    s.seed = i + 1;
    s.threads = 1;
    const auto out = solve_ga(boards[i], s);
    ok[i] = out.counters.solved;
    r.seconds[i] = out.counters.seconds;
    r.best[i] = out.fitness();
  });
  for (char o : ok) r.solved += static_cast<std::size_t>(o);
  return r;
}

void paper_figures() {
  const std::string path = find_set("qqwing_intermediate_50.txt");
  if (path.empty()) return;
  const auto boards = load(path);
  const double total = bench::seconds([&] {
    for (auto name : kCrossovers) {
      GaSettings s = GaSettings::preset_named("paper");
      s.crossover = std::string(name);
      const auto r = run_set(boards, s, 2);
      const std::string tag = "sudoku_ga_paper_" + std::string(name) + "_intermediate50";
      bench::figure(tag + "_solved_percent",
                    100.0 * static_cast<double>(r.solved) / static_cast<double>(r.total), "%");
      bench::figure(tag + "_mean_best_fitness", stats::mean(r.best), "fitness");
    }
  });
  bench::figure("sudoku_ga_paper_all_crossovers_wall_seconds", total, "s");
}

void strong_figures() {
  for (const std::string set : {"intermediate", "expert"}) {
    const std::string path = find_set("qqwing_" + set + "_50.txt");
    if (path.empty()) continue;
    const auto r = run_set(load(path), GaSettings::preset_named("strong"), 2);
    const std::string tag = "sudoku_ga_strong_" + set + "50";
    bench::figure(tag + "_solved_percent",
                  100.0 * static_cast<double>(r.solved) / static_cast<double>(r.total), "%");
    bench::figure(tag + "_median_seconds", stats::median(r.seconds), "s");
    bench::figure(tag + "_max_seconds", *std::max_element(r.seconds.begin(), r.seconds.end()), "s");
  }
}

void speed_figures() {
  const std::string path = find_set("qqwing_expert_50.txt");
  if (path.empty()) return;
  const auto boards = load(path);
  GaSettings s = GaSettings::preset_named("paper");
  s.generations = 300;
  s.threads = 1;
  // The first expert puzzle that the paper's GA does not solve within 300 generations.
  for (const auto& b : boards) {
    const auto out = solve_ga(b, s);
    const auto& c = out.counters;
    if (c.solved) continue;
    bench::figure("sudoku_ga_paper_pop200_generations_per_s",
                  static_cast<double>(c.generations) / c.seconds, "gen/s");
    bench::figure("sudoku_ga_paper_pop200_evaluations_per_s",
                  static_cast<double>(c.evaluations) / c.seconds, "eval/s");
    return;
  }
}

}  // namespace

int main(int argc, char** argv) {
  if (argc >= 3 && std::string(argv[1]) == "rate")
    return rate(argv[2], argc >= 4 ? std::stod(argv[3]) : 1.0);
  std::set<std::string> parts(argv + 1, argv + argc);
  auto want = [&](const char* part) { return parts.empty() || parts.count(part); };
  if (want("exact")) {
    for (const char* set : {"17clue_49158", "forum_hardest_1106", "top95", "magictour_top1465",
                            "hardest", "qqwing_simple_50", "qqwing_easy_50",
                            "qqwing_intermediate_50", "qqwing_expert_50", "mantere_koljonen_46"}) {
      const std::string name = set;
      exact_figure(name == "17clue_49158" ? "17clue" : name, name + ".txt");
    }
  }
  if (want("bulk")) bulk_figure();
  if (want("speed")) speed_figures();
  if (want("strong")) strong_figures();
  if (want("paper")) paper_figures();
}
