// The documentation a user's clone holds speaks only of what that user can see: no page points
// into ../shared (a folder beside the maintainers' checkout, not in the clone), no page refers to
// the project's issue numbers, and every relative link between pages leads to a file that exists.
// The code's comments, too, say what a thing is for, not which issue asked for it.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <regex>
#include <string>
#include <vector>

#include "support/process.hpp"

namespace fs = std::filesystem;
using evoplay::test_support::slurp;

namespace {

/// The source, test, script and benchmark files a reader of the code opens.
std::vector<fs::path> code_files() {
  const fs::path root = EVOPLAY_SOURCE_DIR;
  std::vector<fs::path> out = {root / "scripts" / "install-deps", root / "bench" / "run"};
  for (const char* dir : {"src", "tests", "python", "bench", "scripts", "fuzz", "examples"}) {
    for (const auto& e : fs::recursive_directory_iterator(root / dir)) {
      const auto ext = e.path().extension();
      if (e.is_regular_file() && (ext == ".cpp" || ext == ".hpp" || ext == ".py" || ext == ".sh"))
        out.push_back(e.path());
    }
  }
  return out;
}

std::vector<fs::path> pages() {
  const fs::path root = EVOPLAY_SOURCE_DIR;
  std::vector<fs::path> out = {root / "README.md"};
  for (const auto& e : fs::recursive_directory_iterator(root / "docs")) {
    if (e.is_regular_file() && e.path().extension() == ".md") out.push_back(e.path());
  }
  return out;
}

/// "file:line: text" for each line of `page` matching `pattern`. Only lines holding one of
/// `needles` (text every match holds) are given to the regex: std::regex is slow.
std::vector<std::string> matches(const fs::path& page, const std::regex& pattern,
                                 const std::vector<std::string>& needles) {
  std::vector<std::string> found;
  const std::string text = slurp(page);
  std::size_t line = 1, start = 0;
  while (start < text.size()) {
    const std::size_t end = std::min(text.find('\n', start), text.size());
    const std::string l = text.substr(start, end - start);
    const bool candidate = std::any_of(needles.begin(), needles.end(), [&](const auto& n) {
      return l.find(n) != std::string::npos;
    });
    if (candidate && std::regex_search(l, pattern)) {
      found.push_back(page.filename().string() + ":" + std::to_string(line) + ": " + l);
    }
    start = end + 1;
    ++line;
  }
  return found;
}

}  // namespace

TEST(DocsPages, NoPageRefersToTheSharedFolderOrToIssueNumbers) {
  const std::regex pattern(R"(\.\./shared|\b[Ii]ssues? #?[0-9]+)");
  const auto all = pages();
  ASSERT_GT(all.size(), 10u);
  for (const auto& page : all) {
    for (const auto& m : matches(page, pattern, {"../shared", "ssue"})) ADD_FAILURE() << m;
  }
}

TEST(DocsPages, NoCodeCommentCitesAnIssueNumber) {
  const std::regex pattern(R"(\b[Ii]ssues? #?[0-9]+)");
  const auto all = code_files();
  ASSERT_GT(all.size(), 100u);
  for (const auto& file : all) {
    for (const auto& m : matches(file, pattern, {"ssue"})) ADD_FAILURE() << m;
  }
}

TEST(DocsPages, RelativeLinksLeadToFilesThatExist) {
  const std::regex link(R"(\]\(([^)#:\s]+)(#[^)]*)?\))");
  for (const auto& page : pages()) {
    const std::string text = slurp(page);
    for (std::sregex_iterator it(text.begin(), text.end(), link), end; it != end; ++it) {
      const fs::path target = page.parent_path() / (*it)[1].str();
      EXPECT_TRUE(fs::exists(target)) << page.filename() << " links to " << (*it)[1].str();
    }
  }
}
