#pragma once
// `tictactoe learn` as a library call: a learning run in a run folder (config.json, history.csv
// and population.txt saved at every measured cycle, result.json and the plots at the end), new
// or continued from a saved folder (--resume).
//
// Why it exists: the command line, the demo, Python and the web server run the same learning
// with the same results for the same seed; the caller may cancel it (the population is saved
// and the run can be resumed), watch its measured cycles (Control::observer: the history rows)
// and its cycles (Control::progress).

#include <cstdint>
#include <filesystem>
#include <map>
#include <nlohmann/json.hpp>
#include <string>

#include "evoplay/core/control.hpp"
#include "evoplay/core/history.hpp"
#include "evoplay/core/run_dir.hpp"
#include "evoplay/games/tictactoe/learn_settings.hpp"
#include "evoplay/games/tictactoe/learner.hpp"

namespace evoplay::games::tictactoe {

struct LearnRunSettings {
  LearnSettings learn;
  std::uint64_t seed = 1;
  int threads = 0;  // 0 = every hardware thread

  /// Checks the learning settings and the thread count; throws Error naming the setting.
  void validate() const;
  /// config.json of a new run: command, version, seed, threads, learn (the settings).
  nlohmann::json to_json() const;
};

/// A saved run, read back and checked before anything is written.
struct SavedRun {
  LearnRunSettings settings;
  nlohmann::json config;  // config.json as saved (written back with the new settings)
  Population population;
  History history;
};

/// A new run's settings: the preset named `preset` with the settings `given` (name -> text, as
/// LearnSettings::set reads them), `seed` and `threads`; validated.
LearnRunSettings new_run_settings(const std::string& preset,
                                  const std::map<std::string, std::string>& given,
                                  std::uint64_t seed, int threads);

/// Reads the run folder `dir` of `tictactoe learn` to continue it with `threads`, the run limits
/// changed by `overrides` (setting name -> text: only cycles and until-unbeatable may change);
/// throws Error naming the file, line and what was expected.
SavedRun read_saved_run(const std::filesystem::path& dir,
                        const std::map<std::string, std::string>& overrides, int threads);

struct LearnResult {
  std::uint64_t cycles = 0;
  LearnOutcome outcome;
  bool cancelled = false;  // by the caller (the population is saved)
  nlohmann::json json;     // result.json

  /// result.json: the best agent's measures, the stop, the counts; "stopped": "cancelled" when
  /// the caller cancelled it.
  nlohmann::json to_json() const;
  /// The report for people; `run_dir` is where it was saved.
  std::string to_text(const std::string& run_dir) const;
};

/// A measured cycle's history row in a few words: "best weight 12; best: loses as X no, as O
/// yes; optimal 87%".
std::string row_note(const GenerationRecord& row);

/// Runs a new learning run (`saved` null; settings valid) or continues `saved` (then
/// `settings` is ignored) in `run`, which it finishes (result.json, "stopped": "cancelled" when
/// the caller cancelled it).
LearnResult learn_run(RunDir& run, const LearnRunSettings& settings, const Control& control = {},
                      SavedRun* saved = nullptr);

}  // namespace evoplay::games::tictactoe
