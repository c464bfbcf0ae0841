// Level sets as the library makes them (games/birds/level_set.hpp), in-process: ruleset blocks
// in their own folders within their rules, layers of open-ended composites, a cancel that ends
// the run with what it finished, and the earlier run's files cleared from a reused folder.
#include "evoplay/games/birds/level_set.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <string>
#include <vector>

#include "evoplay/core/error.hpp"
#include "evoplay/core/history.hpp"
#include "evoplay/games/birds/generate_settings.hpp"
#include "evoplay/games/birds/xml.hpp"
#include "support/process.hpp"

using namespace evoplay::games::birds;
using evoplay::test_support::scratch_dir;
using evoplay::test_support::slurp;
namespace fs = std::filesystem;

namespace {

/// 4 individuals, all parents each generation, small levels, no generation past the two asked.
LevelSetSettings small_set() {
  LevelSetSettings s;
  auto& g = s.generator;
  g.population = 4;
  g.generations = 2;
  g.max_generations = 2;
  g.blocks_min = 0;
  g.blocks_max = 1000;
  g.genome.length = 4;
  g.genome.min_length = 2;
  g.genome.max_length = 8;
  g.crossover_rate = 1;
  g.mutation_rate = 0.5;
  s.pictures = false;
  s.seed = 3;
  return s;
}

}  // namespace

TEST(BirdsLevelSet, RulesetBlocksInTheirFoldersWithinTheirRulesOverLayers) {
  const auto dir = scratch_dir("birds-level-set");
  const auto blocks = parse_rulesets(
      "2\nwood RectSmall,stone RectSmall,ice RectSmall,wood Circle\n3,5\n10\n\n1\n\n1,1\n10\n",
      "p.txt");
  LevelSetSettings s = small_set();
  s.layers = 2;
  const auto report = generate_levels(dir, default_catalogue(), blocks, true, s);
  ASSERT_EQ(report.sets.size(), 2u);
  EXPECT_FALSE(report.cancelled());
  for (std::size_t b = 0; b < blocks.size(); ++b) {
    const fs::path folder = dir / ("block-" + std::to_string(b + 1));
    EXPECT_TRUE(fs::exists(folder / "layer-1")) << folder;
    for (int i = 0; i < blocks[b].levels; ++i) {
      const fs::path file = folder / (level_file_name(static_cast<std::size_t>(i)) + ".xml");
      ASSERT_TRUE(fs::exists(file)) << file;
      const auto level = read_level(file.string());
      EXPECT_GE(level.count(Kind::kPig), blocks[b].pigs_min);
      EXPECT_LE(level.count(Kind::kPig), blocks[b].pigs_max);
      for (const auto& o : level.objects) {
        if (o.kind() == Kind::kBlock) {
          EXPECT_TRUE(blocks[b].allows(o.material, o.type)) << file << ": " << describe(o);
        }
      }
    }
    EXPECT_FALSE(fs::exists(folder / (level_file_name(blocks[b].levels) + ".xml")));
    EXPECT_NE(slurp(folder / "history.csv").find(",2\n"), std::string::npos) << "layer 2 rows";
    EXPECT_FALSE(fs::exists(folder / "sheet.png")) << "no pictures asked for";
  }
  const auto result = report.to_json();
  ASSERT_EQ(result["blocks"].size(), 2u);
  EXPECT_EQ(result["blocks"][0]["layers"].size(), 2u);
  EXPECT_EQ(result["blocks"][1]["folder"], "block-2");
  EXPECT_EQ(result["blocks"][1]["ruleset"]["pigs"], nlohmann::json::array({1, 1}));
  EXPECT_EQ(level_file_name(0), "level-04");
}

// A cancel before the start: the first layer of the first block ends at once with levels from
// its first population, no further layer or block runs, and the report says why.
TEST(BirdsLevelSet, ACancelEndsTheRunWithWhatItFinished) {
  const auto dir = scratch_dir("birds-level-set-cancel");
  // Ctrl-C as the first population is scored: the observer cancels at generation 0.
  struct CancelAtOnce : evoplay::Observer {
    evoplay::CancelToken token;
    void on_generation(const evoplay::GenerationRecord&) override { token.cancel(); }
  } cancel;
  evoplay::Control control;
  control.cancel = cancel.token;
  control.observer = &cancel;
  LevelSetSettings s = small_set();
  s.layers = 3;
  const auto report =
      generate_levels(dir, default_catalogue(), {Ruleset{}, Ruleset{}}, true, s, control);
  ASSERT_EQ(report.sets.size(), 1u);
  EXPECT_TRUE(report.cancelled());
  const auto& set = report.sets[0].report;
  ASSERT_EQ(set["layers"].size(), 1u);
  EXPECT_EQ(set["layers"][0]["stop_reason"], "cancelled");
  EXPECT_EQ(set["layers"][0]["generations"], 0);
  EXPECT_EQ(set["levels"].size(), 4u);  // the first population's 4 individuals
  EXPECT_TRUE(fs::exists(dir / "block-1" / "level-04.xml"));
  EXPECT_FALSE(fs::exists(dir / "block-2"));
  EXPECT_NE(report.sets[0].text("levels:").find("(cancelled)"), std::string::npos);
}

TEST(BirdsLevelSet, SettingsAreCheckedByName) {
  LevelSetSettings s = small_set();
  s.layers = 0;
  try {
    s.validate();
    FAIL() << "expected an error";
  } catch (const evoplay::Error& e) {
    EXPECT_NE(std::string(e.what()).find("layers"), std::string::npos) << e.what();
  }
  s = small_set();
  s.generator.population = 1;
  EXPECT_THROW(s.validate(), evoplay::Error);
}

// history.csv as the run goes (docs/runs.md): when the command's observer sees a record, the
// file already holds it as a complete line, numbered on over the layers as the observer sees it
// too (one curve); the file at the last record is the final history.csv byte for byte.
TEST(BirdsLevelSet, TheHistoryGrowsAsTheRunGoesOverTheLayers) {
  const auto dir = scratch_dir("birds-level-set-live");
  struct Reader : evoplay::Observer {
    fs::path file;
    std::vector<std::size_t> lines, generations;
    std::string last;
    void on_generation(const evoplay::GenerationRecord& r) override {
      last = slurp(file);
      lines.push_back(static_cast<std::size_t>(std::count(last.begin(), last.end(), '\n')));
      generations.push_back(r.generation);
    }
  } reader;
  reader.file = dir / "history.csv";
  evoplay::Control control;
  control.observer = &reader;
  LevelSetSettings s = small_set();
  s.layers = 2;
  const auto report =
      generate_levels(dir, default_catalogue(), {simple_ruleset(2, 1, 2)}, false, s, control);
  // Two layers of the first population and two generations: six records.
  ASSERT_EQ(reader.lines.size(), 6u);
  for (std::size_t k = 0; k < reader.lines.size(); ++k) {
    EXPECT_EQ(reader.lines[k], k + 2) << "the header and the records so far, at record " << k;
  }
  EXPECT_EQ(reader.generations, (std::vector<std::size_t>{0, 1, 2, 3, 4, 5}));
  const std::string final_history = slurp(dir / "history.csv");
  EXPECT_EQ(reader.last, final_history);
  const auto table = evoplay::parse_csv(final_history, "history.csv");
  ASSERT_EQ(table.rows.size(), 6u);
  const auto generation = static_cast<std::size_t>(table.column("generation"));
  const auto layer = static_cast<std::size_t>(table.column("layer"));
  for (std::size_t k = 0; k < 6; ++k) {
    EXPECT_EQ(table.rows[k][generation], static_cast<double>(k));
    EXPECT_EQ(table.rows[k][layer], k < 3 ? 1 : 2);
  }
}

// Without a folder nothing is written and the report holds what the files would: the same
// levels (as read back from a run with a folder) and history.
TEST(BirdsLevelSet, WithoutAFolderTheLevelsAreInTheReportOnly) {
  const auto dir = scratch_dir("birds-level-set-memory");
  LevelSetSettings s = small_set();
  const std::vector<Ruleset> rules = {simple_ruleset(2, 1, 2)};
  const auto on_disk = generate_levels(dir, default_catalogue(), rules, false, s);
  const auto in_memory = generate_levels({}, default_catalogue(), rules, false, s);
  ASSERT_EQ(in_memory.sets.size(), 1u);
  const auto& set = in_memory.sets[0];
  ASSERT_EQ(set.levels.size(), 2u);
  for (std::size_t i = 0; i < set.levels.size(); ++i) {
    const auto file = dir / (level_file_name(i) + ".xml");
    EXPECT_EQ(set.levels[i], read_level(file.string())) << file;
    EXPECT_EQ(set.levels[i], on_disk.sets[0].levels[i]);
  }
  EXPECT_TRUE(fs::exists(dir / "history.csv"));
  ASSERT_EQ(set.history.rows.size(), 3u);  // the first population's and two generations
  ASSERT_EQ(on_disk.sets[0].history.rows.size(), 3u);
  for (std::size_t g = 0; g < 3; ++g) {
    EXPECT_EQ(set.history.rows[g].best, on_disk.sets[0].history.rows[g].best);
  }
  EXPECT_EQ(set.report["levels"].size(), 2u);
}

TEST(BirdsLevelSet, TheCommandsWordsForItsSettings) {
  EXPECT_EQ(generator_selection("tournament").name(), "tournament:2");
  EXPECT_EQ(generator_selection("roulette").name(), "roulette");
  EXPECT_THROW(generator_selection("best"), evoplay::Error);
  GenomeSettings g;
  set_genome_length(g, 5);
  EXPECT_EQ(g.length, 5);
  EXPECT_EQ(g.min_length, 2);
  EXPECT_EQ(g.max_length, 10);
  set_genome_length(g, 1);
  EXPECT_EQ(g.min_length, 1);
  const auto r = simple_ruleset(3, 1, 2);
  EXPECT_EQ(r.levels, 3);
  EXPECT_EQ(r.pigs_min, 1);
  EXPECT_EQ(r.pigs_max, 2);
  EXPECT_THROW(simple_ruleset(0, 1, 2), evoplay::Error);
  EXPECT_THROW(simple_ruleset(1, 3, 2), evoplay::Error);
  EXPECT_THROW(simple_ruleset(1, 0, 2), evoplay::Error);
  EXPECT_THROW(simple_ruleset(1, 1, kMaxPigs + 1), evoplay::Error);
}

// The settings a person gives (the command's options, Python's keywords, the server's keys)
// resolve into the engine's: each to its place, the words the command has always had.
TEST(BirdsLevelSet, ThePersonsSettingsResolveIntoTheEngines) {
  GenerateSettings s;
  s.length = 6;
  s.blocks = {10, 20};
  s.tnt = {1, 1};
  s.difficulty = {0.1, 0.3};
  s.crossover = CrossoverKind::kUniform;
  s.layers = 2;
  s.pictures = false;
  s.seed = 7;
  s.threads = 2;
  const LevelSetSettings set = s.level_set();
  const auto& ga = set.generator;
  EXPECT_EQ(ga.selection.name(), "tournament:2");  // the paper's pairs
  EXPECT_EQ(ga.genome.length, 6);
  EXPECT_EQ(ga.genome.min_length, 3);
  EXPECT_EQ(ga.genome.max_length, 12);
  EXPECT_EQ(ga.blocks_min, 10);
  EXPECT_EQ(ga.blocks_max, 20);
  EXPECT_EQ(ga.placement.tnt_min, 1);
  EXPECT_EQ(ga.placement.tnt_max, 1);
  EXPECT_EQ(ga.playable.difficulty_min, 0.1);
  EXPECT_EQ(ga.playable.difficulty_max, 0.3);
  EXPECT_EQ(ga.crossover, CrossoverKind::kUniform);
  EXPECT_EQ(ga.threads, 2);
  EXPECT_EQ(set.layers, 2);
  EXPECT_FALSE(set.pictures);
  EXPECT_EQ(set.seed, 7u);
  // The defaults are the engine's.
  const LevelSetSettings engine;
  const LevelSetSettings mine = GenerateSettings{}.level_set();
  EXPECT_EQ(mine.generator.population, engine.generator.population);
  EXPECT_EQ(mine.generator.min_distance, engine.generator.min_distance);
  EXPECT_EQ(mine.generator.genome.platform_chance, engine.generator.genome.platform_chance);
  EXPECT_EQ(mine.new_composites, engine.new_composites);
  // --min-birds' help names the sweep the check makes.
  std::string help;
  const GenerateSettings defaults;
  evoplay::fields::for_each(defaults, [&](const auto& slot, const auto&) {
    if (slot.name == "min-birds") help = slot.field.help;
  });
  EXPECT_NE(help.find(fmt::format("a sweep of {}", engine.generator.bird_check_budget)),
            std::string::npos)
      << help;
  // A selection the generator does not know, by its field's name.
  s.selection = "best";
  try {
    s.validate();
    FAIL() << "selection 'best' accepted";
  } catch (const evoplay::fields::FieldError& e) {
    EXPECT_EQ(e.field(), "selection");
  }
  // Without a parameters file: one ruleset of the levels and pigs asked for.
  GenerateSettings few;
  few.levels = 3;
  few.pigs = {1, 2};
  const auto rules = few.rulesets(default_catalogue());
  ASSERT_EQ(rules.size(), 1u);
  EXPECT_EQ(rules[0].levels, 3);
  EXPECT_EQ(rules[0].pigs_max, 2);
  const auto config = few.config(few.level_set(), default_catalogue(), rules);
  EXPECT_EQ(config["composites_file"], "(built in)");
  EXPECT_EQ(config["rulesets"].size(), 1u);
  EXPECT_EQ(config["population"], 10);
}

// A folder an earlier generate run wrote is cleared of its levels; a folder of someone else's
// files with such names is refused and left as it was.
TEST(BirdsLevelSet, AnEarlierRunIsClearedAndAForeignFolderRefused) {
  const auto dir = scratch_dir("birds-level-set-clear");
  fs::create_directories(dir / "ours" / "layer-1");
  std::ofstream(dir / "ours" / "config.json") << R"({"command": "birds generate"})";
  std::ofstream(dir / "ours" / "level-09.xml") << "<Level/>";
  std::ofstream(dir / "ours" / "notes.txt") << "mine";
  clear_earlier_run(dir / "ours");
  EXPECT_FALSE(fs::exists(dir / "ours" / "level-09.xml"));
  EXPECT_FALSE(fs::exists(dir / "ours" / "layer-1"));
  EXPECT_TRUE(fs::exists(dir / "ours" / "notes.txt"));
  fs::create_directories(dir / "theirs");
  std::ofstream(dir / "theirs" / "level-04.xml") << "<Level/>";
  EXPECT_THROW(clear_earlier_run(dir / "theirs"), evoplay::Error);
  EXPECT_TRUE(fs::exists(dir / "theirs" / "level-04.xml"));
}
