#pragma once
// Which file a request may read: a path relative to a root folder, refused when it could leave
// the root in any way.
//
// Why it exists: the server is reachable by anyone who can connect to it; it must serve the run
// folders under --runs and nothing else. A request path is refused when it has an empty,
// "." or ".." part, a backslash, a NUL or other control character, starts with '/', or
// names (through a symbolic link anywhere on the way) a file whose real path is outside the
// root's real path.

#include <filesystem>
#include <optional>
#include <string_view>

namespace evoplay::web {

/// The real path of `relative` (already URL-decoded) under `root`, if it exists and stays
/// inside the real path of `root`; nullopt otherwise. An empty `relative` is the root itself.
std::optional<std::filesystem::path> resolve_under(const std::filesystem::path& root,
                                                   std::string_view relative);

/// Whether `relative` is a plain relative path ("a/b.png"): the syntactic half of
/// resolve_under (no file system access).
bool is_plain_relative(std::string_view relative);

}  // namespace evoplay::web
