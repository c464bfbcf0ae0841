// resolve_under: the server's only way from a request path to a file (docs/web.md, safety).
#include "evoplay/web/paths.hpp"

#include <gtest/gtest.h>

#include <fstream>

#include "support/process.hpp"

namespace evoplay::web {
namespace {

namespace fs = std::filesystem;

TEST(WebPaths, PlainRelativePathsOnly) {
  EXPECT_TRUE(is_plain_relative("run/history.csv"));
  EXPECT_TRUE(is_plain_relative(""));
  for (const char* bad : {"..", "../x", "a/../../x", "/etc/passwd", "a//b", "a/", "./a", "a/.",
                          "a\\..\\b", "c:/x", "a\nb"}) {
    EXPECT_FALSE(is_plain_relative(bad)) << bad;
  }
  EXPECT_FALSE(is_plain_relative(std::string("a\0b", 3)));
  EXPECT_FALSE(is_plain_relative(std::string(2000, 'a')));
}

TEST(WebPaths, SymbolicLinksOutOfTheRootAreRefused) {
  const auto dir = test_support::scratch_dir("web-paths");
  fs::create_directories(dir / "root/run");
  fs::create_directories(dir / "outside");
  std::ofstream(dir / "root/run/config.json") << "{}";
  std::ofstream(dir / "outside/secret.txt") << "secret";
  fs::create_directory_symlink(dir / "outside", dir / "root/out");
  fs::create_symlink(dir / "outside/secret.txt", dir / "root/run/secret.txt");
  fs::create_directory_symlink(dir / "root/run", dir / "root/alias");  // inside: allowed

  const auto ok = resolve_under(dir / "root", "run/config.json");
  ASSERT_TRUE(ok);
  EXPECT_EQ(*ok, fs::canonical(dir / "root/run/config.json"));
  EXPECT_TRUE(resolve_under(dir / "root", "alias/config.json"));
  EXPECT_FALSE(resolve_under(dir / "root", "out/secret.txt"));
  EXPECT_FALSE(resolve_under(dir / "root", "run/secret.txt"));
  EXPECT_FALSE(resolve_under(dir / "root", "../outside/secret.txt"));
  EXPECT_FALSE(resolve_under(dir / "root", "run/missing.txt"));
  // A root that is itself a link is fine: its real path is the root.
  fs::create_directory_symlink(dir / "root", dir / "root-link");
  EXPECT_TRUE(resolve_under(dir / "root-link", "run/config.json"));
}

}  // namespace
}  // namespace evoplay::web
