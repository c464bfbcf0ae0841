// Pictures of many levels (birds render, simulate --render, the demo) and the rulesets check of
// the level generator, called in-process.
#include "evoplay/games/birds/pictures.hpp"

#include <gtest/gtest.h>

#include <fstream>

#include "evoplay/games/birds/composite.hpp"
#include "evoplay/games/birds/level_set.hpp"
#include "evoplay/games/birds/showcase.hpp"
#include "support/error.hpp"
#include "support/process.hpp"

using namespace evoplay::games::birds;
using evoplay::test_support::error_from;
using evoplay::test_support::scratch_dir;

namespace {

bool is_png(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  char head[8] = {};
  in.read(head, 8);
  return in && std::string(head + 1, 3) == "PNG";
}

struct TwoLevels {
  std::vector<Level> levels;
  std::vector<std::string> names;
  TwoLevels() {
    for (auto& [name, level] : showcase_levels()) {
      if (levels.size() == 2) break;
      names.push_back(name);
      levels.push_back(level);
    }
  }
};

}  // namespace

TEST(BirdsPictures, AFolderGetsOnePicturePerLevelInOrder) {
  const TwoLevels two;
  ASSERT_EQ(two.levels.size(), 2u);
  const auto dir = scratch_dir("birds-pictures-folder");
  const auto written = render_levels(two.levels, two.names, {}, {dir, 300, 0, "png"});
  ASSERT_EQ(written.size(), 2u);
  for (std::size_t i = 0; i < 2; ++i) {
    EXPECT_EQ(written[i], dir / (two.names[i] + ".png"));
    EXPECT_TRUE(is_png(written[i])) << written[i];
  }
}

TEST(BirdsPictures, OneFileForSeveralLevelsIsAContactSheet) {
  const TwoLevels two;
  const auto file = scratch_dir("birds-pictures-sheet") / "sheet.png";
  const std::vector<StabilityReport> reports = simulate_all(two.levels, {}, 1);
  const auto written = render_levels(two.levels, two.names, reports, {file, 200, 2, "png"});
  ASSERT_EQ(written.size(), 1u);
  EXPECT_EQ(written[0], file);
  EXPECT_TRUE(is_png(file));
  EXPECT_EQ(std::distance(std::filesystem::directory_iterator(file.parent_path()), {}), 1);
}

TEST(BirdsPictures, BeforeAndAfterASimulation) {
  const TwoLevels two;
  const auto dir = scratch_dir("birds-pictures-before-after");
  const auto report = simulate(two.levels[0], {});
  save_before_after(dir, "one", two.levels[0], report, 10);
  EXPECT_TRUE(is_png(dir / "one-before.png"));
  EXPECT_TRUE(is_png(dir / "one-after.png"));
}

TEST(BirdsRulesets, ABlockThatForbidsEveryCompositeIsNamedByFileAndLine) {
  Ruleset none;
  for (const auto m : {Material::kWood, Material::kStone, Material::kIce})
    for (int t = 0; t <= static_cast<int>(ObjectType::kCircleSmall); ++t)
      none.forbidden.emplace_back(m, static_cast<ObjectType>(t));
  none.line = 6;
  const Ruleset fine;
  const auto catalogue = default_catalogue();
  EXPECT_NO_THROW(check_rulesets({fine}, catalogue, "params.txt"));
  const auto e = error_from([&] { check_rulesets({fine, none}, catalogue, "params.txt"); }, "");
  EXPECT_EQ(e.file(), "params.txt");
  EXPECT_EQ(e.line(), 6);
  EXPECT_NE(e.message().find("the block starting here"), std::string::npos) << e.message();
  none.line = 0;  // not from a file: the palette's own error, no file named
  const auto bare = error_from([&] { check_rulesets({none}, catalogue, "params.txt"); }, "");
  EXPECT_EQ(bare.file(), "");
  EXPECT_NE(bare.message().find("forbidden"), std::string::npos) << bare.message();
}
