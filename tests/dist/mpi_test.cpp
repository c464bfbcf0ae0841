// `mpirun -np 3 evoplay ...` against one process: the same run folder (all but timings and the
// `ranks` of config.json), a resume after a killed rank, a failing rank.
//
// The tests run mpirun as root in CI: OMPI_ALLOW_RUN_AS_ROOT is set for mpirun's command here,
// never in the user's environment. Leaks inside Open MPI (its caches live as long as the
// process) are not evoplay's: the ranks run with detect_leaks=0 added to the ASAN_OPTIONS of the
// test preset (see kMpirun).
// Shared-memory copies between ranks go through a buffer (no single-copy mechanism): containers
// (CI) often forbid the cross-process memory access Open MPI would use otherwise.
#include <gtest/gtest.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <fstream>
#include <nlohmann/json.hpp>
#include <regex>
#include <set>
#include <sstream>
#include <thread>

#include "evoplay/core/text.hpp"
#include "support/process.hpp"

namespace evoplay {
namespace {

using test_support::ProcessResult;
using test_support::scratch_dir;
using test_support::slurp;
using test_support::source_path;
namespace fs = std::filesystem;

const std::string kMpirun =
    "OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 OMPI_MCA_rmaps_base_oversubscribe=1 "
    "OMPI_MCA_btl_vader_single_copy_mechanism=none "
    "ASAN_OPTIONS=\"$ASAN_OPTIONS:detect_leaks=0\" mpirun --oversubscribe -np 3 ";

/// Runs a shell command line; its status, output and error.
ProcessResult shell(const std::string& command) {
  const auto dir = scratch_dir("mpi-shell");
  static int n = 0;
  const auto out = dir / ("out" + std::to_string(n)), err = dir / ("err" + std::to_string(n++));
  const int raw = std::system((command + " >" + out.string() + " 2>" + err.string()).c_str());
  ProcessResult r;
  r.status = WIFEXITED(raw) ? WEXITSTATUS(raw) : -1;
  r.out = slurp(out);
  r.err = slurp(err);
  return r;
}

ProcessResult evoplay(const std::string& args) {
  return shell(std::string(EVOPLAY_BINARY) + " " + args);
}
ProcessResult evoplay_ranks(const std::string& args) {
  return shell(kMpirun + EVOPLAY_BINARY + " " + args);
}

/// Keys and CSV columns that hold timings (and the number of ranks): left out of comparisons.
const std::set<std::string> kTimings = {"seconds",
                                        "cpu_seconds",
                                        "simulation_seconds",
                                        "mean_seconds",
                                        "elapsed",
                                        "ranks",
                                        "first_longest_ms",
                                        "second_longest_ms",
                                        "first_longest_cpu_ms",
                                        "second_longest_cpu_ms",
                                        "longest_move_ms",
                                        "longest_move_cpu_ms",
                                        "mean_move_ms",
                                        "seconds_0",
                                        "seconds_1",
                                        "longest",
                                        "longest_cpu",
                                        "thinking",
                                        "mean_ms_per_move",
                                        "seconds_to_unbeatable",
                                        "mean_seconds_to_unbeatable"};

void drop_timings(nlohmann::json& j) {
  if (j.is_object()) {
    for (const auto& k : kTimings) j.erase(k);
    for (auto& [k, v] : j.items()) drop_timings(v);
  } else if (j.is_array()) {
    for (auto& v : j) drop_timings(v);
  }
}

/// A text without the lines that report times (Markdown tables, a command's output).
std::string without_timing_lines(const std::string& text) {
  static const std::regex timing(R"([0-9.]+ (s|ms)\b|per second)");
  std::istringstream in(text);
  std::string line, out;
  while (std::getline(in, line)) {
    if (!std::regex_search(line, timing)) out += line + "\n";
  }
  return out;
}

/// A file's content without its timings: JSON without the keys of kTimings, CSV without their
/// columns; other files as they are.
std::string comparable(const fs::path& file) {
  const std::string text = slurp(file);
  if (file.extension() == ".json") {
    auto j = nlohmann::json::parse(text);
    drop_timings(j);
    return j.dump(1);
  }
  if (file.extension() == ".md") return without_timing_lines(text);
  if (file.extension() != ".csv") return text;
  std::istringstream in(text);
  std::string line, out;
  std::vector<bool> keep;
  while (std::getline(in, line)) {
    const auto cells = split(line, ',');
    if (keep.empty()) {
      for (const auto c : cells) keep.push_back(!kTimings.contains(std::string(c)));
    }
    for (std::size_t k = 0; k < cells.size(); ++k) {
      if (k >= keep.size() || keep[k]) out += std::string(cells[k]) + ",";
    }
    out += "\n";
  }
  return out;
}

/// Every file of folder `a` is in `b` with the same comparable content, and no more (files named
/// in `unread` are only checked to exist: their text holds timings, e.g. a Markdown table).
void expect_same_folders(const fs::path& a, const fs::path& b,
                         const std::set<std::string>& unread = {}) {
  std::set<fs::path> in_a, in_b;
  for (const auto& e : fs::recursive_directory_iterator(a))
    if (e.is_regular_file()) in_a.insert(fs::relative(e.path(), a));
  for (const auto& e : fs::recursive_directory_iterator(b))
    if (e.is_regular_file()) in_b.insert(fs::relative(e.path(), b));
  EXPECT_EQ(in_a, in_b);
  EXPECT_GT(in_a.size(), 3u);
  for (const auto& f : in_a) {
    if (!in_b.contains(f) || unread.contains(f.filename().string())) continue;
    EXPECT_EQ(comparable(a / f), comparable(b / f)) << f;
  }
}

std::size_t count_units(const fs::path& run) {
  std::error_code ec;
  if (!fs::is_directory(run / "units", ec)) return 0;
  std::size_t n = 0;
  for (const auto& e : fs::directory_iterator(run / "units", ec)) {
    const auto stem = e.path().stem().string();  // <index>.json, not fingerprint.json
    n += e.path().extension() == ".json" && stem.find_first_not_of("0123456789") == stem.npos;
  }
  return n;
}

const std::string kLevels = "--levels '" + source_path("data/lemmings/easy-0[12]-*.lvl") + "'";

TEST(Mpi, LemmingsCompareOverRanksWritesTheFolderOfOneProcess) {
  const auto dir = scratch_dir("mpi-lemmings");
  const std::string args =
      "lemmings compare " + kLevels + " --runs 2 --evaluations 300 --population 20 --quiet --out ";
  const auto one = evoplay(args + (dir / "one").string() + " --threads 1");
  ASSERT_EQ(one.status, 0) << one.err;
  const auto ranks = evoplay_ranks(args + (dir / "ranks").string() + " --threads 1");
  ASSERT_EQ(ranks.status, 0) << ranks.err;
  EXPECT_EQ(without_timing_lines(one.out.substr(0, one.out.find("run folder:"))),
            without_timing_lines(ranks.out.substr(0, ranks.out.find("run folder:"))));
  expect_same_folders(dir / "one", dir / "ranks");
  EXPECT_EQ(count_units(dir / "ranks"), 24u);
  EXPECT_EQ(nlohmann::json::parse(slurp(dir / "ranks" / "config.json"))["ranks"], 3);
  EXPECT_EQ(nlohmann::json::parse(slurp(dir / "one" / "config.json"))["ranks"], 1);
}

TEST(Mpi, SudokuExperimentWithVaryOverRanksWritesTheFolderOfOneProcess) {
  const auto dir = scratch_dir("mpi-sudoku");
  const std::string args = "sudoku experiment " + source_path("data/sudoku/qqwing_easy_50.txt") +
                           " --first 3 --runs 2 --population 20 --vary population=10:30:10 "
                           "--generations 30 --quiet --out ";
  const auto one = evoplay(args + (dir / "one").string());
  ASSERT_EQ(one.status, 0) << one.err;
  const auto ranks = evoplay_ranks(args + (dir / "ranks").string());
  ASSERT_EQ(ranks.status, 0) << ranks.err;
  expect_same_folders(dir / "one", dir / "ranks");
  EXPECT_EQ(count_units(dir / "ranks"), 3u * 2 * 3);
  // A resume of the finished run, in one process on another number of threads, runs no unit
  // again (their files are left as they were) and writes the same files.
  const auto saved = fs::last_write_time(dir / "ranks" / "units" / "0.json");
  const auto resumed = evoplay(args.substr(0, args.size() - std::string("--out ").size()) +
                               "--threads 1 --resume " + (dir / "ranks").string());
  ASSERT_EQ(resumed.status, 0) << resumed.err;
  EXPECT_EQ(fs::last_write_time(dir / "ranks" / "units" / "0.json"), saved);
  expect_same_folders(dir / "one", dir / "ranks", {"config.json"});
}

TEST(Mpi, FlagsTournamentAndABotSeriesOverRanksWriteTheFilesOfOneProcess) {
  const auto dir = scratch_dir("mpi-flags");
  const std::string args = "flags tournament --bots random,greedy,alphabeta:2 --maps '" +
                           source_path("data/flags/0[13]-*.map") + "' --threads 1 --quiet --out ";
  const auto one = evoplay(args + (dir / "one").string());
  ASSERT_EQ(one.status, 0) << one.err;
  // Rank 0 as a scheduler only (two ranks work): the same files.
  const auto ranks = evoplay_ranks(args + (dir / "ranks").string() + " --scheduler-rank");
  ASSERT_EQ(ranks.status, 0) << ranks.err;
  expect_same_folders(dir / "one", dir / "ranks");
  EXPECT_EQ(count_units(dir / "ranks"), 12u);

  const std::string play =
      "tictactoe play --x random --o alphabeta:2 --games 9 --threads 1 --quiet --out ";
  const auto series_one = evoplay(play + (dir / "series-one").string());
  ASSERT_EQ(series_one.status, 0) << series_one.err;
  const auto series_ranks = evoplay_ranks(play + (dir / "series-ranks").string());
  ASSERT_EQ(series_ranks.status, 0) << series_ranks.err;
  expect_same_folders(dir / "series-one", dir / "series-ranks");
  EXPECT_EQ(count_units(dir / "series-ranks"), 9u);
}

TEST(Mpi, TictactoeLearnRunsOverRanksWriteTheFolderOfOneProcess) {
  const auto dir = scratch_dir("mpi-ttt-learn");
  const std::string args =
      "tictactoe learn --agents 6 --rules 20 --measure-every 2 --eval-games 30 --cycles 4 "
      "--runs 4 --seed 2 --threads 1 --quiet --out ";
  const auto one = evoplay(args + (dir / "one").string());
  ASSERT_EQ(one.status, 0) << one.err;
  const auto ranks = evoplay_ranks(args + (dir / "ranks").string());
  ASSERT_EQ(ranks.status, 0) << ranks.err;
  // population.txt holds the learning time (`seconds`): only checked to exist.
  expect_same_folders(dir / "one", dir / "ranks", {"population.txt"});
  EXPECT_EQ(count_units(dir / "ranks"), 4u);
  EXPECT_TRUE(fs::exists(dir / "ranks" / "run-4" / "population.txt"));
}

TEST(Mpi, BirdsGenerateBlocksOverRanksWriteTheFolderOfOneProcess) {
  const auto dir = scratch_dir("mpi-birds");
  // Three ruleset blocks, small and quick: the blocks are the units; a worker rank's block
  // folder (levels, pictures, history) travels to rank 0 with its result.
  std::ofstream(dir / "p.txt") << "2\n\n1,2\n10\n\n1\n\n1,1\n10\n\n2\n\n2,3\n10\n";
  const std::string args =
      "birds generate --population 4 --generations 2 --max-generations 2 "
      "--blocks 0,1000 --length 4 --crossover-rate 1 --mutation-rate 0.5 "
      "--seed 3 --threads 1 --quiet --ruleset " +
      (dir / "p.txt").string() + " --out ";
  const auto one = evoplay(args + (dir / "one").string());
  ASSERT_EQ(one.status, 0) << one.err;
  const auto ranks = evoplay_ranks(args + (dir / "ranks").string());
  ASSERT_EQ(ranks.status, 0) << ranks.err;
  expect_same_folders(dir / "one", dir / "ranks");
  EXPECT_EQ(count_units(dir / "ranks"), 3u);
  EXPECT_TRUE(fs::exists(dir / "ranks" / "block-3" / "level-05.xml"));
}

/// The first `n` lines of a data file, written to `to`.
void first_lines(const std::string& data, std::size_t n, const fs::path& to) {
  std::istringstream in(slurp(source_path(data)));
  std::ofstream out(to);
  std::string line;
  for (std::size_t i = 0; i < n && std::getline(in, line); ++i) out << line << "\n";
}

TEST(Mpi, SudokuSolvePuzzlesOverRanksWriteTheFolderOfOneProcessAndResume) {
  const auto dir = scratch_dir("mpi-sudoku-solve");
  first_lines("data/sudoku/qqwing_easy_50.txt", 5, dir / "easy.txt");
  // The GA: one puzzle per unit, saved in the run folder in one process too.
  const std::string ga = "sudoku solve " + (dir / "easy.txt").string() +
                         " --method ga --population 20 --generations 25 --quiet --out ";
  const auto one = evoplay(ga + (dir / "ga-one").string() + " --threads 2");
  ASSERT_EQ(one.status, 0) << one.err;
  const auto ranks = evoplay_ranks(ga + (dir / "ga-ranks").string() + " --threads 1");
  ASSERT_EQ(ranks.status, 0) << ranks.err;
  EXPECT_EQ(without_timing_lines(one.out.substr(0, one.out.find("run folder:"))),
            without_timing_lines(ranks.out.substr(0, ranks.out.find("run folder:"))));
  // The units hold each run's history with its timings (elapsed): only checked to exist.
  const std::set<std::string> unread = {"config.json", "0.json", "1.json",
                                        "2.json",      "3.json", "4.json"};
  expect_same_folders(dir / "ga-one", dir / "ga-ranks", unread);
  EXPECT_EQ(count_units(dir / "ga-ranks"), 5u);
  // Puzzle 3's unit lost (as if the job had been killed before it): a resume in one process
  // runs it alone and writes the same files.
  fs::remove(dir / "ga-ranks" / "units" / "2.json");
  fs::remove(dir / "ga-ranks" / "result.json");
  const auto saved = fs::last_write_time(dir / "ga-ranks" / "units" / "0.json");
  const auto resumed = evoplay("sudoku solve " + (dir / "easy.txt").string() +
                               " --method ga --population 20 --generations 25 --quiet "
                               "--resume " +
                               (dir / "ga-ranks").string());
  ASSERT_EQ(resumed.status, 0) << resumed.err;
  EXPECT_EQ(fs::last_write_time(dir / "ga-ranks" / "units" / "0.json"), saved);
  expect_same_folders(dir / "ga-one", dir / "ga-ranks", unread);

  // The exact solver: blocks of 1,024 puzzles over the ranks (alone, it keeps no units).
  first_lines("data/sudoku/17clue_49158.txt", 2100, dir / "17clue.txt");
  const std::string exact = "sudoku solve " + (dir / "17clue.txt").string() + " --quiet --out ";
  const auto e_one = evoplay(exact + (dir / "exact-one").string());
  ASSERT_EQ(e_one.status, 0) << e_one.err;
  const auto e_ranks = evoplay_ranks(exact + (dir / "exact-ranks").string());
  ASSERT_EQ(e_ranks.status, 0) << e_ranks.err;
  EXPECT_EQ(count_units(dir / "exact-one"), 0u);
  EXPECT_EQ(count_units(dir / "exact-ranks"), 3u);
  for (const char* file : {"result.json", "solutions.txt"}) {
    EXPECT_EQ(comparable(dir / "exact-one" / file), comparable(dir / "exact-ranks" / file)) << file;
  }
  EXPECT_NE(slurp(dir / "exact-ranks" / "result.json").find("\"puzzles\": 2100"),
            std::string::npos);
}

TEST(Mpi, BirdsSimulateAndCheckOverRanksPrintWhatOneProcessPrints) {
  const auto dir = scratch_dir("mpi-birds-simulate");
  std::ofstream(dir / "broken.xml") << "<Level><Blocks></Level>\n";
  std::string levels;
  for (const char* f : {"sciencebirds_level-1.xml", "sciencebirds_level-4.xml",
                        "generated_playable_level.xml", "baseline_generated_level-22.xml"}) {
    levels += " " + source_path(std::string("data/birds/") + f);
  }
  const auto one = evoplay("birds simulate --json --threads 1" + levels);
  ASSERT_EQ(one.status, 0) << one.err;
  const auto ranks = evoplay_ranks("birds simulate --json --threads 1" + levels);
  ASSERT_EQ(ranks.status, 0) << ranks.err;
  EXPECT_EQ(std::count(one.out.begin(), one.out.end(), '\n'), 4);
  EXPECT_EQ(one.out, ranks.out);
  // check: a broken file among good ones is reported on rank 0's error output, status 2.
  const std::string check = "birds check" + levels + " " + (dir / "broken.xml").string();
  const auto c_one = evoplay(check);
  const auto c_ranks = evoplay_ranks(check);
  EXPECT_EQ(c_one.status, 2);
  EXPECT_EQ(c_ranks.status, 2);
  EXPECT_EQ(c_one.out, c_ranks.out);
  EXPECT_NE(c_one.out.find("generated_playable_level.xml"), std::string::npos);
  EXPECT_NE(c_ranks.err.find("evoplay: error: " + (dir / "broken.xml").string()), std::string::npos)
      << c_ranks.err;
}

TEST(Mpi, IslandsOnRanksWriteTheFolderOfIslandsOnThreads) {
  const auto dir = scratch_dir("mpi-islands");
  // Sudoku: four GA islands (ranks 0, 1, 2 run islands {0, 3}, {1}, {2}) on one puzzle.
  const auto puzzle = dir / "puzzle.txt";
  {
    std::istringstream in(slurp(source_path("data/sudoku/qqwing_expert_50.txt")));
    std::string first;
    std::getline(in, first);
    std::ofstream(puzzle) << first << "\n";
  }
  const std::string sudoku = "sudoku solve " + puzzle.string() +
                             " --method ga --population 12 --generations 30 --islands 4 "
                             "--migration-interval 4 --migrants 2 --topology fully-connected "
                             "--quiet --out ";
  const auto one = evoplay(sudoku + (dir / "sudoku-one").string() + " --threads 2");
  ASSERT_EQ(one.status, 0) << one.err;
  const auto ranks = evoplay_ranks(sudoku + (dir / "sudoku-ranks").string() + " --threads 1");
  ASSERT_EQ(ranks.status, 0) << ranks.err;
  // config.json records the threads (2 against 1): it is only checked to exist.
  expect_same_folders(dir / "sudoku-one", dir / "sudoku-ranks", {"config.json"});
  // Lemmings: three CRO islands in a ring sharing a budget of 600 evaluations.
  const std::string lemmings = "lemmings solve " +
                               source_path("data/lemmings/medium-02-hold-the-line.lvl") +
                               " --method cro --islands 3 --migration-interval 2 --migrants 1 "
                               "--evaluations 600 --population 12 --quiet --out ";
  const auto l_one = evoplay(lemmings + (dir / "lemmings-one").string() + " --threads 2");
  ASSERT_EQ(l_one.status, 0) << l_one.err;
  const auto l_ranks = evoplay_ranks(lemmings + (dir / "lemmings-ranks").string() + " --threads 1");
  ASSERT_EQ(l_ranks.status, 0) << l_ranks.err;
  expect_same_folders(dir / "lemmings-one", dir / "lemmings-ranks", {"config.json"});
  // Birds: three generator islands, fully connected; migrants and archives cross ranks as
  // genomes (without the two-birds check: BirdsGenerator.LevelsNeedTwoBirds... runs it on
  // threads).
  const std::string birds =
      "birds generate --levels 2 --population 4 --generations 2 --max-generations 2 "
      "--blocks 0,1000 --length 4 --islands 3 --migration-interval 1 --migrants 1 "
      "--topology fully-connected --min-birds 1 --no-pictures --quiet --out ";
  const auto b_one = evoplay(birds + (dir / "birds-one").string() + " --threads 2");
  ASSERT_EQ(b_one.status, 0) << b_one.err;
  const auto b_ranks = evoplay_ranks(birds + (dir / "birds-ranks").string() + " --threads 1");
  ASSERT_EQ(b_ranks.status, 0) << b_ranks.err;
  expect_same_folders(dir / "birds-one", dir / "birds-ranks", {"config.json"});
}

/// The process ids of the ranks that mpirun `parent` started.
std::vector<pid_t> ranks_of(pid_t parent) {
  std::vector<pid_t> out;
  for (const auto& e : fs::directory_iterator("/proc")) {
    const std::string name = e.path().filename();
    if (name.find_first_not_of("0123456789") != std::string::npos) continue;
    std::ifstream stat(e.path() / "stat");
    std::string pid, comm, state;
    long ppid = 0;
    stat >> pid >> comm >> state >> ppid;
    if (ppid == parent) out.push_back(std::stoi(name));
  }
  return out;
}

/// The rank of a process (its OMPI_COMM_WORLD_RANK), or -1.
int rank_of(pid_t pid) {
  const std::string env = slurp(fs::path("/proc") / std::to_string(pid) / "environ");
  const std::string key = std::string("OMPI_COMM_WORLD_RANK=");
  for (const auto var : split(env, '\0')) {
    if (var.substr(0, key.size()) == key) return std::stoi(std::string(var.substr(key.size())));
  }
  return -1;
}

TEST(Mpi, KilledRankLeavesAFolderThatResumesToTheSameFiles) {
  const auto dir = scratch_dir("mpi-resume");
  const std::string args = "lemmings compare " + kLevels +
                           " --runs 3 --evaluations 1500 --population 20 --threads 1 --quiet ";
  const auto whole = evoplay(args + "--out " + (dir / "whole").string());
  ASSERT_EQ(whole.status, 0) << whole.err;

  // The same run over 3 ranks, rank 1 killed once a few units are saved.
  const auto run = dir / "killed";
  const std::string command = "exec env " + kMpirun + EVOPLAY_BINARY + " " + args + "--out " +
                              run.string() + " >/dev/null 2>" + (dir / "err").string();
  const pid_t mpirun = test_support::spawn_sh(command);
  ASSERT_GT(mpirun, 0);
  bool killed = false;
  int status = 0;
  for (;;) {
    if (waitpid(mpirun, &status, WNOHANG) == mpirun) break;  // over before the kill: allowed
    if (!killed && count_units(run) >= 3) {
      for (pid_t p : ranks_of(mpirun)) {
        if (rank_of(p) == 1) killed = ::kill(p, SIGKILL) == 0;
      }
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  if (killed) {
    EXPECT_FALSE(WIFEXITED(status) && WEXITSTATUS(status) == 0);
  }
  const std::size_t saved = count_units(run);
  EXPECT_GE(saved, 3u);
  // Resumed over 3 ranks, then a second resume in one process does nothing new.
  const auto resumed = evoplay_ranks(args + "--resume " + run.string());
  ASSERT_EQ(resumed.status, 0) << resumed.err;
  expect_same_folders(dir / "whole", run);
  const auto again = evoplay(args + "--resume " + run.string());
  ASSERT_EQ(again.status, 0) << again.err;
  expect_same_folders(dir / "whole", run);

  const auto not_a_run = evoplay(args + "--resume " + (dir / "nothing").string());
  EXPECT_EQ(not_a_run.status, 2);
  EXPECT_NE(not_a_run.err.find("--resume: not a run folder"), std::string::npos) << not_a_run.err;
}

TEST(Mpi, FailingUnitEndsTheJobWithItsMessageAndKeepsFinishedUnits) {
  const auto dir = scratch_dir("mpi-fail");
  const std::string args = "lemmings compare " + kLevels +
                           " --runs 2 --evaluations 300 --population 20 --threads 1 --quiet ";
  const auto r = shell("EVOPLAY_TEST_FAIL_UNIT=20 " + kMpirun + EVOPLAY_BINARY + " " + args +
                       "--out " + (dir / "run").string());
  EXPECT_NE(r.status, 0);
  EXPECT_NE(r.err.find("evoplay: error: lemmings compare: unit 20 failed"), std::string::npos)
      << r.err;
  EXPECT_FALSE(fs::exists(dir / "run" / "result.json"));
  EXPECT_FALSE(fs::exists(dir / "run" / "units" / "20.json"));
  // Units finished before the failure stay for --resume: units are handed out in order, and
  // every unit handed out before unit 20 is finished and saved before the job ends.
  EXPECT_GE(count_units(dir / "run"), 20u);
  // One process fails the same way.
  const auto one = shell("EVOPLAY_TEST_FAIL_UNIT=20 " + std::string(EVOPLAY_BINARY) + " " + args +
                         "--out " + (dir / "one").string());
  EXPECT_EQ(one.status, 2);
  EXPECT_NE(one.err.find("evoplay: error: lemmings compare: unit 20 failed"), std::string::npos)
      << one.err;
}

TEST(Mpi, InputAndOptionErrorsAreSaidOnceWithTheSameStatusOnEveryRank) {
  for (const std::string& args :
       {"sudoku solve " + scratch_dir("mpi-once").string() + "/nope.txt",
        std::string("sudoku solve --method nope -"), std::string("lemmings compare --runs 0"),
        std::string("connect4 play --games 3 --x nobody")}) {
    const auto r = evoplay_ranks(args + " </dev/null");
    EXPECT_EQ(r.status, 2) << args << "\n" << r.err;
    std::size_t said = 0;
    for (auto at = r.err.find("evoplay: error"); at != std::string::npos;
         at = r.err.find("evoplay: error", at + 1))
      ++said;
    EXPECT_EQ(said, 1u) << args << "\n" << r.err;
  }
}

TEST(Mpi, StandardInputIsReadByRankZeroAndSharedWithEveryRank) {
  const auto dir = scratch_dir("mpi-stdin");
  const std::string puzzles = source_path("data/sudoku/hardest.txt");
  const std::string args =
      "sudoku solve - --method ga --generations 20 --population 30 "
      "--quiet --out ";
  const auto one =
      shell("head -3 " + puzzles + " | " + EVOPLAY_BINARY + " " + args + (dir / "one").string());
  ASSERT_EQ(one.status, 0) << one.err;
  const auto ranks = shell("head -3 " + puzzles + " | " + kMpirun + EVOPLAY_BINARY + " " + args +
                           (dir / "ranks").string());
  ASSERT_EQ(ranks.status, 0) << ranks.err;
  EXPECT_EQ(count_units(dir / "ranks"), 3u);
  // The units hold each run's history with its timings (elapsed): only checked to exist.
  expect_same_folders(dir / "one", dir / "ranks", {"0.json", "1.json", "2.json"});
}

TEST(Mpi, WorkerRanksLeaveNoScratchFolderOnAnyExitPath) {
  // The ranks' temporary folder is a folder of this test's own (TMPDIR reaches every rank).
  const auto tmp = scratch_dir("mpi-scratch");
  const auto dir = scratch_dir("mpi-scratch-runs");
  auto scratch_folders = [&] {
    std::vector<std::string> found;
    for (const auto& e : fs::directory_iterator(tmp))
      if (e.path().filename().string().starts_with("evoplay-rank")) found.push_back(e.path());
    return found;
  };
  // A folder of a rank killed long ago (its process is gone) is removed by the next job.
  fs::create_directories(tmp / "evoplay-rank1-999999999" / "units");
  const std::string env = "TMPDIR=" + tmp.string() + " ";
  // Refused --out (a file): every rank refuses it before making anything.
  std::ofstream(dir / "a-file") << "x\n";
  const auto refused = shell(env + kMpirun + EVOPLAY_BINARY +
                             " connect4 play --x random --o random --games 4 --quiet --out " +
                             (dir / "a-file").string());
  EXPECT_EQ(refused.status, 2) << refused.err;
  // A run that succeeds, and one whose input is bad.
  const auto ok = shell(env + kMpirun + EVOPLAY_BINARY +
                        " connect4 play --x random --o random --games 4 --quiet --out " +
                        (dir / "ok").string());
  EXPECT_EQ(ok.status, 0) << ok.err;
  const auto bad = shell(env + kMpirun + EVOPLAY_BINARY + " lemmings compare " +
                         (dir / "nope.lvl").string() + " --quiet --out " + (dir / "bad").string());
  EXPECT_EQ(bad.status, 2) << bad.err;
  EXPECT_EQ(scratch_folders(), std::vector<std::string>{});
}

TEST(Mpi, WithoutALauncherTheProgramNeedsNoMpi) {
  // No launcher's variables: MPI is never initialised (a run works with no mpirun around).
  const auto r =
      shell("env -u OMPI_COMM_WORLD_SIZE -u PMIX_RANK -u PMI_RANK " + std::string(EVOPLAY_BINARY) +
            " sudoku experiment " + source_path("data/sudoku/qqwing_easy_50.txt") +
            " --first 1 --generations 5 --quiet --json --out " + scratch_dir("mpi-none").string());
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(nlohmann::json::parse(r.out)["configs"].size(), 1u);
}

}  // namespace
}  // namespace evoplay
