// evoplay lemmings show | run | render | check | solve | compare: the Lemmings simulator and its
// solvers (CRO, GA, ACO) from the command line.
#include <fmt/format.h>

#include <algorithm>
#include <filesystem>
#include <mutex>

#include "evoplay/cli/commands.hpp"
#include "evoplay/cli/common.hpp"
#include "evoplay/cli/cro_options.hpp"
#include "evoplay/cli/demo.hpp"
#include "evoplay/cli/options.hpp"
#include "evoplay/core/atomic_file.hpp"
#include "evoplay/core/error.hpp"
#include "evoplay/core/input_files.hpp"
#include "evoplay/core/json_text.hpp"
#include "evoplay/core/output_path.hpp"
#include "evoplay/core/progress.hpp"
#include "evoplay/core/rng.hpp"
#include "evoplay/core/text.hpp"
#include "evoplay/games/lemmings/level.hpp"
#include "evoplay/games/lemmings/plan.hpp"
#include "evoplay/games/lemmings/render.hpp"
#include "evoplay/games/lemmings/report.hpp"
#include "evoplay/games/lemmings/simulator.hpp"
#include "evoplay/games/lemmings/solve.hpp"
#include "evoplay/games/lemmings/study.hpp"
#include "evoplay/render/history_plot.hpp"

namespace evoplay::cli {

namespace lem = games::lemmings;

std::filesystem::path find_lemmings_data();

namespace {

/// The reference plan of a level: solutions/<stem>.plan beside it, or in `plans_dir`.
std::filesystem::path reference_plan_path(const std::filesystem::path& level,
                                          const std::string& plans_dir) {
  const auto dir =
      plans_dir.empty() ? level.parent_path() / "solutions" : std::filesystem::path(plans_dir);
  return dir / (level.stem().string() + ".plan");
}

/// Level files named on the command line: a folder stands for its *.lvl files, and a pattern
/// with * ? or [ for the files it matches, sorted.
std::vector<std::filesystem::path> expand_levels(const std::vector<std::string>& args) {
  const auto names = expand_input_files(args, ".lvl");
  return {names.begin(), names.end()};
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
      fmt::print("{}\n", json_text(j, 2));
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
    check_stdin_once({opt->level, opt->plan});
    const lem::Level level = lem::load_level(opt->level);
    const lem::Plan plan = opt->plan.empty() ? lem::Plan{} : lem::load_plan(opt->plan);
    lem::Simulator sim(level);
    lem::TraceObserver trace(plan);
    const lem::Outcome& outcome = sim.run(plan, opt->trace ? &trace : nullptr);
    if (opt->json) {
      auto j = lem::outcome_json(level, plan, outcome);
      if (opt->trace) j["trace"] = trace.json();
      fmt::print("{}\n", json_text(j, 2));
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
      ->check(whole_in(2, 64));
  cmd->add_option("--delay", opt->delay, "GIF: hundredths of a second per step")
      ->capture_default_str()
      ->check(whole_in(1, 500));
  cmd->add_option("--step", opt->step,
                  "PNG: draw the lemmings after this step (a frame of the replay) instead of "
                  "their paths; -1 = before the first step")
      ->check(whole_in(-1, 100000000));
  cmd->callback([opt] {
    const std::filesystem::path out = opt->out;
    check_output_file(out, {".gif", ".png"}, "--out");
    const auto ext = out.extension().string();
    check_stdin_once({opt->level, opt->plan});
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
      "check",
      "validate levels and replay their reference plans (solutions/NAME.plan); a level without "
      "one fails");
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
          // A level without a reference plan is not known to be solvable: it fails the check.
          ok = false;
          status = "NO REFERENCE PLAN (" + plan_path.string() + ")";
          row["plan"] = nullptr;
          if (first_error.empty()) {
            first_error = fmt::format("{}: no reference plan (expected {})", file.string(),
                                      plan_path.string());
          }
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
    if (opt->json) fmt::print("{}\n", json_text({{"levels", rows}, {"failed", failed}}, 2));
    if (failed > 0) {
      std::fflush(stdout);
      throw Error(fmt::format("{} of {} levels failed the check; first: {}", failed, files.size(),
                              first_error));
    }
  });
}

/// The plan as a file: a comment header, then one gene per line.
std::string plan_file_text(const std::string& header, const lem::Plan& plan) {
  std::string text;
  for (const auto line : split_lines(header)) text += "# " + std::string(line) + "\n";
  return text + lem::to_text(plan);
}

/// A solver run's history (`csv`) and its best and mean fitness against evaluations (`png`).
void save_solver_history(const lem::SolveResult& r, const std::filesystem::path& csv,
                         const std::filesystem::path& png, const std::string& title) {
  const std::string text = r.history.to_csv();
  write_file_atomic(csv, text);
  render::HistoryPlotOptions plot;
  plot.title = title;
  plot.x_column = "evaluations";
  plot.columns = {"best", "mean"};
  plot.y_label = fmt::format("{} fitness", lem::fitness_name(r.fitness));
  const std::string name = csv.filename().string();
  render::save_history_plot(png, parse_csv(text, name), plot, name);
}

struct SolveOptions {
  std::string algorithm = "cro", fitness = "heuristic", selection = "roulette",
              aco_variant = "rank-maxmin";
  long long evaluations = 20000, population = 100, epochs = 0;

  void add(CLI::App* cmd, bool with_epochs) {
    cmd->add_option("--fitness", fitness,
                    "original (the document's formula 4.4) or heuristic (with the lemmings' "
                    "path distance to the exit)")
        ->capture_default_str();
    auto* evals = cmd->add_option("--evaluations", evaluations,
                                  "simulations per run: the budget every algorithm gets")
                      ->capture_default_str()
                      ->check(whole_in(1, kMaxEvaluations));
    if (with_epochs) {
      cmd->add_option("--epochs", epochs,
                      "instead of --evaluations: run this many epochs (CRO), generations (GA) or "
                      "iterations (ACO), as the document runs CRO; every evaluation counts")
          ->excludes(evals)
          ->check(whole_in(1, kMaxGenerations));
    }
    cmd->add_option("--population", population,
                    "reef cells (CRO), population (GA) and ants per iteration (ACO)")
        ->capture_default_str()
        ->check(whole_in(2, kMaxPopulation));
    cmd->add_option("--selection", selection,
                    "the GA's parent selection: roulette (fitness-proportional) or "
                    "tournament[:K] (also ranking[:S], random)")
        ->capture_default_str();
    cmd->add_option("--aco-variant", aco_variant,
                    "ACO's deposits: rank-maxmin (rank-based, MAX-MIN bounds) or plain (every ant "
                    "deposits, no bounds; converges to the empty plan, see "
                    "docs/lemmings-solvers.md)")
        ->capture_default_str();
  }
  void validate() const { (void)lem::fitness_from_name(fitness); }
  /// Fills the settings these options set (not the algorithm, seed or threads).
  void apply(lem::SolverSettings& s) const {
    validate();
    s.fitness = lem::fitness_from_name(fitness);
    s.evaluations = static_cast<std::uint64_t>(evaluations);
    s.epochs = static_cast<std::size_t>(epochs);
    s.population = static_cast<std::size_t>(population);
    s.ga.selection = evo::Selection::parse(selection);
    s.set_aco_variant(aco_variant);
  }
};

void add_solve(CLI::App& group) {
  struct Options {
    std::string level;
    SolveOptions solve;
    CommonOptions common;
  };
  auto opt = std::make_shared<Options>();
  auto* cmd = group.add_subcommand(
      "solve", "solve a level with CRO, the GA or ACO: best plan, history, plot and replay");
  cmd->add_option("level", opt->level, "level file (.lvl)")->required();
  cmd->add_option("--algo", opt->solve.algorithm, "cro, ga or aco")->capture_default_str();
  opt->solve.add(cmd, true);
  const auto cro = add_cro_options(cmd);
  add_common_options(cmd, opt->common, kSeed | kThreads | kOut | kJson | kQuiet);
  cmd->callback([opt, cro] {
    lem::SolverSettings s;
    s.algorithm = lem::algorithm_from_name(opt->solve.algorithm);
    opt->solve.apply(s);
    s.cro = cro->resolve();
    s.seed = opt->common.seed;
    s.threads = opt->common.threads;
    const lem::Level level = lem::load_level(opt->level);
    if (level.total_skills() <= 0)
      throw Error(opt->level, 0, "the level offers no skill: there is nothing to plan");

    const RunDir run = open_run_dir(opt->common, "lemmings-solve");
    auto config = base_config("lemmings solve", opt->common);
    config["level"] = display_name(opt->level);
    config["solver"] = s.to_json();
    run.write_json("config.json", config);

    Progress progress(opt->common.quiet, "lemmings solve", 0);
    struct Show : Observer {
      Progress& progress;
      std::uint64_t budget;
      std::size_t epochs;
      Show(Progress& p, std::uint64_t b, std::size_t e) : progress(p), budget(b), epochs(e) {}
      void on_generation(const GenerationRecord& r) override {
        if (epochs > 0) {
          progress.update(r.generation, fmt::format("generation {}/{}  evaluations {}  best {:.4f}",
                                                    r.generation, epochs, r.evaluations, r.best));
          return;
        }
        progress.update(std::min(r.evaluations, budget),
                        fmt::format("evaluations {}/{}  best {:.4f}",
                                    std::min(r.evaluations, budget), budget, r.best));
      }
    } show(progress, s.evaluations, s.epochs);
    progress.set_total(s.epochs > 0 ? s.epochs : s.evaluations);
    const lem::SolveResult r = lem::solve(level, s, &show);
    progress.finish();

    lem::Simulator sim(level);
    const lem::Plan best = lem::effective_plan(r.best, sim.run(r.best));
    const lem::Outcome outcome = sim.run(best);  // the same outcome, genes numbered as in `best`
    const std::string budget =
        s.epochs > 0 ? fmt::format("{} {}, {} evaluations", r.generations,
                                   s.algorithm == lem::Algorithm::kCro  ? "epochs"
                                   : s.algorithm == lem::Algorithm::kGa ? "generations"
                                                                        : "iterations",
                                   r.evaluations)
                     : fmt::format("{} evaluations", r.evaluations);
    const std::string label =
        fmt::format("{} on {} ({} fitness, {}, seed {})", lem::algorithm_label(s.algorithm),
                    level.name, lem::fitness_name(s.fitness), budget, s.seed);
    run.write_text(
        "best.plan",
        plan_file_text(fmt::format("Best plan found by {}: fitness {:.6f}\n{}; the "
                                   "genes that had an effect",
                                   label, r.best_fitness,
                                   outcome.solved ? "solves the level" : "does not solve"),
                       best));
    run.write_text(
        "best-genome.plan",
        plan_file_text("The best genome as the algorithm holds it (every gene)", r.best));
    save_solver_history(r, run.file("history.csv"), run.file("fitness.png"), label);
    lem::RenderOptions render;
    render.delay_cs = 8;
    lem::render_replay_gif(level, best, run.file("replay.gif"), render);

    nlohmann::json result = {{"level", level.name},
                             {"algorithm", lem::algorithm_name(s.algorithm)},
                             {"fitness", lem::fitness_name(s.fitness)},
                             {"solved", r.solved},
                             {"first_solution", r.first_solution ? nlohmann::json(r.first_solution)
                                                                 : nlohmann::json(nullptr)},
                             {"distinct_solutions", r.distinct()},
                             {"best_fitness", r.best_fitness},
                             {"evaluations", r.evaluations},
                             {"generations", r.generations},
                             {"seconds", r.seconds},
                             {"stop_reason", evo::stop_reason_name(r.stop)},
                             {"best_plan", lem::to_text(best)},
                             {"outcome", lem::outcome_json(level, best, outcome)}};
    run.write_json("result.json", result);
    if (opt->common.json) {
      result["run_folder"] = run.path().string();
      fmt::print("{}\n", json_text(result, 2));
      return;
    }
    fmt::print("{}\n", label);
    if (r.solved) {
      fmt::print("solved: first after {} evaluations; {} distinct solutions; {:.2f} s\n",
                 r.first_solution, r.distinct(), r.seconds);
    } else {
      fmt::print("not solved in {} evaluations; {:.2f} s\n", r.evaluations, r.seconds);
    }
    fmt::print("best plan (fitness {:.4f}), the genes that had an effect:\n{}", r.best_fitness,
               lem::outcome_text(level, best, outcome));
    fmt::print("run folder: {} (best.plan, replay.gif, fitness.png, history.csv)\n",
               run.path().string());
  });
}

/// A comma-separated list of names, each checked by `parse`.
template <class T, class Parse>
std::vector<T> parse_list(const std::string& text, Parse parse, const std::string& what) {
  std::vector<T> out;
  for (const auto part : split(text, ',')) {
    const auto name = trim(part);
    if (name.empty()) continue;
    const T v = parse(name);
    if (std::find(out.begin(), out.end(), v) == out.end()) out.push_back(v);
  }
  if (out.empty()) throw Error("--" + what + ": give at least one name");
  return out;
}

void add_compare(CLI::App& group) {
  struct Options {
    std::vector<std::string> levels;
    std::string algos = "cro,ga,aco", fitness = "original,heuristic", selection = "roulette",
                aco_variant = "rank-maxmin";
    int runs = 10;
    long long evaluations = 20000, population = 100;
    CommonOptions common;
  };
  auto opt = std::make_shared<Options>();
  auto* cmd = group.add_subcommand(
      "compare",
      "the document's study: CRO, GA and ACO on levels, by solutions found over repeated runs");
  cmd->add_option("--levels", opt->levels,
                  "level files, folders or patterns such as 'data/lemmings/hard-*.lvl' (default: "
                  "the shipped suite)");
  cmd->add_option("--algos", opt->algos, "algorithms, comma-separated: cro, ga, aco")
      ->capture_default_str();
  cmd->add_option("--fitness", opt->fitness, "fitnesses, comma-separated: original, heuristic")
      ->capture_default_str();
  cmd->add_option("--runs", opt->runs, "runs per level, algorithm and fitness")
      ->capture_default_str()
      ->check(whole_in(1, kMaxRuns));
  cmd->add_option("--evaluations", opt->evaluations, "simulations per run (every algorithm)")
      ->capture_default_str()
      ->check(whole_in(1, kMaxEvaluations));
  cmd->add_option("--population", opt->population,
                  "reef cells (CRO), population (GA) and ants per iteration (ACO)")
      ->capture_default_str()
      ->check(whole_in(2, kMaxPopulation));
  cmd->add_option("--selection", opt->selection,
                  "the GA's parent selection: roulette or tournament[:K] (also ranking[:S], "
                  "random)")
      ->capture_default_str();
  cmd->add_option("--aco-variant", opt->aco_variant, "ACO's deposits: rank-maxmin or plain")
      ->capture_default_str();
  const auto cro = add_cro_options(cmd);
  add_common_options(cmd, opt->common, kSeed | kThreads | kOut | kJson | kQuiet);
  cmd->callback([opt, cro] {
    lem::StudySpec spec;
    spec.cro = cro->resolve();
    spec.ga_selection = evo::Selection::parse(opt->selection);
    lem::SolverSettings{}.set_aco_variant(opt->aco_variant);  // checks the name
    spec.aco_variant = opt->aco_variant;
    spec.algorithms = parse_list<lem::Algorithm>(
        opt->algos, [](std::string_view n) { return lem::algorithm_from_name(n); }, "algos");
    spec.fitnesses = parse_list<lem::FitnessKind>(
        opt->fitness, [](std::string_view n) { return lem::fitness_from_name(n); }, "fitness");
    spec.runs = opt->runs;
    spec.evaluations = static_cast<std::uint64_t>(opt->evaluations);
    spec.population = static_cast<std::size_t>(opt->population);
    spec.seed = opt->common.seed;
    spec.threads = opt->common.threads;
    std::vector<std::string> args = opt->levels;
    if (args.empty()) {
      const auto data = find_lemmings_data();
      if (data.empty()) throw Error("no --levels given and data/lemmings not found");
      args.push_back(data.string());
    }
    auto levels = lem::load_study_levels(expand_levels(args));

    const RunDir run = open_run_dir(opt->common, "lemmings-compare");
    auto config = base_config("lemmings compare", opt->common);
    config["study"] = spec.to_json();
    nlohmann::json files = nlohmann::json::array();
    for (const auto& l : levels) files.push_back(l.file);
    config["levels"] = files;
    lem::SolverSettings per_algo = spec.solver_settings();
    for (auto a : spec.algorithms) {
      per_algo.algorithm = a;
      config["solvers"][std::string(lem::algorithm_name(a))] = per_algo.to_json();
    }
    run.write_json("config.json", config);

    Progress progress(opt->common.quiet, "lemmings compare", 0);
    const auto result =
        lem::run_study(std::move(levels), spec, [&](std::size_t done, std::size_t total) {
          progress.set_total(total);
          progress.update(done, fmt::format("{}/{} runs", done, total));
        });
    progress.finish();

    const std::string md = lem::study_markdown(result);
    run.write_text("tables.md", md);
    run.write_text("summary.csv", lem::study_summary_csv(result));
    run.write_text("runs.csv", lem::study_runs_csv(result));
    run.write_text("curves.csv", lem::study_curves_csv(result));
    auto json = lem::study_json(result);
    run.write_json("result.json", json);
    std::filesystem::create_directories(run.file("plots"));
    lem::save_study_plots(result, run.file("plots"));
    if (opt->common.json) {
      json["run_folder"] = run.path().string();
      fmt::print("{}\n", json_text(json, 2));
      return;
    }
    fmt::print("{}\nrun folder: {} (tables.md, summary.csv, runs.csv, curves.csv, plots/)\n", md,
               run.path().string());
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
      json_text({{"levels", rows}, {"replay", lem::outcome_json(level, plan, outcome)}}, 2));
  const std::string text = lem::outcome_text(level, plan, outcome);
  for (const auto line : split_lines(text)) {
    fmt::print("  {}\n", line);
  }
  ctx.show("Lemmings replay (GIF)", dir / "replay.gif");
  ctx.show("Lemmings paths", dir / "paths.png");

  // 3. Coral Reef Optimization solves a medium level from scratch (the heuristic fitness, the
  //    study's budget of 20,000 simulations), and the replay of the best plan it found.
  const auto cro_file = data / "medium-01-bridge-and-tunnel.lvl";
  const lem::Level cro_level = lem::load_level(cro_file.string());
  lem::SolverSettings s;
  s.algorithm = lem::Algorithm::kCro;
  s.seed = ctx.seed;
  s.threads = 1;  // a reef epoch evaluates about 7 larvae: too few to share between threads
  const lem::SolveResult r = lem::solve(cro_level, s);
  lem::Simulator sim(cro_level);
  const lem::Plan best = lem::effective_plan(r.best, sim.run(r.best));
  const lem::Outcome cro_outcome = lem::render_replay_gif(cro_level, best, dir / "cro-replay.gif");
  write_file_atomic(dir / "cro-best.plan", lem::to_text(best));
  save_solver_history(r, dir / "cro-history.csv", dir / "cro-fitness.png",
                      fmt::format("CRO on {}", cro_level.name));
  fmt::print(
      "  CRO on {}: {} after {} evaluations; {} distinct solutions in {} evaluations "
      "({:.1f} s)\n",
      cro_level.name, r.solved ? "solved" : "NOT solved", r.first_solution, r.distinct(),
      r.evaluations, r.seconds);
  const std::string cro_text = lem::outcome_text(cro_level, best, cro_outcome);
  for (const auto line : split_lines(cro_text)) fmt::print("  {}\n", line);
  write_file_atomic(
      dir / "cro.json",
      json_text(nlohmann::json{{"level", cro_level.name},
                               {"solved", r.solved},
                               {"first_solution", r.first_solution},
                               {"distinct_solutions", r.distinct()},
                               {"evaluations", r.evaluations},
                               {"best_fitness", r.best_fitness},
                               {"best_plan", lem::to_text(best)},
                               {"outcome", lem::outcome_json(cro_level, best, cro_outcome)}},
                2));
  ctx.show("Lemmings solved by CRO (GIF)", dir / "cro-replay.gif");
  ctx.show("CRO fitness curve", dir / "cro-fitness.png");
}

void add_lemmings_commands(CLI::App& app) {
  auto* group = app.add_subcommand(
      "lemmings",
      "Lemmings levels: show, run a plan, render a replay, check levels, solve them with CRO, "
      "GA or ACO, compare the three");
  group->require_subcommand(1);
  add_show(*group);
  add_run(*group);
  add_render(*group);
  add_check(*group);
  add_solve(*group);
  add_compare(*group);
}

}  // namespace evoplay::cli
