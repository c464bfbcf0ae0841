#include "evoplay/games/lemmings/check.hpp"

#include <fmt/format.h>

#include "evoplay/core/error.hpp"
#include "evoplay/games/lemmings/level.hpp"
#include "evoplay/games/lemmings/plan.hpp"
#include "evoplay/games/lemmings/report.hpp"
#include "evoplay/games/lemmings/simulator.hpp"

namespace evoplay::games::lemmings {

namespace {

constexpr const char* kRow = "{:<28} {:>6} {:>4} {:>4} {:>5} {:>5}  {:<34} {:>5}  {}\n";

/// One level's check into `c` (file and json set); throws Error if the level or its plan cannot
/// be read, with what was found until then in `c.json`.
void check_level(const std::filesystem::path& file, const std::string& plans_dir, LevelCheck& c,
                 std::string& error) {
  const Level level = load_level(c.file);
  c.json["level"] = level_json(level);
  Simulator sim(level);
  const int nothing_saved = sim.run({}).saved;
  c.json["saved_without_skills"] = nothing_saved;
  const auto plan_path = reference_plan_path(file, plans_dir);
  std::string genes = "-", status;
  if (!std::filesystem::exists(plan_path)) {
    status = "NO REFERENCE PLAN (" + plan_path.string() + ")";
    c.json["plan"] = nullptr;
    error = fmt::format("{}: no reference plan (expected {})", c.file, plan_path.string());
  } else {
    const Plan plan = load_plan(plan_path.string());
    const Outcome& o = sim.run(plan);
    genes = std::to_string(plan.size());
    c.json["plan"] = plan_path.string();
    c.json["outcome"] = outcome_json(level, plan, o);
    c.ok = o.solved;
    status = o.solved ? fmt::format("solves: saved {}/{} (the {} needed by step {})", o.saved,
                                    level.lemmings, level.save, o.solved_step)
                      : fmt::format("DOES NOT SOLVE: saved {}/{}", o.saved, level.lemmings);
    if (!o.solved) {
      error = fmt::format("{}: the reference plan saves {} of {} needed", plan_path.string(),
                          o.saved, level.save);
    }
  }
  if (nothing_saved >= level.save) status += "; note: solved with no skills at all";
  c.line = fmt::format(kRow, level.name, fmt::format("{}x{}", level.width, level.height),
                       level.lemmings, level.save, level.time, sim.estimated_duration(),
                       skills_text(level.skills), genes, status);
}

}  // namespace

std::filesystem::path reference_plan_path(const std::filesystem::path& level,
                                          const std::string& plans_dir) {
  const auto dir =
      plans_dir.empty() ? level.parent_path() / "solutions" : std::filesystem::path(plans_dir);
  return dir / (level.stem().string() + ".plan");
}

CheckResult check_levels(const std::vector<std::filesystem::path>& files,
                         const std::string& plans_dir) {
  CheckResult r;
  for (const auto& file : files) {
    LevelCheck c;
    c.file = file.string();
    c.json = {{"file", c.file}};
    std::string error;
    try {
      check_level(file, plans_dir, c, error);
    } catch (const Error& e) {
      c.ok = false;
      c.line = fmt::format("{:<28} invalid: {}\n", file.filename().string(), e.what());
      error = e.what();
    }
    c.json["ok"] = c.ok;
    if (!c.ok) {
      ++r.failed;
      if (r.first_error.empty()) r.first_error = error;
    }
    r.levels.push_back(std::move(c));
  }
  return r;
}

nlohmann::json CheckResult::to_json() const {
  nlohmann::json rows = nlohmann::json::array();
  for (const auto& l : levels) rows.push_back(l.json);
  return {{"levels", rows}, {"failed", failed}};
}

std::string CheckResult::text() const {
  std::string out = fmt::format(kRow, "level", "size", "lem", "save", "time", "dur", "skills",
                                "genes", "reference plan");
  for (const auto& l : levels) out += l.line;
  return out;
}

std::string CheckResult::failure() const {
  return fmt::format("{} of {} levels failed the check; first: {}", failed, levels.size(),
                     first_error);
}

}  // namespace evoplay::games::lemmings
