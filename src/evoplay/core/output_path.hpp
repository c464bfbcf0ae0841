#pragma once
// Output paths checked before any work is done.
//
// Why it exists: a picture or a folder of pictures that cannot be written (the name of an
// existing file given as a folder, a folder given as a file, a read-only place such as /proc,
// the wrong extension) must be refused at once, with the option's name, not found out after
// minutes of games or simulations.

#include <filesystem>
#include <initializer_list>
#include <string_view>

namespace evoplay {

/// Checks that files can be created in `dir`: it is a folder that takes new files, or it is
/// missing and its nearest existing parent is one (the missing folders are made by the first
/// file written into them: AtomicFile, write_file_atomic). Makes nothing, so a command refused
/// after the check leaves no folder behind. Throws Error(dir, "OPTION needs a folder ...")
/// otherwise.
void prepare_output_folder(const std::filesystem::path& dir, std::string_view option);

/// Checks that `file` can be written: its extension is one of `extensions` (".png"),
/// it is not a folder, and its folder exists or can be made, and takes new files. Makes
/// nothing (see prepare_output_folder). Throws Error naming the file and the option otherwise.
void check_output_file(const std::filesystem::path& file,
                       std::initializer_list<std::string_view> extensions, std::string_view option);

}  // namespace evoplay
