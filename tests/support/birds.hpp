#pragma once
// Helpers of the Angry Birds tests: the example levels of data/birds, and one-column genomes.

#include <string>
#include <vector>

#include "evoplay/games/birds/genome.hpp"
#include "evoplay/games/birds/xml.hpp"
#include "support/process.hpp"

namespace evoplay::test_support {

/// data/birds/NAME, and the level it holds.
inline std::string birds_example_path(const std::string& name) {
  return source_path("data/birds/" + name);
}
inline games::birds::Level birds_example(const std::string& name) {
  return games::birds::read_level(birds_example_path(name));
}

/// A genome of these composites, all wood, stacked in the first column.
inline games::birds::Genome column_of(const std::vector<int>& composites) {
  games::birds::Genome g;
  for (int c : composites) g.genes.push_back({c, games::birds::Material::kWood, 0, 0});
  g.mask = {static_cast<int>(composites.size()), 0, 0, 0, 0, 0, 0};
  return g;
}

}  // namespace evoplay::test_support
