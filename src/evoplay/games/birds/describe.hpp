#pragma once
// What evoplay says about levels, as text for people and JSON for programs: the stability report
// of a simulation, the static check of a level, the diversity of a set.
//
// Why it exists: the command line prints these, and the Python package and the web server show
// the same words and fields; one place makes them.

#include <nlohmann/json.hpp>
#include <span>
#include <string>
#include <vector>

#include "evoplay/games/birds/agents.hpp"
#include "evoplay/games/birds/check.hpp"
#include "evoplay/games/birds/difficulty.hpp"
#include "evoplay/games/birds/diversity.hpp"
#include "evoplay/games/birds/level.hpp"
#include "evoplay/games/birds/physics.hpp"
#include "evoplay/games/birds/robustness.hpp"

namespace evoplay::games::birds {

/// The report of one simulation: a summary line, the first overlaps, the objects destroyed or
/// moved (a dozen at most; --json lists them all).
std::string stability_text(const std::string& file, const Level& level,
                           const StabilityReport& report);

/// A line saying whether the level is robust: how many nudged trials it stood, how large the
/// nudges were.
std::string robustness_text(const RobustnessReport& report, const RobustnessSettings& settings);

/// The static check of a level: overlaps deeper than the tolerance and objects outside it.
struct LevelCheck {
  std::vector<Overlap> overlaps;
  std::vector<int> outside;  // object indices
  bool ok() const { return overlaps.empty() && outside.empty(); }
  nlohmann::json to_json(const std::string& file, const Level& level) const;
  std::string text(const std::string& file, const Level& level) const;
};
LevelCheck check_level(const Level& level, double tolerance = kOverlapTolerance);

/// `birds diversity`'s output: the set's figures (and the matrices when `matrix`).
nlohmann::json diversity_json(const SetDiversity& d, std::span<const std::string> files,
                              double cell, bool matrix);
std::string diversity_text(const SetDiversity& d, std::span<const std::string> files, double cell,
                           bool matrix);

/// One shot of a game: bird, angle, pull, tap, what it killed and destroyed, its points.
std::string shot_text(std::size_t index, const ShotRecord& shot);
/// A game: `head`, won or lost, pigs killed, birds used, score; then its shots.
std::string game_text(const std::string& head, const Level& level, const GameRecord& game);

/// `birds play`'s report of games of one agent on a level: JSON (file, settings, attempts, wins,
/// win_rate, games) and text (each game, then the wins when there are several).
nlohmann::json attempts_json(const std::string& file, const Level& level,
                             const AgentSettings& agent, std::span<const GameRecord> games);
std::string attempts_text(const std::string& file, const std::string& agent, const Level& level,
                          std::span<const GameRecord> games, bool one_attempt);

/// `birds difficulty --json`: the settings, one object per level (file and report), the summary.
nlohmann::json difficulty_json(const DifficultySettings& settings,
                               std::span<const std::string> files,
                               std::span<const DifficultyReport> reports);

/// `birds difficulty`'s line for one level, and for a set of them.
std::string difficulty_text(const std::string& file, const DifficultyReport& report);
std::string difficulty_summary_text(const DifficultySummary& summary);

}  // namespace evoplay::games::birds
