#pragma once
// Reading back the run folder of a learning run for `tictactoe learn --resume DIR`: config.json
// (the seed and the settings), history.csv (one row per cycle), and the check that the saved
// population (population_io.hpp) fits the settings it will continue with.
//
// Why it exists: a resume folder is user input (it may be edited, truncated or someone else's),
// so it is read strictly, every message naming the file and line; reading it in the game's
// library lets the tests and the fuzzing harness (fuzz/tictactoe_resume.cpp) read it as the
// command does, nothing being written before all of it is read and checked.

#include <cstdint>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>
#include <vector>

#include "evoplay/core/history.hpp"
#include "evoplay/games/tictactoe/learn_settings.hpp"
#include "evoplay/games/tictactoe/population_io.hpp"

namespace evoplay::games::tictactoe {

class Referee;

/// config.json of a learning run.
struct SavedConfig {
  nlohmann::json json;  // the whole file (the resumed run writes it back, updated)
  LearnSettings settings;
  std::uint64_t seed = 1;
};

/// Parses config.json's text; throws Error(file, line, ...) for malformed JSON, a missing or
/// wrong 'seed' or 'learn', or a setting LearnSettings::from_json refuses.
SavedConfig parse_learn_config(const std::string& text, const std::string& file);

/// history.csv of a learning run, with the file's line of each row.
struct SavedHistory {
  History history;
  std::vector<int> lines;
};

/// Parses history.csv's text, checked cell by cell: the columns this version writes (the
/// standard ones, then `extras`: history_columns(settings)), a whole cycle number (increasing)
/// and evaluation count on every row, a number or an empty cell (NaN) everywhere else.
SavedHistory parse_learn_history(std::string_view text, const std::string& file,
                                 const std::vector<std::string>& extras);

/// The history up to the saved population's cycle (a checkpoint writes the history first: rows
/// past that cycle are dropped); throws Error naming `file` if it has no row for that cycle (a
/// population of cycle 0 may have none: a Ctrl-C came while its row was measured).
History history_at_cycle(SavedHistory read, const SavedPopulation& saved, const std::string& file);

/// Checks that a saved population (read from `file`) fits the settings it will continue with;
/// every message names the line of the file and what config.json (or the command line) expects.
void check_saved(const SavedPopulation& saved, const LearnSettings& settings,
                 const std::string& file, const Referee& referee);

}  // namespace evoplay::games::tictactoe
