#pragma once
// Outcomes and levels for people and programs: the human summary, the JSON of `run --json`, the
// lines of `run --trace`. Shared by the CLI and by solvers that write a best plan's outcome.

#include <nlohmann/json.hpp>
#include <span>
#include <string>

#include "evoplay/games/lemmings/simulator.hpp"

namespace evoplay::games::lemmings {

/// The level's header as JSON: name, size, lemmings, save, time, release, constants, skills.
nlohmann::json level_json(const Level& level);
/// What `lemmings show` prints: the header, the rules, the skills, the entrance's path distance
/// to the exit, and the map (one line per row).
std::string level_text(const Level& level);
/// level_json with the map as rows of cell characters ("map").
nlohmann::json level_show_json(const Level& level);
/// `skills` as text: "builder=2 digger=1" (only those > 0; "none" if none).
std::string skills_text(const std::array<int, kSkillCount>& skills);

/// The outcome as JSON: solved, saved, dead, out, deaths (by cause), steps, skills_used (by
/// skill), released, genes (each with the lemming it went to or why it was skipped), lemmings
/// (fate, job, cell, end step, distances).
nlohmann::json outcome_json(const Level& level, const Plan& plan, const Outcome& outcome);
/// A few lines for people: solved or not, counts, skills used, what became of each gene.
std::string outcome_text(const Level& level, const Plan& plan, const Outcome& outcome);

/// One event as text, e.g. "gene 2 (12 builder) -> lemming 1" or "lemming 3 splat".
std::string event_text(const Plan& plan, const Event& event);
/// A lemming's state as text: "L2 builder (5,7) > climber fuse 3".
std::string lemming_text(const LemmingState& lemming);

/// Observer that collects the trace of a run: text lines, or JSON (one object per step).
class TraceObserver : public StepObserver {
 public:
  explicit TraceObserver(const Plan& plan) : plan_(plan) {}
  void on_step(const Simulator& sim, int step, std::span<const Event> events) override;
  const std::string& text() const { return text_; }
  const nlohmann::json& json() const { return json_; }

 private:
  const Plan& plan_;
  std::string text_;
  nlohmann::json json_ = nlohmann::json::array();
};

}  // namespace evoplay::games::lemmings
