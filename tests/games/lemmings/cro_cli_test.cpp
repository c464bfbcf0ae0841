// CRO's options on the command line: the default preset, a preset and an override
// recorded in config.json, and a bad value refused before anything is written.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "support/process.hpp"

using namespace evoplay::test_support;

namespace {
const std::string kCroLevel = source_path("data/lemmings/easy-04-two-walls.lvl");

nlohmann::json cro_config(const std::string& options, const std::string& name) {
  const auto dir = scratch_dir(name);
  const auto r = run_evoplay("lemmings solve " + kCroLevel + " --evaluations 300 --quiet --json " +
                             options + " --out " + dir.string());
  EXPECT_EQ(r.status, 0) << r.err;
  return nlohmann::json::parse(slurp(dir / "config.json"))["solver"]["cro"];
}
}  // namespace

TEST(LemmingsCroCli, TheDefaultIsCroSlWithoutCopies) {
  const auto cro = cro_config("", "cro-default");
  EXPECT_EQ(cro["preset"], "sl-unique");
  EXPECT_EQ(cro["variant"], "CRO-SL");
  EXPECT_EQ(cro["substrates"], nlohmann::json::array({"all"}));
  EXPECT_EQ(cro["max_copies"], 0);
  EXPECT_EQ(cro["substrate_sizes"], "fixed");
  EXPECT_EQ(cro["larvae"], 1.0);
  EXPECT_EQ(cro["gamma"], 1.0);
  EXPECT_EQ(cro["copies_check"], "before-evaluation");
  EXPECT_EQ(cro["reef"], "10x10");
}

TEST(LemmingsCroCli, APresetAndOverridesAreRecorded) {
  const auto thesis =
      cro_config("--cro-preset thesis --cro-gamma 0.3 --cro-reef 4x6", "cro-thesis");
  EXPECT_EQ(thesis["preset"], "thesis");
  EXPECT_EQ(thesis["gamma"], 0.3);
  EXPECT_EQ(thesis["larvae"], 0.1);  // the rest stays the document's
  EXPECT_EQ(thesis["attempts"], 8);
  EXPECT_EQ(thesis["reef"], "4x6");
  const auto sl = cro_config("--cro-preset sl --cro-substrates two-point,step-shift", "cro-sl");
  EXPECT_EQ(sl["variant"], "CRO-SL");
  EXPECT_EQ(sl["substrates"], nlohmann::json::array({"two-point", "step-shift"}));
  const auto dynamic = cro_config(
      "--cro-preset sl --cro-substrate-sizes dynamic --cro-amplification 0.05", "cro-dynamic");
  EXPECT_EQ(dynamic["substrate_sizes"], "dynamic");
  EXPECT_EQ(dynamic["amplification"], 0.05);
  EXPECT_EQ(dynamic["max_copies"], 3);
}

TEST(LemmingsCroCli, BadSettingsAreRefused) {
  for (const char* bad :
       {"--cro-reef 3", "--cro-reef 0x5", "--cro-gamma 2", "--cro-preset classic",
        "--cro-substrates nope", "--cro-substrate-sizes grow", "--cro-amplification 0"}) {
    const auto dir = scratch_dir("cro-bad");
    const auto r = run_evoplay("lemmings solve " + kCroLevel + " --evaluations 50 --quiet " + bad +
                               " --out " + (dir / "run").string());
    EXPECT_EQ(r.status, 2) << bad;
    EXPECT_NE(r.err.find("evoplay: error"), std::string::npos) << bad << ": " << r.err;
    EXPECT_FALSE(std::filesystem::exists(dir / "run")) << bad;
  }
}

// A CRO option where CRO does not run is refused, naming it, not silently ignored.
TEST(LemmingsCroCli, CroOptionsWithoutCroAreRefused) {
  const auto dir = scratch_dir("lemmings-cro-without-cro");
  for (const std::string& args :
       {"lemmings solve " + kCroLevel + " --method ga --cro-gamma 1",
        "lemmings compare " + kCroLevel + " --methods ga,aco --runs 1 --cro-preset thesis",
        "sudoku solve " + source_path("data/sudoku/4x4_minimal_50.txt") + " --cro-larvae 1"}) {
    const auto r = run_evoplay(args + " --out " + (dir / "run").string());
    EXPECT_EQ(r.status, 2) << args;
    EXPECT_NE(r.err.find("--cro-"), std::string::npos) << r.err;
    EXPECT_NE(r.err.find("applies to"), std::string::npos) << r.err;
    EXPECT_FALSE(std::filesystem::exists(dir / "run")) << args;
  }
}
