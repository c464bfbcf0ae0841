#pragma once
// `birds check` over files: each level file read and checked, its outcome as the command prints
// it, in file order, here or as units over MPI ranks.
//
// Why it exists: the command checks any number of files and goes on past a file that cannot be
// read (it says why and ends with status 2). Under mpirun the files are units (core/units.hpp)
// spread over the ranks; the outcomes travel as text, so rank 0 prints exactly what one process
// prints.

#include <cstddef>
#include <functional>
#include <span>
#include <string>

#include "evoplay/core/control.hpp"

namespace evoplay::games::birds {

/// The outcome of one file.
struct FileCheck {
  std::string output;  // what the command prints for it (the text, or a JSON line), or ""
  std::string error;   // the file could not be read: the Error's message ("" when read)
  bool ok = false;     // read, and no overlap and no object outside
};

/// Checks files[i] (shown as names[i]) with `tolerance`, its output as text or a JSON line, and
/// hands each outcome to on_result(i, check) in file order: at once when alone, or, with
/// control.units, once the units are done (after a cancel: the files before the first
/// unchecked one). Returns how many files were handed on.
std::size_t check_files(std::span<const std::string> files, std::span<const std::string> names,
                        double tolerance, bool json, const Control& control,
                        const std::function<void(std::size_t, const FileCheck&)>& on_result);

}  // namespace evoplay::games::birds
