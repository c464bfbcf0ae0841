// `evoplay serve --site-dir DIR`: the page from a folder on disk, read at each request (edits
// show without a rebuild), nothing outside the folder, and a folder without index.html refused.
#include <gtest/gtest.h>

#include <fstream>

#include "evoplay/core/error.hpp"
#include "support/process.hpp"
#include "web/server_support.hpp"

namespace evoplay::web {
namespace {

namespace fs = std::filesystem;
using test_support::TestServer;

TEST(WebSiteDir, ServesThePageFromDiskAsItIsNow) {
  const auto dir = test_support::scratch_dir("web-site-dir");
  fs::create_directories(dir / "site/js");
  fs::create_directories(dir / "outside");
  std::ofstream(dir / "site/index.html") << "<title>from disk</title>";
  std::ofstream(dir / "site/js/app.js") << "export const one = 1;\n";
  std::ofstream(dir / "outside/secret.txt") << "secret";
  fs::create_symlink(dir / "outside/secret.txt", dir / "site/link.txt");
  ServerSettings s;
  s.site_dir = (dir / "site").string();
  TestServer server(s);

  EXPECT_EQ(server.get("/"), std::make_pair(200, std::string("<title>from disk</title>")));
  auto c = server.client();
  const auto js = c.Get("/js/app.js");
  ASSERT_TRUE(js);
  EXPECT_EQ(js->status, 200);
  EXPECT_EQ(js->body, "export const one = 1;\n");
  EXPECT_EQ(js->get_header_value("Content-Type"), "text/javascript; charset=utf-8");
  // An edit shows at the next request.
  std::ofstream(dir / "site/js/app.js", std::ios::trunc) << "export const two = 2;\n";
  EXPECT_EQ(server.get("/js/app.js").second, "export const two = 2;\n");
  // The built-in page's other files are not mixed in, and nothing outside the folder is read.
  for (const char* path : {"/style.css", "/../outside/secret.txt", "/%2e%2e/outside/secret.txt",
                           "/js/%2e%2e/%2e%2e/outside/secret.txt", "/link.txt", "/js",
                           "//etc/passwd", "/js/app.js%00"}) {
    const auto [status, body] = server.get(path);
    EXPECT_EQ(status, 404) << path;
    EXPECT_EQ(body.find("secret"), std::string::npos) << path;
  }
  // The API is the same.
  EXPECT_EQ(server.get("/api/info").first, 200);
}

TEST(WebSiteDir, AFolderWithoutIndexHtmlIsRefused) {
  const auto dir = test_support::scratch_dir("web-site-dir-empty");
  ServerSettings s;
  for (const auto& folder : {dir, dir / "missing"}) {
    s.site_dir = folder.string();
    try {
      web::Server server(s);
      ADD_FAILURE() << "accepted " << folder;
    } catch (const Error& e) {
      EXPECT_EQ(std::string(e.what()).rfind("site-dir: ", 0), 0u) << e.what();
      EXPECT_NE(std::string(e.what()).find("index.html"), std::string::npos) << e.what();
    }
  }
}

TEST(WebSiteDir, TheCommandLineRefusesAFolderWithoutIndexHtml) {
  const auto dir = test_support::scratch_dir("web-site-dir-cli");
  const auto r = test_support::run_evoplay("serve --port 0 --site-dir '" + dir.string() + "'");
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.err.find("--site-dir: "), std::string::npos) << r.err;
}

}  // namespace
}  // namespace evoplay::web
