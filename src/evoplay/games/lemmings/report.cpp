#include "evoplay/games/lemmings/report.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "evoplay/games/lemmings/pingus_level.hpp"

namespace evoplay::games::lemmings {

nlohmann::json level_json(const Level& level) {
  nlohmann::json skills = nlohmann::json::object();
  for (Skill s : level.skill_list()) skills[std::string(skill_name(s))] = level.skill(s);
  const auto e = level.entrances();
  const auto x = level.exits();
  auto points = [](const std::vector<Point>& ps) {
    nlohmann::json a = nlohmann::json::array();
    for (const Point& p : ps) a.push_back({p.x, p.y});
    return a;
  };
  return {{"name", level.name},
          {"width", level.width},
          {"height", level.height},
          {"lemmings", level.lemmings},
          {"save", level.save},
          {"time", level.time},
          {"release", level.release},
          {"fall", level.fall},
          {"bricks", level.bricks},
          {"fuse", level.fuse},
          {"radius", level.radius},
          {"skills", skills},
          {"entrances", points(e)},
          {"exits", points(x)},
          {"estimated_duration", estimated_duration(level)}};
}

namespace {
std::string map_row(const Level& level, int y) {
  std::string row;
  for (int x = 0; x < level.width; ++x) row += cell_char(level.at(x, y));
  return row;
}

/// `show` for a Pingus level: its head, the actions, and the coarse map.
std::string pingus_level_text(const Level& level, int distance) {
  const PingusLevel& p = *level.pingus;
  std::string out = fmt::format(
      "{}: Pingus level, {}x{} pixels, {} pingus, save {}, time {}; evoplay plays {} ticks\n",
      level.name, p.width, p.height, p.pingus, p.save,
      p.time < 0 ? std::string("no limit") : fmt::format("{} ticks", p.time), p.horizon);
  out += fmt::format("file: {}{}\n", p.file,
                     p.resname.empty() ? "" : fmt::format(" (the game's levels/{})", p.resname));
  std::string entrances;
  for (const auto& e : p.entrances) {
    entrances += fmt::format("{}({}, {}) every {} ticks{}", entrances.empty() ? "" : "; ", e.x, e.y,
                             e.release_rate + 1,
                             e.direction < 0   ? " left"
                             : e.direction > 0 ? " right"
                                               : "");
  }
  std::string exits;
  for (const auto& e : p.exits)
    exits += fmt::format("{}({}, {})", exits.empty() ? "" : "; ", e.x, e.y);
  out += fmt::format("entrances: {}\nexits: {}\n", entrances, exits);
  if (!p.spikes.empty()) out += fmt::format("spike traps: {}\n", p.spikes.size());
  out += fmt::format("actions: {}\n", skills_text(level.skills));
  out += fmt::format(
      "map: one character per {}x{} pixels (# ground, = solid, ~ liquid, E entrance, X exit); "
      "entrance to exit: path distance {}\n",
      kPingusCell, kPingusCell,
      distance >= kUnreachable ? std::string("unreachable") : std::to_string(distance));
  for (int y = 0; y < level.height; ++y) out += map_row(level, y) + "\n";
  return out;
}
}  // namespace

nlohmann::json level_show_json(const Level& level) {
  auto j = level_json(level);
  nlohmann::json rows = nlohmann::json::array();
  for (int y = 0; y < level.height; ++y) rows.push_back(map_row(level, y));
  j["map"] = rows;
  return j;
}

std::string level_text(const Level& level) {
  const auto e = level.entrances().front();
  const int d = exit_distances(level)[static_cast<std::size_t>(e.y * level.width + e.x)];
  if (level.pingus) return pingus_level_text(level, d);
  std::string out = fmt::format(
      "{}: {}x{} cells, {} (one every {}), save {}, time {}\n", level.name, level.width,
      level.height, counted(level.lemmings, "lemming"),
      level.release == 1 ? std::string("step") : counted(level.release, "step"), level.save,
      counted(level.time, "step"));
  out += fmt::format(
      "rules: safe fall {} cells, {} bricks per builder, fuse {} steps, crater radius {}\n",
      level.fall, level.bricks, level.fuse, level.radius);
  out += fmt::format("skills: {}\n", skills_text(level.skills));
  out += fmt::format("entrance to exit: path distance {}; estimated duration {} steps\n",
                     d >= kUnreachable ? std::string("unreachable") : std::to_string(d),
                     estimated_duration(level));
  for (int y = 0; y < level.height; ++y) out += map_row(level, y) + "\n";
  return out;
}

std::string skills_text(const std::array<int, kSkillCount>& skills) {
  std::string out;
  for (Skill s : kPingusSkills) {
    const int n = skills[static_cast<std::size_t>(s)];
    if (n > 0) out += fmt::format("{}{}={}", out.empty() ? "" : " ", skill_name(s), n);
  }
  return out.empty() ? "none" : out;
}

namespace {

/// Why each gene that went to no lemming was skipped ("after the end of the level" when the
/// level ended first), from one pass over the events.
std::vector<std::string_view> skip_reasons(const Plan& plan, const Outcome& o) {
  std::vector<std::string_view> why(plan.size(), "after the end of the level");
  for (const Event& e : o.events) {
    if (e.kind == EventKind::kSkipped && e.gene >= 0 &&
        static_cast<std::size_t>(e.gene) < why.size())
      why[static_cast<std::size_t>(e.gene)] = skip_reason_text(e.reason);
  }
  return why;
}

}  // namespace

nlohmann::json outcome_json(const Level& level, const Plan& plan, const Outcome& o) {
  nlohmann::json deaths = nlohmann::json::object();
  const std::span<const Fate> kinds =
      level.pingus ? std::span<const Fate>(kPingusDeaths) : std::span<const Fate>(kDeaths);
  for (Fate f : kinds) deaths[std::string(fate_name(f))] = o.deaths_by(f);
  nlohmann::json used = nlohmann::json::object();
  for (Skill s : level.skill_list())
    used[std::string(skill_name(s))] = o.skills_used[static_cast<std::size_t>(s)];
  nlohmann::json genes = nlohmann::json::array();
  const auto why = skip_reasons(plan, o);
  for (std::size_t i = 0; i < plan.size(); ++i) {
    nlohmann::json g = {{"step", plan[i].step}, {"skill", skill_name(plan[i].skill)}};
    if (plan[i].lemming > 0) g["lemming"] = plan[i].lemming;
    const int who = i < o.gene_lemming.size() ? o.gene_lemming[i] : 0;
    g["assigned_to"] = who > 0 ? nlohmann::json(who) : nlohmann::json(nullptr);
    if (who == 0) g["skipped"] = why[i];
    genes.push_back(std::move(g));
  }
  nlohmann::json lemmings = nlohmann::json::array();
  for (std::size_t i = 0; i < o.lemmings.size(); ++i) {
    const LemmingOutcome& l = o.lemmings[i];
    nlohmann::json j = {{"id", i + 1}, {"fate", fate_name(l.fate)}};
    if (l.fate != Fate::kWaiting) {
      j["job"] = job_name(l.job);
      j["x"] = l.x;
      j["y"] = l.y;
      j["end_step"] = l.end_step >= 0 ? nlohmann::json(l.end_step) : nlohmann::json(nullptr);
      auto dist = [](int d) {
        return d >= kUnreachable ? nlohmann::json(nullptr) : nlohmann::json(d);
      };
      j["distance"] = dist(l.distance);
      j["best_distance"] = dist(l.best_distance);
      j["climber"] = l.climber;
      j["floater"] = l.floater;
    }
    lemmings.push_back(std::move(j));
  }
  return {
      {"level", level.name},
      {"solved", o.solved},
      {"saved", o.saved},
      {"save", level.save},
      {"dead", o.dead},
      {"out", o.out},
      {"released", o.released},
      {"deaths", deaths},
      {"steps", o.steps},
      {"solved_step", o.solved_step >= 0 ? nlohmann::json(o.solved_step) : nlohmann::json(nullptr)},
      {"time", level.time},
      {"skills_used", used},
      {"genes", genes},
      {"lemmings", lemmings}};
}

std::string outcome_text(const Level& level, const Plan& plan, const Outcome& o) {
  std::string out =
      fmt::format("{}: {}, saved {} of {} ({} needed), dead {}", level.name,
                  o.solved ? "solved" : "not solved", o.saved, level.lemmings, level.save, o.dead);
  if (o.dead > 0) {
    std::vector<std::string> causes;
    for (Fate f : kPingusDeaths) {
      if (o.deaths_by(f) > 0) causes.push_back(fmt::format("{} {}", fate_name(f), o.deaths_by(f)));
    }
    out += fmt::format(" ({})", fmt::join(causes, ", "));
  }
  out += fmt::format(", out {}, {} of {} steps\n", o.out, o.steps, level.time);
  out += fmt::format("skills used: {} (of {})\n", skills_text(o.skills_used),
                     skills_text(level.skills));
  if (!plan.empty()) {
    out += fmt::format("genes: {} of {} had an effect\n", o.genes_applied(), plan.size());
    const auto why = skip_reasons(plan, o);
    constexpr std::size_t kListed = 200;  // a long plan is summed up (--json lists every gene)
    for (std::size_t i = 0; i < plan.size(); ++i) {
      if (i == kListed) {
        out += fmt::format("  ... and {} more genes (--json lists every gene)\n", plan.size() - i);
        break;
      }
      const Gene& g = plan[i];
      std::string what = fmt::format("{} {}", g.step, skill_name(g.skill));
      if (g.lemming > 0) what += fmt::format(" {}", g.lemming);
      const int who = o.gene_lemming[i];
      const std::string result =
          who > 0 ? fmt::format("lemming {}", who) : fmt::format("skipped: {}", why[i]);
      out += fmt::format("  {:<16} -> {}\n", what, result);
    }
  }
  return out;
}

std::string event_text(const Plan& plan, const Event& e) {
  switch (e.kind) {
    case EventKind::kReleased:
      return fmt::format("lemming {} released", e.lemming);
    case EventKind::kSaved:
      return fmt::format("lemming {} saved", e.lemming);
    case EventKind::kDied:
      return fmt::format("lemming {} {}", e.lemming, fate_name(e.fate));
    case EventKind::kAssigned:
    case EventKind::kSkipped: {
      const Gene& g = plan[static_cast<std::size_t>(e.gene)];
      std::string what = fmt::format("gene {} ({} {}{})", e.gene + 1, g.step, skill_name(g.skill),
                                     g.lemming > 0 ? fmt::format(" {}", g.lemming) : "");
      if (e.kind == EventKind::kAssigned) return fmt::format("{} -> lemming {}", what, e.lemming);
      return fmt::format("{} skipped: {}", what, skip_reason_text(e.reason));
    }
  }
  return "";
}

std::string lemming_text(const LemmingState& l) {
  std::string out =
      fmt::format("L{} {} ({},{}) {}", l.id, job_name(l.job), l.x, l.y, l.dir > 0 ? '>' : '<');
  if (l.climber) out += " climber";
  if (l.floater) out += " floater";
  if (l.fuse > 0) out += fmt::format(" fuse {}", l.fuse);
  if (l.job == Job::kFaller) out += fmt::format(" fell {}", l.fall);
  return out;
}

void TraceObserver::on_step(const Simulator& sim, int step, std::span<const Event> events) {
  text_ += fmt::format("step {}: saved {}, dead {}\n", step, sim.saved(), sim.dead());
  nlohmann::json ev = nlohmann::json::array();
  for (const Event& e : events) {
    text_ += "  * " + event_text(plan_, e) + "\n";
    ev.push_back(event_text(plan_, e));
  }
  nlohmann::json lems = nlohmann::json::array();
  for (int i = 0; i < sim.released(); ++i) {
    const LemmingState l = sim.lemming(i);
    if (l.job == Job::kSaved || l.job == Job::kDead) continue;
    text_ += "    " + lemming_text(l) + "\n";
    nlohmann::json j = {
        {"id", l.id}, {"job", job_name(l.job)}, {"x", l.x}, {"y", l.y}, {"dir", l.dir}};
    if (l.climber) j["climber"] = true;
    if (l.floater) j["floater"] = true;
    if (l.fuse > 0) j["fuse"] = l.fuse;
    lems.push_back(std::move(j));
  }
  json_.push_back({{"step", step}, {"events", ev}, {"lemmings", lems}});
}

}  // namespace evoplay::games::lemmings
