// Pingus levels and rules. The small levels in tests/data/pingus/ (images from pingus-data) each
// let one action or a fall height decide the outcome; the expected outcomes follow from Pingus
// 0.7.6's source (the reasoning is in each test) and were confirmed by replaying the plans in
// the real game (scripts/pingus-replay). The last test replays a plan in the real game itself
// when pingus and Xvfb are installed, and says it is skipped otherwise.
#include <cairo.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <regex>

#include "evoplay/core/error.hpp"
#include "evoplay/core/text.hpp"
#include "evoplay/games/lemmings/pingus_demo.hpp"
#include "evoplay/games/lemmings/pingus_level.hpp"
#include "evoplay/games/lemmings/pingus_rules.hpp"
#include "evoplay/games/lemmings/problem.hpp"
#include "evoplay/games/lemmings/render.hpp"
#include "evoplay/games/lemmings/study.hpp"
#include "support/process.hpp"

namespace lem = evoplay::games::lemmings;
namespace fs = std::filesystem;

namespace {

bool have_pingus_data() {
  return fs::exists(fs::path(lem::pingus_data_dir()) / "images" / "groundpieces");
}

#define NEED_PINGUS_DATA()                                                   \
  if (!have_pingus_data())                                                   \
  GTEST_SKIP() << "pingus-data is not installed (" << lem::pingus_data_dir() \
               << "): scripts/install-deps --pingus"

std::string data(const std::string& name) {
  return evoplay::test_support::source_path("tests/data/pingus/" + name + ".pingus");
}

lem::Outcome play_pingus(const std::string& name, const std::string& plan_text) {
  const lem::Level level = lem::load_level(data(name));
  lem::PingusSimulator sim(level);
  return sim.run(lem::parse_plan(plan_text, "plan"));
}

}  // namespace

TEST(PingusLevel, ReadsTheHeadAndDrawsTheCollisionMapFromTheImages) {
  NEED_PINGUS_DATA();
  const lem::Level level = lem::load_level(data("digger"));
  ASSERT_TRUE(level.pingus);
  const lem::PingusLevel& p = *level.pingus;
  EXPECT_EQ(p.name, "Digger");
  EXPECT_EQ(p.width, 640);
  EXPECT_EQ(p.height, 420);
  EXPECT_EQ(p.pingus, 3);
  EXPECT_EQ(p.save, 2);
  EXPECT_EQ(p.time, -1);
  EXPECT_EQ(level.skill(lem::Skill::kDigger), 1);
  EXPECT_EQ(level.total_skills(), 1);
  // groundpieces/ground/snow/block3 is an opaque 64x32 image placed at (32..607, 200): ground;
  // metalplate_vert (32x64, solid) stacked at x 0..31 from y 72; the lower floor at y 350.
  EXPECT_EQ(p.at(100, 200), lem::kGpGround);
  EXPECT_EQ(p.at(100, 231), lem::kGpGround);
  EXPECT_EQ(p.at(100, 232), lem::kGpNothing);
  EXPECT_EQ(p.at(100, 199), lem::kGpNothing);
  EXPECT_EQ(p.at(10, 100), lem::kGpSolid);
  EXPECT_EQ(p.at(620, 263), lem::kGpSolid);
  EXPECT_EQ(p.at(500, 350), lem::kGpGround);
  // The entrance, the exit, and where the level is played: until the last of 3 pingus has come
  // out (ticks 151, 182, 213 at release rate 30) plus 2 * (640 + 420) ticks.
  ASSERT_EQ(p.entrances.size(), 1u);
  EXPECT_EQ(p.entrances[0].release_rate, 30);
  EXPECT_EQ(p.horizon, 213 + 2 * (640 + 420));
  EXPECT_EQ(level.time, p.horizon);
}

TEST(PingusLevel, RefusesABrokenFileAtItsLine) {
  const std::string file = data("broken");
  // The line of "(objects", the list the file never closes.
  const std::string text = evoplay::read_text(file);
  const auto lines = evoplay::split_lines(text);
  int objects = 0;
  for (std::size_t i = 0; i < lines.size(); ++i) {
    if (lines[i].find("(objects") != std::string_view::npos) objects = static_cast<int>(i) + 1;
  }
  ASSERT_GT(objects, 0);
  try {
    lem::load_level(file);
    FAIL() << "a broken file loaded";
  } catch (const evoplay::Error& e) {
    EXPECT_EQ(e.line(), objects) << e.what();
    EXPECT_NE(std::string(e.what()).find("never closed"), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find("broken.pingus"), std::string::npos) << e.what();
  }
}

TEST(PingusLevel, RefusesAnUnsupportedObjectByName) {
  NEED_PINGUS_DATA();
  try {
    lem::load_level(data("teleporter"));
    FAIL() << "a level with a teleporter loaded";
  } catch (const evoplay::Error& e) {
    EXPECT_EQ(e.line(), 17) << e.what();
    EXPECT_NE(std::string(e.what()).find("unsupported object 'teleporter'"), std::string::npos)
        << e.what();
    EXPECT_NE(std::string(e.what()).find("teleporter.pingus"), std::string::npos) << e.what();
  }
}

TEST(PingusLevel, ChecksumIsTheGames) {
  // System::checksum: c = c * 17 + (signed) byte, from 0.
  EXPECT_EQ(lem::pingus_checksum(""), "0");
  EXPECT_EQ(lem::pingus_checksum("A"), "65");
  EXPECT_EQ(lem::pingus_checksum("AB"), std::to_string(65 * 17 + 66));
  EXPECT_EQ(lem::pingus_checksum("\xff"), "-1");
  EXPECT_EQ(lem::pingus_float_hex(1.0f), "0000803f");  // little-endian bytes of 0x3f800000
}

// A fall: the Faller adds gravity 0.2 per tick and moves floor(|v|) pixels along it; landing
// faster than deadly_velocity 10.4 splats. A pingu passes 10.4 after 52 ticks, about 255 pixels:
// the 200-pixel drop of fall-safe lands at about 9 pixels per tick, the 340-pixel drop of
// fall-deadly at the terminal 11.
TEST(PingusPlans, RandomGenesDrawPingusOwnActionsAndPlansHoldAtMostTheActionsOffered) {
  NEED_PINGUS_DATA();
  lem::Level level = lem::load_level(data("digger"));
  level.skills = {};
  level.skills[static_cast<std::size_t>(lem::Skill::kJumper)] = 2;
  level.skills[static_cast<std::size_t>(lem::Skill::kSlider)] = 1;
  evoplay::Rng rng(3);
  int jumpers = 0, genes = 0;
  std::size_t longest = 0;
  for (int i = 0; i < 300; ++i) {
    // Thousands of ticks, three actions: a plan holds one to three genes.
    const lem::Plan plan = lem::random_plan(level, 5000, rng);
    ASSERT_GE(plan.size(), 1u);
    ASSERT_LE(plan.size(), 3u);
    longest = std::max(longest, plan.size());
    for (const auto& g : plan) {
      ASSERT_TRUE(g.skill == lem::Skill::kJumper || g.skill == lem::Skill::kSlider)
          << lem::skill_name(g.skill);
      ASSERT_LT(g.step, 5000);
      jumpers += g.skill == lem::Skill::kJumper;
      ++genes;
    }
  }
  EXPECT_EQ(longest, 3u);
  EXPECT_NEAR(static_cast<double>(jumpers) / genes, 2.0 / 3.0, 0.05);
}

TEST(PingusRules, AFallHeightDecidesWhetherPingusLand) {
  NEED_PINGUS_DATA();
  const auto safe = play_pingus("fall-safe", "");
  EXPECT_EQ(safe.saved, 3);
  EXPECT_EQ(safe.dead, 0);
  EXPECT_TRUE(safe.solved);
  const auto deadly = play_pingus("fall-deadly", "");
  EXPECT_EQ(deadly.saved, 0);
  EXPECT_EQ(deadly.deaths_by(lem::Fate::kSplat), 3);
}

// A floater opens its umbrella once it falls faster than 5 pixels per tick and then sinks one
// pixel per tick: it never splats.
TEST(PingusRules, AFloaterSurvivesTheDeadlyFall) {
  NEED_PINGUS_DATA();
  EXPECT_EQ(play_pingus("floater", "").deaths_by(lem::Fate::kSplat), 1);
  const auto o = play_pingus("floater", "152 floater");  // the pingu comes out at tick 151
  EXPECT_EQ(o.saved, 1);
  EXPECT_TRUE(o.solved);
}

// Pacing between two steel walls on a ground floor, nobody reaches the exit below; a digger
// digs a hole (digger_radius, every 4th tick) through the 32 pixels of ground, and the pingus
// walking on fall into it and on down to the exit's floor — two walk right to the exit, one
// lands facing left and walks off the unwalled floor (the real game saves 2 as well).
TEST(PingusRules, ADiggerOpensTheWayDown) {
  NEED_PINGUS_DATA();
  EXPECT_EQ(play_pingus("digger", "").saved, 0);
  const auto o = play_pingus("digger", "200 digger");
  EXPECT_EQ(o.saved, 2);
  EXPECT_TRUE(o.solved);
  EXPECT_EQ(o.skills_used[static_cast<std::size_t>(lem::Skill::kDigger)], 1);
}

// The three pictures of a Pingus level, from the digger's level and its plan: the paths (a PNG
// of the map, at most 800 pixels wide, 22 pixels of header above it and a key of 24 below: the
// saved path's colour appears in the key's band), one frame (no key) and the replay (a GIF).
TEST(PingusRender, PathsFrameAndReplayWithTheirKey) {
  NEED_PINGUS_DATA();
  const lem::Level level = lem::load_level(data("digger"));
  const lem::Plan plan = lem::parse_plan("200 digger", "plan");
  const auto dir = evoplay::test_support::scratch_dir("pingus-render");
  EXPECT_TRUE(lem::render_file(level, plan, dir / "paths.png", {}).solved);
  cairo_surface_t* img = cairo_image_surface_create_from_png((dir / "paths.png").c_str());
  ASSERT_EQ(cairo_surface_status(img), CAIRO_STATUS_SUCCESS);
  const int w = cairo_image_surface_get_width(img), h = cairo_image_surface_get_height(img);
  const int d = std::max(1, (level.pingus->width + 799) / 800);  // at most 800 pixels wide
  EXPECT_EQ(w, level.pingus->width / d);
  EXPECT_EQ(h, level.pingus->height / d + 22 + 24);
  cairo_surface_flush(img);
  int saved_in_key = 0;
  for (int y = h - 24; y < h; ++y) {
    const auto* row = reinterpret_cast<const std::uint32_t*>(
        cairo_image_surface_get_data(img) + y * cairo_image_surface_get_stride(img));
    for (int x = 0; x < w; ++x) saved_in_key += (row[x] & 0xFFFFFF) == 0x50E65A;  // (80,230,90)
  }
  cairo_surface_destroy(img);
  EXPECT_GT(saved_in_key, 50);  // the key's 12 x 12 swatch
  lem::RenderSettings frame;
  frame.step = 100;
  lem::render_file(level, plan, dir / "frame.png", frame);
  img = cairo_image_surface_create_from_png((dir / "frame.png").c_str());
  EXPECT_EQ(cairo_image_surface_get_height(img), level.pingus->height / d + 22);
  cairo_surface_destroy(img);
  lem::render_file(level, plan, dir / "replay.gif", {});
  EXPECT_EQ(evoplay::test_support::slurp(dir / "replay.gif").substr(0, 6), "GIF89a");
}

// A basher next to a ground wall removes bash_radius every 6th tick while walking a pixel every
// 3rd; the tunnel lets every pingu through. Assigned far from the wall it finds nothing to bash
// within its reach (34 pixels) and turns back into a walker.
TEST(PingusRules, ABasherTunnelsThroughTheWall) {
  NEED_PINGUS_DATA();
  EXPECT_EQ(play_pingus("basher", "").saved, 0);
  EXPECT_EQ(play_pingus("basher", "350 basher").saved, 3);
  EXPECT_EQ(play_pingus("basher", "190 basher").saved, 0);
}

// A bridger lays up to 15 bricks (GP_BRIDGE), one every 39 ticks, 4 pixels on and 2 up each;
// it crosses the 48-pixel gap that otherwise drops the pingus out of the level. The others
// reach the edge while it is still building and fall (the real game saves 1 as well).
TEST(PingusRules, ABridgerSpansTheGap) {
  NEED_PINGUS_DATA();
  const auto none = play_pingus("bridger", "");
  EXPECT_EQ(none.saved, 0);
  EXPECT_EQ(none.deaths_by(lem::Fate::kFellOut), 3);
  const auto o = play_pingus("bridger", "320 bridger");
  EXPECT_EQ(o.saved, 1);
  EXPECT_TRUE(o.solved);
}

// A blocker turns every pingu within 16 pixels to face away from it: the others walk back to
// the exit behind them instead of off the end of the floor.
TEST(PingusRules, ABlockerTurnsTheOthersBack) {
  NEED_PINGUS_DATA();
  const auto none = play_pingus("blocker", "");
  EXPECT_EQ(none.saved, 0);
  EXPECT_EQ(none.deaths_by(lem::Fate::kFellOut), 4);
  const auto o = play_pingus("blocker", "200 blocker");
  EXPECT_EQ(o.saved, 3);
  EXPECT_TRUE(o.solved);
  EXPECT_EQ(o.out, 1);  // the blocker stays
}

// A climber walking into the steel wall climbs it (a pixel a tick), steps over its top, walks
// off the far side (a safe 128-pixel drop) and on to the exit.
TEST(PingusRules, AClimberGoesOverTheWall) {
  NEED_PINGUS_DATA();
  EXPECT_EQ(play_pingus("climber", "").saved, 0);
  EXPECT_EQ(play_pingus("climber", "152 climber").saved, 1);
}

TEST(PingusRules, GenesFollowTheGamesRequestRules) {
  NEED_PINGUS_DATA();
  // A faller can only take a bomber (or the permanent climber and floater); a gene for a pingu
  // not yet out is skipped; the counts of the level limit the genes.
  const lem::Level level = lem::load_level(data("digger"));
  lem::PingusSimulator sim(level);
  const auto& o =
      sim.run(lem::parse_plan("100 digger\n155 digger 1\n200 digger 2\n200 digger 1\n", "plan"));
  ASSERT_EQ(o.gene_lemming.size(), 4u);
  EXPECT_EQ(o.gene_lemming[0], 0);  // nobody out at tick 100
  EXPECT_EQ(o.gene_lemming[1], 0);  // pingu 1 still falling at 155
  EXPECT_EQ(o.gene_lemming[2], 0);  // pingu 2 not released until 182... and falling at 200
  EXPECT_EQ(o.gene_lemming[3], 1);
  ASSERT_EQ(sim.assignments().size(), 1u);
  EXPECT_EQ(sim.assignments()[0].step, 200);
  EXPECT_EQ(sim.assignments()[0].pingu, 0);
}

TEST(PingusRules, ADemoRecordsTheAppliedGenes) {
  NEED_PINGUS_DATA();
  const lem::Level level = lem::load_level(data("digger"));
  const auto demo = lem::pingus_demo(level, lem::parse_plan("100 digger\n200 digger\n", "plan"));
  EXPECT_EQ(demo.name, "evoplay/digger");
  EXPECT_NE(demo.text.find("(level (name \"evoplay/digger\") (checksum \"" +
                           level.pingus->checksum + "\"))"),
            std::string::npos);
  EXPECT_NE(demo.text.find("(pingu-action (time 200) (id 0) (raw-x \""), std::string::npos);
  EXPECT_NE(demo.text.find("(action \"digger\"))"), std::string::npos);
  EXPECT_NE(demo.text.find("(finish (time " + std::to_string(demo.outcome.steps) + "))"),
            std::string::npos);
}

TEST(PingusRules, SolversSolveAPingusLevel) {
  NEED_PINGUS_DATA();
  const lem::Level level = lem::load_level(data("blocker"));
  lem::LemmingsProblem problem(level, lem::FitnessKind::kHeuristic);
  const lem::Plan plan = lem::parse_plan("200 blocker", "plan");
  const double solved = problem.evaluate(plan);
  EXPECT_TRUE(problem.solves(solved));
  EXPECT_FALSE(problem.solves(problem.evaluate({})));
}

// The real game: the blocker plan exported as a demo, played by pingus under Xvfb; the game's
// own counter must say 3 saved, as the Pingus rules do.
TEST(PingusReplay, TheRealGameSavesWhatTheRulesSay) {
  NEED_PINGUS_DATA();
  const std::string script = evoplay::test_support::source_path("scripts/pingus-replay");
  if (!fs::exists("/usr/games/pingus") || std::system("command -v Xvfb >/dev/null 2>&1") != 0) {
    GTEST_SKIP() << "skipped: the real game's replay needs pingus and Xvfb "
                    "(scripts/install-deps --pingus)";
  }
  const lem::Level level = lem::load_level(data("blocker"));
  const auto demo = lem::pingus_demo(level, lem::parse_plan("200 blocker", "plan"));
  const fs::path dir = fs::temp_directory_path() / ("evoplay-pingus-" + std::to_string(::getpid()));
  fs::create_directories(dir);
  const fs::path file = dir / "blocker.pingus-demo";
  std::ofstream(file) << demo.text;
  const std::string cmd = script + " " + file.string() + " " + data("blocker") + " 2>&1";
  std::string out;
  if (FILE* p = popen(cmd.c_str(), "r")) {
    char buf[512];
    while (fgets(buf, sizeof buf, p)) out += buf;
    const int status = pclose(p);
    fs::remove_all(dir);
    if (WIFEXITED(status) && WEXITSTATUS(status) == 77) GTEST_SKIP() << out;
    ASSERT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0) << out;
  }
  std::smatch m;
  ASSERT_TRUE(std::regex_search(out, m, std::regex("\"saved\": ([0-9]+)"))) << out;
  EXPECT_EQ(std::stoi(m[1]), demo.outcome.saved) << out;
  EXPECT_EQ(demo.outcome.saved, 3);
  EXPECT_NE(out.find("\"inconsistent\": 0"), std::string::npos) << out;
}

TEST(PingusStudy, ALevelSetIsAGroupOfTheSummary) {
  NEED_PINGUS_DATA();
  // A Pingus level's group is its folder (here tests/data/pingus): the share of runs that
  // solve is summed over it as over a difficulty of the drawn levels.
  auto levels = lem::load_study_levels({data("digger"), data("floater")});
  ASSERT_EQ(levels.size(), 2u);
  EXPECT_EQ(levels[0].difficulty, "pingus");
  lem::StudySpec spec;
  spec.runs = 1;
  spec.solver.evaluations = 20;
  spec.solver.population = 10;
  spec.algorithms = {lem::Algorithm::kCro};
  spec.fitnesses = {lem::FitnessKind::kHeuristic};
  const auto r = lem::run_study(std::move(levels), spec);
  ASSERT_EQ(r.difficulties.size(), 1u);
  EXPECT_EQ(r.difficulties[0].difficulty, "pingus");
  EXPECT_EQ(r.difficulties[0].runs, 2u);
  std::size_t solved = 0;
  for (const auto& run : r.runs) solved += run.counters.solved;
  EXPECT_EQ(r.difficulties[0].solved[0], solved);
}

TEST(PingusLevel, ASetNamedTwiceIsReportedOnce) {
  NEED_PINGUS_DATA();
  // pingus-data 0.7.6's tutorial holds 21 levels (levels/tutorial/*.pingus).
  const auto r = lem::pingus_load_report({"tutorial", "tutorial"}, lem::pingus_data_dir());
  EXPECT_EQ(r.levels.size(), 21u);
}
