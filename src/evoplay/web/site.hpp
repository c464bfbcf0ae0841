#pragma once
// The page of `evoplay serve` (HTML, scripts, styles under web/site/), built into the program.
//
// Why it exists: the server serves nothing from disk but the run folders under --runs, and the
// page must work without the source tree or the internet; cmake/embed_site.cmake writes these
// arrays at build time.

#include <span>
#include <string_view>

namespace evoplay::web {

struct SiteFile {
  std::string_view path;  // relative to web/site, e.g. "index.html", "js/app.js"
  std::string_view body;
};

/// Every file of the page, sorted by path.
std::span<const SiteFile> site_files();

/// The Content-Type of a file name by its extension ("application/octet-stream" if unknown).
std::string_view content_type(std::string_view path);

}  // namespace evoplay::web
