#pragma once
// Where the shipped data is (puzzles, levels, maps): the demo, the commands' defaults and every
// front end look for it the same way.

#include <filesystem>
#include <string>

namespace evoplay {

/// A folder of the shipped data (`data/<name>`): in the working folder, or in the source tree
/// the program was built in (found from the program's own path, build/<preset>/evoplay); empty
/// when neither exists.
std::filesystem::path find_data_dir(const std::string& name);

}  // namespace evoplay
