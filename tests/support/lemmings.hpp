#pragma once
// Helpers of the Lemmings tests: the levels of the suite in data/lemmings.

#include <string>

#include "evoplay/games/lemmings/level.hpp"
#include "support/process.hpp"

namespace evoplay::test_support {

/// data/lemmings/ID.lvl, loaded.
inline games::lemmings::Level suite_level(const std::string& id) {
  return games::lemmings::load_level(source_path("data/lemmings/" + id + ".lvl"));
}

}  // namespace evoplay::test_support
