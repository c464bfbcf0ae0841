#include "evoplay/games/birds/describe.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>

#include "evoplay/core/text.hpp"
#include "evoplay/games/birds/report.hpp"
#include "evoplay/games/birds/shelter.hpp"

namespace evoplay::games::birds {

namespace {

std::string piece_label(const Level& level, int index) {
  if (index == Overlap::kGround) return "the ground";
  const auto& o = level.objects[static_cast<std::size_t>(index)];
  std::string s = fmt::format("#{} {}", index, describe(o));
  if (o.line > 0) s += fmt::format(" (line {})", o.line);
  return s;
}

/// The first overlaps, one line each, and how many more there are.
std::string overlaps_text(const Level& level, const std::vector<Overlap>& overlaps,
                          std::string_view what) {
  constexpr std::size_t kShown = 20;
  std::string s;
  for (std::size_t i = 0; i < overlaps.size() && i < kShown; ++i) {
    const auto& o = overlaps[i];
    s += fmt::format("  {}: {} and {}, {:.3f} deep\n", what, piece_label(level, o.a),
                     piece_label(level, o.b), o.depth);
  }
  if (overlaps.size() > kShown) {
    s += fmt::format("  ... and {} more overlaps (--json lists {} of them)\n",
                     overlaps.size() - kShown, std::min(overlaps.size(), kListedOverlaps));
  }
  return s;
}

}  // namespace

std::string stability_text(const std::string& file, const Level& level, const StabilityReport& r) {
  std::string s = fmt::format(
      "{}: {} ({}: {} destroyed, {} moved >= 0.1, {} rotated >= 5 deg)\n", file,
      r.stable ? "stable" : "UNSTABLE", counted(r.pieces, "piece"), r.destroyed, r.moved,
      r.paper_rotated);
  s += fmt::format("  score {:.3f} (ChatGPT4PCG)   paper score {:.2f} (the document)   {}\n",
                   r.score, r.paper_score,
                   r.at_rest ? fmt::format("at rest after {:.2f} s", r.settle_time)
                             : std::string("still moving at the end"));
  s += overlaps_text(level, r.overlaps, "overlap at the start");
  int listed = 0;
  for (std::size_t i = 0; i < level.objects.size(); ++i) {
    const auto& out = r.objects[i];
    if (!level.objects[i].is_piece() || !(out.destroyed || out.moved)) continue;
    if (++listed > 12) {
      s += "  ... (--json lists every object)\n";
      break;
    }
    if (out.destroyed) {
      s += fmt::format("  destroyed at {:.2f} s{}: {}\n", out.time_destroyed,
                       out.left_world ? " (left the world)" : "",
                       piece_label(level, static_cast<int>(i)));
    } else {
      // Rounded to the tenth printed, so that -0.04 shows as 0.0, not -0.0.
      const double turned = std::round(out.rotation_change * 10) / 10 + 0.0;
      s += fmt::format("  moved {:.3f}, turned {:.1f} deg: {}\n", out.displacement, turned,
                       piece_label(level, static_cast<int>(i)));
    }
  }
  return s;
}

std::string robustness_text(const RobustnessReport& r, const RobustnessSettings& s) {
  const std::string nudges = fmt::format(
      "pieces moved up to {:g} in x and y, turned up to {:g} deg, the level leaned "
      "{:g} deg",
      s.position_jitter, s.angle_jitter, s.lean);
  if (!r.stable) return "  not robust: it does not stand as it is\n";
  return fmt::format("  {}: stood {} of {} nudged trials ({})\n",
                     r.robust ? "robust" : "NOT ROBUST", r.stood, r.trials, nudges);
}

LevelCheck check_level(const Level& level, double tolerance) {
  return {find_overlaps(level, tolerance), outside_world(level)};
}

nlohmann::json LevelCheck::to_json(const std::string& file, const Level& level) const {
  return {{"file", file},
          {"ok", ok()},
          {"width", level.width},
          {"blocks", level.count(Kind::kBlock)},
          {"pigs", level.count(Kind::kPig)},
          {"tnt", level.count(Kind::kTnt)},
          {"platforms", level.count(Kind::kPlatform)},
          {"birds", level.birds.size()},
          {"overlap_count", overlaps.size()},
          {"overlaps", overlaps_json(overlaps)},
          {"outside", outside}};
}

std::string LevelCheck::text(const std::string& file, const Level& level) const {
  std::string s = fmt::format(
      "{}: {} blocks, {} pigs, {} TNT, {} platforms, {} birds, width {} ({})\n", file,
      level.count(Kind::kBlock), level.count(Kind::kPig), level.count(Kind::kTnt),
      level.count(Kind::kPlatform), level.birds.size(), level.width, ok() ? "ok" : "problems");
  s += overlaps_text(level, overlaps, "overlap");
  for (const int i : outside) {
    s += fmt::format("  outside the level (x beyond +-{:g}, the game removes it): {}\n",
                     level.half_width(), piece_label(level, i));
  }
  return s;
}

nlohmann::json diversity_json(const SetDiversity& d, std::span<const std::string> files,
                              double cell, bool matrix) {
  nlohmann::json j = {
      {"levels", d.levels},
      {"files", files},
      {"cell", cell},
      {"structural",
       {{"mean", d.structural_mean}, {"min", d.structural_min}, {"max", d.structural_max}}},
      {"counts", {{"mean", d.count_mean}, {"min", d.count_min}, {"max", d.count_max}}},
      {"level", {{"mean", d.level_mean}, {"min", d.level_min}}},
      {"blocks", {{"mean", d.blocks_mean}, {"min", d.blocks_min}, {"max", d.blocks_max}}},
      {"pigs", d.pigs},
      {"protected_pigs", d.protected_pigs},
      {"sheltered_pigs", d.sheltered_pigs},
      {"off_ground", d.off_ground},
      {"badly_carried", d.badly_carried}};
  if (matrix) {
    j["structural_matrix"] = d.structural;
    j["count_matrix"] = d.counts;
  }
  return j;
}

std::string diversity_text(const SetDiversity& d, std::span<const std::string> files, double cell,
                           bool matrix) {
  std::string s = fmt::format(
      "{} levels: {:.1f} blocks per level ({:g}-{:g}); of {} pigs, {} sheltered (in a room: a "
      "roof and walls within {:g}), {} protected (no shot reaches them first)\n",
      d.levels, d.blocks_mean, d.blocks_min, d.blocks_max, d.pigs, d.sheltered_pigs, kShelterReach,
      d.protected_pigs);
  s += fmt::format(
      "pieces off the ground: {}, of them {} resting only on circles or triangle tips\n",
      d.off_ground, d.badly_carried);
  s += fmt::format(
      "structural distance (1 - IoU of silhouettes, cell {:g}): mean {:.3f}  (min {:.3f}, "
      "max {:.3f})\n",
      cell, d.structural_mean, d.structural_min, d.structural_max);
  s += fmt::format("block-count distance (objects to change): mean {:.1f}  (min {:g}, max {:g})\n",
                   d.count_mean, d.count_min, d.count_max);
  s += fmt::format(
      "level distance (mean of the structural, material and pig distances): mean {:.3f}  (min "
      "{:.3f})\n",
      d.level_mean, d.level_min);
  if (matrix) {
    s += "\nstructural distance:\n";
    for (std::size_t i = 0; i < files.size(); ++i) {
      s += fmt::format("  {:>3}", i + 1);
      for (double v : d.structural[i]) s += fmt::format(" {:5.3f}", v);
      s += fmt::format("  {}\n", display_name(files[i]));
    }
  }
  return s;
}

std::string shot_text(std::size_t k, const ShotRecord& s) {
  std::string what = fmt::format("{} pig{} killed, {} block{} destroyed", s.pigs_killed,
                                 s.pigs_killed == 1 ? "" : "s", s.blocks_destroyed,
                                 s.blocks_destroyed == 1 ? "" : "s");
  if (s.tnt_exploded > 0) what += fmt::format(", {} TNT exploded", s.tnt_exploded);
  return fmt::format(
      "  shot {}: {} at {:.2f} deg, pull {:.2f}{}{}: {}, damage {:.1f}, +{} points ({:.2f} s)\n",
      k + 1, bird_name(s.bird), s.shot.angle, s.shot.pull,
      s.shot.tap >= 0 ? fmt::format(", tap {:.2f} s", s.shot.tap) : "",
      s.shot.tap >= 0 && s.tap_time < 0 ? " (too late or too early: no ability)" : "", what,
      s.damage, s.score, s.seconds);
}

std::string game_text(const std::string& head, const Level& level, const GameRecord& g) {
  std::string s = fmt::format("{}: {} - {} of {} pigs killed, {} of {} birds used, score {}\n",
                              head, g.won() ? "WON" : std::string(status_name(g.status)),
                              g.pigs_killed, g.pigs, g.birds_used, level.birds.size(), g.score);
  for (std::size_t k = 0; k < g.shots.size(); ++k) s += shot_text(k, g.shots[k]);
  return s;
}

std::string difficulty_text(const std::string& file, const DifficultyReport& r) {
  return fmt::format(
      "{}: {} - naive wins {}/{} ({:.0f}%), random shots killing a pig {}/{} ({:.0f}%), {}; {} "
      "pigs ({} protected), {} blocks, {} TNT, {} platforms, {} birds\n",
      file, r.solvable ? "solvable" : "NOT SOLVED", r.naive_wins, r.naive_attempts,
      100 * r.naive_win_rate, r.random_hits, r.random_shots, 100 * r.random_kill_share,
      r.solvable ? fmt::format("search wins with {} of {} birds", r.search.birds_used, r.birds)
                 : fmt::format("search kills {} of {} pigs", r.search.pigs_killed, r.pigs),
      r.pigs, r.protection.protected_pigs, r.blocks, r.tnt, r.platforms, r.birds);
}

std::string difficulty_summary_text(const DifficultySummary& s) {
  std::string out = fmt::format(
      "{} levels: {} solvable ({:.0f}%), naive win rate {:.2f}, random kill share {:.2f}, "
      "protected pigs {:.0f}%, {:.1f} blocks and {:.1f} pigs per level\n",
      s.levels, s.solvable, 100.0 * s.solvable / s.levels, s.naive_win_rate, s.random_kill_share,
      100 * s.protected_share, s.blocks, s.pigs);
  std::string birds;
  for (std::size_t b = 1; b < s.won_with_birds.size(); ++b) {
    if (s.won_with_birds[b] == 0) continue;
    birds += fmt::format("{}{} with {} bird{}", birds.empty() ? "" : ", ", s.won_with_birds[b], b,
                         b == 1 ? "" : "s");
  }
  out += fmt::format(
      "spread: the search agent won {}{}; the naive agent's win rate {:.2f} +- {:.2f} (from "
      "{:.2f} to {:.2f})\n",
      birds.empty() ? std::string("none") : birds,
      s.levels > s.solvable ? fmt::format(", {} not won", s.levels - s.solvable) : std::string(),
      s.naive_win_rate, s.naive_win_rate_sd, s.naive_win_rate_min, s.naive_win_rate_max);
  return out;
}

namespace {
std::ptrdiff_t wins_of(std::span<const GameRecord> games) {
  return std::count_if(games.begin(), games.end(), [](const GameRecord& g) { return g.won(); });
}
}  // namespace

nlohmann::json attempts_json(const std::string& file, const Level& level,
                             const AgentSettings& agent, std::span<const GameRecord> games) {
  nlohmann::json list = nlohmann::json::array();
  for (const auto& g : games) list.push_back(g.to_json(level));
  const auto wins = wins_of(games);
  return {{"file", file},
          {"settings", agent.to_json()},
          {"attempts", games.size()},
          {"wins", wins},
          {"win_rate", static_cast<double>(wins) / static_cast<double>(games.size())},
          {"games", list}};
}

std::string attempts_text(const std::string& file, const std::string& agent, const Level& level,
                          std::span<const GameRecord> games, bool one_attempt) {
  std::string out;
  for (std::size_t k = 0; k < games.size(); ++k) {
    out +=
        game_text(one_attempt ? fmt::format("{} ({}, seed {})", file, agent, games[k].seed)
                              : fmt::format("{} attempt {} (seed {})", file, k + 1, games[k].seed),
                  level, games[k]);
  }
  const auto n = games.size();
  const auto wins = wins_of(games);
  if (n > 1)
    out += fmt::format("{} won {} of {} games ({:.0f}%)\n", agent, wins, n,
                       100.0 * static_cast<double>(wins) / static_cast<double>(n));
  return out;
}

nlohmann::json difficulty_json(const DifficultySettings& settings,
                               std::span<const std::string> files,
                               std::span<const DifficultyReport> reports) {
  nlohmann::json list = nlohmann::json::array();
  for (std::size_t i = 0; i < reports.size(); ++i) {
    nlohmann::json j = {{"file", files[i]}};
    j.update(reports[i].to_json());
    list.push_back(std::move(j));
  }
  return {{"settings", settings.to_json()},
          {"levels", list},
          {"summary", summarise(reports).to_json()}};
}

}  // namespace evoplay::games::birds
