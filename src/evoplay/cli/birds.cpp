// evoplay birds simulate | render | check: Science Birds levels, their stability under Box2D
// physics, and their pictures.
#include <fmt/format.h>

#include <algorithm>
#include <filesystem>
#include <memory>
#include <utility>

#include "evoplay/cli/commands.hpp"
#include "evoplay/cli/common.hpp"
#include "evoplay/cli/demo.hpp"
#include "evoplay/core/error.hpp"
#include "evoplay/core/text.hpp"
#include "evoplay/games/birds/check.hpp"
#include "evoplay/games/birds/physics.hpp"
#include "evoplay/games/birds/render.hpp"
#include "evoplay/games/birds/report.hpp"
#include "evoplay/games/birds/xml.hpp"

namespace evoplay::cli {

namespace birds = games::birds;

namespace {

/// Status when `check` found overlaps or objects outside the level (the files were readable).
constexpr int kProblemsFound = 3;

struct PhysicsOptions {
  birds::PhysicsSettings settings;
  bool full_time = false;
  bool box2d_skin = false;
  bool no_damage = false;
};

void add_physics_options(CLI::App* cmd, PhysicsOptions& o) {
  cmd->add_option("--seconds", o.settings.seconds, "game time to simulate")
      ->capture_default_str()
      ->check(CLI::PositiveNumber);
  cmd->add_flag("--intended-life", o.settings.intended_life,
                "block life by material as the game intends (wood 5, stone 10, ice 2.5) instead of "
                "the 5 it applies to every block");
  cmd->add_flag("--no-damage", o.no_damage, "no damage on impact (nothing is destroyed)");
  cmd->add_flag("--round-pigs", o.settings.round_pigs,
                "pigs as circles instead of the game's flat-based octagons");
  cmd->add_flag("--box2d-skin", o.box2d_skin,
                "Box2D's default collider skin (0.01, as in Unity): resting objects float about "
                "0.01 above their supports");
  cmd->add_flag("--full-time", o.full_time,
                "step the whole time even after every body sleeps (same report, slower)");
}

birds::PhysicsSettings resolve(const PhysicsOptions& o) {
  birds::PhysicsSettings s = o.settings;
  s.stop_when_asleep = !o.full_time;
  s.damage = !o.no_damage;
  if (o.box2d_skin) s.contact_skin = 0.01;
  return s;
}

std::vector<birds::Level> read_levels(const std::vector<std::string>& files) {
  std::vector<birds::Level> levels;
  levels.reserve(files.size());
  for (const auto& f : files) levels.push_back(birds::read_level(f));
  return levels;
}

std::string stem(const std::string& file) {
  return file == "-" ? "stdin" : std::filesystem::path(file).stem().string();
}

std::string piece_label(const birds::Level& level, int index) {
  if (index == birds::Overlap::kGround) return "the ground";
  const auto& o = level.objects[static_cast<std::size_t>(index)];
  std::string s = fmt::format("#{} {}", index, birds::describe(o));
  if (o.line > 0) s += fmt::format(" (line {})", o.line);
  return s;
}

void print_report(const std::string& file, const birds::Level& level,
                  const birds::StabilityReport& r) {
  fmt::print("{}: {} ({} pieces: {} destroyed, {} moved >= 0.1, {} rotated >= 5 deg)\n", file,
             r.stable ? "stable" : "UNSTABLE", r.pieces, r.destroyed, r.moved, r.paper_rotated);
  fmt::print("  score {:.3f} (ChatGPT4PCG)   paper score {:.2f} (the document)   {}\n", r.score,
             r.paper_score,
             r.at_rest ? fmt::format("at rest after {:.2f} s", r.settle_time)
                       : std::string("still moving at the end"));
  for (const auto& o : r.overlaps) {
    fmt::print("  overlap at the start: {} and {}, {:.3f} deep\n", piece_label(level, o.a),
               piece_label(level, o.b), o.depth);
  }
  int listed = 0;
  for (std::size_t i = 0; i < level.objects.size(); ++i) {
    const auto& out = r.objects[i];
    if (!level.objects[i].is_piece() || !(out.destroyed || out.moved)) continue;
    if (++listed > 12) {
      fmt::print("  ... (--json lists every object)\n");
      break;
    }
    if (out.destroyed) {
      fmt::print("  destroyed at {:.2f} s{}: {}\n", out.time_destroyed,
                 out.left_world ? " (left the world)" : "",
                 piece_label(level, static_cast<int>(i)));
    } else {
      fmt::print("  moved {:.3f}, turned {:.1f} deg: {}\n", out.displacement, out.rotation_change,
                 piece_label(level, static_cast<int>(i)));
    }
  }
}

void add_simulate(CLI::App* group) {
  struct Options {
    std::vector<std::string> files;
    PhysicsOptions physics;
    CommonOptions common;
    std::string render_dir;
  };
  auto opt = std::make_shared<Options>();
  auto* cmd = group->add_subcommand(
      "simulate", "simulate levels with Box2D (the game's settings) and report their stability");
  cmd->add_option("levels", opt->files, "Science Birds level files (.xml)")->required();
  add_physics_options(cmd, opt->physics);
  add_common_options(cmd, opt->common, kThreads | kJson);
  cmd->add_option("--render", opt->render_dir,
                  "write pictures before and after the simulation to this folder");
  cmd->callback([opt] {
    const auto levels = read_levels(opt->files);
    const auto settings = resolve(opt->physics);
    const auto reports = birds::simulate_all(levels, settings, opt->common.threads);
    for (std::size_t i = 0; i < levels.size(); ++i) {
      const std::string file = display_name(opt->files[i]);
      if (opt->common.json) {
        nlohmann::json j = {{"file", file}};
        j.update(birds::report_json(levels[i], reports[i], true));
        fmt::print("{}\n", j.dump());
      } else {
        print_report(file, levels[i], reports[i]);
      }
      if (!opt->render_dir.empty()) {
        const std::filesystem::path dir = opt->render_dir;
        const std::string name = stem(opt->files[i]);
        birds::save_level_picture(dir / (name + "-before.png"), levels[i], {1200, name, nullptr});
        birds::save_level_picture(
            dir / (name + "-after.png"), levels[i],
            {1200, name + fmt::format(" after {:g} s", settings.seconds), &reports[i]});
      }
    }
    if (!opt->render_dir.empty() && !opt->common.json) {
      fmt::print("pictures: {}\n", opt->render_dir);
    }
  });
}

void add_render(CLI::App* group) {
  struct Options {
    std::vector<std::string> files;
    std::string out;
    bool after = false;
    int width = 1200;
    int columns = 0;
    std::string format = "png";
    PhysicsOptions physics;
    int threads = 0;
  };
  auto opt = std::make_shared<Options>();
  auto* cmd = group->add_subcommand(
      "render", "draw levels: one picture, a contact sheet of many, or one picture per level");
  cmd->add_option("levels", opt->files, "Science Birds level files (.xml)")->required();
  cmd->add_option("--out", opt->out,
                  "FILE.png or FILE.svg (one level: its picture; several: a contact sheet), or a "
                  "folder (one picture per level)")
      ->required();
  cmd->add_flag("--after", opt->after,
                "simulate first and draw the state after it (moved objects outlined at their "
                "start, destroyed ones crossed out)");
  cmd->add_option("--width", opt->width, "picture width in pixels (a sheet: of each cell)")
      ->capture_default_str()
      ->check(CLI::Range(120, 8000));
  cmd->add_option("--columns", opt->columns, "columns of a contact sheet (0 = about square)")
      ->capture_default_str()
      ->check(CLI::NonNegativeNumber);
  cmd->add_option("--format", opt->format, "picture format in a folder: png or svg")
      ->capture_default_str()
      ->check(CLI::IsMember({"png", "svg"}));
  cmd->add_option("--threads", opt->threads, "worker threads for --after (0 = all cores)")
      ->capture_default_str()
      ->check(CLI::NonNegativeNumber);
  add_physics_options(cmd, opt->physics);
  cmd->callback([opt] {
    const auto levels = read_levels(opt->files);
    std::vector<birds::StabilityReport> reports;
    if (opt->after) reports = birds::simulate_all(levels, resolve(opt->physics), opt->threads);
    auto report = [&](std::size_t i) { return opt->after ? &reports[i] : nullptr; };
    const std::filesystem::path out = opt->out;
    const std::string ext = out.extension().string();
    if (ext == ".png" || ext == ".svg") {
      if (levels.size() == 1) {
        birds::save_level_picture(out, levels[0], {opt->width, stem(opt->files[0]), report(0)});
      } else {
        std::vector<birds::SheetEntry> entries;
        for (std::size_t i = 0; i < levels.size(); ++i) {
          entries.push_back({&levels[i], stem(opt->files[i]), report(i)});
        }
        const int cell = opt->width == 1200 ? 480 : opt->width;
        birds::save_contact_sheet(out, entries, cell, opt->columns);
      }
      fmt::print("{}\n", out.string());
      return;
    }
    if (!ext.empty() && !std::filesystem::is_directory(out)) {
      throw Error(out.string(), 0, "--out must be a .png or .svg file, or a folder");
    }
    for (std::size_t i = 0; i < levels.size(); ++i) {
      const auto path = out / (stem(opt->files[i]) + "." + opt->format);
      birds::save_level_picture(path, levels[i], {opt->width, stem(opt->files[i]), report(i)});
      fmt::print("{}\n", path.string());
    }
  });
}

void add_check(CLI::App* group) {
  struct Options {
    std::vector<std::string> files;
    double tolerance = birds::kOverlapTolerance;
    bool json = false;
  };
  auto opt = std::make_shared<Options>();
  auto* cmd = group->add_subcommand(
      "check",
      "read levels and report objects that start overlapping (each other or the ground) and "
      "objects outside the level; exit status 3 when any is found");
  cmd->add_option("levels", opt->files, "Science Birds level files (.xml)")->required();
  cmd->add_option("--tolerance", opt->tolerance, "overlaps up to this depth are ignored")
      ->capture_default_str()
      ->check(CLI::NonNegativeNumber);
  cmd->add_flag("--json", opt->json, "machine-readable output: one JSON object per level");
  cmd->callback([opt] {
    bool unreadable = false, problems = false;
    for (const auto& f : opt->files) {
      const std::string file = display_name(f);
      birds::Level level;
      try {
        level = birds::read_level(f);
      } catch (const Error& e) {
        std::fflush(stdout);
        fmt::print(stderr, "evoplay: error: {}\n", e.what());
        unreadable = true;
        continue;
      }
      const auto overlaps = birds::find_overlaps(level, opt->tolerance);
      const auto outside = birds::outside_world(level);
      problems = problems || !overlaps.empty() || !outside.empty();
      if (opt->json) {
        nlohmann::json j = {{"file", file},
                            {"ok", overlaps.empty() && outside.empty()},
                            {"width", level.width},
                            {"blocks", level.count(birds::Kind::kBlock)},
                            {"pigs", level.count(birds::Kind::kPig)},
                            {"tnt", level.count(birds::Kind::kTnt)},
                            {"platforms", level.count(birds::Kind::kPlatform)},
                            {"birds", level.birds.size()},
                            {"overlaps", nlohmann::json::array()},
                            {"outside", outside}};
        for (const auto& o : overlaps) j["overlaps"].push_back(birds::overlap_json(o));
        fmt::print("{}\n", j.dump());
        continue;
      }
      fmt::print("{}: {} blocks, {} pigs, {} TNT, {} platforms, {} birds, width {} ({})\n", file,
                 level.count(birds::Kind::kBlock), level.count(birds::Kind::kPig),
                 level.count(birds::Kind::kTnt), level.count(birds::Kind::kPlatform),
                 level.birds.size(), level.width,
                 overlaps.empty() && outside.empty() ? "ok" : "problems");
      for (const auto& o : overlaps) {
        fmt::print("  overlap: {} and {}, {:.3f} deep\n", piece_label(level, o.a),
                   piece_label(level, o.b), o.depth);
      }
      for (const int i : outside) {
        fmt::print("  outside the level (x beyond +-{:g}, the game removes it): {}\n",
                   level.half_width(), piece_label(level, i));
      }
    }
    std::fflush(stdout);
    if (unreadable) throw CLI::RuntimeError(2);
    if (problems) throw CLI::RuntimeError(kProblemsFound);
  });
}

/// Two small levels built in code for the demo: a castle that stands, and a leaning column of
/// circles and an overhanging plank that do not.
std::vector<std::pair<std::string, birds::Level>> showcase_levels() {
  using birds::Material;
  using birds::ObjectType;
  auto block = [](ObjectType t, Material m, double x, double y, double r = 0) {
    return birds::Object{t, m, x, y, r};
  };
  auto thing = [](ObjectType t, double x, double y) {
    return birds::Object{t, Material::kNone, x, y};
  };
  birds::Level castle;
  castle.width = 2;
  castle.birds = {birds::BirdType::kRed, birds::BirdType::kYellow, birds::BirdType::kBlue};
  castle.objects = {
      block(ObjectType::kSquareHole, Material::kStone, 2.2, -3.08),
      block(ObjectType::kSquareHole, Material::kStone, 2.2, -2.24),
      block(ObjectType::kSquareHole, Material::kStone, 3.4, -3.08),
      block(ObjectType::kSquareHole, Material::kStone, 3.4, -2.24),
      block(ObjectType::kRectBig, Material::kWood, 2.8, -1.71),
      block(ObjectType::kSquareSmall, Material::kIce, 1.99, -1.385),
      block(ObjectType::kSquareSmall, Material::kIce, 3.61, -1.385),
      block(ObjectType::kCircleSmall, Material::kStone, 1.99, -0.963),
      block(ObjectType::kCircleSmall, Material::kStone, 3.61, -0.963),
      thing(ObjectType::kPigMedium, 2.8, -1.22),
      block(ObjectType::kRectSmall, Material::kWood, 5.0, -3.075, 90),
      block(ObjectType::kRectSmall, Material::kWood, 5.8, -3.075, 90),
      block(ObjectType::kRectSmall, Material::kIce, 5.4, -2.54),
      thing(ObjectType::kPigSmall, 5.4, -2.205),
      thing(ObjectType::kTnt, 1.0, -3.17),
  };
  birds::Level collapse = castle;
  collapse.objects = {
      block(ObjectType::kCircle, Material::kStone, 2.0, -3.125),
      block(ObjectType::kCircle, Material::kWood, 2.12, -2.375),
      block(ObjectType::kCircle, Material::kWood, 2.24, -1.625),
      block(ObjectType::kCircle, Material::kIce, 2.36, -0.875),
      thing(ObjectType::kPigSmall, 3.1, -3.275),
      block(ObjectType::kRectSmall, Material::kWood, 5.0, -3.075, 90),
      block(ObjectType::kRectBig, Material::kWood, 5.9, -2.54),
      thing(ObjectType::kPigSmall, 6.6, -2.205),
  };
  return {{"castle", castle}, {"collapse", collapse}};
}

}  // namespace

void demo_birds(DemoContext& ctx) {
  const auto dir = ctx.folder("birds");
  std::vector<std::string> names;
  std::vector<birds::Level> levels;
  for (auto& [name, level] : showcase_levels()) {
    names.push_back(name);
    levels.push_back(std::move(level));
  }
  const std::filesystem::path examples = "data/birds";
  if (std::filesystem::is_directory(examples)) {
    std::vector<std::filesystem::path> files;
    for (const auto& e : std::filesystem::directory_iterator(examples)) {
      if (e.path().extension() == ".xml") files.push_back(e.path());
    }
    std::sort(files.begin(), files.end());
    for (const auto& f : files) {
      names.push_back(f.stem().string());
      levels.push_back(birds::read_level(f.string()));
    }
  } else {
    fmt::print("  (data/birds not found from here: only the built-in levels)\n");
  }
  const birds::PhysicsSettings settings;
  const auto reports = birds::simulate_all(levels, settings, ctx.threads);
  nlohmann::json result = nlohmann::json::array();
  std::vector<birds::SheetEntry> sheet;
  for (std::size_t i = 0; i < levels.size(); ++i) {
    const auto& r = reports[i];
    fmt::print("  {:<38} {:<8} score {:.2f}  paper {:6.2f}  {} destroyed, {} moved\n", names[i],
               r.stable ? "stable" : "unstable", r.score, r.paper_score, r.destroyed, r.moved);
    birds::write_level(dir / (names[i] + ".xml"), levels[i]);
    birds::save_level_picture(dir / (names[i] + "-before.png"), levels[i],
                              {1200, names[i], nullptr});
    birds::save_level_picture(dir / (names[i] + "-after.png"), levels[i],
                              {1200, names[i] + " after 10 s", &r});
    nlohmann::json j = {{"level", names[i]}};
    j.update(birds::report_json(levels[i], r, false));
    result.push_back(std::move(j));
    sheet.push_back({&levels[i], names[i], &r});
  }
  birds::save_contact_sheet(dir / "sheet.png", sheet);
  const RunDir run = RunDir::create(dir.string(), "birds");
  run.write_json("config.json",
                 {{"command", "demo birds"},
                  {"seconds", settings.seconds},
                  {"time_step", settings.time_step},
                  {"iterations", {settings.velocity_iterations, settings.position_iterations}},
                  {"threads", ctx.threads}});
  run.write_json("result.json", result);
  ctx.show("Birds: levels after 10 s", dir / "sheet.png");
  ctx.show("Birds: a collapse", dir / "collapse-after.png");
}

void add_birds_commands(CLI::App& app) {
  auto* group = app.add_subcommand(
      "birds", "Angry Birds (Science Birds) levels: stability by Box2D physics, pictures, checks");
  group->require_subcommand(1);
  add_simulate(group);
  add_render(group);
  add_check(group);
}

}  // namespace evoplay::cli
