// The demo as a library: its parts by name, and an unknown name refused before anything runs.
#include "evoplay/demo/demo.hpp"

#include <gtest/gtest.h>

#include "support/error.hpp"
#include "support/process.hpp"

using evoplay::test_support::error_from;
using evoplay::test_support::scratch_dir;
namespace demo = evoplay::demo;

TEST(Demo, EveryPartHasAUniqueNameAndATitle) {
  std::set<std::string> names;
  for (const auto& p : demo::parts()) {
    EXPECT_TRUE(names.insert(p.name).second) << p.name;
    EXPECT_FALSE(std::string(p.title).empty()) << p.name;
    EXPECT_TRUE(p.run) << p.name;
  }
  EXPECT_TRUE(names.contains("tsp") && names.contains("lemmings") && names.contains("birds"));
  EXPECT_NE(demo::part_names().find("tictactoe-learn"), std::string::npos);
}

TEST(Demo, AnUnknownPartIsRefusedBeforeAnyPartRuns) {
  const auto root = scratch_dir("demo-unknown");
  std::FILE* out = std::tmpfile();
  ASSERT_NE(out, nullptr);
  demo::Context ctx{root, 1, 1, true, out, {}};
  const auto e = error_from([&] { demo::run(ctx, {"tsp", "chess"}); }, "tsp,chess");
  EXPECT_NE(e.message().find("unknown demo part 'chess'"), std::string::npos) << e.message();
  EXPECT_EQ(std::ftell(out), 0);  // not even the tsp part's title line
  EXPECT_TRUE(ctx.artefacts.empty());
  EXPECT_FALSE(std::filesystem::exists(root / "tsp"));
  std::fclose(out);
}
