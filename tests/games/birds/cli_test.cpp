// `evoplay birds ...` as a user runs it: reports, JSON lines, pictures, checks, broken files.
#include <gtest/gtest.h>

#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "support/interrupt.hpp"
#include "support/process.hpp"

using namespace evoplay::test_support;

namespace {

std::string example_file(const std::string& name) { return source_path("data/birds/" + name); }

std::vector<nlohmann::json> json_lines(const std::string& out) {
  std::vector<nlohmann::json> lines;
  std::istringstream in(out);
  for (std::string line; std::getline(in, line);) {
    if (!line.empty()) lines.push_back(nlohmann::json::parse(line));
  }
  return lines;
}

}  // namespace

TEST(BirdsCli, SimulateReportsEveryLevelAsJson) {
  const std::string files = example_file("sciencebirds_level-1.xml") + " " +
                            example_file("baseline_generated_level-22.xml");
  const auto one = run_evoplay("birds simulate --json --threads 1 " + files);
  ASSERT_EQ(one.status, 0) << one.err;
  const auto lines = json_lines(one.out);
  ASSERT_EQ(lines.size(), 2u);
  for (const auto& j : lines) {
    for (const char* key : {"file", "stable", "score", "paper_score", "destroyed", "moved",
                            "objects", "at_rest", "overlaps", "per_object"}) {
      EXPECT_TRUE(j.contains(key)) << key;
    }
  }
  EXPECT_EQ(lines[0]["objects"], 4);
  EXPECT_EQ(lines[0]["stable"], false);
  EXPECT_EQ(lines[1]["objects"], 41);
  EXPECT_EQ(lines[1]["per_object"].size(), 50u);  // 41 pieces and 9 platforms
  EXPECT_EQ(lines[0]["per_object"][3]["kind"], "tnt");
  EXPECT_EQ(lines[0]["per_object"][3]["line"], 14);
  // The same lines with two threads.
  const auto two = run_evoplay("birds simulate --json --threads 2 " + files);
  EXPECT_EQ(two.out, one.out);
  // The human report names the objects that moved.
  const auto human = run_evoplay("birds simulate " + example_file("sciencebirds_level-1.xml"));
  EXPECT_EQ(human.status, 0);
  EXPECT_NE(human.out.find("UNSTABLE"), std::string::npos);
  EXPECT_NE(human.out.find("TNT at (3.21, -4) (line 14)"), std::string::npos) << human.out;
}

TEST(BirdsCli, SimulateDrawsBeforeAndAfter) {
  const auto dir = scratch_dir("birds-cli-sim");
  const auto r = run_evoplay("birds simulate --game-seconds 3 --render-dir " + dir.string() + " " +
                             example_file("sciencebirds_level-4.xml"));
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_GT(std::filesystem::file_size(dir / "sciencebirds_level-4-before.png"), 10000u);
  EXPECT_GT(std::filesystem::file_size(dir / "sciencebirds_level-4-after.png"), 10000u);
}

TEST(BirdsCli, RenderWritesPicturesSheetsAndFolders) {
  const auto dir = scratch_dir("birds-cli-render");
  const std::string files = example_file("sciencebirds_level-1.xml") + " " +
                            example_file("sciencebirds_level-2_platform.xml");
  const auto sheet =
      run_evoplay("birds render --after " + files + " --image " + (dir / "s.png").string());
  ASSERT_EQ(sheet.status, 0) << sheet.err;
  EXPECT_EQ(slurp(dir / "s.png").substr(1, 3), "PNG");
  const auto svg = run_evoplay("birds render " + example_file("sciencebirds_level-4.xml") +
                               " --image " + (dir / "one.svg").string());
  ASSERT_EQ(svg.status, 0) << svg.err;
  EXPECT_NE(slurp(dir / "one.svg").find("<svg"), std::string::npos);
  std::filesystem::create_directories(dir / "all");
  const auto folder = run_evoplay("birds render " + files + " --image " + (dir / "all").string());
  ASSERT_EQ(folder.status, 0) << folder.err;
  EXPECT_TRUE(std::filesystem::exists(dir / "all" / "sciencebirds_level-1.png"));
  EXPECT_TRUE(std::filesystem::exists(dir / "all" / "sciencebirds_level-2_platform.png"));
  const auto bad = run_evoplay("birds render " + files + " --image " + (dir / "x.jpg").string());
  EXPECT_EQ(bad.status, 2);
  EXPECT_NE(bad.err.find("--image must be"), std::string::npos) << bad.err;
  EXPECT_FALSE(std::filesystem::exists(dir / "x.jpg"));
}

TEST(BirdsCli, CheckReportsOverlapsWithTheirLinesAndExitsThree) {
  const auto r = run_evoplay("birds check " + example_file("sciencebirds_level-1.xml"));
  EXPECT_EQ(r.status, 3);
  EXPECT_NE(r.out.find("TNT at (3.21, -4) (line 14) and the ground, 0.830 deep"), std::string::npos)
      << r.out;
  const auto dir = scratch_dir("birds-cli-check");
  std::ofstream(dir / "clean.xml")
      << "<Level width=\"2\">\n<GameObjects>\n"
         "<Block type=\"RectFat\" material=\"wood\" x=\"0\" y=\"-3.285\" />\n"
         "<Block type=\"RectFat\" material=\"ice\" x=\"0\" y=\"-2.855\" />\n"
         "</GameObjects>\n</Level>\n";
  const auto clean = run_evoplay("birds check --json " + (dir / "clean.xml").string());
  EXPECT_EQ(clean.status, 0) << clean.out << clean.err;
  const auto j = json_lines(clean.out);
  ASSERT_EQ(j.size(), 1u);
  EXPECT_EQ(j[0]["ok"], true);
  EXPECT_EQ(j[0]["blocks"], 2);
}

TEST(BirdsCli, BrokenFilesAreInputErrorsWithTheLine) {
  const auto dir = scratch_dir("birds-cli-bad");
  std::ofstream(dir / "bad.xml")
      << "<?xml version=\"1.0\" encoding=\"utf-16\"?>\n<Level>\n"
         "<GameObjects>\n"
         "<Block type=\"RectFat\" material=\"wood\" x=\"0\" y=\"-3.285\" />\n"
         "<Block type=\"Rectangle\" material=\"wood\" x=\"0\" y=\"0\" />\n"
         "</GameObjects>\n</Level>\n";
  const std::string bad = (dir / "bad.xml").string();
  for (const char* command : {"simulate", "render --out x.png", "check"}) {
    const auto r = run_evoplay(std::string("birds ") + command + " " + bad);
    EXPECT_EQ(r.status, 2) << command;
    EXPECT_NE(r.err.find("evoplay: error: " + bad + ":5: unknown block type 'Rectangle'"),
              std::string::npos)
        << command << ": " << r.err;
  }
  // check goes on with the other files.
  const auto both =
      run_evoplay("birds check " + bad + " " + example_file("sciencebirds_level-4.xml"));
  EXPECT_EQ(both.status, 2);
  EXPECT_NE(both.out.find("sciencebirds_level-4.xml: 14 blocks"), std::string::npos);
  const auto missing = run_evoplay("birds simulate /no/such/level.xml");
  EXPECT_EQ(missing.status, 2);
  EXPECT_NE(missing.err.find("/no/such/level.xml"), std::string::npos);
  std::ofstream(dir / "truncated.xml") << "<Level>\n<GameObjects>\n<Block type=\"RectFat\" x=";
  const auto truncated = run_evoplay("birds simulate " + (dir / "truncated.xml").string());
  EXPECT_EQ(truncated.status, 2);
  EXPECT_NE(truncated.err.find("truncated.xml:3:"), std::string::npos) << truncated.err;
}

TEST(BirdsCli, CheckReportsAnObjectOutsideTheLevelAndExitsThree) {
  // Width 1: the level spans x in [-8.75, 8.75]; a pig at x = 20 lies wholly outside it.
  const auto dir = scratch_dir("birds-cli-outside");
  std::ofstream(dir / "outside.xml")
      << "<Level width=\"1\">\n<GameObjects>\n"
         "<Block type=\"RectFat\" material=\"wood\" x=\"0\" y=\"-3.285\" />\n"
         "<Pig type=\"BasicSmall\" material=\"\" x=\"20\" y=\"-3.275\" />\n"
         "</GameObjects>\n</Level>\n";
  const auto r = run_evoplay("birds check " + (dir / "outside.xml").string());
  EXPECT_EQ(r.status, 3) << r.out << r.err;
  EXPECT_NE(r.out.find("(problems)"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("  outside the level (x beyond +-8.75, the game removes it): #1 Pig "
                       "BasicSmall at (20, -3.275) (line 4)"),
            std::string::npos)
      << r.out;
  const auto j = run_evoplay("birds check --json " + (dir / "outside.xml").string());
  EXPECT_EQ(j.status, 3);
  const auto lines = json_lines(j.out);
  ASSERT_EQ(lines.size(), 1u);
  EXPECT_EQ(lines[0]["outside"], nlohmann::json::array({1}));
  EXPECT_EQ(lines[0]["ok"], false);
}

TEST(BirdsCli, SimulateRefusesARenderFolderThatIsAFileBeforeDoingAnything) {
  const auto dir = scratch_dir("birds-cli-render-file");
  std::ofstream(dir / "afile") << "not a folder\n";
  const std::string files =
      example_file("sciencebirds_level-1.xml") + " " + example_file("sciencebirds_level-4.xml");
  const auto r =
      run_evoplay("birds simulate --render-dir " + (dir / "afile").string() + " " + files);
  EXPECT_EQ(r.status, 2);
  EXPECT_EQ(r.out, "") << "nothing printed before the error";
  EXPECT_NE(r.err.find("afile"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("--render-dir needs a folder"), std::string::npos) << r.err;
  EXPECT_EQ(slurp(dir / "afile"), "not a folder\n");
  // A folder that does not exist yet is made.
  const auto made = run_evoplay("birds simulate --render-dir " + (dir / "new" / "pics").string() +
                                " " + example_file("sciencebirds_level-2_platform.xml"));
  ASSERT_EQ(made.status, 0) << made.err;
  EXPECT_TRUE(
      std::filesystem::exists(dir / "new" / "pics" / "sciencebirds_level-2_platform-after.png"));
}

namespace {

int png_width(const std::filesystem::path& path) {
  // The IHDR chunk: width big-endian at byte 16.
  const std::string s = slurp(path);
  if (s.size() < 24) return -1;
  int w = 0;
  for (int i = 16; i < 20; ++i) w = w * 256 + static_cast<unsigned char>(s[i]);
  return w;
}

}  // namespace

TEST(BirdsCli, RenderWidthIsThePicturesOrEachSheetCells) {
  const auto dir = scratch_dir("birds-cli-width");
  const std::string one = example_file("sciencebirds_level-1.xml");
  const std::string two = one + " " + example_file("sciencebirds_level-2_platform.xml");
  auto render = [&](const std::string& files, const std::string& args, const std::string& name) {
    const auto r = run_evoplay("birds render " + files + " --columns 2 --image " +
                               (dir / name).string() + " " + args);
    EXPECT_EQ(r.status, 0) << r.err;
    return png_width(dir / name);
  };
  EXPECT_EQ(render(one, "", "a.png"), 1200);  // one level: 1200 by default
  EXPECT_EQ(render(one, "--width 700", "b.png"), 700);
  // A contact sheet of two cells, 8 pixels apart and from the edges: cells 480 by default, and
  // exactly the width asked for, 1200 included.
  EXPECT_EQ(render(two, "", "c.png"), 2 * 480 + 3 * 8);
  EXPECT_EQ(render(two, "--width 1200", "d.png"), 2 * 1200 + 3 * 8);
  EXPECT_EQ(render(two, "--width 300", "e.png"), 2 * 300 + 3 * 8);
}

TEST(BirdsCli, TimesAndTurnsPrintWithoutFloatNoise) {
  // ChatGPT4PCG's file comes to rest after 35 steps of 0.02 s on the thin skin: 0.7, not
  // 0.7000000000000001.
  const auto r = run_evoplay("birds simulate --thin-skin --json " +
                             example_file("chatgpt4pcg_result_22_wellformed.xml"));
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.out.find("\"settle_time\":0.7,"), std::string::npos) << r.out.substr(0, 400);
  EXPECT_EQ(r.out.find("00000000"), std::string::npos);
  EXPECT_EQ(r.out.find("99999999"), std::string::npos);
  // Level 1 with round pigs: the RectFat turns by a hair less than 0: "turned 0.0", not "-0.0".
  const auto human = run_evoplay("birds simulate --round-pigs --thin-skin " +
                                 example_file("sciencebirds_level-1.xml"));
  ASSERT_EQ(human.status, 0) << human.err;
  EXPECT_NE(human.out.find("turned 0.0 deg"), std::string::npos) << human.out;
  EXPECT_EQ(human.out.find("-0.0 deg"), std::string::npos) << human.out;
}

// Ctrl-C during a long simulate: it stops after the batch under way and exits 130, every
// picture it wrote whole.
TEST(BirdsCli, CtrlCStopsASimulationOfManyLevels) {
  const auto dir = scratch_dir("birds-simulate-sigint");
  const std::string level = slurp(source_path("data/birds/sciencebirds_level-1.xml"));
  std::vector<std::string> args = {"birds", "simulate",     "--game-seconds",
                                   "600",   "--full-time",  "--threads",
                                   "1",     "--render-dir", (dir / "pics").string()};
  for (int i = 0; i < 12; ++i) {
    const auto file = dir / ("l" + std::to_string(i) + ".xml");
    std::ofstream(file) << level;
    args.push_back(file.string());
  }
  const int status = interrupt_when(args, dir / "pics" / "l0-after.png");
  EXPECT_EQ(status, 130);
  for (const auto& e : std::filesystem::directory_iterator(dir / "pics")) {
    EXPECT_EQ(e.path().filename().string().find(".tmp-"), std::string::npos) << e.path();
  }
}
