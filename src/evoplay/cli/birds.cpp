// evoplay birds simulate | render | check | generate | diversity: Science Birds levels, their
// stability under Box2D physics, their pictures, and the level generator. The logic is the
// library's (games/birds); this file binds options to its settings and prints its results.
#include <fmt/format.h>

#include <algorithm>
#include <filesystem>
#include <memory>
#include <span>

#include "evoplay/cli/birds_play.hpp"
#include "evoplay/cli/commands.hpp"
#include "evoplay/cli/common.hpp"
#include "evoplay/cli/fields.hpp"
#include "evoplay/cli/options.hpp"
#include "evoplay/core/error.hpp"
#include "evoplay/core/input_files.hpp"
#include "evoplay/core/json_text.hpp"
#include "evoplay/core/limits.hpp"
#include "evoplay/core/output_path.hpp"
#include "evoplay/core/parallel.hpp"
#include "evoplay/core/progress.hpp"
#include "evoplay/core/stopwatch.hpp"
#include "evoplay/core/text.hpp"
#include "evoplay/evo/islands.hpp"
#include "evoplay/games/birds/check_files.hpp"
#include "evoplay/games/birds/describe.hpp"
#include "evoplay/games/birds/generate_settings.hpp"
#include "evoplay/games/birds/inspect_settings.hpp"
#include "evoplay/games/birds/level_set.hpp"
#include "evoplay/games/birds/pictures.hpp"
#include "evoplay/games/birds/render.hpp"
#include "evoplay/games/birds/report.hpp"
#include "evoplay/games/birds/showcase.hpp"
#include "evoplay/games/birds/simulation_settings.hpp"
#include "evoplay/games/birds/xml.hpp"

namespace evoplay::cli {

namespace birds = games::birds;

namespace {

/// Status when `check` found overlaps or objects outside the level (the files were readable).
constexpr int kProblemsFound = 3;

/// The physics options of `simulate` and `render`, bound from their declaration.
using PhysicsOptions = std::shared_ptr<FieldOptions<birds::SimulationSettings>>;

/// The engine's settings of the options given.
birds::PhysicsSettings physics_of(const PhysicsOptions& options) {
  return options->resolve().physics();
}

/// The generator's progress line: generations of every layer and block counted on.
class GenerationCounter : public Observer {
 public:
  explicit GenerationCounter(Progress& progress) : progress_(progress) {}
  void on_generation(const GenerationRecord& r) override {
    progress_.update(++done_, fmt::format("gen {}  best {:.2f}", r.generation, r.best));
  }

 private:
  Progress& progress_;
  std::uint64_t done_ = 0;
};

std::string stem(const std::string& file) {
  return file == "-" ? "stdin" : std::filesystem::path(file).stem().string();
}

void add_simulate(CLI::App* group) {
  struct Options {
    std::vector<std::string> files;
    PhysicsOptions physics;
    CommonOptions common;
    std::string render_dir;
    bool robust = false;
    std::shared_ptr<FieldOptions<birds::RobustnessSettings>> robustness;
  };
  auto opt = std::make_shared<Options>();
  auto* cmd = group->add_subcommand(
      "simulate", "simulate levels with Box2D (the game's settings) and report their stability");
  cmd->add_option("levels", opt->files, "Science Birds level files (.xml)")->required();
  opt->physics = bind_fields(cmd, birds::SimulationSettings{});
  add_common_options(cmd, opt->common, kThreads | kJson);
  cmd->add_option("--render-dir", opt->render_dir,
                  "write pictures before and after the simulation to this folder");
  cmd->add_flag("--robust", opt->robust,
                "also simulate nudged copies of each stable level: robust when every one stands");
  opt->robustness = bind_fields(cmd, birds::RobustnessSettings{});
  cmd->callback([opt] {
    if (!opt->render_dir.empty()) prepare_output_folder(opt->render_dir, "--render-dir");
    const auto levels = birds::read_levels(opt->files);
    const auto settings = physics_of(opt->physics);
    Cancellable c;                         // Ctrl-C stops after the batch of levels under way
    c.distribute_over_ranks(opt->common);  // levels over MPI ranks (docs/cluster.md)
    const birds::RobustnessSettings robustness = opt->robustness->resolve();
    const birds::RobustnessSettings* robust = opt->robust ? &robustness : nullptr;
    birds::simulate_streamed(levels, settings, robust, opt->common.threads, c.control,
                             [&](std::size_t i, const birds::StabilityReport& report,
                                 const birds::RobustnessReport* robustness) {
                               const std::string file = display_name(opt->files[i]);
                               if (opt->common.json) {
                                 nlohmann::json j = {{"file", file}};
                                 j.update(birds::report_json(levels[i], report, true));
                                 if (robustness) j["robustness"] = robustness->to_json();
                                 fmt::print("{}\n", json_text(j));
                               } else {
                                 fmt::print("{}", birds::stability_text(file, levels[i], report));
                                 if (robustness)
                                   fmt::print("{}", birds::robustness_text(*robustness, *robust));
                               }
                               if (!opt->render_dir.empty())
                                 birds::save_before_after(opt->render_dir, stem(opt->files[i]),
                                                          levels[i], report, settings.seconds);
                               std::fflush(stdout);
                             });
    if (!opt->render_dir.empty() && !opt->common.json) {
      fmt::print("pictures: {}\n", opt->render_dir);
    }
    if (c.cancelled()) exit_cancelled();
  });
}

void add_birds_render(CLI::App* group) {
  struct Options {
    std::vector<std::string> files;
    std::string out;
    std::shared_ptr<FieldOptions<birds::PictureSettings>> pictures;
    PhysicsOptions physics;
    CommonOptions common;
  };
  auto opt = std::make_shared<Options>();
  auto* cmd = group->add_subcommand(
      "render", "draw levels: one picture, a contact sheet of many, or one picture per level");
  cmd->add_option("levels", opt->files, "Science Birds level files (.xml)")->required();
  cmd->add_option("--image", opt->out,
                  "FILE.png or FILE.svg (one level: its picture; several: a contact sheet), or a "
                  "folder (one picture per level)")
      ->required();
  opt->pictures = bind_fields(cmd, birds::PictureSettings{});
  opt->physics = bind_fields(cmd, birds::SimulationSettings{});
  add_common_options(cmd, opt->common, kThreads);
  cmd->get_option("--threads")->description("worker threads for --after (0 = all cores)");
  cmd->callback([opt] {
    const birds::PictureSettings pictures = opt->pictures->resolve();
    const birds::RenderRequest request = pictures.request(opt->out);
    if (request.one_file()) {
      check_output_file(request.out, {".png", ".svg"}, "--image");
    } else if (request.out.has_extension() && !std::filesystem::is_directory(request.out)) {
      throw Error(opt->out, 0, "--image must be a .png or .svg file, or a folder");
    } else {
      prepare_output_folder(request.out, "--image");
    }
    const auto levels = birds::read_levels(opt->files);
    std::vector<birds::StabilityReport> reports;
    if (pictures.after)
      reports = birds::simulate_all(levels, physics_of(opt->physics), opt->common.threads);
    std::vector<std::string> names;
    for (const auto& f : opt->files) names.push_back(stem(f));
    for (const auto& path : birds::render_levels(levels, names, reports, request))
      fmt::print("{}\n", path.string());
  });
}

void add_birds_check(CLI::App* group) {
  struct Options {
    std::vector<std::string> files;
    std::shared_ptr<FieldOptions<birds::CheckSettings>> settings;
    bool json = false;
  };
  auto opt = std::make_shared<Options>();
  auto* cmd = group->add_subcommand(
      "check",
      "read levels and report objects that start overlapping (each other or the ground) and "
      "objects outside the level; exit status 3 when any is found");
  cmd->add_option("levels", opt->files, "Science Birds level files (.xml)")->required();
  opt->settings = bind_fields(cmd, birds::CheckSettings{});
  cmd->add_flag("--json", opt->json, "machine-readable output: one JSON object per level");
  cmd->callback([opt] {
    bool unreadable = false, problems = false;
    std::vector<std::string> names;
    for (const auto& f : opt->files) names.push_back(display_name(f));
    CommonOptions common;
    common.json = opt->json;
    Cancellable c;
    c.distribute_over_ranks(common);  // files over MPI ranks
    birds::check_files(opt->files, names, opt->settings->resolve().tolerance, opt->json, c.control,
                       [&](std::size_t, const birds::FileCheck& check) {
                         if (!check.error.empty()) {
                           std::fflush(stdout);
                           fmt::print(stderr, "evoplay: error: {}\n", check.error);
                           unreadable = true;
                           return;
                         }
                         problems = problems || !check.ok;
                         fmt::print("{}", check.output);
                       });
    std::fflush(stdout);
    if (c.cancelled()) exit_cancelled();
    if (unreadable) throw CLI::RuntimeError(2);
    if (problems) throw CLI::RuntimeError(kProblemsFound);
  });
}

void add_generate(CLI::App* group) {
  auto common = std::make_shared<CommonOptions>();
  auto* cmd = group->add_subcommand(
      "generate",
      "generate stable, diverse levels with the paper's genetic algorithm over composites and "
      "masks (stability by Box2D simulation); files level-04.xml, level-05.xml, ... as the "
      "competition numbers them (its levels 1-3 are the game's tutorial)");
  const auto settings = bind_fields(cmd, birds::GenerateSettings{});
  settings->option("ruleset")->excludes(settings->option("levels"));
  settings->option("ruleset")->excludes(settings->option("pigs"));
  add_common_options(cmd, *common, kSeed | kThreads | kOut | kJson | kQuiet | kResume);
  cmd->callback([common, settings] {
    const auto& opt = *common;
    birds::GenerateSettings s = settings->resolve();
    s.seed = opt.seed;
    s.threads = opt.threads;
    s.validate();
    const birds::LevelSetSettings set = s.level_set();
    const birds::Catalogue catalogue = s.catalogue();
    const auto rulesets = s.rulesets(catalogue);
    const bool blocks = s.ruleset.has_value();

    // Rank 0 alone writes the run folder (a worker rank's is a scratch folder of its own).
    if (!opt.out.empty() && dist::world().leader()) birds::clear_earlier_run(opt.out);
    run_in_folder(opt, "birds generate", s.config(set, catalogue, rulesets),
                  [&](RunDir& run, Control& control, Progress& p) {
                    p.set_total(static_cast<std::uint64_t>(set.generator.generations + 1) *
                                rulesets.size() * set.layers);
                    GenerationCounter counter(p);
                    control.observer = &counter;
                    const auto ranks = s.islands.active() ? dist::world_exchange() : nullptr;
                    control.exchange = ranks.get();  // islands over the MPI ranks
                    const auto report = birds::generate_levels(run.path(), catalogue, rulesets,
                                                               blocks, set, control);
                    p.finish();
                    for (const auto& note : report.notes())
                      fmt::print(stderr, "evoplay: note: {}\n", note);
                    return std::pair(report.to_json(), opt.quiet ? std::string() : report.text());
                  });
  });
}

void add_diversity(CLI::App* group) {
  struct Options {
    std::vector<std::string> files;
    std::shared_ptr<FieldOptions<birds::DiversitySettings>> settings;
    bool json = false;
  };
  auto opt = std::make_shared<Options>();
  auto* cmd = group->add_subcommand(
      "diversity",
      "how different a set of levels is: mean pairwise block-count distance and structural "
      "distance (1 - IoU of their silhouettes)");
  cmd->add_option("levels", opt->files, "level files (.xml) or folders of them")->required();
  opt->settings = bind_fields(cmd, birds::DiversitySettings{});
  cmd->add_flag("--json", opt->json, "machine-readable output: one JSON object");
  cmd->callback([opt] {
    const auto files = expand_input_files(opt->files, ".xml");
    const auto levels = birds::read_levels(files);
    if (levels.size() < 2) throw Error("birds diversity needs at least two levels");
    const birds::DiversitySettings s = opt->settings->resolve();
    const auto d = birds::set_diversity(levels, s.cell);
    fmt::print("{}", opt->json ? json_text(birds::diversity_json(d, files, s.cell, s.matrix)) + "\n"
                               : birds::diversity_text(d, files, s.cell, s.matrix));
  });
}

}  // namespace

void add_birds_commands(CLI::App& app) {
  auto* group = app.add_subcommand(
      "birds",
      "Angry Birds (Science Birds) levels: stability by Box2D physics, pictures, checks, a level "
      "generator, shots and agents that play");
  group->require_subcommand(1);
  add_simulate(group);
  add_birds_render(group);
  add_birds_check(group);
  add_generate(group);
  add_diversity(group);
  add_birds_play_commands(group);
}

}  // namespace evoplay::cli
