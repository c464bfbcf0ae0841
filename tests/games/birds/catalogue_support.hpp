#pragma once
// Composites of a catalogue by name, for the birds tests.

#include <stdexcept>
#include <string>

#include "evoplay/games/birds/composite.hpp"

namespace catalogue_support {

using evoplay::games::birds::Catalogue;
using evoplay::games::birds::Composite;

/// The catalogue index of the composite called `name`; throws when there is none.
inline int index_of(const Catalogue& c, const std::string& name) {
  for (std::size_t i = 0; i < c.size(); ++i) {
    if (c[i].name == name) return static_cast<int>(i);
  }
  throw std::runtime_error("no composite " + name);
}

inline const Composite& find(const Catalogue& c, const std::string& name) {
  return c[static_cast<std::size_t>(index_of(c, name))];
}

}  // namespace catalogue_support
