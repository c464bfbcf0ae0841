// Hostile input through the program, as an attacker or a careless user gives it: every case ends
// with `evoplay: error: ...` naming what is wrong and exit status 2 (never "internal error"),
// leaves no run folder behind, or, where the input is fine, does the work (docs/reliability.md).
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "support/process.hpp"

namespace fs = std::filesystem;
using namespace evoplay::test_support;

namespace {

const std::string kLevel = source_path("data/lemmings/easy-01-down-the-hole.lvl");
const std::string kPuzzles = source_path("data/sudoku/qqwing_easy_50.txt");
const std::string kBirds = source_path("data/birds/sciencebirds_level-1.xml");
const std::string kMap = source_path("data/flags/01-duel.map");

std::string quoted(const fs::path& p) { return "'" + p.string() + "'"; }

void write(const fs::path& file, const std::string& text) {
  fs::create_directories(file.parent_path());
  std::ofstream(file, std::ios::binary) << text;
}

struct HostileCase {
  std::string args;      // shell text after `evoplay`; OUT stands for a run folder to watch
  std::string expected;  // in standard error
};

// Runs each case; each must fail with status 2, name what it expects, and leave OUT unmade.
void expect_refused(const std::vector<HostileCase>& cases, const fs::path& dir) {
  int n = 0;
  for (const auto& c : cases) {
    const fs::path out = dir / ("out" + std::to_string(n++));
    std::string args = c.args;
    if (const auto at = args.find("OUT"); at != std::string::npos) args.replace(at, 3, quoted(out));
    const auto r = run_evoplay(args);
    EXPECT_EQ(r.status, 2) << args << "\n" << r.err;
    EXPECT_NE(r.err.find("evoplay: error: "), std::string::npos) << args << "\n" << r.err;
    EXPECT_EQ(r.err.find("internal error"), std::string::npos) << args << "\n" << r.err;
    EXPECT_NE(r.err.find(c.expected), std::string::npos) << args << "\n" << r.err;
    EXPECT_LT(r.err.size(), 2000u) << args;
    EXPECT_FALSE(fs::exists(out)) << args << ": a run folder was left behind";
  }
}

}  // namespace

// NaN, infinities and numbers past their range are refused by every number option (the options
// check what is typed before a run folder exists).
TEST(HostileInput, NumberOptionsRefuseNanInfinitiesAndOverflow) {
  const auto dir = scratch_dir("hostile-numbers");
  const std::string lvl = " " + kLevel, birds = " " + kBirds, sudoku = " " + kPuzzles;
  expect_refused(
      {
          {"birds simulate --game-seconds nan" + birds, "--game-seconds: expected a number > 0"},
          {"birds simulate --game-seconds 5e7" + birds, "and <= 3600, found '5e7'"},
          {"birds simulate --game-seconds 1e300" + birds, "found '1e300'"},
          {"birds check --tolerance nan" + birds, "--tolerance: expected a number from 0 to 10"},
          {"birds diversity --cell nan" + birds, "--cell: expected a number"},
          {"birds render --after --game-seconds inf --image OUT/a.png" + birds, "found 'inf'"},
          {"birds generate --out OUT --stability-weight nan", "--stability-weight"},
          {"birds generate --out OUT --max-lift nan", "--max-lift"},
          {"birds generate --out OUT --crossover-rate nan", "--crossover-rate"},
          {"birds generate --out OUT --mutation-rate -inf", "--mutation-rate"},
          {"connect4 solve --table-mib nan /dev/null", "--table-mib: expected a number from 1"},
          {"sudoku solve --method ga --crossover-rate nan --out OUT" + sudoku, "--crossover-rate"},
          {"sudoku solve --method ga --elitism 101 --out OUT" + sudoku,
           "--elitism: expected a number from 0 to 100, found '101'"},
          {"sudoku solve --method ga --population 2147483648 --out OUT" + sudoku,
           "--population: expected a whole number from 2 to 1000000"},
          {"sudoku experiment --puzzles" + sudoku + " --runs 2000000000 --out OUT", "--runs"},
          {"sudoku experiment --puzzles" + sudoku + " --vary mutation-rate=nan --out OUT",
           "--vary"},
          {"sudoku experiment --puzzles" + sudoku + " --vary population=1e300 --out OUT", "--vary"},
          {"lemmings solve" + lvl + " --population 4294967297 --out OUT", "--population"},
          {"lemmings compare --levels" + lvl + " --runs 0 --out OUT", "--runs"},
          {"flags play " + kMap + " --games 0 --out OUT", "--games"},
          {"tictactoe learn --agents 2147483648 --out OUT",
           "--agents: expected a whole number from 4 to 10000"},
          {"tictactoe learn --mutation-rate nan --out OUT", "--mutation"},
          {"sudoku solve --seed -1 --out OUT" + sudoku,
           "--seed: expected a whole number from 0 to 18446744073709551615, found '-1'"},
          {"sudoku solve --seed 18446744073709551616 --out OUT" + sudoku, "--seed"},
          {"sudoku solve --threads -1 --out OUT" + sudoku, "--threads"},
          {"serve --port 65536", "--port: expected a whole number from 0 to 65535"},
          {"serve --think-seconds nan", "--think-seconds"},
          {"serve --job-seconds 1e300", "--job-seconds"},
          {"serve --threads 0", "--threads"},
      },
      dir);
}

// Files that are not what they claim to be, or that ask for work past the documented limits.
TEST(HostileInput, FilesPastTheirLimitsOrNotUtf8AreRefusedWithTheirPlace) {
  const auto dir = scratch_dir("hostile-files");
  std::string level = slurp(kLevel);
  const auto with = [&](const std::string& from, const std::string& to) {
    return std::string(level).replace(level.find(from), from.size(), to);
  };
  write(dir / "latin1.lvl", with("name: Down the hole", "name: caf\xE9"));
  write(dir / "time.lvl", with("time: 80", "time: 1000000000"));
  write(dir / "nul.plan", std::string("5 dig\0ger\n", 10));
  write(dir / "huge.plan", "5 " + std::string(10'000'000, 'x') + "\n");
  write(dir / "composites.json",
        "{\"composites\": [{\"name\": \"x\", \"blocks\": [\n"
        "{\"type\": \"RectFat\", \"x\": 1e400}]}]}\n");
  write(dir / "dup.xml",
        "<Level><GameObjects><Block type=\"RectFat\" material=\"wood\" x=\"0\" "
        "y=\"0\" x=\"1\"/></GameObjects></Level>");
  write(dir / "nested.xml",
        "<Level><GameObjects>\n<Block type=\"RectFat\" material=\"wood\" "
        "x=\"0\" y=\"0\">\n<Block type=\"RectFat\" material=\"wood\" x=\"0\" "
        "y=\"0\"/></Block></GameObjects></Level>");
  write(dir / "two.xml", "<Level><GameObjects/>\n<GameObjects/></Level>");
  write(dir / "far.xml",
        "<Level><GameObjects><Block type=\"RectFat\" material=\"wood\" "
        "x=\"999999\" y=\"999999\"/></GameObjects></Level>");
  std::string many = "<Level><GameObjects>\n";
  for (int i = 0; i < 2001; ++i)
    many += "<Block type=\"RectFat\" material=\"wood\" x=\"0\" y=\"0\"/>\n";
  write(dir / "many.xml", many + "</GameObjects></Level>\n");
  std::string plan;
  for (int i = 0; i <= 1'000'000; ++i) plan += "5 digger\n";
  write(dir / "long.plan", plan);
  write(dir / "rules.txt", "5\n\n1,3\n5\n\n3\nwood RectFat,wood Nope\n1,3\n5\n");
  std::string everything;  // every block type in every material: nothing can be built
  for (const char* type :
       {"SquareHole", "RectFat", "SquareSmall", "SquareTiny", "RectTiny", "RectSmall", "RectMedium",
        "RectBig", "TriangleHole", "Triangle", "Circle", "CircleSmall"}) {
    for (const char* material : {"wood", "stone", "ice"})
      everything += (everything.empty() ? "" : ",") + std::string(material) + " " + type;
  }
  write(dir / "none.txt", "2\n\n1,3\n5\n\n1\n" + everything + "\n1,1\n5\n");
  const auto d = [&](const char* name) { return quoted(dir / name); };
  expect_refused(
      {
          {"lemmings show " + d("latin1.lvl"), "latin1.lvl:2:10: not UTF-8 text (byte 0xE9)"},
          {"lemmings show " + d("time.lvl"),
           "time: expected a number from 1 to 1000000, found 1000000000"},
          {"lemmings run " + kLevel + " --plan " + d("nul.plan"), "unknown skill 'dig\\x00ger'"},
          {"lemmings run " + kLevel + " --plan " + d("huge.plan"), "more bytes)"},
          {"birds generate --composites " + d("composites.json") + " --out OUT",
           "composites.json:2:26: malformed JSON: number overflow parsing '1e400'"},
          {"birds check " + d("dup.xml"), "<Block> has the attribute x twice"},
          {"birds check " + d("nested.xml"), "nested.xml:3: <Block> inside <Block>"},
          {"birds check " + d("two.xml"), "two.xml:2: a second <GameObjects>"},
          {"birds simulate " + d("many.xml"), "more than 2000 objects"},
          {"birds diversity " + d("far.xml") + " " + kBirds, "give a larger --cell"},
          {"lemmings run " + kLevel + " --plan " + d("long.plan"), "long.plan:1000001:"},
          {"birds generate --ruleset " + d("rules.txt") + " --out OUT",
           "rules.txt:7:19: unknown block type 'Nope'"},
          {"birds generate --ruleset " + d("none.txt") + " --out OUT",
           "none.txt:6: the block starting here: every composite"},
          {"lemmings run - --plan -", "'-' (standard input) is given for more than one input"},
      },
      dir);
}

// Options that name things: lists with holes, an output of the wrong kind or in the wrong place.
TEST(HostileInput, NamesAndOutputPathsAreCheckedBeforeAnyWork) {
  const auto dir = scratch_dir("hostile-paths");
  write(dir / "file", "x");
  write(dir / "h" / "history.csv",
        "generation,evaluations,best,mean,worst,diversity,elapsed\n"
        "1,10,5,4,3,0,0\n");
  const auto d = [&](const char* name) { return quoted(dir / name); };
  expect_refused(
      {
          {"flags play " + kMap + " --a random --b random --render-dir " + d("file") + " --out OUT",
           "--render-dir needs a folder, and this is a file"},
          {"flags play " + kMap + " --a random --b random --render-dir /proc/evoplay --out OUT",
           "--render-dir"},
          {"flags show " + kMap + " --image " + d("x.jpg"),
           "--image: expected a file name ending in .png or .svg, not .jpg"},
          {"lemmings render " + kLevel + " --image " + d("x.bmp"), "ending in .gif or .png"},
          {"plot " + d("h") + " --image " + d("x.pdf"),
           "x.pdf: --image: expected a file name ending in .png or .svg, not .pdf"},
          {"flags tournament --bots , --maps " + kMap + " --out OUT", "--bots ',': an empty name"},
          {"sudoku experiment " + kPuzzles + " --crossover all,pmx --out OUT",
           "'all' stands alone"},
      },
      dir);
  EXPECT_FALSE(fs::exists(dir / "x.jpg"));
}

// Inputs that are fine but unusual do the work: a byte-order mark, a file name that is not UTF-8
// (written into JSON as U+FFFD), values at the edges of doubles in a history, a long plan (the
// report sums up the genes past the first 200).
TEST(HostileInput, UnusualButValidInputsWork) {
  const auto dir = scratch_dir("hostile-valid");
  write(dir / "bom.lvl", "\xEF\xBB\xBF" + slurp(kLevel));
  auto r = run_evoplay("lemmings show " + quoted(dir / "bom.lvl"));
  EXPECT_EQ(r.status, 0) << r.err;

  const fs::path odd = dir / "d\xFF";
  write(odd / "p.txt", slurp(kPuzzles).substr(0, 82));
  r = run_evoplay("sudoku solve " + quoted(odd / "p.txt") + " --json --out " + quoted(dir / "s"));
  ASSERT_EQ(r.status, 0) << r.err;
  const auto config = nlohmann::json::parse(slurp(dir / "s" / "config.json"));
  EXPECT_EQ(config["file"], (dir / "d\xEF\xBF\xBD" / "p.txt").string());
  EXPECT_TRUE(nlohmann::json::parse(slurp(dir / "s" / "result.json")).is_object());

  write(dir / "h" / "history.csv",
        "generation,evaluations,best,mean,worst,diversity,elapsed\n"
        "1,10,9e307,0,0,0,0\n2,20,-9e307,0,0,0,0\n3,30,inf,nan,0,0,0\n");
  r = run_evoplay("plot " + quoted(dir / "h"));
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_GT(fs::file_size(dir / "h" / "fitness.png"), 1000u);

  std::string plan;
  for (int i = 0; i < 300; ++i) plan += std::to_string(i) + " digger\n";
  write(dir / "p.plan", plan);
  r = run_evoplay("lemmings run " + kLevel + " --plan " + quoted(dir / "p.plan"));
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.out.find("... and 100 more genes (--json lists every gene)"), std::string::npos)
      << r.out;
}

// Sudoku's config.json records the run's seed, not the default of its settings.
TEST(HostileInput, SudokuRecordsTheSeedItRan) {
  const auto dir = scratch_dir("sudoku-seed");
  const auto r = run_evoplay("sudoku solve --method ga --generations 2 --seed 77 --out " +
                             quoted(dir / "run") + " " + kPuzzles);
  ASSERT_EQ(r.status, 0) << r.err;
  const auto config = nlohmann::json::parse(slurp(dir / "run" / "config.json"));
  EXPECT_EQ(config["ga"]["seed"], 77);
  EXPECT_EQ(config["seed"], 77);
}
