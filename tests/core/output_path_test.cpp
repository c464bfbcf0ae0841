// Output paths are checked before any work: the extension, a folder where a file is wanted (and
// the other way round), and places where no file can be made; the check makes no folder.
#include "evoplay/core/output_path.hpp"

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>

#include "evoplay/core/error.hpp"
#include "support/error.hpp"
#include "support/process.hpp"

namespace fs = std::filesystem;
using namespace evoplay;

TEST(OutputPath, FilesNeedTheirExtensionAPlaceAndNoFolderInTheWay) {
  const auto dir = test_support::scratch_dir("output-path");
  check_output_file(dir / "deep" / "er" / "a.png", {".png", ".svg"}, "--out");
  EXPECT_FALSE(fs::exists(dir / "deep"));  // made by the file's writer, not by the check
  const auto jpg = test_support::error_from(
      [&] {
        check_output_file(dir / "a.jpg", {".png", ".svg"}, "--png");
      },
      "jpg");
  EXPECT_NE(jpg.message().find("--png: expected a file name ending in .png or .svg, not .jpg"),
            std::string::npos)
      << jpg.message();
  fs::create_directories(dir / "b.png");
  EXPECT_THROW(check_output_file(dir / "b.png", {".png"}, "--out"), Error);
  std::ofstream(dir / "file") << "x";
  EXPECT_THROW(check_output_file(dir / "file" / "c.png", {".png"}, "--out"), Error);
  EXPECT_THROW(check_output_file(dir / "file" / "deeper" / "c.png", {".png"}, "--out"), Error);
}

TEST(OutputPath, FoldersMustBeFoldersThatTakeFiles) {
  const auto dir = test_support::scratch_dir("output-folder");
  prepare_output_folder(dir / "pictures" / "new", "--render");
  EXPECT_FALSE(fs::exists(dir / "pictures"));  // a command refused later leaves no folder
  fs::create_directories(dir / "pictures");
  prepare_output_folder(dir / "pictures", "--render");
  std::ofstream(dir / "file") << "x";
  const auto e =
      test_support::error_from([&] { prepare_output_folder(dir / "file", "--render"); }, "file");
  EXPECT_NE(e.message().find("--render needs a folder"), std::string::npos) << e.message();
  EXPECT_THROW(prepare_output_folder("/proc/evoplay-test", "--render"), Error);
  if (::geteuid() != 0) {  // root may write in a folder without write permission
    fs::create_directories(dir / "locked");
    fs::permissions(dir / "locked", fs::perms::owner_read | fs::perms::owner_exec);
    EXPECT_THROW(prepare_output_folder(dir / "locked", "--render"), Error);
    fs::permissions(dir / "locked", fs::perms::owner_all);
  }
}
