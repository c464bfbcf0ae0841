#include "evoplay/games/lemmings/plan.hpp"

#include <fmt/format.h>

#include <algorithm>

#include "evoplay/core/error.hpp"
#include "evoplay/core/text.hpp"

namespace evoplay::games::lemmings {

Plan parse_plan(std::string_view text, const std::string& file) {
  Plan plan;
  const auto lines = split_lines(text);
  for (std::size_t i = 0; i < lines.size(); ++i) {
    const int line_no = static_cast<int>(i) + 1;
    const std::string_view line = lines[i];
    std::string_view content = line.substr(0, line.find('#'));
    std::vector<std::string_view> fields;
    std::size_t pos = 0;
    while (pos < content.size()) {
      while (pos < content.size() && (content[pos] == ' ' || content[pos] == '\t')) ++pos;
      std::size_t end = pos;
      while (end < content.size() && content[end] != ' ' && content[end] != '\t') ++end;
      if (end > pos) fields.push_back(content.substr(pos, end - pos));
      pos = end;
    }
    if (fields.empty()) continue;
    auto col = [&](std::string_view f) { return static_cast<int>(f.data() - line.data()) + 1; };
    if (fields.size() < 2 || fields.size() > 3) {
      throw Error(file, line_no, col(fields.front()),
                  fmt::format("expected 'STEP SKILL [LEMMING]' (e.g. '12 builder'), found '{}'",
                              trim(content)));
    }
    Gene gene;
    long long step = 0;
    if (!try_parse_int(fields[0], step) || step < 0 || step > 100000000) {
      throw Error(
          file, line_no, col(fields[0]),
          fmt::format("step: expected a whole number from 0 to 100000000, found '{}'", fields[0]));
    }
    gene.step = static_cast<int>(step);
    const auto skill = skill_from_name(fields[1]);
    if (!skill) {
      throw Error(file, line_no, col(fields[1]),
                  fmt::format("unknown skill '{}' (expected climber, floater, bomber, blocker, "
                              "builder, basher, miner or digger; on Pingus levels also bridger, "
                              "jumper or slider)",
                              fields[1]));
    }
    gene.skill = *skill;
    if (fields.size() == 3) {
      long long lemming = 0;
      if (!try_parse_int(fields[2], lemming) || lemming < 1 || lemming > 100000) {
        throw Error(file, line_no, col(fields[2]),
                    fmt::format("lemming: expected a number from 1 to 100000 (1 = the first "
                                "released), found '{}'",
                                fields[2]));
      }
      gene.lemming = static_cast<int>(lemming);
    }
    if (plan.size() == kMaxGenes) {
      throw Error(file, line_no, col(fields[0]),
                  fmt::format("more than {} genes: a plan holds at most {}", kMaxGenes, kMaxGenes));
    }
    plan.push_back(gene);
  }
  return plan;
}

Plan load_plan(const std::string& path) { return parse_plan(read_text(path), display_name(path)); }

std::string to_text(const Plan& plan) {
  std::string out;
  for (const Gene& g : plan) {
    out += fmt::format("{} {}", g.step, skill_name(g.skill));
    if (g.lemming > 0) out += fmt::format(" {}", g.lemming);
    out += '\n';
  }
  return out;
}

Gene random_gene(const Level& level, int duration, Rng& rng) {
  Gene gene;
  gene.step = static_cast<int>(rng.below(static_cast<std::uint64_t>(std::max(duration, 1))));
  const auto k = rng.weighted(level.skills);
  if (k < 0) throw InternalError("random_gene: the level offers no skill");
  gene.skill = static_cast<Skill>(k);  // Level::skills is indexed by Skill (Pingus's ten too)
  return gene;
}

Plan random_plan(const Level& level, int duration, Rng& rng) {
  Plan plan;
  if (level.total_skills() == 0) return plan;
  // A Pingus level runs thousands of ticks: a plan of up to `duration` genes would hold far
  // more actions than the level offers, so there a plan holds up to as many genes as actions.
  const int most = level.pingus ? std::min(duration, level.total_skills()) : duration;
  const auto n = rng.between(1, std::max(most, 1));
  plan.reserve(static_cast<std::size_t>(n));
  for (std::int64_t i = 0; i < n; ++i) plan.push_back(random_gene(level, duration, rng));
  return plan;
}

}  // namespace evoplay::games::lemmings
