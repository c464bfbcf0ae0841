// Every command that writes a run folder names it the same way: with --json, under the key
// "run_dir" of the JSON it prints (the last JSON object, for commands that print one per line),
// the folder given with --out, which holds config.json and result.json.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "support/process.hpp"

using namespace evoplay::test_support;
namespace fs = std::filesystem;

namespace {

/// The last line of `out` that is a JSON object.
nlohmann::json last_json_object(const std::string& out) {
  nlohmann::json last;
  std::size_t start = 0;
  while (start < out.size()) {
    const std::size_t end = std::min(out.find('\n', start), out.size());
    const std::string line = out.substr(start, end - start);
    if (nlohmann::json::accept(line)) {
      auto j = nlohmann::json::parse(line);
      if (j.is_object()) last = std::move(j);
    }
    start = end + 1;
  }
  if (last.is_null() && nlohmann::json::accept(out)) last = nlohmann::json::parse(out);
  return last;
}

}  // namespace

TEST(RunDir, EveryCommandWithARunFolderNamesItUnderOneKey) {
  const auto dir = scratch_dir("run-dir-key");
  const std::string lemming = source_path("data/lemmings/easy-01-down-the-hole.lvl");
  const std::vector<std::pair<std::string, std::string>> commands = {
      {"sudoku-solve", "sudoku solve " + source_path("data/sudoku/4x4_minimal_50.txt")},
      {"sudoku-experiment", "sudoku experiment " +
                                source_path("data/sudoku/qqwing_easy_50.txt") +
                                " --first 1 --runs 1 --generations 2"},
      {"lemmings-solve", "lemmings solve " + lemming + " --method ga --evaluations 100"},
      {"lemmings-compare", "lemmings compare " + lemming + " --runs 1 --evaluations 100"},
      {"birds-generate",
       "birds generate --levels 1 --population 4 --generations 1 --max-generations 1 "
       "--blocks 0,1000 --length 4 --no-pictures"},
      {"tictactoe-play", "tictactoe play --x random --o random --games 2"},
      {"tictactoe-learn", "tictactoe learn --agents 4 --rules 5 --cycles 2 --eval-games 2"},
      {"connect4-play", "connect4 play --x random --o random --games 2"},
      {"flags-play",
       "flags play " + source_path("data/flags/01-duel.map") + " --a random --b random --games 1"},
      {"flags-tournament",
       "flags tournament --bots random,greedy --maps " + source_path("data/flags/01-duel.map")},
  };
  for (const auto& [name, args] : commands) {
    const fs::path out = dir / name;
    const auto r = run_evoplay(args + " --quiet --json --out " + out.string());
    ASSERT_EQ(r.status, 0) << name << ": " << r.err;
    const auto j = last_json_object(r.out);
    ASSERT_TRUE(j.is_object()) << name << ": " << r.out.substr(0, 300);
    EXPECT_EQ(j.value("run_dir", ""), out.string()) << name;
    for (const char* old : {"run", "run_folder"}) EXPECT_FALSE(j.contains(old)) << name;
    EXPECT_TRUE(fs::exists(out / "config.json")) << name;
    EXPECT_TRUE(fs::exists(out / "result.json")) << name;
  }
}
