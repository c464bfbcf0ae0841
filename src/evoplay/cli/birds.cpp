// evoplay birds simulate | render | check: Science Birds levels, their stability under Box2D
// physics, and their pictures.
#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <memory>
#include <tuple>
#include <utility>

#include "evoplay/cli/birds_play.hpp"
#include "evoplay/cli/commands.hpp"
#include "evoplay/cli/common.hpp"
#include "evoplay/cli/demo.hpp"
#include "evoplay/cli/options.hpp"
#include "evoplay/core/error.hpp"
#include "evoplay/core/input_files.hpp"
#include "evoplay/core/json_input.hpp"
#include "evoplay/core/json_text.hpp"
#include "evoplay/core/output_path.hpp"
#include "evoplay/core/parallel.hpp"
#include "evoplay/core/progress.hpp"
#include "evoplay/core/rng.hpp"
#include "evoplay/core/stopwatch.hpp"
#include "evoplay/core/text.hpp"
#include "evoplay/evo/operators/selection.hpp"
#include "evoplay/games/birds/check.hpp"
#include "evoplay/games/birds/composite.hpp"
#include "evoplay/games/birds/diversity.hpp"
#include "evoplay/games/birds/generator.hpp"
#include "evoplay/games/birds/open_ended.hpp"
#include "evoplay/games/birds/physics.hpp"
#include "evoplay/games/birds/render.hpp"
#include "evoplay/games/birds/report.hpp"
#include "evoplay/games/birds/xml.hpp"
#include "evoplay/render/history_plot.hpp"

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
      ->check(number_above(0, birds::kMaxSeconds));
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

/// The first overlaps, one line each, and how many more there are.
void print_overlaps(const birds::Level& level, const std::vector<birds::Overlap>& overlaps,
                    std::string_view what) {
  constexpr std::size_t kShown = 20;
  for (std::size_t i = 0; i < overlaps.size() && i < kShown; ++i) {
    const auto& o = overlaps[i];
    fmt::print("  {}: {} and {}, {:.3f} deep\n", what, piece_label(level, o.a),
               piece_label(level, o.b), o.depth);
  }
  if (overlaps.size() > kShown) {
    fmt::print("  ... and {} more overlaps (--json lists {} of them)\n", overlaps.size() - kShown,
               std::min(overlaps.size(), birds::kListedOverlaps));
  }
}

void print_report(const std::string& file, const birds::Level& level,
                  const birds::StabilityReport& r) {
  fmt::print("{}: {} ({} pieces: {} destroyed, {} moved >= 0.1, {} rotated >= 5 deg)\n", file,
             r.stable ? "stable" : "UNSTABLE", r.pieces, r.destroyed, r.moved, r.paper_rotated);
  fmt::print("  score {:.3f} (ChatGPT4PCG)   paper score {:.2f} (the document)   {}\n", r.score,
             r.paper_score,
             r.at_rest ? fmt::format("at rest after {:.2f} s", r.settle_time)
                       : std::string("still moving at the end"));
  print_overlaps(level, r.overlaps, "overlap at the start");
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
      // Rounded to the tenth printed, so that -0.04 shows as 0.0, not -0.0.
      const double turned = std::round(out.rotation_change * 10) / 10 + 0.0;
      fmt::print("  moved {:.3f}, turned {:.1f} deg: {}\n", out.displacement, turned,
                 piece_label(level, static_cast<int>(i)));
    }
  }
}

/// Makes sure `dir` is a folder pictures can be written to (creating it if needed), before
/// anything is simulated or printed.
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
    if (!opt->render_dir.empty()) prepare_output_folder(opt->render_dir, "--render");
    const auto levels = read_levels(opt->files);
    const auto settings = resolve(opt->physics);
    const auto reports = birds::simulate_all(levels, settings, opt->common.threads);
    for (std::size_t i = 0; i < levels.size(); ++i) {
      const std::string file = display_name(opt->files[i]);
      if (opt->common.json) {
        nlohmann::json j = {{"file", file}};
        j.update(birds::report_json(levels[i], reports[i], true));
        fmt::print("{}\n", json_text(j));
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
    int width = 0;  // 0: not given (a picture 1200, a contact sheet's cell 480)
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
  cmd->add_option("--width", opt->width,
                  "picture width in pixels (default 1200); a contact sheet: the width of each "
                  "cell (default 480)")
      ->check(whole_in(120, 8000));
  cmd->add_option("--columns", opt->columns, "columns of a contact sheet (0 = about square)")
      ->capture_default_str()
      ->check(whole_in(0, 1000));
  cmd->add_option("--format", opt->format, "picture format in a folder: png or svg")
      ->capture_default_str()
      ->check(CLI::IsMember({"png", "svg"}));
  cmd->add_option("--threads", opt->threads, "worker threads for --after (0 = all cores)")
      ->capture_default_str()
      ->check(whole_in(0, kMaxThreads));
  add_physics_options(cmd, opt->physics);
  cmd->callback([opt] {
    const std::filesystem::path out = opt->out;
    const std::string ext = out.extension().string();
    const bool one_file = ext == ".png" || ext == ".svg";
    if (one_file) {
      check_output_file(out, {".png", ".svg"}, "--out");
    } else if (!ext.empty() && !std::filesystem::is_directory(out)) {
      throw Error(out.string(), 0, "--out must be a .png or .svg file, or a folder");
    } else {
      prepare_output_folder(out, "--out");
    }
    const auto levels = read_levels(opt->files);
    const int width = opt->width > 0 ? opt->width : 1200;
    std::vector<birds::StabilityReport> reports;
    if (opt->after) reports = birds::simulate_all(levels, resolve(opt->physics), opt->threads);
    auto report = [&](std::size_t i) { return opt->after ? &reports[i] : nullptr; };
    if (one_file) {
      if (levels.size() == 1) {
        birds::save_level_picture(out, levels[0], {width, stem(opt->files[0]), report(0)});
      } else {
        std::vector<birds::SheetEntry> entries;
        for (std::size_t i = 0; i < levels.size(); ++i) {
          entries.push_back({&levels[i], stem(opt->files[i]), report(i)});
        }
        const int cell = opt->width > 0 ? opt->width : 480;
        birds::save_contact_sheet(out, entries, cell, opt->columns);
      }
      fmt::print("{}\n", out.string());
      return;
    }
    for (std::size_t i = 0; i < levels.size(); ++i) {
      const auto path = out / (stem(opt->files[i]) + "." + opt->format);
      birds::save_level_picture(path, levels[i], {width, stem(opt->files[i]), report(i)});
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
      ->check(number_in(0, 10));
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
                            {"overlap_count", overlaps.size()},
                            {"overlaps", birds::overlaps_json(overlaps)},
                            {"outside", outside}};
        fmt::print("{}\n", json_text(j));
        continue;
      }
      fmt::print("{}: {} blocks, {} pigs, {} TNT, {} platforms, {} birds, width {} ({})\n", file,
                 level.count(birds::Kind::kBlock), level.count(birds::Kind::kPig),
                 level.count(birds::Kind::kTnt), level.count(birds::Kind::kPlatform),
                 level.birds.size(), level.width,
                 overlaps.empty() && outside.empty() ? "ok" : "problems");
      print_overlaps(level, overlaps, "overlap");
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

// ---- birds generate -----------------------------------------------------------------------

struct GenerateOptions {
  CommonOptions common;
  int levels = 5;
  std::string ruleset;
  std::string composites;
  std::string pigs = "2,4";
  birds::GeneratorSettings ga;
  std::string selection = "tournament";
  std::string crossover = "one-point";
  std::string hamming = "min";
  int layers = 1;
  int new_composites = 8;
  bool no_pictures = false;
  LevelSetOptions level_set;
};

/// "tournament" is the document's: pairs, the fitter is a parent.
evo::Selection generator_selection(const std::string& spec) {
  return evo::Selection::parse(spec == "tournament" ? "tournament:2" : spec);
}

std::pair<int, int> parse_pig_range(const std::string& text) {
  const auto parts = split(text, ',');
  long long lo = 0, hi = 0;
  if (parts.size() != 2 || !try_parse_int(parts[0], lo) || !try_parse_int(parts[1], hi) || lo < 1 ||
      hi < lo || hi > birds::kMaxPigs) {
    throw Error(fmt::format("--pigs '{}': expected MIN,MAX with 1 <= MIN <= MAX <= {} ({})", text,
                            birds::kMaxPigs, birds::kMaxPigsReason));
  }
  return {static_cast<int>(lo), static_cast<int>(hi)};
}

/// `prefix`, one or more digits, `suffix` ("level-04.xml", "layer-2").
bool numbered_name(std::string_view name, std::string_view prefix, std::string_view suffix) {
  if (name.size() <= prefix.size() + suffix.size() || !name.starts_with(prefix) ||
      !name.ends_with(suffix)) {
    return false;
  }
  const std::string_view digits =
      name.substr(prefix.size(), name.size() - prefix.size() - suffix.size());
  return std::all_of(digits.begin(), digits.end(), [](char c) { return c >= '0' && c <= '9'; });
}

/// Names `birds generate` writes into a run folder (and into its block-N/ and layer-N/ folders).
bool generator_file(const std::string& name) {
  static constexpr std::string_view kFixed[] = {
      "sheet.png",      "history.csv",          "fitness.png", "hamming.png", "composites.json",
      "composites.png", "composites-next.json", "config.json", "result.json"};
  if (std::find(std::begin(kFixed), std::end(kFixed), name) != std::end(kFixed)) return true;
  return numbered_name(name, "level-", ".xml") || numbered_name(name, "level-", ".png");
}

bool generator_folder(const std::string& name) {
  return numbered_name(name, "layer-", "") || numbered_name(name, "block-", "");
}

/// The generator's own files in `dir` (block-N/ and layer-N/ folders searched too).
void list_generator_outputs(const std::filesystem::path& dir,
                            std::vector<std::filesystem::path>& files,
                            std::vector<std::filesystem::path>& folders) {
  for (const auto& entry : std::filesystem::directory_iterator(dir)) {
    const std::string name = entry.path().filename().string();
    if (entry.is_directory() && generator_folder(name)) {
      list_generator_outputs(entry.path(), files, folders);
      folders.push_back(entry.path());
    } else if (entry.is_regular_file() && generator_file(name)) {
      files.push_back(entry.path());
    }
  }
}

/// --out names a folder that may hold an earlier run: its levels, pictures, layer-N/ and block-N/
/// folders go before this run writes, so that no stale level sits next to the new result.json
/// (a run with fewer levels, blocks or layers leaves nothing of the earlier one). Only the
/// generator's own names go, and only from a folder whose config.json says `birds generate`
/// wrote it; a folder holding such names without that is refused (nothing is deleted).
void clear_earlier_run(const std::filesystem::path& dir) {
  std::error_code ec;
  if (!std::filesystem::is_directory(dir, ec)) return;
  std::vector<std::filesystem::path> files, folders;
  list_generator_outputs(dir, files, folders);
  const auto specific = std::find_if(files.begin(), files.end(), [](const auto& f) {
    const std::string name = f.filename().string();
    return name != "config.json" && name != "result.json" && name != "history.csv";
  });
  if (specific == files.end() && folders.empty()) return;  // nothing of ours to mix with
  bool ours = false;
  try {
    const auto file = (dir / "config.json").string();
    const auto config = parse_json(read_text(file), file);
    ours = config.is_object() && config.value("command", "") == "birds generate";
  } catch (const std::exception&) {
    ours = false;
  }
  if (!ours) {
    const auto example = specific != files.end() ? *specific : folders.front();
    throw Error(dir.string(), 0,
                fmt::format("--out: the folder holds {} but is not an earlier `birds generate` "
                            "run (no config.json saying so): choose an empty or new folder",
                            std::filesystem::relative(example, dir).string()));
  }
  for (const auto& f : files) std::filesystem::remove(f);
  for (const auto& f : folders) {
    if (std::filesystem::is_empty(f, ec)) std::filesystem::remove(f, ec);
  }
}

nlohmann::json generator_config(const birds::GeneratorSettings& s) {
  return {{"population", s.population},
          {"generations", s.generations},
          {"composites_per_level", s.genome.length},
          {"min_composites", s.genome.min_length},
          {"max_composites", s.genome.max_length},
          {"selection", s.selection.name()},
          {"crossover", birds::crossover_name(s.crossover)},
          {"crossover_rate", s.crossover_rate},
          {"mutation_rate", s.mutation_rate},
          {"stability_weight", s.stability_weight},
          {"diversity_weight", s.diversity_weight},
          {"hamming", birds::hamming_name(s.hamming)},
          {"elite_per_generation", s.elite},
          {"offset_sigma", s.genome.offset_sigma},
          {"max_offset", s.genome.max_offset},
          {"max_lift", s.genome.max_lift},
          {"columns", birds::kColumns},
          {"area", {s.placement.x_min, s.placement.x_max}},
          {"max_top", s.placement.max_top},
          {"level_width", s.placement.level_width},
          {"seconds_simulated", s.physics.seconds},
          {"level_set", level_set_config(s)}};
}

nlohmann::json ruleset_json(const birds::Ruleset& r) {
  nlohmann::json pairs = nlohmann::json::array();
  for (const auto& [m, t] : r.forbidden) {
    pairs.push_back(fmt::format("{} {}", birds::material_name(m), birds::shape_info(t).name));
  }
  return {{"levels", r.levels},
          {"forbidden", pairs},
          {"pigs", {r.pigs_min, r.pigs_max}},
          {"time_limit_minutes", r.time_limit_minutes}};
}

std::string level_file_name(std::size_t i) { return fmt::format("level-{:02}", i + 4); }

/// Pictures of composites: each alone on the ground, framed tightly, with its name.
void save_composite_sheet(const std::filesystem::path& path, const birds::Catalogue& catalogue) {
  std::vector<birds::Level> levels;
  for (const auto& c : catalogue) levels.push_back(birds::composite_level(c));
  std::vector<birds::SheetEntry> entries;
  for (std::size_t i = 0; i < catalogue.size(); ++i) {
    const auto& c = catalogue[i];
    entries.push_back(
        {&levels[i],
         fmt::format("{} ({} piece{}{})", c.name, c.pieces.size(), c.pieces.size() == 1 ? "" : "s",
                     c.layer > 0 ? fmt::format(", layer {}", c.layer) : ""),
         nullptr, false});
  }
  birds::save_contact_sheet(path, entries, 300, 6);
}

struct SetPlan {
  std::filesystem::path dir;
  std::string label;
  std::size_t block = 0;
  int layers = 1;
  int new_composites = 8;
  bool quiet = false;
  bool pictures = true;
};

/// One set of levels (one ruleset block): `layers` runs of the generator, each on the catalogue
/// grown by the composites cut from the previous one's levels. Writes levels, pictures, history,
/// plots and catalogues into plan.dir; returns the set's part of result.json.
nlohmann::json generate_set(const SetPlan& plan, birds::Catalogue catalogue,
                            const birds::Ruleset& rules, birds::GeneratorSettings settings,
                            std::uint64_t seed) {
  std::filesystem::create_directories(plan.dir);
  const int base_layer = birds::top_layer(catalogue);
  if (rules.time_limit_minutes > 0) {
    settings.time_limit_seconds = rules.time_limit_minutes * 60 / plan.layers;
  }
  History history;
  std::size_t generation_offset = 0;
  std::uint64_t evaluation_offset = 0;
  double simulation_offset = 0, elapsed_offset = 0;
  nlohmann::json layers = nlohmann::json::array();
  nlohmann::json final_levels;
  birds::Catalogue used, next;
  int stable_levels = 0;
  for (int layer = 1; layer <= plan.layers; ++layer) {
    settings.seed = Rng(seed).split({plan.block, static_cast<std::uint64_t>(layer)}).seed();
    const std::string label =
        plan.layers > 1 ? fmt::format("{} layer {}", plan.label, layer) : plan.label;
    Progress progress(plan.quiet, label, static_cast<std::uint64_t>(settings.generations));
    ProgressObserver observer(progress, static_cast<std::uint64_t>(settings.generations));
    auto result = birds::run_generator(catalogue, rules, settings, &observer);
    progress.finish();

    for (GenerationRecord r : result.history.rows) {
      r.generation += generation_offset;
      r.evaluations += evaluation_offset;
      r.elapsed += elapsed_offset;
      for (auto& [name, value] : r.extra) {
        if (name == "simulations") value += simulation_offset;
      }
      r.extra.emplace_back("layer", layer);
      history.add(std::move(r));
    }
    generation_offset = history.back().generation + 1;
    evaluation_offset = history.back().evaluations;
    simulation_offset = history.back().extra_value("simulations");
    elapsed_offset = history.back().elapsed;

    // The final levels, simulated once more for their pictures and reports.
    std::vector<birds::Placement> placements;
    std::vector<birds::Level> levels;
    for (const auto& ind : result.levels) {
      placements.push_back(birds::place_individual(ind, catalogue, rules, settings));
      levels.push_back(placements.back().level);
    }
    const auto reports = birds::simulate_all(levels, settings.physics, settings.threads);
    if (std::cmp_less(levels.size(), rules.levels)) {
      fmt::print(stderr,
                 "evoplay: note: {}: only {} distinct levels of the {} asked for (a larger "
                 "--population or more --generations find more)\n",
                 label, levels.size(), rules.levels);
    }
    const auto folder = layer == plan.layers ? plan.dir : plan.dir / fmt::format("layer-{}", layer);
    std::filesystem::create_directories(folder);
    nlohmann::json level_list = nlohmann::json::array();
    std::vector<birds::SheetEntry> sheet;
    std::vector<std::string> captions(levels.size());
    int stable = 0;
    for (std::size_t i = 0; i < levels.size(); ++i) {
      const auto& ind = result.levels[i];
      const auto& r = reports[i];
      const std::string name = level_file_name(i);
      birds::write_level(folder / (name + ".xml"), levels[i]);
      if (plan.pictures) {
        birds::save_level_picture(folder / (name + ".png"), levels[i], {1200, name, nullptr});
      }
      stable += r.stable ? 1 : 0;
      nlohmann::json composites = nlohmann::json::array();
      for (const auto& pc : placements[i].composites) {
        const auto& gene = ind.genome.genes[static_cast<std::size_t>(pc.gene)];
        composites.push_back(
            {{"composite", catalogue[static_cast<std::size_t>(gene.composite)].name},
             {"material", gene.material == birds::Material::kNone
                              ? std::string("own")
                              : std::string(birds::material_name(gene.material))},
             {"column", pc.column + 1},
             {"dx", gene.dx}});
      }
      level_list.push_back({{"file", name + ".xml"},
                            {"fitness", ind.fitness},
                            {"stability", ind.stability.paper_score},
                            {"stable", r.stable},
                            {"score", r.score},
                            {"blocks", levels[i].count(birds::Kind::kBlock)},
                            {"pigs", levels[i].count(birds::Kind::kPig)},
                            {"birds", levels[i].birds.size()},
                            {"diversity",
                             {{"distinct", ind.diversity.distinct},
                              {"entropy", ind.diversity.entropy},
                              {"hamming", ind.diversity.hamming},
                              {"score", ind.diversity.score()}}},
                            {"distance_to_nearest_level", ind.set_distance},
                            {"generation_made", ind.generation},
                            {"composites_left_out", ind.skipped},
                            {"pigs_missing", placements[i].pigs_missing},
                            {"mask", ind.genome.mask},
                            {"composites", composites}});
      level_list.back().update(level_set_fields(ind, levels[i], settings));
      captions[i] = fmt::format("{}  fitness {:.1f}", name, ind.fitness);
      if (placements[i].pigs_missing > 0) {
        fmt::print(stderr,
                   "evoplay: note: {}: {} holds {} of the {} pigs drawn: no room for more (a "
                   "lower pig range, or more --generations, find levels with room)\n",
                   label, name + ".xml", placements[i].pigs_wanted - placements[i].pigs_missing,
                   placements[i].pigs_wanted);
      }
    }
    for (std::size_t i = 0; i < levels.size(); ++i) {
      sheet.push_back({&levels[i], captions[i], &reports[i]});
    }
    if (plan.pictures && !sheet.empty()) {
      birds::save_contact_sheet(folder / "sheet.png", sheet, 480, sheet.size() <= 6 ? 3 : 0);
    }

    std::vector<birds::HarvestSource> sources;
    for (std::size_t i = 0; i < levels.size(); ++i) {
      sources.push_back(
          {level_file_name(i), &result.levels[i].genome, &placements[i], &reports[i]});
    }
    birds::HarvestSettings harvest;
    harvest.layer = base_layer + layer;
    harvest.note = fmt::format("seed {}", seed);
    harvest.max_new = plan.new_composites;
    harvest.physics = settings.physics;
    auto fresh = birds::harvest_composites(sources, catalogue, harvest);
    nlohmann::json fresh_names = nlohmann::json::array();
    for (const auto& c : fresh) fresh_names.push_back(c.name);

    layers.push_back({{"layer", base_layer + layer},
                      {"folder", std::filesystem::relative(folder, plan.dir).string()},
                      {"seed", settings.seed},
                      {"catalogue_size", catalogue.size()},
                      {"levels", level_list.size()},
                      {"stable_levels", stable},
                      {"qualified_levels", result.qualified},
                      {"generations", result.generations},
                      {"stop_reason", result.stop_reason},
                      {"evaluations", result.evaluations},
                      {"simulations", result.simulations},
                      {"seconds", result.seconds},
                      {"new_composites", fresh_names}});
    if (layer == plan.layers) {
      final_levels = std::move(level_list);
      stable_levels = stable;
      used = catalogue;
      next = catalogue;
      next.insert(next.end(), fresh.begin(), fresh.end());
    } else {
      catalogue.insert(catalogue.end(), fresh.begin(), fresh.end());
    }
  }

  const RunDir out = RunDir::create(plan.dir.string(), "birds-generate");
  out.write_text("history.csv", history.to_csv());
  birds::write_catalogue(plan.dir / "composites.json", used);
  birds::write_catalogue(plan.dir / "composites-next.json", next);
  if (plan.pictures) {
    const auto table = parse_csv(history.to_csv(), "history.csv");
    render::HistoryPlotOptions fitness;
    fitness.title = fmt::format("Fitness per generation (population {}, {} composites)",
                                settings.population, settings.genome.length);
    fitness.right_columns = {};
    render::save_history_plot(plan.dir / "fitness.png", table, fitness, "history.csv");
    render::HistoryPlotOptions hamming;
    hamming.title = "Minimum Hamming distance between two individuals, per generation";
    hamming.columns = {"min_hamming"};
    hamming.y_label = "minimum Hamming distance (composites)";
    hamming.right_columns = {"diversity"};
    hamming.y2_label = "mean Hamming distance / length";
    render::save_history_plot(plan.dir / "hamming.png", table, hamming, "history.csv");
    save_composite_sheet(plan.dir / "composites.png", next);
  }
  nlohmann::json growth = nlohmann::json::array();
  for (const auto& g : birds::catalogue_growth(next)) {
    growth.push_back({{"layer", g.layer},
                      {"composites", g.composites},
                      {"mean_pieces", g.mean_pieces},
                      {"max_pieces", g.max_pieces},
                      {"mean_width", g.mean_width},
                      {"mean_height", g.mean_height},
                      {"max_height", g.max_height},
                      {"block_kinds", g.block_kinds},
                      {"mean_block_kinds", g.mean_block_kinds},
                      {"materials", g.materials},
                      {"evolved_parents", g.evolved_parents}});
  }
  return {{"ruleset", ruleset_json(rules)},
          {"levels_asked", rules.levels},
          {"levels", final_levels},
          {"stable_levels", stable_levels},
          {"layers", layers},
          {"composites_used", used.size()},
          {"composites_next", next.size()},
          {"growth", growth}};
}

void print_set(const std::string& title, const nlohmann::json& set) {
  fmt::print("{}\n", title);
  for (const auto& l : set["levels"]) {
    const int pigs = l["pigs"].get<int>(), birds = l["birds"].get<int>();
    fmt::print(
        "  {}  fitness {:6.2f}  stability {:6.2f}  {:<8}  {:2} blocks, {} pig{}, {} bird{}\n",
        l["file"].get<std::string>(), l["fitness"].get<double>(), l["stability"].get<double>(),
        l["stable"].get<bool>() ? "stable" : "UNSTABLE", l["blocks"].get<int>(), pigs,
        pigs == 1 ? "" : "s", birds, birds == 1 ? "" : "s");
  }
  const auto& last = set["layers"].back();
  std::uint64_t simulations = 0, evaluations = 0;
  double seconds = 0;
  for (const auto& l : set["layers"]) {
    simulations += l["simulations"].get<std::uint64_t>();
    evaluations += l["evaluations"].get<std::uint64_t>();
    seconds += l["seconds"].get<double>();
  }
  fmt::print("  {}/{} stable; {} layer{}, {} levels simulated{}, {:.1f} s{}\n",
             set["stable_levels"].get<int>(), set["levels"].size(), set["layers"].size(),
             set["layers"].size() == 1 ? "" : "s", simulations,
             evaluations > simulations
                 ? fmt::format(" ({} more found in the cache)", evaluations - simulations)
                 : std::string(),
             seconds, last["stop_reason"] == "time limit" ? " (stopped at the time limit)" : "");
  fmt::print("  composites: {} used, {} after cutting new ones from these levels\n",
             set["composites_used"].get<int>(), set["composites_next"].get<int>());
}

void add_generate(CLI::App* group) {
  auto opt = std::make_shared<GenerateOptions>();
  auto* cmd = group->add_subcommand(
      "generate",
      "generate stable, diverse levels with the document's genetic algorithm over composites and "
      "masks (stability by Box2D simulation)");
  auto* levels = cmd->add_option("--levels", opt->levels, "levels to generate")
                     ->capture_default_str()
                     ->check(whole_in(1, 1000));
  auto* ruleset = cmd->add_option("--ruleset", opt->ruleset,
                                  "competition parameters file: one set of levels per block, "
                                  "each in its own folder (block-1, ...)")
                      ->excludes(levels);
  cmd->add_option("--pigs", opt->pigs,
                  fmt::format("pigs per level MIN,MAX, at most {} (without --ruleset, whose "
                              "blocks give their own range)",
                              birds::kMaxPigs))
      ->capture_default_str()
      ->excludes(ruleset);
  cmd->add_option("--composites", opt->composites,
                  "composite catalogue (JSON; default: the built-in one, as in "
                  "data/birds/composites.json)");
  cmd->add_option("--population", opt->ga.population, "individuals")
      ->capture_default_str()
      ->check(whole_in(2, 100000));
  cmd->add_option("--generations", opt->ga.generations, "generations (per layer)")
      ->capture_default_str()
      ->check(whole_in(0, 10000000));
  cmd->add_option("--length", opt->ga.genome.length, "composites per new individual")
      ->capture_default_str()
      ->check(whole_in(1, 1000));
  cmd->add_option("--selection", opt->selection,
                  "tournament (pairs: the fitter is a parent), roulette, tournament:K, "
                  "ranking[:S] or random")
      ->capture_default_str();
  cmd->add_option("--crossover", opt->crossover, "one-point, two-point or uniform")
      ->capture_default_str();
  cmd->add_option("--crossover-rate", opt->ga.crossover_rate,
                  "share of the population chosen as parents each generation")
      ->capture_default_str()
      ->check(number_in(0, 1));
  cmd->add_option("--mutation-rate", opt->ga.mutation_rate, "probability that a child mutates")
      ->capture_default_str()
      ->check(number_in(0, 1));
  cmd->add_option("--stability-weight", opt->ga.stability_weight,
                  "weight of the stability score (0..100) in the fitness")
      ->capture_default_str()
      ->check(number_in(0, 1e6));
  cmd->add_option("--diversity-weight", opt->ga.diversity_weight,
                  "weight of 100 x the diversity score (0..1) in the fitness")
      ->capture_default_str()
      ->check(number_in(0, 1e6));
  cmd->add_option("--hamming", opt->hamming,
                  "Hamming term: min (distance to the nearest other individual) or mean")
      ->capture_default_str();
  cmd->add_option("--elite", opt->ga.elite,
                  "best individuals offered to the archive each generation")
      ->capture_default_str()
      ->check(whole_in(1, 100000));
  cmd->add_option("--max-lift", opt->ga.genome.max_lift,
                  "largest height a composite may start above its support (0: all rest on it)")
      ->capture_default_str()
      ->check(number_in(0, 5));
  cmd->add_option("--layers", opt->layers,
                  "layers of open-ended evolution: after each, stable parts of its levels become "
                  "composites for the next")
      ->capture_default_str()
      ->check(whole_in(1, 100));
  cmd->add_option("--new-composites", opt->new_composites,
                  "composites cut from each layer's levels, at most")
      ->capture_default_str()
      ->check(whole_in(0, 1000));
  cmd->add_flag("--no-pictures", opt->no_pictures, "write no PNG files");
  add_level_set_options(cmd, opt->ga, opt->level_set);
  add_common_options(cmd, opt->common, kSeed | kThreads | kOut | kJson | kQuiet);
  cmd->callback([opt] {
    birds::GeneratorSettings settings = opt->ga;
    settings.selection = generator_selection(opt->selection);
    settings.crossover = birds::parse_crossover(opt->crossover);
    settings.hamming = birds::parse_hamming(opt->hamming);
    settings.genome.min_length = std::max(1, settings.genome.length / 2);
    settings.genome.max_length = settings.genome.length * 2;
    settings.threads = resolve_threads(opt->common.threads);
    apply_level_set_options(opt->level_set, settings);
    const birds::Catalogue catalogue = opt->composites.empty()
                                           ? birds::default_catalogue()
                                           : birds::read_catalogue(opt->composites);
    std::vector<birds::Ruleset> rulesets;
    if (opt->ruleset.empty()) {
      birds::Ruleset r;
      r.levels = opt->levels;
      std::tie(r.pigs_min, r.pigs_max) = parse_pig_range(opt->pigs);
      rulesets.push_back(r);
    } else {
      rulesets = birds::read_rulesets(opt->ruleset);
    }
    for (const auto& r : rulesets) {  // a ruleset that forbids everything: an error now
      try {
        birds::Palette check(catalogue, r);
      } catch (const Error& e) {
        if (opt->ruleset.empty()) throw;
        throw Error(display_name(opt->ruleset), r.line,
                    fmt::format("the block starting here: {}", e.message()));
      }
    }

    if (!opt->common.out.empty()) clear_earlier_run(opt->common.out);
    const RunDir run = open_run_dir(opt->common, "birds-generate");
    auto config = base_config("birds generate", opt->common);
    config.update(generator_config(settings));
    config["layers"] = opt->layers;
    config["new_composites_per_layer"] = opt->new_composites;
    config["composites_file"] = opt->composites.empty() ? "(built in)" : opt->composites;
    config["catalogue_size"] = catalogue.size();
    config["ruleset_file"] = opt->ruleset.empty() ? "" : opt->ruleset;
    config["rulesets"] = nlohmann::json::array();
    for (const auto& r : rulesets) config["rulesets"].push_back(ruleset_json(r));
    run.write_json("config.json", config);

    nlohmann::json sets = nlohmann::json::array();
    for (std::size_t b = 0; b < rulesets.size(); ++b) {
      SetPlan plan;
      plan.dir = opt->ruleset.empty() ? run.path() : run.path() / fmt::format("block-{}", b + 1);
      plan.label = opt->ruleset.empty() ? "generate" : fmt::format("block {}", b + 1);
      plan.block = b;
      plan.layers = opt->layers;
      plan.new_composites = opt->new_composites;
      plan.quiet = opt->common.quiet || opt->common.json;
      plan.pictures = !opt->no_pictures;
      auto set = generate_set(plan, catalogue, rulesets[b], settings, opt->common.seed);
      if (!opt->ruleset.empty()) {
        set["folder"] = plan.dir.filename().string();
        set["block"] = b + 1;
      }
      if (!opt->common.json) {
        print_set(opt->ruleset.empty()
                      ? std::string("levels:")
                      : fmt::format("block {} ({}):", b + 1, plan.dir.filename().string()),
                  set);
      }
      sets.push_back(std::move(set));
    }
    const nlohmann::json result = opt->ruleset.empty() ? sets[0] : nlohmann::json{{"blocks", sets}};
    run.write_json("result.json", result);
    if (opt->common.json) {
      fmt::print("{}\n", json_text(result));
    } else {
      fmt::print("results: {}\n", run.path().string());
    }
  });
}

// ---- birds diversity ----------------------------------------------------------------------

void add_diversity(CLI::App* group) {
  struct Options {
    std::vector<std::string> files;
    double cell = 0.1;
    bool json = false;
    bool matrix = false;
  };
  auto opt = std::make_shared<Options>();
  auto* cmd = group->add_subcommand(
      "diversity",
      "how different a set of levels is: mean pairwise block-count distance and structural "
      "distance (1 - IoU of their silhouettes)");
  cmd->add_option("levels", opt->files, "level files (.xml) or folders of them")->required();
  cmd->add_option("--cell", opt->cell, "silhouette grid cell, world units")
      ->capture_default_str()
      ->check(number_in(0.01, 2));
  cmd->add_flag("--matrix", opt->matrix, "print the pairwise distances too");
  cmd->add_flag("--json", opt->json, "machine-readable output: one JSON object");
  cmd->callback([opt] {
    const auto files = expand_input_files(opt->files, ".xml");
    const auto levels = read_levels(files);
    if (levels.size() < 2) throw Error("birds diversity needs at least two levels");
    const auto d = birds::set_diversity(levels, opt->cell);
    if (opt->json) {
      nlohmann::json j = {
          {"levels", d.levels},
          {"files", files},
          {"cell", opt->cell},
          {"structural",
           {{"mean", d.structural_mean}, {"min", d.structural_min}, {"max", d.structural_max}}},
          {"counts", {{"mean", d.count_mean}, {"min", d.count_min}, {"max", d.count_max}}},
          {"blocks", {{"mean", d.blocks_mean}, {"min", d.blocks_min}, {"max", d.blocks_max}}},
          {"pigs", d.pigs},
          {"protected_pigs", d.protected_pigs}};
      if (opt->matrix) {
        j["structural_matrix"] = d.structural;
        j["count_matrix"] = d.counts;
      }
      fmt::print("{}\n", json_text(j));
      return;
    }
    fmt::print(
        "{} levels: {:.1f} blocks per level ({:g}-{:g}); {} of {} pigs protected (no "
        "full-power shot reaches them first)\n",
        d.levels, d.blocks_mean, d.blocks_min, d.blocks_max, d.protected_pigs, d.pigs);
    fmt::print(
        "structural distance (1 - IoU of silhouettes, cell {:g}): mean {:.3f}  (min {:.3f}, "
        "max {:.3f})\n",
        opt->cell, d.structural_mean, d.structural_min, d.structural_max);
    fmt::print("block-count distance (objects to change): mean {:.1f}  (min {:g}, max {:g})\n",
               d.count_mean, d.count_min, d.count_max);
    fmt::print(
        "level distance (mean of the structural and the count distance / objects): "
        "mean {:.3f}\n",
        d.level_mean);
    if (opt->matrix) {
      fmt::print("\nstructural distance:\n");
      for (std::size_t i = 0; i < files.size(); ++i) {
        fmt::print("  {:>3}", i + 1);
        for (double v : d.structural[i]) fmt::print(" {:5.3f}", v);
        fmt::print("  {}\n", display_name(files[i]));
      }
    }
  });
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
    for (const auto& f : files_with_extension(examples, ".xml")) {
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

void demo_birds_generator(DemoContext& ctx) {
  const Stopwatch clock;
  SetPlan plan;
  plan.dir = ctx.folder("birdsgen");
  plan.label = "birdsgen";
  plan.layers = 2;
  plan.quiet = ctx.quiet;
  birds::GeneratorSettings settings;  // population 10
  settings.generations = 50;          // per layer: two layers stay well within the demo's time
  settings.genome.length = 20;        // smaller levels than by default (20-40 blocks), for time
  settings.genome.min_length = 10;
  settings.genome.max_length = 40;
  settings.blocks_min = 20;
  settings.blocks_max = 40;
  settings.threads = resolve_threads(ctx.threads);
  birds::Ruleset rules;  // 5 levels, 2-4 pigs
  const auto set = generate_set(plan, birds::default_catalogue(), rules, settings, ctx.seed);
  fmt::print(
      "  5 levels in {:.1f} s: {} stable; two layers, {} composites cut from the first "
      "layer's levels and {} from the second's\n",
      clock.seconds(), set["stable_levels"].get<int>(), set["layers"][0]["new_composites"].size(),
      set["layers"][1]["new_composites"].size());
  nlohmann::json config = {{"command", "demo birdsgen"}, {"seed", ctx.seed}, {"layers", 2}};
  config.update(generator_config(settings));
  const RunDir run = RunDir::create(plan.dir.string(), "birdsgen");
  run.write_json("config.json", config);
  run.write_json("result.json", set);
  ctx.show("Birds generator: 5 levels", plan.dir / "sheet.png");
  ctx.show("Birds generator: fitness", plan.dir / "fitness.png");
  ctx.show("Birds generator: composites", plan.dir / "composites.png");
}

void add_birds_commands(CLI::App& app) {
  auto* group = app.add_subcommand(
      "birds",
      "Angry Birds (Science Birds) levels: stability by Box2D physics, pictures, checks, a level "
      "generator, shots and agents that play");
  group->require_subcommand(1);
  add_simulate(group);
  add_render(group);
  add_check(group);
  add_generate(group);
  add_diversity(group);
  add_birds_play_commands(group);
}

}  // namespace evoplay::cli
