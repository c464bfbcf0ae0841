#pragma once
// Options renamed so that each name means one thing in every command (docs/runs.md's table of
// options): the old spellings keep working for one release, with a note on standard error.
//
// Why it exists: a script written for the last release must not break the day a name changes;
// it is told what to write instead, once per option.

#include <string>
#include <string_view>
#include <vector>

namespace evoplay::cli {

/// One rename. `command` is "group sub" ("lemmings solve"), or "" for every command. An empty
/// `now` drops the old option's name and keeps its values as positional arguments
/// (`--levels a b` is `a b`). `flag` marks an on|off option become a flag: `--NAME on` is read
/// as `--NAME=on`.
struct Renamed {
  std::string_view command, old_name, now;
  bool flag = false;
};

/// Every rename of this release.
const std::vector<Renamed>& renamed_options();

/// The arguments with the old spellings rewritten; each rename used adds a note ("evoplay:
/// note: --algo is now --method; ...") to `notes`.
std::vector<std::string> rewrite_renamed(const std::vector<std::string>& args,
                                         std::vector<std::string>& notes);

}  // namespace evoplay::cli
