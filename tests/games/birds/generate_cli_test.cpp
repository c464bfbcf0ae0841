// `evoplay birds generate` and `birds diversity` as a user runs them: the run folder, the same
// levels at one thread or two, ruleset blocks in their own folders within the file's limits,
// layers of open-ended composites, and broken input files.
#include <fcntl.h>
#include <gtest/gtest.h>
#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <fstream>
#include <nlohmann/json.hpp>
#include <string>
#include <thread>
#include <vector>

#include "evoplay/core/history.hpp"
#include "evoplay/games/birds/check.hpp"
#include "evoplay/games/birds/composite.hpp"
#include "evoplay/games/birds/ruleset.hpp"
#include "evoplay/games/birds/xml.hpp"
#include "support/interrupt.hpp"
#include "support/process.hpp"

using namespace evoplay::test_support;
namespace birds = evoplay::games::birds;
namespace fs = std::filesystem;

namespace {

/// A short run: 4 individuals, all parents each generation, small levels (any number of blocks),
/// no generation more than the two asked for.
const std::string kSmall =
    " --population 4 --generations 2 --max-generations 2 --blocks 0,1000 --length 4 "
    "--crossover-rate 1 --mutation-rate 0.5 --seed 3";

nlohmann::json json_file(const fs::path& path) { return nlohmann::json::parse(slurp(path)); }

/// Starts `evoplay ARGS` with standard error on a new pseudo-terminal (where it draws its progress
/// line), waits however long it takes until it has written `text` there, sends SIGINT and waits
/// for it to end; returns its exit status (-2 when it ended before writing `text`).
int interrupt_when_it_says(const std::vector<std::string>& args, const std::string& text) {
  const int master = posix_openpt(O_RDWR | O_NOCTTY);
  if (master < 0 || grantpt(master) != 0 || unlockpt(master) != 0) return -3;
  const pid_t pid = spawn_evoplay(args, "/dev/null", "/dev/null", ptsname(master));
  std::string seen;
  bool sent = false;
  for (;;) {
    int status = 0;
    if (waitpid(pid, &status, WNOHANG) == pid) {
      close(master);
      if (!sent) return -2;
      return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
    }
    pollfd p{master, POLLIN, 0};
    if (poll(&p, 1, 50) > 0 && (p.revents & POLLIN)) {
      char buffer[4096];
      const ssize_t n = read(master, buffer, sizeof buffer);
      if (n > 0) seen.append(buffer, static_cast<std::size_t>(n));
    } else if (p.revents & POLLHUP) {
      std::this_thread::sleep_for(std::chrono::milliseconds(20));  // not opened yet, or closed
    }
    if (!sent && seen.find(text) != std::string::npos) {
      kill(pid, SIGINT);
      sent = true;
    }
  }
}

}  // namespace

TEST(BirdsGenerateCli, WritesARunFolderAndTheSameLevelsAtAnyThreadCount) {
  const auto dir = scratch_dir("birds-gen");
  const auto one = run_evoplay("birds generate" + kSmall + " --levels 2 --threads 1 --out " +
                               (dir / "one").string());
  ASSERT_EQ(one.status, 0) << one.err;
  EXPECT_NE(one.out.find("level-04.xml"), std::string::npos) << one.out;
  for (const char* f : {"level-04.xml", "level-05.xml", "level-04.png", "level-05.png", "sheet.png",
                        "history.csv", "config.json", "result.json", "fitness.png", "hamming.png",
                        "composites.json", "composites-next.json", "composites.png"}) {
    EXPECT_TRUE(fs::exists(dir / "one" / f)) << f;
  }
  EXPECT_FALSE(fs::exists(dir / "one" / "level-06.xml"));
  // The levels start clean and the records say what was run.
  for (const char* f : {"level-04.xml", "level-05.xml"}) {
    const auto level = birds::read_level((dir / "one" / f).string());
    EXPECT_TRUE(birds::find_overlaps(level).empty()) << f;
    EXPECT_GE(level.count(birds::Kind::kPig), 2);
    EXPECT_LE(level.count(birds::Kind::kPig), 4);
  }
  const auto config = json_file(dir / "one" / "config.json");
  EXPECT_EQ(config["seed"], 3);
  EXPECT_EQ(config["population"], 4);
  EXPECT_EQ(config["selection"], "tournament:2");
  const auto result = json_file(dir / "one" / "result.json");
  ASSERT_EQ(result["levels"].size(), 2u);
  EXPECT_EQ(result["levels"][0]["file"], "level-04.xml");
  const std::string history = slurp(dir / "one" / "history.csv");
  EXPECT_EQ(std::count(history.begin(), history.end(), '\n'), 4);  // header and generations 0-2
  EXPECT_NE(history.find("min_hamming"), std::string::npos);
  // The catalogue used is the built-in one.
  EXPECT_EQ(birds::read_catalogue((dir / "one" / "composites.json").string()).size(), 38u);
  // Two threads: the same files.
  const auto two =
      run_evoplay("birds generate" + kSmall + " --levels 2 --threads 2 --no-pictures " + "--out " +
                  (dir / "two").string());
  ASSERT_EQ(two.status, 0) << two.err;
  for (const char* f : {"level-04.xml", "level-05.xml", "composites-next.json"}) {
    EXPECT_EQ(slurp(dir / "one" / f), slurp(dir / "two" / f)) << f;
  }
  EXPECT_FALSE(fs::exists(dir / "two" / "sheet.png"));
  EXPECT_EQ(two.err.find("note"), std::string::npos) << two.err;
  // More levels than the run can find: fewer files, and a note saying so.
  const auto many = run_evoplay(
      "birds generate --population 3 --generations 0 --length 3 --blocks 0,1000 --min-distance 0 "
      "--levels 6 --no-pictures --quiet --out " +
      (dir / "many").string());
  ASSERT_EQ(many.status, 0) << many.err;
  EXPECT_NE(many.err.find("only 3 distinct levels of the 6 asked for"), std::string::npos)
      << many.err;
  EXPECT_EQ(json_file(dir / "many" / "result.json")["levels_asked"], 6);
  EXPECT_FALSE(fs::exists(dir / "many" / "level-07.xml"));
  // The diversity of the set, human and JSON.
  const auto div = run_evoplay("birds diversity " + (dir / "one").string());
  ASSERT_EQ(div.status, 0) << div.err;
  EXPECT_NE(div.out.find("2 levels"), std::string::npos) << div.out;
  EXPECT_NE(div.out.find("structural distance"), std::string::npos);
  const auto dj =
      run_evoplay("birds diversity --json --matrix " + (dir / "one/level-04.xml").string() + " " +
                  (dir / "one/level-05.xml").string());
  ASSERT_EQ(dj.status, 0) << dj.err;
  const auto d = nlohmann::json::parse(dj.out);
  EXPECT_EQ(d["levels"], 2);
  EXPECT_EQ(d["structural_matrix"][0][1], d["structural_matrix"][1][0]);
  // What the levels hold: blocks per level and protected pigs, from the files.
  const auto l4 = birds::read_level((dir / "one/level-04.xml").string());
  const auto l5 = birds::read_level((dir / "one/level-05.xml").string());
  EXPECT_DOUBLE_EQ(d["blocks"]["mean"].get<double>(),
                   (l4.count(birds::Kind::kBlock) + l5.count(birds::Kind::kBlock)) / 2.0);
  EXPECT_EQ(d["pigs"], l4.count(birds::Kind::kPig) + l5.count(birds::Kind::kPig));
  EXPECT_LE(d["protected_pigs"].get<int>(), d["pigs"].get<int>());
  const auto lonely = run_evoplay("birds diversity " + (dir / "one/level-04.xml").string());
  EXPECT_EQ(lonely.status, 2);
}

// Blocks and layers are the library's (level_set_test.cpp); the command takes them from a file.
TEST(BirdsGenerateCli, RulesetBlocksFromAFile) {
  const auto dir = scratch_dir("birds-gen-rules");
  std::ofstream(dir / "p.txt") << "2\n\n3,5\n10\n\n1\n\n1,1\n10\n";
  const auto r = run_evoplay("birds generate" + kSmall + " --no-pictures --ruleset " +
                             (dir / "p.txt").string() + " --out " + (dir / "run").string());
  ASSERT_EQ(r.status, 0) << r.err;
  const auto result = json_file(dir / "run" / "result.json");
  ASSERT_EQ(result["blocks"].size(), 2u);
  EXPECT_TRUE(fs::exists(dir / "run" / "block-2" / "level-04.xml"));
  EXPECT_EQ(json_file(dir / "run" / "config.json")["rulesets"].size(), 2u);
  // --levels and --ruleset do not go together.
  const auto both = run_evoplay("birds generate --levels 3 --ruleset " + (dir / "p.txt").string());
  EXPECT_EQ(both.status, 2);
}

TEST(BirdsGenerateCli, BrokenInputFilesAreReportedWithTheirLine) {
  const auto dir = scratch_dir("birds-gen-bad");
  std::ofstream(dir / "p.txt") << "5\nwood RectMedium\n8 10\n30\n";
  const auto rules = run_evoplay("birds generate --ruleset " + (dir / "p.txt").string() +
                                 " --out " + (dir / "x").string());
  EXPECT_EQ(rules.status, 2);
  EXPECT_NE(rules.err.find("evoplay: error: " + (dir / "p.txt").string() + ":3: pig range"),
            std::string::npos)
      << rules.err;
  std::ofstream(dir / "c.json") << "{\"composites\": [\n"
                                   "  {\"name\": \"a\", \"pieces\": [\n"
                                   "    {\"type\": \"RectFat\", \"x\": 0, \"y\": 0,\n"
                                   "     \"material\": \"plastic\"}]}\n]}\n";
  const auto cat = run_evoplay("birds generate --composites " + (dir / "c.json").string() +
                               " --out " + (dir / "y").string());
  EXPECT_EQ(cat.status, 2);
  EXPECT_NE(cat.err.find("evoplay: error: " + (dir / "c.json").string() +
                         ":3: composite \"a\", piece: unknown material 'plastic'"),
            std::string::npos)
      << cat.err;
  std::ofstream(dir / "cut.json") << "{\"composites\": [\n  {\"name\": ";
  const auto cut = run_evoplay("birds generate --composites " + (dir / "cut.json").string());
  EXPECT_EQ(cut.status, 2);
  EXPECT_NE(cut.err.find("cut.json:2:"), std::string::npos) << cut.err;
  const auto pigs = run_evoplay("birds generate --pigs 5,2 --out " + (dir / "z").string());
  EXPECT_EQ(pigs.status, 2);
  EXPECT_NE(pigs.err.find("--pigs"), std::string::npos) << pigs.err;
  const auto topology =
      run_evoplay("birds generate --islands 2 --topology star --out " + (dir / "w").string());
  EXPECT_EQ(topology.status, 2);
  EXPECT_NE(topology.err.find("topology: expected ring or fully-connected, found 'star'"),
            std::string::npos)
      << topology.err;
  const auto none = run_evoplay("birds generate --islands 0 --out " + (dir / "v").string());
  EXPECT_EQ(none.status, 2);
  EXPECT_NE(none.err.find("--islands"), std::string::npos) << none.err;
  // Bad input is found before the run folder is made: nothing is half-written.
  for (const char* out : {"x", "y", "z", "w", "v"}) EXPECT_FALSE(fs::exists(dir / out)) << out;
}

TEST(BirdsGenerateCli, IslandsAreRecordedAndGiveTheSameLevelsAtAnyThreadCount) {
  const auto dir = scratch_dir("birds-generate-islands");
  const std::string args = "birds generate" + kSmall +
                           " --levels 2 --islands 3 --migration-interval 1 --migrants 1 "
                           "--topology fully-connected --min-birds 1 --no-pictures --quiet --out ";
  const auto one = run_evoplay(args + (dir / "one").string() + " --threads 1");
  ASSERT_EQ(one.status, 0) << one.err;
  const auto two = run_evoplay(args + (dir / "two").string() + " --threads 2");
  ASSERT_EQ(two.status, 0) << two.err;
  const auto config = json_file(dir / "one" / "config.json");
  EXPECT_EQ(config["islands"]["islands"], 3);
  EXPECT_EQ(config["islands"]["topology"], "fully-connected");
  for (const char* level : {"level-04.xml", "level-05.xml"}) {
    EXPECT_EQ(slurp(dir / "one" / level), slurp(dir / "two" / level)) << level;
  }
  // One row per generation of the archipelago: evaluations of all three islands.
  const auto history = evoplay::parse_csv(slurp(dir / "one" / "history.csv"), "history.csv");
  ASSERT_EQ(history.rows.size(), 3u);
  EXPECT_EQ(history.values("evaluations")[0], 3 * 4);
}

namespace {

/// The pigs of every level file in `folder` (level-04.xml, level-05.xml, ...): `count` files.
std::vector<int> pigs_in(const fs::path& folder, int count) {
  std::vector<int> out;
  for (int i = 0; i < count; ++i) {
    const fs::path file = folder / ("level-0" + std::to_string(4 + i) + ".xml");
    if (!fs::exists(file)) break;
    out.push_back(birds::read_level(file.string()).count(birds::Kind::kPig));
  }
  return out;
}

}  // namespace

TEST(BirdsGenerateCli, AHighPigRangeIsMetFromTheCommandLineAndFromARuleset) {
  const auto dir = scratch_dir("birds-gen-pigs");
  // The audit asked for 20 and got 16 to 19. Levels of 20 composites, as by default.
  const std::string run =
      " --population 4 --generations 1 --max-generations 1 --blocks 0,1000 --length 20 "
      "--no-pictures --quiet --seed 5";
  const auto cli = run_evoplay("birds generate --pigs 20,25 --levels 2" + run + " --out " +
                               (dir / "a").string());
  ASSERT_EQ(cli.status, 0) << cli.err;
  EXPECT_EQ(cli.err.find("note"), std::string::npos) << cli.err;  // no level short of pigs
  const auto a = pigs_in(dir / "a", 2);
  ASSERT_EQ(a.size(), 2u);
  for (int n : a) {
    EXPECT_GE(n, 20);
    EXPECT_LE(n, 25);
  }
  const auto result = json_file(dir / "a" / "result.json");
  for (const auto& l : result["levels"]) EXPECT_EQ(l["pigs_missing"], 0);
  std::ofstream(dir / "p.txt") << "2\n\n20,25\n10\n";
  const auto rules = run_evoplay("birds generate --ruleset " + (dir / "p.txt").string() + run +
                                 " --out " + (dir / "b").string());
  ASSERT_EQ(rules.status, 0) << rules.err;
  EXPECT_EQ(rules.err.find("note"), std::string::npos) << rules.err;
  const auto b = pigs_in(dir / "b" / "block-1", 2);
  ASSERT_EQ(b.size(), 2u);
  for (int n : b) {
    EXPECT_GE(n, 20);
    EXPECT_LE(n, 25);
  }
  // More than a level can hold: refused with the limit, from both.
  const auto many = run_evoplay("birds generate --pigs 20,40 --out " + (dir / "c").string());
  EXPECT_EQ(many.status, 2);
  EXPECT_NE(many.err.find("whole numbers from 1 to 30"), std::string::npos) << many.err;
  std::ofstream(dir / "q.txt") << "2\n\n20,40\n10\n";
  const auto file = run_evoplay("birds generate --ruleset " + (dir / "q.txt").string() + " --out " +
                                (dir / "d").string());
  EXPECT_EQ(file.status, 2);
  EXPECT_NE(file.err.find("q.txt:3: pig range 20,40: expected 1 <= min <= max <= 30"),
            std::string::npos)
      << file.err;
  // --pigs with --ruleset (whose blocks give the range) is refused, not ignored.
  const auto both = run_evoplay("birds generate --pigs 3,3 --ruleset " + (dir / "p.txt").string() +
                                " --out " + (dir / "e").string());
  EXPECT_EQ(both.status, 2);
  EXPECT_NE(both.err.find("--pigs"), std::string::npos) << both.err;
  for (const char* out : {"c", "d", "e"}) EXPECT_FALSE(fs::exists(dir / out)) << out;
}

TEST(BirdsGenerateCli, ReusingTheOutFolderLeavesNothingOfTheEarlierRun) {
  const auto dir = scratch_dir("birds-gen-reuse");
  const fs::path out = dir / "run";
  const std::string small =
      " --population 3 --generations 0 --length 3 --blocks 0,1000 --min-distance 0 --quiet --out " +
      out.string();
  // First: three levels in two layers, pictures; a file of the user's own in the folder.
  ASSERT_EQ(run_evoplay("birds generate --levels 3 --layers 2" + small).status, 0);
  ASSERT_TRUE(fs::exists(out / "level-06.xml"));
  ASSERT_TRUE(fs::exists(out / "layer-1" / "level-04.xml"));
  std::ofstream(out / "notes.txt") << "mine\n";
  // Then one level, one layer, no pictures: nothing of the first run stays.
  const auto second = run_evoplay("birds generate --levels 1 --no-pictures" + small);
  ASSERT_EQ(second.status, 0) << second.err;
  EXPECT_TRUE(fs::exists(out / "level-04.xml"));
  for (const char* stale : {"level-05.xml", "level-06.xml", "level-04.png", "sheet.png",
                            "fitness.png", "composites.png", "layer-1"}) {
    EXPECT_FALSE(fs::exists(out / stale)) << stale;
  }
  EXPECT_EQ(json_file(out / "result.json")["levels"].size(), 1u);
  EXPECT_EQ(slurp(out / "notes.txt"), "mine\n");  // not the generator's: kept
  // A ruleset run's block folders go too when the next run has none.
  std::ofstream(dir / "p.txt") << "1\n\n1,1\n10\n\n1\n\n2,2\n10\n";
  ASSERT_EQ(
      run_evoplay("birds generate --no-pictures --ruleset " + (dir / "p.txt").string() + small)
          .status,
      0);
  ASSERT_TRUE(fs::exists(out / "block-2" / "level-04.xml"));
  ASSERT_EQ(run_evoplay("birds generate --levels 1 --no-pictures" + small).status, 0);
  EXPECT_FALSE(fs::exists(out / "block-1"));
  EXPECT_FALSE(fs::exists(out / "block-2"));
  // A folder that holds a level file but is no earlier run of the generator: refused, untouched.
  const fs::path mine = dir / "mine";
  fs::create_directories(mine);
  std::ofstream(mine / "level-04.xml") << "a level of my own\n";
  const auto refused =
      run_evoplay("birds generate --levels 1 --no-pictures --quiet --out " + mine.string());
  EXPECT_EQ(refused.status, 2);
  EXPECT_NE(refused.err.find("not an earlier `birds generate` run"), std::string::npos)
      << refused.err;
  EXPECT_EQ(slurp(mine / "level-04.xml"), "a level of my own\n");
  EXPECT_FALSE(fs::exists(mine / "result.json"));
}

// Ctrl-C during a long generate: exit 130, the levels found so far written, result.json saying
// cancelled, only whole files. --json names the run folder under run_dir.
TEST(BirdsGenerateCli, CtrlCEndsTheRunWithWhatItFound) {
  const auto dir = scratch_dir("birds-gen-sigint") / "run";
  // Once generation 0 is done (its progress line): a Ctrl-C before it would find no level.
  const int status = interrupt_when_it_says(
      {"birds", "generate", "--population", "4", "--generations", "1000000", "--length", "4",
       "--blocks", "0,1000", "--no-pictures", "--out", dir.string()},
      "gen 0 ");
  EXPECT_EQ(status, 130);
  expect_cancelled_run(dir);
  EXPECT_TRUE(fs::exists(dir / "level-04.xml"));
  const auto result = json_file(dir / "result.json");
  EXPECT_EQ(result["layers"][0]["stop_reason"], "cancelled");

  const auto r = run_evoplay("birds generate" + kSmall + " --levels 1 --no-pictures --json --out " +
                             (dir.parent_path() / "j").string());
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(nlohmann::json::parse(r.out)["run_dir"], (dir.parent_path() / "j").string());
}
