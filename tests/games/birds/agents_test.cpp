// Agents, the playability measures and pig protection on small levels whose answers follow from
// their geometry: a pig in the open, a pig behind a wall, a pig inside a closed hut.
#include "evoplay/games/birds/agents.hpp"

#include <gtest/gtest.h>

#include <cmath>

#include "evoplay/core/error.hpp"
#include "evoplay/games/birds/difficulty.hpp"
#include "evoplay/games/birds/protection.hpp"
#include "games/birds/level_support.hpp"

using namespace evoplay::games::birds;

namespace {

using namespace evoplay::games::birds::test;

/// A medium pig on open ground 8 units in front of the slingshot.
Level open_pig() {
  return level_of({BirdType::kRed, BirdType::kRed},
                  {thing(ObjectType::kPigMedium, 0, on_ground(ObjectType::kPigMedium))});
}

/// A pig in a closed stone hut: two standing RectBig walls, a RectBig roof across them.
Level hut(std::vector<BirdType> birds) {
  const double wall_y = kGroundY + 1.03;
  return level_of(std::move(birds),
                  {block(ObjectType::kRectBig, Material::kStone, 2, wall_y, 90),
                   block(ObjectType::kRectBig, Material::kStone, 3.5, wall_y, 90),
                   block(ObjectType::kRectBig, Material::kStone, 2.75, kGroundY + 2.06 + 0.11),
                   thing(ObjectType::kPigSmall, 2.75, on_ground(ObjectType::kPigSmall))});
}

}  // namespace

TEST(BirdsAgents, NamesRoundTripAndBadSettingsNameTheirField) {
  for (AgentKind k : {AgentKind::kRandom, AgentKind::kNaive, AgentKind::kSearch}) {
    EXPECT_EQ(parse_agent(agent_name(k)), k);
  }
  EXPECT_THROW(parse_agent("clever"), evoplay::Error);
  AgentSettings s;
  s.budget = 0;
  try {
    s.validate();
    FAIL() << "budget 0 accepted";
  } catch (const evoplay::Error& e) {
    EXPECT_NE(std::string(e.what()).find("budget"), std::string::npos) << e.what();
  }
  PlaySettings play;
  play.max_shot_seconds = 0;
  EXPECT_THROW(play.validate(), evoplay::Error);
}

TEST(BirdsAgents, TheNaiveAgentHitsAPigInTheOpen) {
  // Aimed at the pig's centre along the low parabola: the flight passes through it.
  const Level level = open_pig();
  const GameRecord g = play_game(level, {AgentKind::kNaive}, {}, 3);
  EXPECT_TRUE(g.won());
  EXPECT_EQ(g.birds_used, 1);
  EXPECT_EQ(g.pigs_killed, 1);
}

TEST(BirdsAgents, RandomShotsStayInTheirRangeAndTapWithinTheFlight) {
  const Level level = level_of({BirdType::kYellow}, {thing(ObjectType::kPigSmall, 5, -3.275)});
  const GameState state = initial_state(level, {});
  AgentSettings random;
  random.kind = AgentKind::kRandom;
  evoplay::Rng rng(7);
  for (int k = 0; k < 50; ++k) {
    const Shot s = choose_shot(random, level, state, {}, rng).shot;
    EXPECT_GE(s.angle, random.min_angle);
    EXPECT_LE(s.angle, random.max_angle);
    EXPECT_EQ(s.pull, 1.0);
    EXPECT_GE(s.tap, 0.0);
    EXPECT_LT(s.tap, 5.0);  // no flight at 10 units/s under 4.7 lasts longer
  }
}

TEST(BirdsAgents, TheSearchAgentSolvesTheHutWithBlackAndPlaysTheSameGameAtAnyThreadCount) {
  // Black's blast (radius 2, damage 3 / distance) reaches the small pig (life 2) through the
  // walls when it explodes against the hut: the search finds such a shot.
  const Level level = hut({BirdType::kBlack, BirdType::kBlack});
  AgentSettings search;
  search.budget = 16;
  search.threads = 1;
  const GameRecord one = play_game(level, search, {}, 5);
  search.threads = 2;
  const GameRecord two = play_game(level, search, {}, 5);
  EXPECT_EQ(one.to_json(level), two.to_json(level));
  EXPECT_TRUE(one.won());
  EXPECT_GT(one.simulated, 0);
}

TEST(BirdsDifficulty, TheFirstBirdWinsAnOpenPigButNotAPigOnTheGroundAndOneHighAbove) {
  // The generator's two-birds check. A red bird's sweep finds the pig in the open. With one pig
  // on the ground 5 units in front of the slingshot and another on a platform 7.5 units higher
  // and 3 farther, no flight kills both: it reaches the high pig only after passing over the low
  // one, and comes down to the ground only after the high one's x.
  EXPECT_TRUE(first_bird_wins(open_pig(), 24, {}, 1));
  const double platform_y = 4;
  const Level two = level_of(
      {BirdType::kRed, BirdType::kRed},
      {thing(ObjectType::kPigMedium, -3, on_ground(ObjectType::kPigMedium)),
       thing(ObjectType::kPlatform, 0, platform_y),
       thing(ObjectType::kPigMedium, 0,
             platform_y + kPlatformTile / 2 + shape_info(ObjectType::kPigMedium).height / 2)});
  EXPECT_FALSE(first_bird_wins(two, 24, {}, 1));
}

TEST(BirdsProtection, APigInTheOpenIsExposedAndOneInAClosedHutIsProtected) {
  const ProtectionReport open = pig_protection(open_pig());
  ASSERT_EQ(open.pigs.size(), 1u);
  EXPECT_TRUE(open.pigs[0].exposed);
  EXPECT_EQ(open.protected_pigs, 0);
  const ProtectionReport closed = pig_protection(hut({BirdType::kRed}));
  ASSERT_EQ(closed.pigs.size(), 1u);
  EXPECT_FALSE(closed.pigs[0].exposed);
  EXPECT_DOUBLE_EQ(closed.share, 1.0);
  // Without its roof the hut is open to lobs from above.
  Level roofless = hut({BirdType::kRed});
  roofless.objects.erase(roofless.objects.begin() + 2);
  EXPECT_TRUE(pig_protection(roofless).pigs[0].exposed);
}

TEST(BirdsDifficulty, AnOpenPigIsEasyAndTheReportIsTheSameAtAnyThreadCount) {
  DifficultySettings s;
  s.naive_attempts = 4;
  s.random_shots = 6;
  s.search.budget = 8;
  s.threads = 1;
  const Level level = open_pig();
  const DifficultyReport one = measure_difficulty(level, s);
  s.threads = 2;
  const DifficultyReport two = measure_difficulty(level, s);
  EXPECT_EQ(one.to_json(), two.to_json());
  EXPECT_TRUE(one.solvable);
  EXPECT_EQ(one.search.birds_used, 1);
  EXPECT_EQ(one.naive_wins, 4);
  EXPECT_DOUBLE_EQ(one.naive_win_rate, 1.0);
  EXPECT_EQ(one.pigs, 1);
  EXPECT_EQ(one.birds, 2);
  EXPECT_DOUBLE_EQ(one.protection.share, 0.0);
  EXPECT_GT(one.shots_simulated, 4 + 6);
  const DifficultySummary sum = summarise(std::vector<DifficultyReport>{one, two});
  EXPECT_EQ(sum.levels, 2);
  EXPECT_EQ(sum.solvable, 2);
}
