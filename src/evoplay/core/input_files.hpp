#pragma once
// Input files named on the command line: a folder stands for its files of one kind, and a shell
// pattern (* ? [..]) that is not itself a file for the files it matches.

#include <filesystem>
#include <initializer_list>
#include <string>
#include <string_view>
#include <vector>

namespace evoplay {

/// The regular files directly in `dir` whose extension is `extension` (with its dot, e.g.
/// ".xml"), sorted by path; empty if `dir` is not a folder.
std::vector<std::filesystem::path> files_with_extension(const std::filesystem::path& dir,
                                                        std::string_view extension);

/// The files `args` name, in order: a folder gives its `extension` files, sorted; a pattern with
/// * ? or [ that is not an existing file gives the files it matches, sorted; anything else
/// (a file, "-" for standard input, a missing path left for the reader to report) itself.
/// Throws Error naming the folder or pattern if it gives no file, or if "-" comes twice.
std::vector<std::string> expand_input_files(const std::vector<std::string>& args,
                                            std::string_view extension);

/// Refuses inputs of which more than one is "-": standard input can be read only once.
void check_stdin_once(std::initializer_list<std::string_view> inputs);

}  // namespace evoplay
