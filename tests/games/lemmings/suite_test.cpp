// The level suite in data/lemmings: the three difficulties, the skills they need, and every
// reference plan replayed.
#include <gtest/gtest.h>

#include <filesystem>
#include <map>

#include "evoplay/games/lemmings/simulator.hpp"
#include "support/process.hpp"

namespace lem = evoplay::games::lemmings;

namespace {

struct SuiteLevel {
  std::string difficulty;  // from the file name: easy-, medium-, hard-
  std::filesystem::path file;
  lem::Level level;
  lem::Plan plan;
};

std::vector<SuiteLevel> suite() {
  std::vector<SuiteLevel> levels;
  const std::filesystem::path dir = evoplay::test_support::source_path("data/lemmings");
  for (const auto& e : std::filesystem::directory_iterator(dir)) {
    if (e.path().extension() != ".lvl") continue;
    const std::string stem = e.path().stem().string();
    const auto plan = dir / "solutions" / (stem + ".plan");
    levels.push_back({stem.substr(0, stem.find('-')), e.path(), lem::load_level(e.path().string()),
                      std::filesystem::exists(plan) ? lem::load_plan(plan.string()) : lem::Plan{}});
  }
  std::sort(levels.begin(), levels.end(),
            [](const auto& a, const auto& b) { return a.file < b.file; });
  return levels;
}

int count(const lem::Level& level, lem::Cell c) {
  return static_cast<int>(std::count(level.cells.begin(), level.cells.end(), c));
}

}  // namespace

TEST(LemmingsSuite, FiveLevelsOfEachDifficultyWithinTheSizes) {
  std::map<std::string, int> per_difficulty;
  for (const auto& s : suite()) {
    ++per_difficulty[s.difficulty];
    SCOPED_TRACE(s.file.string());
    EXPECT_GE(s.level.width, 20);
    EXPECT_LE(s.level.width, 60);
    EXPECT_GE(s.level.height, 9);
    EXPECT_LE(s.level.height, 25);
    EXPECT_GE(s.level.lemmings, 5);
    EXPECT_LE(s.level.lemmings, 20);
    const int dirt = count(s.level, lem::Cell::kDirt), steel = count(s.level, lem::Cell::kSteel);
    EXPECT_GT(dirt, 0);
    if (s.difficulty == "hard") {
      EXPECT_EQ(steel, 0) << "hard levels are dirt only";
    } else {
      EXPECT_GT(steel, 0) << "easy and medium levels use steel";
    }
  }
  EXPECT_EQ(per_difficulty, (std::map<std::string, int>{{"easy", 5}, {"hard", 5}, {"medium", 5}}));
}

TEST(LemmingsSuite, EveryReferencePlanSolvesItsLevelAndDoingNothingDoesNot) {
  std::array<int, lem::kSkillCount> used{};
  const std::map<std::string, std::pair<int, int>> genes = {
      {"easy", {1, 3}}, {"medium", {2, 5}}, {"hard", {4, 8}}};
  for (const auto& s : suite()) {
    SCOPED_TRACE(s.file.string());
    ASSERT_FALSE(s.plan.empty()) << "no reference plan";
    lem::Simulator sim(s.level);
    const auto& nothing = sim.run({});
    EXPECT_FALSE(nothing.solved);
    EXPECT_EQ(nothing.saved, 0);
    const auto& o = sim.run(s.plan);
    EXPECT_TRUE(o.solved) << "saved " << o.saved << " of " << s.level.save;
    EXPECT_EQ(o.genes_applied(), static_cast<int>(s.plan.size())) << "every gene has an effect";
    const auto [lo, hi] = genes.at(s.difficulty);
    EXPECT_GE(static_cast<int>(s.plan.size()), lo);
    EXPECT_LE(static_cast<int>(s.plan.size()), hi);
    for (int k = 0; k < lem::kSkillCount; ++k)
      used[static_cast<std::size_t>(k)] += o.skills_used[static_cast<std::size_t>(k)];
    for (const auto& g : s.plan) {
      EXPECT_EQ(g.lemming, 0) << "reference plans give every gene to the leader";
      EXPECT_LT(g.step, sim.estimated_duration());
    }
  }
  for (const lem::Skill skill : lem::kSkills) {  // every skill of Lemmings (not Pingus' extra)
    EXPECT_GT(used[static_cast<std::size_t>(skill)], 0) << lem::skill_name(skill);
  }
}
