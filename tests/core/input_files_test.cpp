#include "evoplay/core/input_files.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>

#include "evoplay/core/error.hpp"
#include "support/process.hpp"

namespace fs = std::filesystem;
using namespace evoplay;
using evoplay::test_support::source_path;

TEST(InputFiles, AFoldersFilesOfOneExtensionSorted) {
  const fs::path dir = source_path("data/lemmings");
  const auto files = files_with_extension(dir, ".lvl");
  // The suite: 5 easy, 5 medium, 5 hard levels; solutions/ and its .plan files are left out.
  ASSERT_EQ(files.size(), 15u);
  EXPECT_EQ(files.front(), dir / "easy-01-down-the-hole.lvl");
  EXPECT_EQ(files[5], dir / "hard-01-layer-cake.lvl");
  EXPECT_EQ(files.back(), dir / "medium-05-down-and-back.lvl");
  EXPECT_TRUE(std::is_sorted(files.begin(), files.end()));
  // A file or a missing folder: none.
  EXPECT_TRUE(files_with_extension(files.front(), ".lvl").empty());
  EXPECT_TRUE(files_with_extension(dir / "no-such-folder", ".lvl").empty());
}

TEST(InputFiles, FoldersAndPatternsStandForTheirFilesInOrder) {
  const fs::path dir = evoplay::test_support::scratch_dir("input-files");
  for (const char* name : {"b.map", "a.map", "c.txt"}) std::ofstream(dir / name) << "x\n";
  fs::create_directories(dir / "empty");
  const std::string d = dir.string();
  const std::vector<std::string> expected = {"first.map",  d + "/a.map", d + "/b.map",      "-",
                                             d + "/a.map", d + "/b.map", d + "/missing.map"};
  EXPECT_EQ(expand_input_files({"first.map", d, "-", d + "/*.map", d + "/missing.map"}, ".map"),
            expected);
  // A folder or a pattern that gives nothing is an error naming it.
  try {
    expand_input_files({(dir / "empty").string()}, ".map");
    ADD_FAILURE() << "an empty folder must be an error";
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("empty: no .map files in this folder"), std::string::npos)
        << e.what();
  }
  try {
    expand_input_files({d + "/*.xml"}, ".xml");
    ADD_FAILURE() << "a pattern matching nothing must be an error";
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("*.xml: no files match this pattern"), std::string::npos)
        << e.what();
  }
}
