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
          {"birds simulate --game-seconds nan" + birds,
           "--game-seconds: expected a number above 0"},
          {"birds simulate --game-seconds 5e7" + birds, "and at most 3600, found '5e7'"},
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

// Inputs that were misread: each is now refused naming the place and what was expected.
TEST(HostileInput, MisreadInputsAreRefusedNamingWhatWasExpected) {
  const auto dir = scratch_dir("hostile-misread");
  // <GameObject>, a typo of <GameObjects>: its objects were left out and the empty level "stood".
  write(dir / "typo.xml",
        "<?xml version=\"1.0\" encoding=\"utf-16\"?>\n<Level width =\"2\">\n"
        "<Camera x=\"0\" y=\"2\" minWidth=\"20\" maxWidth=\"30\">\n<Birds>\n"
        "<Bird type=\"BirdRed\"/>\n</Birds>\n<Slingshot x=\"-8\" y=\"-2.5\">\n<GameObject>\n"
        "<Block type=\"RectFat\" material=\"wood\" x=\"0\" y=\"-3\" />\n</GameObject>\n"
        "</Level>\n");
  // Numbers past an int were narrowed before they were checked (-2147483648, 0).
  write(dir / "levels.txt", "2147483648\n\n1,3\n5\n");
  write(dir / "pigs.txt", "5\n\n1,4294967296\n5\n");
  // A rotation out of range was called "must be a number".
  write(dir / "rotation.json",
        "{\"composites\": [{\"name\": \"x\", \"pieces\": [\n"
        "{\"type\": \"RectFat\", \"x\": 0, \"y\": 0, \"rotation\": 1e7}]}]}\n");
  // A --check score no position can have was called missing, or searched for first.
  write(dir / "scores.txt", ". 99\n44 99999999999999999999\n");
  // A map row with 'é' was "ragged".
  std::string map = slurp(kMap);
  map.replace(map.find("..a...."), 7, "..a\xC3\xA9...");
  write(dir / "accent.map", map);
  const auto d = [&](const char* name) { return quoted(dir / name); };
  expect_refused(
      {
          {"birds simulate " + d("typo.xml"),
           "typo.xml:8: unknown element <GameObject> in <Level> (expected <Camera>, <Birds>, "
           "<Slingshot> or <GameObjects>)"},
          {"birds check " + d("typo.xml"), "typo.xml:8: unknown element <GameObject>"},
          {"birds generate --ruleset " + d("levels.txt") + " --out OUT",
           "levels.txt:1: number of levels 2147483648 is out of range (1 to 1000)"},
          {"birds generate --ruleset " + d("pigs.txt") + " --out OUT",
           "pigs.txt:3: pig range 1,4294967296: expected 1 <= min <= max"},
          {"birds generate --composites " + d("rotation.json") + " --out OUT",
           "\"rotation\" must be a number within +-1e+06 (degrees), found 10000000.0"},
          {"connect4 solve --check --table-mib 8 " + d("scores.txt"),
           "scores.txt:1:3: --check: expected a score from -21 to 21 (a position of 0 moves), "
           "found '99'"},
          {"connect4 solve --check --table-mib 8 " + d("scores.txt"),
           "scores.txt:2:4: --check: expected a score from -20 to 20 (a position of 2 moves), "
           "found '99999999999999999999'"},
          {"flags show " + d("accent.map"), "accent.map:4:4: unknown character '\xC3\xA9'"},
          // A level given twice was two rows of one name in the study's tables.
          {"lemmings compare " + kLevel + " " + kLevel + " --runs 1 --evaluations 10 --out OUT",
           "easy-01-down-the-hole.lvl: this level is given twice"},
          // A demo of a drawn level was refused by the level's name, not its file.
          {"lemmings export-demo " +
               quoted(fs::path(source_path("data/lemmings/solutions/easy-01-down-the-hole.plan"))) +
               " " + kLevel + " --out " + d("x.pingus-demo"),
           "easy-01-down-the-hole.lvl: a Lemmings level; a demo is of a Pingus level (.pingus)"},
          // An on|off option with an empty value was on.
          {"tictactoe learn --symmetry= --out OUT", "--symmetry: expected on or off"},
          {"tictactoe learn --sharing= --out OUT", "--sharing: expected on or off"},
          {"tictactoe learn --shared-knowledge= --out OUT",
           "--shared-knowledge: expected on or off"},
          {"tictactoe learn --replace-repeated= --out OUT",
           "--replace-repeated: expected on or off"},
          {"tictactoe learn --accumulated-mutation= --out OUT",
           "--accumulated-mutation: expected on or off"},
          {"tictactoe learn --until-unbeatable= --out OUT",
           "--until-unbeatable: expected on or off"},
          {"sudoku solve --method ga --restricted= --out OUT " + kPuzzles,
           "--restricted: expected on or off, found nothing after '='"},
          {"sudoku experiment --puzzles " + kPuzzles + " --restricted= --out OUT",
           "--restricted: expected on or off"},
          {"connect4 solve --weak= --table-mib 8 " + d("scores.txt"), "--weak: expected on or off"},
          {"connect4 solve --check= --table-mib 8 " + d("scores.txt"),
           "--check: expected on or off"},
      },
      dir);
  // The impossible scores were refused, not searched for: no position was reported solved.
  const auto r = run_evoplay("connect4 solve --check --table-mib 8 " + d("scores.txt"));
  EXPECT_EQ(r.out, "");
  // A value after '=' is still read, and `--NAME=` is refused only for flags.
  EXPECT_EQ(run_evoplay("connect4 solve --weak=on --check=off --table-mib 8 --quiet",
                        "5554224333234511764415115 4\n")
                .status,
            0);

  // A learning run whose config.json says eval_games 2147483648: said as written.
  const fs::path run = dir / "learn";
  ASSERT_EQ(
      run_evoplay("tictactoe learn --agents 4 --rules 3 --cycles 2 --quiet --out " + quoted(run))
          .status,
      0);
  std::string config = slurp(run / "config.json");
  const auto at = config.find("\"eval_games\": ");
  ASSERT_NE(at, std::string::npos);
  config.replace(at, config.find(',', at) - at, "\"eval_games\": 2147483648");
  write(run / "config.json", config);
  const auto resumed = run_evoplay("tictactoe learn --resume " + quoted(run) + " --cycles 4");
  EXPECT_EQ(resumed.status, 2);
  EXPECT_NE(resumed.err.find("setting 'eval_games': expected a whole number from 1 to 1000000, "
                             "found 2147483648"),
            std::string::npos)
      << resumed.err;
}

// A command refused for its input makes no output folder: the output paths are checked before
// the input is read, but nothing is made until a file is written (core/output_path.hpp).
TEST(HostileInput, ARefusedCommandLeavesNoOutputFolder) {
  const auto dir = scratch_dir("hostile-no-folder");
  const std::string nope = quoted(dir / "nope");
  expect_refused(
      {
          {"lemmings render " + nope + ".lvl --image OUT/a/x.gif", "nope.lvl: cannot open"},
          {"lemmings render " + kLevel + " --plan " + nope + ".plan --image OUT/a/x.gif",
           "nope.plan: cannot open"},
          {"birds render " + nope + ".xml --image OUT/a/x.png", "nope.xml: cannot open"},
          {"birds render " + nope + ".xml --image OUT/pictures", "nope.xml: cannot open"},
          {"birds render --after " + nope + ".xml --image OUT/a/x.svg", "nope.xml: cannot open"},
          {"birds simulate " + nope + ".xml --render-dir OUT/pictures", "nope.xml: cannot open"},
          {"birds shoot " + nope + ".xml --angle 30 --render OUT/a/x.gif", "nope.xml: cannot open"},
          {"flags show " + nope + ".map --image OUT/a/x.png", "nope.map: cannot open"},
          {"flags play " + nope + ".map --render-dir OUT/a --out OUT/run", "nope.map: cannot open"},
          {"plot " + nope + " --image OUT/a/x.png", "no such file"},
      },
      dir);
  // Where the input is good, the folders are made for the files.
  const auto r = run_evoplay("lemmings render " + kLevel + " --image " +
                             quoted(dir / "made" / "deep" / "x.gif"));
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_TRUE(fs::exists(dir / "made" / "deep" / "x.gif"));
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
