#include "evoplay/games/birds/robustness.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <numeric>
#include <optional>

#include "evoplay/core/json_text.hpp"
#include "evoplay/core/parallel.hpp"
#include "evoplay/core/rng.hpp"
#include "evoplay/core/units.hpp"
#include "evoplay/games/birds/report.hpp"

namespace evoplay::games::birds {

void RobustnessSettings::validate() const {
  try {
    fields::check(*this);
  } catch (const fields::FieldError& e) {
    throw e.named("robustness." + e.field());
  }
}

nlohmann::json RobustnessSettings::to_json() const {
  return {{"trials", trials},
          {"position_jitter", position_jitter},
          {"angle_jitter", angle_jitter},
          {"lean", lean},
          {"seed", seed}};
}

double RobustnessReport::mean_paper_score() const {
  if (paper_scores.empty()) return 0;
  return std::accumulate(paper_scores.begin(), paper_scores.end(), 0.0) /
         static_cast<double>(paper_scores.size());
}

nlohmann::json RobustnessReport::to_json() const {
  return {{"stable", stable},
          {"trials", trials},
          {"stood", stood},
          {"robust", robust},
          {"mean_paper_score", mean_paper_score()}};
}

Level nudged(const Level& level, const RobustnessSettings& s, int trial) {
  Rng rng = Rng(s.seed).split(static_cast<std::uint64_t>(trial));
  Level out = level;
  for (Object& o : out.objects) {
    if (!o.is_piece()) continue;
    o.x += rng.uniform(-s.position_jitter, s.position_jitter);
    o.y += rng.uniform(-s.position_jitter, s.position_jitter);
    o.rotation += rng.uniform(-s.angle_jitter, s.angle_jitter);
  }
  return out;
}

RobustnessReport robustness(const Level& level, const PhysicsSettings& physics,
                            const RobustnessSettings& settings, const StabilityReport* plain) {
  settings.validate();
  RobustnessReport r;
  const StabilityReport own = plain ? StabilityReport{} : simulate(level, physics);
  const StabilityReport& first = plain ? *plain : own;
  r.stable = first.stable;
  r.trials = settings.trials;
  r.paper_scores.assign(static_cast<std::size_t>(settings.trials) + 1, first.paper_score);
  if (!r.stable) return r;
  PhysicsSettings nudge = physics;
  nudge.discount_skin = true;     // the nudges' overlaps pushed out count no more than the skin's
  nudge.overlap_tolerance = 1e6;  // every one of them, whatever its depth
  for (int k = 0; k < settings.trials; ++k) {
    nudge.gravity_lean = physics.gravity_lean + (k % 2 == 0 ? settings.lean : -settings.lean);
    const StabilityReport t = simulate(nudged(level, settings, k), nudge);
    r.paper_scores[static_cast<std::size_t>(k) + 1] = t.paper_score;
    r.stood += t.stable ? 1 : 0;
  }
  r.robust = r.stood == settings.trials;
  return r;
}

namespace {

/// One level's reports, as a unit's result travels between ranks.
struct Judged {
  StabilityReport report;
  std::optional<RobustnessReport> robust;
};

Judged judge(const Level& level, const PhysicsSettings& physics, const RobustnessSettings* robust) {
  Judged j{simulate(level, physics), std::nullopt};
  if (robust) j.robust = robustness(level, physics, *robust, &j.report);
  return j;
}

nlohmann::json judged_json(const Judged& j) {
  nlohmann::json out = {{"report", report_unit_json(j.report)}};
  if (j.robust) {
    out["robust"] = {j.robust->stable, j.robust->trials, j.robust->stood, j.robust->robust,
                     json_doubles(j.robust->paper_scores)};
  }
  return out;
}

Judged judged_from(const nlohmann::json& j) {
  Judged out{report_from_unit_json(j.at("report")), std::nullopt};
  if (j.contains("robust")) {
    const auto& r = j.at("robust");
    out.robust = RobustnessReport{r.at(0).get<bool>(), r.at(1).get<int>(), r.at(2).get<int>(),
                                  r.at(3).get<bool>(), doubles_from_json(r.at(4))};
  }
  return out;
}

}  // namespace

std::size_t simulate_streamed(std::span<const Level> levels, const PhysicsSettings& physics,
                              const RobustnessSettings* robust, int threads, const Control& control,
                              const std::function<void(std::size_t, const StabilityReport&,
                                                       const RobustnessReport*)>& on_report) {
  auto hand = [&](std::size_t i, const Judged& j) {
    on_report(i, j.report, j.robust ? &*j.robust : nullptr);
  };
  if (control.units) {
    UnitJob job;
    job.name = "birds simulate";
    job.count = levels.size();
    job.threads = threads;
    job.key = [&](std::size_t i) {
      return robust ? fmt::format("birds simulate level {} robust {}", i, robust->to_json().dump())
                    : fmt::format("birds simulate level {}", i);
    };
    job.run = [&](std::size_t i, const CancelToken&) -> std::optional<nlohmann::json> {
      return judged_json(judge(levels[i], physics, robust));
    };
    const UnitResults done = run_units(job, control);
    std::size_t i = 0;
    for (; i < levels.size() && done[i]; ++i) hand(i, judged_from(*done[i]));
    return i;
  }
  const std::size_t batch = static_cast<std::size_t>(resolve_threads(threads)) * 4;
  std::size_t first = 0;
  for (; first < levels.size() && !control.cancelled(); first += batch) {
    const auto part = levels.subspan(first, std::min(batch, levels.size() - first));
    std::vector<Judged> judged(part.size());
    parallel_slots(part.size(), threads,
                   [&](std::size_t k) { judged[k] = judge(part[k], physics, robust); });
    for (std::size_t k = 0; k < part.size(); ++k) hand(first + k, judged[k]);
  }
  return std::min(first, levels.size());
}

}  // namespace evoplay::games::birds
