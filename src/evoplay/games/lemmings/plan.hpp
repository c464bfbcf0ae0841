#pragma once
// A plan: the skills to assign, as the document encodes a solution — a list of genes
// (step, skill), e.g. "3 digger" = at step 3 assign a digger. A gene may name its lemming;
// otherwise it goes to the leader (see Simulator).
//
// Why it exists: plans are what solvers evolve and what users write by hand; this is their text
// form (one gene per line, `STEP SKILL [LEMMING]`, `#` comments) and the document's random
// initialisation, shared by the tools that need random plans.

#include <nlohmann/json.hpp>
#include <string>
#include <string_view>
#include <vector>

#include "evoplay/core/rng.hpp"
#include "evoplay/games/lemmings/level.hpp"

namespace evoplay::games::lemmings {

struct Gene {
  int step = 0;  // the step at which the skill is assigned (0-based)
  Skill skill = Skill::kDigger;
  int lemming = 0;  // 0 = the leader; k >= 1 = the k-th lemming released
  friend bool operator==(const Gene&, const Gene&) = default;
};

/// A gene as JSON, [step, skill number, lemming]: how genomes travel between islands on
/// different processes (evo/islands.hpp).
inline void to_json(nlohmann::json& j, const Gene& g) {
  j = {g.step, static_cast<int>(g.skill), g.lemming};
}
inline void from_json(const nlohmann::json& j, Gene& g) {
  g.step = j.at(0).get<int>();
  g.skill = static_cast<Skill>(j.at(1).get<int>());
  g.lemming = j.at(2).get<int>();
}

/// Genes in any order; the simulator applies them by step, in plan order within a step.
using Plan = std::vector<Gene>;

/// The most genes a plan file may hold (a level of 1,000,000 steps and eight skills is far
/// beyond the levels of the game; the report and the replay stay proportional to it).
inline constexpr std::size_t kMaxGenes = 1'000'000;

/// Parses plan text; errors name the line and column.
Plan parse_plan(std::string_view text, const std::string& file);
/// Reads and parses a plan file ("-" = standard input).
Plan load_plan(const std::string& path);
/// The plan as text, one gene per line (parse_plan(to_text(p)) == p).
std::string to_text(const Plan& plan);

/// A random gene as the document draws them: the step uniform in [0, duration), the skill with
/// probability proportional to how many of it the level allows, given to the leader. The level
/// must offer at least one skill.
Gene random_gene(const Level& level, int duration, Rng& rng);
/// The document's random initialisation: a number of genes uniform in [1, duration] (on a
/// Pingus level [1, min(duration, actions offered)]), each a random_gene. Empty when the level
/// offers no skill.
Plan random_plan(const Level& level, int duration, Rng& rng);

}  // namespace evoplay::games::lemmings
