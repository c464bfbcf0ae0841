#pragma once
// The saved population of a learning run (population.txt in the run folder).
//
// Why it exists: `learn --resume DIR` continues a run exactly, `agents DIR` lists the agents and
// their rules, and `play --o agent:DIR` plays one of them. The file is plain text, one rule a
// line, so that a person can read it and an error can say which line is wrong:
//
//   evoplay-tictactoe-population 1
//   cycle 120
//   evaluations 12000
//   seconds 3.25
//   symmetry off
//   agents 40
//   hall-of-fame 0
//   agent 1 weight 17 born 95 perfect no rules 100
//   PCV*V**** 5 3 12          <- pattern, action cell 1-9, priority 0-3, weight
//   ...
//   champion 1 weight 0.93 born 80 perfect no rules 60    <- the hall of fame, oldest first
//
// Numbers are written in their shortest exact form, so a saved run resumes bit for bit.

#include <filesystem>
#include <string>
#include <vector>

#include "evoplay/games/tictactoe/learner.hpp"

namespace evoplay::games::tictactoe {

/// The population as the file's text; `symmetry` says how its rules match.
std::string population_text(const Population& pop, bool symmetry);

struct SavedPopulation {
  Population population;
  bool symmetry = false;
  // Where things are in the file (1-based lines), for messages about a saved run that does not
  // fit its settings.
  int cycle_line = 0, symmetry_line = 0, agents_line = 0, hall_of_fame_line = 0;
  std::vector<int> agent_lines, champion_lines;  // each agent's header line
};

/// Parses the text; throws Error(file, line, what was expected).
SavedPopulation parse_population(const std::string& text, const std::string& file);

/// Reads DIR/population.txt (or the file itself when `path` is a file).
SavedPopulation read_population(const std::filesystem::path& path);

}  // namespace evoplay::games::tictactoe
