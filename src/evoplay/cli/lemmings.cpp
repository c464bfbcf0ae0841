// evoplay lemmings show | run | render | check: the Lemmings simulator from the command line.
#include <fmt/format.h>

#include <algorithm>
#include <filesystem>

#include "evoplay/cli/commands.hpp"
#include "evoplay/cli/common.hpp"
#include "evoplay/cli/demo.hpp"
#include "evoplay/core/atomic_file.hpp"
#include "evoplay/core/error.hpp"
#include "evoplay/core/rng.hpp"
#include "evoplay/core/text.hpp"
#include "evoplay/games/lemmings/level.hpp"
#include "evoplay/games/lemmings/plan.hpp"
#include "evoplay/games/lemmings/render.hpp"
#include "evoplay/games/lemmings/report.hpp"
#include "evoplay/games/lemmings/simulator.hpp"

namespace evoplay::cli {

namespace lem = games::lemmings;

namespace {

/// The reference plan of a level: solutions/<stem>.plan beside it, or in `plans_dir`.
std::filesystem::path reference_plan_path(const std::filesystem::path& level,
                                          const std::string& plans_dir) {
  const auto dir =
      plans_dir.empty() ? level.parent_path() / "solutions" : std::filesystem::path(plans_dir);
  return dir / (level.stem().string() + ".plan");
}

/// Level files named on the command line; a folder stands for its *.lvl files, sorted.
std::vector<std::filesystem::path> expand_levels(const std::vector<std::string>& args) {
  std::vector<std::filesystem::path> files;
  for (const auto& a : args) {
    if (std::filesystem::is_directory(a)) {
      std::vector<std::filesystem::path> found;
      for (const auto& entry : std::filesystem::directory_iterator(a)) {
        if (entry.path().extension() == ".lvl") found.push_back(entry.path());
      }
      if (found.empty()) throw Error(a, 0, "no .lvl files in this folder");
      std::sort(found.begin(), found.end());
      files.insert(files.end(), found.begin(), found.end());
    } else {
      files.emplace_back(a);
    }
  }
  return files;
}

void add_show(CLI::App& group) {
  struct Options {
    std::string level;
    bool json = false;
  };
  auto opt = std::make_shared<Options>();
  auto* cmd =
      group.add_subcommand("show", "print a level: its header, map and the skills on offer");
  cmd->add_option("level", opt->level, "level file (.lvl; - = standard input)")->required();
  cmd->add_flag("--json", opt->json, "machine-readable output: JSON (with the map as rows)");
  cmd->callback([opt] {
    const lem::Level level = lem::load_level(opt->level);
    if (opt->json) {
      auto j = lem::level_json(level);
      nlohmann::json rows = nlohmann::json::array();
      for (int y = 0; y < level.height; ++y) {
        std::string row;
        for (int x = 0; x < level.width; ++x) row += lem::cell_char(level.at(x, y));
        rows.push_back(row);
      }
      j["map"] = rows;
      fmt::print("{}\n", j.dump(2));
      return;
    }
    const auto e = level.entrances().front();
    const auto dist = lem::exit_distances(level);
    const int d = dist[static_cast<std::size_t>(e.y * level.width + e.x)];
    fmt::print("{}: {}x{} cells, {} lemmings (one every {} steps), save {}, time {} steps\n",
               level.name, level.width, level.height, level.lemmings, level.release, level.save,
               level.time);
    fmt::print(
        "rules: safe fall {} cells, {} bricks per builder, fuse {} steps, crater radius {}\n",
        level.fall, level.bricks, level.fuse, level.radius);
    fmt::print("skills: {}\n", lem::skills_text(level.skills));
    fmt::print("entrance to exit: path distance {}; estimated duration {} steps\n",
               d >= lem::kUnreachable ? std::string("unreachable") : std::to_string(d),
               lem::estimated_duration(level));
    for (int y = 0; y < level.height; ++y) {
      std::string row;
      for (int x = 0; x < level.width; ++x) row += lem::cell_char(level.at(x, y));
      fmt::print("{}\n", row);
    }
  });
}

void add_run(CLI::App& group) {
  struct Options {
    std::string level, plan;
    bool json = false, trace = false;
  };
  auto opt = std::make_shared<Options>();
  auto* cmd = group.add_subcommand("run", "play a level with a plan and print the outcome");
  cmd->add_option("level", opt->level, "level file (.lvl)")->required();
  cmd->add_option("--plan", opt->plan,
                  "plan file: one gene 'STEP SKILL [LEMMING]' per line (default: no skills)");
  cmd->add_flag("--json", opt->json, "machine-readable output: JSON");
  cmd->add_flag("--trace", opt->trace, "also print every step's events and lemmings");
  cmd->callback([opt] {
    const lem::Level level = lem::load_level(opt->level);
    const lem::Plan plan = opt->plan.empty() ? lem::Plan{} : lem::load_plan(opt->plan);
    lem::Simulator sim(level);
    lem::TraceObserver trace(plan);
    const lem::Outcome& outcome = sim.run(plan, opt->trace ? &trace : nullptr);
    if (opt->json) {
      auto j = lem::outcome_json(level, plan, outcome);
      if (opt->trace) j["trace"] = trace.json();
      fmt::print("{}\n", j.dump(2));
      return;
    }
    if (opt->trace) fmt::print("{}", trace.text());
    fmt::print("{}", lem::outcome_text(level, plan, outcome));
  });
}

void add_render(CLI::App& group) {
  struct Options {
    std::string level, plan, out;
    int scale = 0, delay = 12, step = -2;
  };
  auto opt = std::make_shared<Options>();
  auto* cmd = group.add_subcommand(
      "render", "draw a replay: an animated GIF, or a PNG of the level with the lemmings' paths");
  cmd->add_option("level", opt->level, "level file (.lvl)")->required();
  cmd->add_option("--plan", opt->plan, "plan file (default: no skills)");
  cmd->add_option("--out", opt->out, "FILE.gif (animated replay) or FILE.png (paths)")->required();
  cmd->add_option("--scale", opt->scale,
                  "pixels per cell (default: 16 for a replay or --step, 20 for paths)")
      ->check(CLI::Range(2, 64));
  cmd->add_option("--delay", opt->delay, "GIF: hundredths of a second per step")
      ->capture_default_str()
      ->check(CLI::Range(1, 500));
  cmd->add_option("--step", opt->step,
                  "PNG: draw the lemmings after this step (a frame of the replay) instead of "
                  "their paths; -1 = before the first step")
      ->check(CLI::Range(-1, 100000000));
  cmd->callback([opt] {
    const std::filesystem::path out = opt->out;
    const auto ext = out.extension().string();
    if (ext != ".gif" && ext != ".png")
      throw Error(out.string(), 0, "--out must end in .gif or .png");
    const lem::Level level = lem::load_level(opt->level);
    const lem::Plan plan = opt->plan.empty() ? lem::Plan{} : lem::load_plan(opt->plan);
    lem::RenderOptions options;
    if (opt->scale > 0) options.scale = opt->scale;
    options.delay_cs = opt->delay;
    if (opt->step >= -1 && ext != ".png")
      throw Error(out.string(), 0, "--step needs --out FILE.png");
    const lem::Outcome outcome =
        ext == ".gif"     ? lem::render_replay_gif(level, plan, out, options)
        : opt->step >= -1 ? lem::render_snapshot_png(level, plan, opt->step, out, options)
                          : lem::render_paths_png(level, plan, out, options);
    fmt::print("{}\n{}", out.string(), lem::outcome_text(level, plan, outcome));
  });
}

void add_check(CLI::App& group) {
  struct Options {
    std::vector<std::string> levels;
    std::string plans;
    bool json = false;
  };
  auto opt = std::make_shared<Options>();
  auto* cmd = group.add_subcommand(
      "check", "validate levels and replay their reference plans (solutions/NAME.plan)");
  cmd->add_option("levels", opt->levels, "level files, or folders of them")->required();
  cmd->add_option("--plans", opt->plans,
                  "folder of reference plans (default: LEVEL_DIR/solutions)");
  cmd->add_flag("--json", opt->json, "machine-readable output: JSON");
  cmd->callback([opt] {
    const auto files = expand_levels(opt->levels);
    nlohmann::json rows = nlohmann::json::array();
    int failed = 0;
    std::string first_error;
    if (!opt->json) {
      fmt::print("{:<28} {:>6} {:>4} {:>4} {:>5} {:>5}  {:<34} {:>5}  {}\n", "level", "size", "lem",
                 "save", "time", "dur", "skills", "genes", "reference plan");
    }
    for (const auto& file : files) {
      nlohmann::json row = {{"file", file.string()}};
      std::string status;
      bool ok = true;
      try {
        const lem::Level level = lem::load_level(file.string());
        row["level"] = lem::level_json(level);
        lem::Simulator sim(level);
        const int nothing_saved = sim.run({}).saved;
        row["saved_without_skills"] = nothing_saved;
        const auto plan_path = reference_plan_path(file, opt->plans);
        std::string genes = "-";
        if (!std::filesystem::exists(plan_path)) {
          status = "no reference plan (" + plan_path.string() + ")";
          row["plan"] = nullptr;
        } else {
          const lem::Plan plan = lem::load_plan(plan_path.string());
          const lem::Outcome& o = sim.run(plan);
          genes = std::to_string(plan.size());
          row["plan"] = plan_path.string();
          row["outcome"] = lem::outcome_json(level, plan, o);
          ok = o.solved;
          status = o.solved ? fmt::format("solves: saved {}/{} (the {} needed by step {})", o.saved,
                                          level.lemmings, level.save, o.solved_step)
                            : fmt::format("DOES NOT SOLVE: saved {}/{}", o.saved, level.lemmings);
          if (!o.solved && first_error.empty()) {
            first_error = fmt::format("{}: the reference plan saves {} of {} needed",
                                      plan_path.string(), o.saved, level.save);
          }
        }
        if (nothing_saved >= level.save) status += "; note: solved with no skills at all";
        if (!opt->json) {
          fmt::print("{:<28} {:>6} {:>4} {:>4} {:>5} {:>5}  {:<34} {:>5}  {}\n", level.name,
                     fmt::format("{}x{}", level.width, level.height), level.lemmings, level.save,
                     level.time, sim.estimated_duration(), lem::skills_text(level.skills), genes,
                     status);
        }
      } catch (const Error& e) {
        ok = false;
        status = e.what();
        if (first_error.empty()) first_error = e.what();
        if (!opt->json) fmt::print("{:<28} invalid: {}\n", file.filename().string(), status);
      }
      row["ok"] = ok;
      if (!ok) ++failed;
      rows.push_back(std::move(row));
    }
    if (opt->json) fmt::print("{}\n", nlohmann::json{{"levels", rows}, {"failed", failed}}.dump(2));
    if (failed > 0) {
      std::fflush(stdout);
      throw Error(fmt::format("{} of {} levels failed the check; first: {}", failed, files.size(),
                              first_error));
    }
  });
}

}  // namespace

/// The shipped levels: data/lemmings in the working folder, or in the source tree the program
/// was built in (found from the program's own path: build/<preset>/evoplay).
std::filesystem::path find_lemmings_data() {
  std::vector<std::filesystem::path> candidates = {"data/lemmings"};
  std::error_code ec;
  const auto self = std::filesystem::read_symlink("/proc/self/exe", ec);
  if (!ec) candidates.push_back(self.parent_path().parent_path().parent_path() / "data/lemmings");
  for (const auto& c : candidates) {
    if (std::filesystem::is_directory(c / "solutions")) return c;
  }
  return {};
}

void demo_lemmings(DemoContext& ctx) {
  const auto data = find_lemmings_data();
  if (data.empty()) {
    fmt::print("  skipped: data/lemmings not found (run from the source folder)\n");
    return;
  }
  const auto dir = ctx.folder("lemmings");
  // 1. Every level of the suite with its reference plan, and how rare a random plan that solves
  //    it is (the document's random initialisation).
  std::vector<std::filesystem::path> files = expand_levels({data.string()});
  nlohmann::json rows = nlohmann::json::array();
  fmt::print("  {:<20} {:>8} {:>5}  {:<22} {:>12}\n", "level", "lemmings", "genes",
             "reference plan", "random plans");
  for (const auto& file : files) {
    const lem::Level level = lem::load_level(file.string());
    const lem::Plan plan = lem::load_plan(reference_plan_path(file, "").string());
    lem::Simulator sim(level);
    const lem::Outcome& o = sim.run(plan);
    const std::string result = fmt::format("{} {}/{} (need {})", o.solved ? "saves" : "FAILS",
                                           o.saved, level.lemmings, level.save);
    const bool solved = o.solved;
    Rng rng = Rng(ctx.seed).split(std::hash<std::string>{}(file.stem().string()));
    int random_solved = 0;
    constexpr int kRandom = 500;
    for (int i = 0; i < kRandom; ++i) {
      random_solved += sim.run(lem::random_plan(level, sim.estimated_duration(), rng)).solved;
    }
    fmt::print("  {:<20} {:>8} {:>5}  {:<22} {:>7} of {}\n", level.name, level.lemmings,
               plan.size(), result, random_solved, kRandom);
    rows.push_back({{"file", file.filename().string()},
                    {"level", level.name},
                    {"solved", solved},
                    {"genes", plan.size()},
                    {"random_plans_solving", random_solved},
                    {"random_plans", kRandom}});
  }
  // 2. One medium level's replay, and the paths its lemmings took.
  const auto level_file = data / "medium-05-down-and-back.lvl";
  const lem::Level level = lem::load_level(level_file.string());
  const lem::Plan plan = lem::load_plan(reference_plan_path(level_file, "").string());
  lem::RenderOptions options;
  options.delay_cs = 10;
  const auto outcome = lem::render_replay_gif(level, plan, dir / "replay.gif", options);
  lem::render_paths_png(level, plan, dir / "paths.png");
  write_file_atomic(
      dir / "result.json",
      nlohmann::json{{"levels", rows}, {"replay", lem::outcome_json(level, plan, outcome)}}.dump(
          2));
  const std::string text = lem::outcome_text(level, plan, outcome);
  for (const auto line : split_lines(text)) {
    fmt::print("  {}\n", line);
  }
  ctx.show("Lemmings replay (GIF)", dir / "replay.gif");
  ctx.show("Lemmings paths", dir / "paths.png");
}

void add_lemmings_commands(CLI::App& app) {
  auto* group = app.add_subcommand(
      "lemmings", "Lemmings levels: show, run a plan, render a replay, check levels");
  group->require_subcommand(1);
  add_show(*group);
  add_run(*group);
  add_render(*group);
  add_check(*group);
}

}  // namespace evoplay::cli
