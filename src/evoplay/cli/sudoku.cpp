// evoplay sudoku solve | check | experiment, and the Sudoku part of the demo.
#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <memory>
#include <optional>

#include "evoplay/cli/commands.hpp"
#include "evoplay/cli/common.hpp"
#include "evoplay/cli/cro_options.hpp"
#include "evoplay/cli/demo.hpp"
#include "evoplay/cli/options.hpp"
#include "evoplay/core/error.hpp"
#include "evoplay/core/json_text.hpp"
#include "evoplay/core/parallel.hpp"
#include "evoplay/core/progress.hpp"
#include "evoplay/core/stopwatch.hpp"
#include "evoplay/core/text.hpp"
#include "evoplay/games/sudoku/board.hpp"
#include "evoplay/games/sudoku/exact.hpp"
#include "evoplay/games/sudoku/experiment.hpp"
#include "evoplay/games/sudoku/ga.hpp"
#include "evoplay/games/sudoku/render.hpp"
#include "evoplay/render/history_plot.hpp"
#include "evoplay/render/plot.hpp"

namespace evoplay::cli {

namespace sd = games::sudoku;

namespace {

std::string join(std::span<const std::string_view> names) {
  std::string out;
  for (auto n : names) out += (out.empty() ? "" : ", ") + std::string(n);
  return out;
}

/// The GA settings a user can give on the command line (all optional over the preset: an
/// option that was not given is empty, so no value stands for "not given").
struct GaOptions {
  std::string preset = "paper";
  std::string crossover, mutation, selection;
  std::optional<long long> population, generations;
  std::optional<double> crossover_rate, mutation_rate, elitism;

  void add(CLI::App* cmd, bool lists) {
    cmd->add_option("--preset", preset,
                    "GA settings to start from: paper (the published GA) or strong")
        ->capture_default_str();
    const std::string xs = join(sd::kCrossovers), ms = join(sd::kMutations);
    cmd->add_option("--crossover", crossover,
                    (lists ? "crossovers to run (comma-separated, or all): " : "crossover: ") + xs);
    cmd->add_option("--mutation", mutation,
                    (lists ? "mutations to run (comma-separated, or all): " : "mutation: ") + ms);
    cmd->add_option("--selection", selection, "tournament[:K] (K = 3 by default) or ranking[:S]");
    cmd->add_option("--population", population, "individuals (paper 200, strong 40)")
        ->check(whole_in(2, kMaxPopulation));
    cmd->add_option("--generations", generations, "generation limit (paper 300, strong 10000)")
        ->check(whole_in(0, kMaxGenerations));
    cmd->add_option("--crossover-rate", crossover_rate,
                    "probability of crossing a pair (paper 0.8)")
        ->check(number_in(0, 1));
    cmd->add_option("--mutation-rate", mutation_rate, "probability of mutating a child (paper 0.2)")
        ->check(number_in(0, 1));
    cmd->add_option("--elitism", elitism, "percentage of the population kept unchanged (paper 5)")
        ->check(number_in(0, 100));
  }

  sd::GaSettings resolve() const {
    sd::GaSettings s = sd::GaSettings::preset_named(preset);
    if (!crossover.empty()) s.crossover = crossover;
    if (!mutation.empty()) s.mutation = mutation;
    if (!selection.empty()) {
      (void)evo::Selection::parse(selection);  // validates
      s.selection = selection;
    }
    if (population) s.population = static_cast<std::size_t>(*population);
    if (generations) s.generations = static_cast<std::size_t>(*generations);
    if (crossover_rate) s.crossover_rate = *crossover_rate;
    if (mutation_rate) s.mutation_rate = *mutation_rate;
    if (elitism) s.elite_fraction = *elitism / 100;
    return s;
  }
};

/// Expands "all" or "a,b" into names, each checked against `known`.
std::vector<std::string> operator_list(const std::string& text,
                                       std::span<const std::string_view> known,
                                       const std::string& fallback, const char* what) {
  if (text.empty()) return {fallback};
  if (text == "all") return {known.begin(), known.end()};
  std::vector<std::string> out;
  for (auto part : split(text, ',')) {
    const std::string name(trim(part));
    if (name == "all") {
      throw Error(fmt::format("'{}': 'all' stands alone (all of them), or name {}s: {}", text, what,
                              join(known)));
    }
    if (std::find(known.begin(), known.end(), name) == known.end()) {
      throw Error(
          fmt::format("unknown {} '{}': expected all or one of {}", what, name, join(known)));
    }
    out.push_back(name);
  }
  return out;
}

nlohmann::json board_json(const sd::Board& b) { return sd::to_line(b); }

struct PuzzleOutcome {
  bool solved = false;
  int fitness = 0;
  int solutions = -1;  // exact only
  sd::Board board;     // solution or best board
  std::size_t generations = 0;
  std::uint64_t evaluations = 0, guesses = 0, backtracks = 0, local_moves = 0;
  std::size_t restarts = 0;
  double seconds = 0;
  History history;
};

nlohmann::json outcome_json(std::size_t index, int line, const std::string& method,
                            const PuzzleOutcome& o) {
  nlohmann::json j = {
      {"puzzle", index + 1},
      {"line", line},
      {"method", method},
      {"solved", o.solved},
      {"fitness", o.fitness},
      {"generations", o.generations},
      {"evaluations", o.evaluations},
      {"seconds", o.seconds},
      {"solution", o.board.cells.empty() ? nlohmann::json(nullptr) : board_json(o.board)}};
  if (method == "exact") {
    j["solutions"] = o.solutions;
    j["unique"] = o.solutions == 1;
    j["guesses"] = o.guesses;
    j["backtracks"] = o.backtracks;
  } else {
    j["local_moves"] = o.local_moves;
    j["restarts"] = o.restarts;
    nlohmann::json cells = nlohmann::json::array();
    const auto marks = sd::conflicting_cells(o.board);
    const int n = o.board.n();
    for (std::size_t i = 0; i < marks.size(); ++i) {
      if (marks[i])
        cells.push_back(
            fmt::format("r{}c{}", static_cast<int>(i) / n + 1, static_cast<int>(i) % n + 1));
    }
    j["conflicts"] = cells;
  }
  return j;
}

void add_solve(CLI::App& group) {
  struct Options {
    CommonOptions common;
    GaOptions ga;
    std::string file = "-";
    std::string method = "exact";
  };
  auto opt = std::make_shared<Options>();
  auto* cmd = group.add_subcommand("solve", "solve puzzles exactly or with the genetic algorithm");
  cmd->add_option("file", opt->file, "puzzle file (one per line, or grids); - reads standard input")
      ->capture_default_str();
  cmd->add_option("--method", opt->method,
                  "exact (constraint propagation and search), ga, or cro (the same operators "
                  "through Coral Reef Optimization: --population reef cells, --generations "
                  "epochs, --mutation-rate the brooding mutation)")
      ->capture_default_str()
      ->check(CLI::IsMember({"exact", "ga", "cro"}));
  opt->ga.add(cmd, false);
  const auto cro_options = add_cro_options(cmd);
  add_common_options(cmd, opt->common, kSeed | kThreads | kOut | kJson | kQuiet);
  cmd->callback([opt, cmd, cro_options] {
    const bool cro = opt->method == "cro";
    const bool ga = opt->method == "ga" || cro;  // an evolutionary method
    if (!ga) {
      for (const char* o : {"--preset", "--crossover", "--mutation", "--selection", "--population",
                            "--generations", "--crossover-rate", "--mutation-rate", "--elitism"}) {
        if (cmd->count(o)) throw Error(fmt::format("{} applies to --method ga or cro only", o));
      }
    }
    if (cro) {
      for (const char* o : {"--selection", "--crossover-rate", "--elitism"}) {
        if (cmd->count(o)) throw Error(fmt::format("{} applies to --method ga only", o));
      }
    }
    sd::GaSettings settings = ga ? opt->ga.resolve() : sd::GaSettings{};
    if (cro) {
      // gamma: --cro-gamma, else --mutation-rate, else the preset's (thesis: the GA preset's
      // mutation rate, as before the presets).
      settings.cro = cro_options->resolve();
      if (!cro_options->gamma_given() &&
          (cmd->count("--mutation-rate") > 0 || settings.cro->preset == "thesis"))
        settings.cro->brooding_mutation = settings.mutation_rate;
    }
    if (ga) {  // fail early on bad operator names, before reading a long file
      const sd::SudokuProblem probe(sd::Board(sd::Geometry::of_size(4)));
      (void)sd::make_crossover(settings.crossover, probe);
      (void)sd::make_mutation(settings.mutation, probe);
    }
    const auto puzzles = sd::read_puzzles(opt->file);
    const RunDir run = open_run_dir(opt->common, "sudoku-solve");
    auto config = base_config("sudoku solve", opt->common);
    config["file"] = display_name(opt->file);
    config["method"] = opt->method;
    config["puzzles"] = puzzles.size();
    sd::GaSettings recorded = settings;  // puzzle i (from 0) runs with seed + i
    recorded.seed = opt->common.seed;
    if (ga) config["ga"] = recorded.to_json();
    if (cro) config["cro"] = evo::to_json(sd::cro_params(recorded));
    if (ga) config["puzzle_seed"] = "seed + puzzle number - 1";
    run.write_json("config.json", config);

    const std::size_t count = puzzles.size();
    std::vector<PuzzleOutcome> outcomes(count);
    const bool single = count == 1;
    // Many puzzles: one line counting puzzles. One puzzle with the GA or CRO: the optimiser's
    // own line (generation, best fitness, evaluations per second, ETA). Both on stderr, only when
    // it is a terminal, and never with --quiet.
    Progress progress(opt->common.quiet || single, "sudoku", count);
    Progress one_run(opt->common.quiet || !single || !ga, cro ? "sudoku cro" : "sudoku ga",
                     settings.generations);
    ProgressObserver observer(one_run, settings.generations);
    Observer* watch = single && ga ? &observer : nullptr;
    Workers workers(single ? 1 : opt->common.threads);
    const Stopwatch clock;
    const std::size_t chunk = static_cast<std::size_t>(workers.threads()) * (ga ? 1 : 256);
    for (std::size_t start = 0; start < count; start += chunk) {
      const std::size_t n = std::min(chunk, count - start);
      workers.for_each(n, [&](std::size_t k) {
        const std::size_t i = start + k;
        const sd::Board& puzzle = puzzles[i].board;
        PuzzleOutcome& o = outcomes[i];
        if (!ga) {
          const auto r = sd::solve_exact(puzzle, 2);
          o.solutions = r.solutions;
          o.solved = r.solutions > 0;
          o.board = r.solution;
          o.guesses = r.stats.guesses;
          o.backtracks = r.stats.backtracks;
          o.seconds = r.seconds;
          return;
        }
        sd::GaSettings s = settings;
        s.seed = opt->common.seed + i;
        s.threads = single ? opt->common.threads : 1;
        auto r = cro ? sd::solve_cro(puzzle, s, watch) : sd::solve_ga(puzzle, s, watch);
        o.solved = r.solved;
        o.fitness = r.fitness;
        o.board = r.best;
        o.generations = r.generations;
        o.evaluations = r.evaluations;
        o.local_moves = r.local_moves;
        o.restarts = r.restarts;
        o.seconds = r.seconds;
        o.history = std::move(r.history);
      });
      progress.update(start + n, fmt::format("{} puzzles", start + n));
    }
    progress.finish();
    one_run.finish();

    nlohmann::json results = nlohmann::json::array();
    std::string solutions;
    std::size_t solved = 0;
    for (std::size_t i = 0; i < count; ++i) {
      const auto& o = outcomes[i];
      solved += o.solved;
      const auto j = outcome_json(i, puzzles[i].line, opt->method, o);
      results.push_back(j);
      solutions +=
          (o.board.cells.empty() ? std::string("no solution") : sd::to_line(o.board)) + "\n";
      if (opt->common.json) {
        fmt::print("{}\n", json_text(j));
        continue;
      }
      std::string head;
      if (!ga) {
        head = o.solutions == 0   ? "no solution"
               : o.solutions == 1 ? "solved (unique)"
                                  : "solved (not unique: 2 or more solutions)";
        head += fmt::format(" in {:.3f} ms, {} guesses, {} backtracks", o.seconds * 1e3, o.guesses,
                            o.backtracks);
      } else {
        const char* rounds = cro ? "epochs" : "generations";
        head = o.solved ? fmt::format("solved by {} in {} {}", cro ? "CRO" : "the GA",
                                      o.generations, rounds)
                        : fmt::format(
                              "not solved: best fitness {} after {} {} (cells in conflict "
                              "in brackets)",
                              o.fitness, o.generations, rounds);
        head += fmt::format(", {} evaluations, {:.3f} s", o.evaluations, o.seconds);
      }
      fmt::print("puzzle {} (line {}): {}\n", i + 1, puzzles[i].line, head);
      if (!o.board.cells.empty()) {
        fmt::print("{}\n", sd::to_grid(o.board, ga && !o.solved ? sd::conflicting_cells(o.board)
                                                                : std::vector<std::uint8_t>{}));
      }
    }
    const double seconds = clock.seconds();
    run.write_text("solutions.txt", solutions);
    run.write_json(
        "result.json",
        {{"puzzles", count}, {"solved", solved}, {"seconds", seconds}, {"results", results}});
    if (ga) {
      if (single) {
        const std::string csv = outcomes[0].history.to_csv();
        run.write_text("history.csv", csv);
        render::HistoryPlotOptions plot;
        plot.title = fmt::format("Sudoku {} ({} preset): digits missing from columns and boxes",
                                 cro ? "CRO" : "GA", settings.preset);
        plot.y_label = "fitness (0 = solved)";
        plot.y2_label = "diversity (cells that differ)";
        render::save_history_plot(run.file("fitness.png"), parse_csv(csv, "history.csv"), plot,
                                  "history.csv");
      } else {
        for (std::size_t i = 0; i < count; ++i) {
          run.write_text(fmt::format("histories/puzzle-{}.csv", i + 1),
                         outcomes[i].history.to_csv());
        }
      }
    }
    if (single && !outcomes[0].board.cells.empty()) {
      sd::save_board_picture(run.file("board.png"), puzzles[0].board, outcomes[0].board,
                             outcomes[0].solved
                                 ? "solved"
                                 : fmt::format("best board: fitness {}", outcomes[0].fitness));
    }
    if (!opt->common.json) {
      if (count > 1) fmt::print("{} puzzles: {} solved, {:.2f} s\n", count, solved, seconds);
      fmt::print("run folder: {}\n", run.path().string());
    }
  });
}

void add_check(CLI::App& group) {
  struct Options {
    CommonOptions common;
    std::string file;
  };
  auto opt = std::make_shared<Options>();
  auto* cmd =
      group.add_subcommand("check", "validate puzzles and count their solutions (0, 1, 2 or more)");
  cmd->add_option("file", opt->file, "puzzle file; - reads standard input")->required();
  add_common_options(cmd, opt->common, kThreads | kJson);
  cmd->callback([opt] {
    const auto puzzles = sd::read_puzzles(opt->file);
    std::vector<int> counts(puzzles.size(), 0);
    parallel_slots(puzzles.size(), opt->common.threads, [&](std::size_t i) {
      counts[i] = sd::solve_exact(puzzles[i].board, 2).solutions;
    });
    std::size_t tally[3] = {0, 0, 0};
    for (std::size_t i = 0; i < puzzles.size(); ++i) {
      const int c = std::min(counts[i], 2);
      ++tally[c];
      const char* text = c == 0   ? "no solution"
                         : c == 1 ? "1 solution (unique)"
                                  : "2 or more solutions";
      if (opt->common.json) {
        fmt::print("{}\n", json_text(nlohmann::json({{"puzzle", i + 1},
                                                     {"line", puzzles[i].line},
                                                     {"size", puzzles[i].board.n()},
                                                     {"givens", puzzles[i].board.givens()},
                                                     {"solutions", c},
                                                     {"unique", c == 1}})));
      } else {
        fmt::print("puzzle {} (line {}, {}x{}, {} givens): {}\n", i + 1, puzzles[i].line,
                   puzzles[i].board.n(), puzzles[i].board.n(), puzzles[i].board.givens(), text);
      }
    }
    if (!opt->common.json) {
      fmt::print("{} puzzles: {} unique, {} without solution, {} with 2 or more solutions\n",
                 puzzles.size(), tally[1], tally[0], tally[2]);
    }
  });
}

std::string fmt_or_dash(double v, const char* spec) {
  return std::isnan(v) ? "-" : fmt::format(fmt::runtime(spec), v);
}

void add_experiment(CLI::App& group) {
  struct Options {
    CommonOptions common;
    GaOptions ga;
    std::string puzzles, vary, compare;
    int runs = 1;
    std::size_t first = 0;
  };
  auto opt = std::make_shared<Options>();
  auto* cmd = group.add_subcommand(
      "experiment", "repeated seeded GA runs per operator or parameter value, with plots");
  cmd->add_option("--puzzles", opt->puzzles, "puzzle file")->required();
  cmd->add_option("--first", opt->first, "use only the first N puzzles of the file")
      ->check(whole_in(1, 1'000'000'000));
  cmd->add_option("--runs", opt->runs, "runs per puzzle and configuration")
      ->capture_default_str()
      ->check(whole_in(1, kMaxRuns));
  cmd->add_option(
      "--vary", opt->vary,
      "vary one parameter: population=FROM:TO:STEP, generations=..., crossover-rate=..., "
      "mutation-rate=... (or NAME=V1,V2,...)");
  cmd->add_option(
      "--compare", opt->compare,
      "A,B: Mann-Whitney U test of two crossovers (or two mutations) on best fitness and "
      "generations");
  opt->ga.add(cmd, true);
  add_common_options(cmd, opt->common, kSeed | kThreads | kOut | kJson | kQuiet);
  cmd->callback([opt] {
    sd::ExperimentSpec spec;
    spec.base = opt->ga.resolve();
    spec.crossovers =
        operator_list(opt->ga.crossover, sd::kCrossovers, spec.base.crossover, "crossover");
    spec.mutations =
        operator_list(opt->ga.mutation, sd::kMutations, spec.base.mutation, "mutation");
    std::string cmp_a, cmp_b;
    if (!opt->compare.empty()) {
      const auto parts = split(opt->compare, ',');
      if (parts.size() != 2) throw Error("--compare: expected two operators A,B");
      cmp_a = std::string(trim(parts[0]));
      cmp_b = std::string(trim(parts[1]));
      auto is_in = [](const std::string& x, std::span<const std::string_view> names) {
        return std::find(names.begin(), names.end(), x) != names.end();
      };
      if (is_in(cmp_a, sd::kCrossovers) && is_in(cmp_b, sd::kCrossovers)) {
        for (const auto& x : {cmp_a, cmp_b}) {
          if (std::find(spec.crossovers.begin(), spec.crossovers.end(), x) ==
              spec.crossovers.end()) {
            spec.crossovers.push_back(x);
          }
        }
        if (spec.mutations.size() > 1)
          throw Error("--compare of crossovers needs a single --mutation");
      } else if (is_in(cmp_a, sd::kMutations) && is_in(cmp_b, sd::kMutations)) {
        for (const auto& x : {cmp_a, cmp_b}) {
          if (std::find(spec.mutations.begin(), spec.mutations.end(), x) == spec.mutations.end()) {
            spec.mutations.push_back(x);
          }
        }
        if (spec.crossovers.size() > 1)
          throw Error("--compare of mutations needs a single --crossover");
      } else {
        throw Error(
            fmt::format("--compare '{}': expected two crossovers ({}) or two mutations ({})",
                        opt->compare, join(sd::kCrossovers), join(sd::kMutations)));
      }
      if (!opt->vary.empty()) throw Error("--compare cannot be combined with --vary");
    }
    if (!opt->vary.empty()) sd::parse_vary(opt->vary, spec.vary, spec.values);
    spec.runs = opt->runs;
    spec.seed = opt->common.seed;
    spec.threads = opt->common.threads;

    auto entries = sd::read_puzzles(opt->puzzles);
    if (opt->first && opt->first < entries.size()) entries.resize(opt->first);
    std::vector<sd::Board> boards;
    for (auto& e : entries) boards.push_back(std::move(e.board));

    const RunDir run = open_run_dir(opt->common, "sudoku-experiment");
    auto config = base_config("sudoku experiment", opt->common);
    config["puzzles"] = display_name(opt->puzzles);
    config["puzzle_count"] = boards.size();
    config["runs"] = spec.runs;
    sd::GaSettings recorded = spec.base;  // each run derives its own seed from this one
    recorded.seed = spec.seed;
    config["ga"] = recorded.to_json();
    config["crossovers"] = spec.crossovers;
    config["mutations"] = spec.mutations;
    config["vary"] = spec.vary.empty()
                         ? nlohmann::json(nullptr)
                         : nlohmann::json({{"name", spec.vary}, {"values", spec.values}});
    run.write_json("config.json", config);

    Progress progress(opt->common.quiet, "experiment");
    const auto result = sd::run_experiment(boards, spec, [&](std::size_t done, std::size_t total) {
      progress.set_total(total);
      progress.update(done, fmt::format("{}/{} runs", done, total));
    });
    progress.finish();

    std::vector<sd::Comparison> comparisons;
    if (!cmp_a.empty())
      comparisons = sd::compare_operators(result, cmp_a, cmp_b, spec.base.generations);

    run.write_text("summary.csv", sd::summary_csv(result, spec.vary));
    run.write_text("runs.csv", sd::runs_csv(result, spec.vary));
    const std::string title = fmt::format("{} ({} puzzles x {} runs, {} preset)",
                                          std::filesystem::path(opt->puzzles).filename().string(),
                                          boards.size(), spec.runs, spec.base.preset);
    sd::save_experiment_plots(result, spec.vary, title, run.file("success.png"),
                              run.file("fitness.png"));

    nlohmann::json summary = nlohmann::json::array();
    for (const auto& c : result.configs) {
      nlohmann::json j = {{"crossover", c.crossover},
                          {"mutation", c.mutation},
                          {"runs", c.runs},
                          {"solved", c.successes},
                          {"success_rate", c.success.rate},
                          {"success_ci95", {c.success.ci95.low, c.success.ci95.high}},
                          {"mean_best_fitness", c.mean_best_fitness},
                          {"mean_seconds", c.mean_seconds}};
      auto num = [](double v) {
        return std::isnan(v) ? nlohmann::json(nullptr) : nlohmann::json(v);
      };
      j["median_generations"] = num(c.median_generations);
      j["median_evaluations"] = num(c.median_evaluations);
      j["median_failed_fitness"] = num(c.median_failed_fitness);
      if (!spec.vary.empty()) j[spec.vary] = c.value;
      summary.push_back(j);
    }
    nlohmann::json tests = nlohmann::json::array();
    for (const auto& c : comparisons) {
      tests.push_back({{"a", c.a},
                       {"b", c.b},
                       {"measure", c.measure},
                       {"median_a", c.median_a},
                       {"median_b", c.median_b},
                       {"u", c.test.u1},
                       {"p_value", c.test.p_value},
                       {"effect", c.test.effect},
                       {"exact", c.test.exact}});
    }
    run.write_json("result.json", {{"configs", summary}, {"comparisons", tests}});
    if (opt->common.json) {
      fmt::print("{}\n", json_text(nlohmann::json({{"configs", summary},
                                                   {"comparisons", tests},
                                                   {"run_folder", run.path().string()}})));
      return;
    }
    const std::string head = spec.vary.empty() ? "operator" : "operator / " + spec.vary;
    fmt::print("{:<34} {:>5} {:>21} {:>8} {:>10} {:>8} {:>8} {:>8}\n", head, "runs",
               "solved % [95% CI]", "med gen", "med evals", "failfit", "meanfit", "mean s");
    for (const auto& c : result.configs) {
      std::string name = c.label;
      if (!spec.vary.empty()) name += fmt::format(" / {}", format_number(c.value));
      fmt::print("{:<34} {:>5} {:>21} {:>8} {:>10} {:>8} {:>8} {:>8}\n", name, c.runs,
                 fmt::format("{:.0f} [{:.0f}, {:.0f}]", 100 * c.success.rate,
                             100 * c.success.ci95.low, 100 * c.success.ci95.high),
                 fmt_or_dash(c.median_generations, "{:.0f}"),
                 fmt_or_dash(c.median_evaluations, "{:.0f}"),
                 fmt_or_dash(c.median_failed_fitness, "{:.1f}"),
                 fmt_or_dash(c.mean_best_fitness, "{:.2f}"), fmt_or_dash(c.mean_seconds, "{:.3f}"));
    }
    for (const auto& c : comparisons) {
      fmt::print(
          "Mann-Whitney U, {} vs {} on {}: medians {} vs {}, U = {}, p = {:.4g}{} (P({} > {}) = "
          "{:.2f})\n",
          c.a, c.b, c.measure, format_number(c.median_a), format_number(c.median_b),
          format_number(c.test.u1), c.test.p_value, c.test.exact ? " (exact)" : "", c.a, c.b,
          c.test.effect);
    }
    fmt::print("run folder: {} (summary.csv, runs.csv, success.png, fitness.png)\n",
               run.path().string());
  });
}

}  // namespace

void add_sudoku_commands(CLI::App& app) {
  auto* group =
      app.add_subcommand("sudoku", "Sudoku: exact solver, the paper's permutation GA, experiments");
  group->require_subcommand(1);
  add_solve(*group);
  add_check(*group);
  add_experiment(*group);
}

void demo_sudoku(DemoContext& ctx) {
  const auto dir = ctx.folder("sudoku");
  // Puzzle 29 of data/sudoku/qqwing_intermediate_50.txt (a "medium" puzzle for the GA).
  const auto puzzle =
      sd::parse_puzzles(
          "6..3......5.7.9.......5293...1..42...6......1.4......7.......2..7.....9....215.64",
          "demo")
          .at(0)
          .board;
  sd::GaSettings strong = sd::GaSettings::preset_named("strong");
  strong.seed = ctx.seed;
  strong.threads = ctx.threads;
  const auto solved = sd::solve_ga(puzzle, strong);
  sd::GaSettings paper = sd::GaSettings::preset_named("paper");
  paper.seed = ctx.seed;
  paper.threads = ctx.threads;
  const auto published = sd::solve_ga(puzzle, paper);

  const RunDir run = RunDir::create(dir.string(), "sudoku");
  run.write_json(
      "config.json",
      {{"puzzle", sd::to_line(puzzle)}, {"strong", strong.to_json()}, {"paper", paper.to_json()}});
  run.write_text("history.csv", solved.history.to_csv());
  run.write_text("paper-history.csv", published.history.to_csv());
  run.write_json("result.json", {{"strong",
                                  {{"solved", solved.solved},
                                   {"fitness", solved.fitness},
                                   {"generations", solved.generations},
                                   {"evaluations", solved.evaluations},
                                   {"seconds", solved.seconds},
                                   {"board", sd::to_line(solved.best)}}},
                                 {"paper",
                                  {{"solved", published.solved},
                                   {"fitness", published.fitness},
                                   {"generations", published.generations},
                                   {"evaluations", published.evaluations},
                                   {"seconds", published.seconds},
                                   {"board", sd::to_line(published.best)}}}});
  auto curve = [](const std::filesystem::path& path, const History& h, const std::string& title) {
    render::HistoryPlotOptions plot;
    plot.title = title;
    plot.y_label = "fitness: digits missing from columns and boxes";
    plot.y2_label = "diversity (cells that differ)";
    render::save_history_plot(path, parse_csv(h.to_csv(), "history.csv"), plot, "history.csv");
  };
  curve(dir / "fitness.png", solved.history,
        fmt::format("strong preset on a medium Sudoku: solved in {} generations ({} restart{})",
                    solved.generations, solved.restarts, solved.restarts == 1 ? "" : "s"));
  curve(dir / "paper-fitness.png", published.history,
        fmt::format("paper preset on the same Sudoku: best fitness {} after {} generations",
                    published.fitness, published.generations));
  sd::save_board_picture(dir / "board.png", puzzle, solved.best,
                         fmt::format("strong GA: {} in {} generations",
                                     solved.solved ? "solved" : "not solved", solved.generations));
  sd::save_board_picture(dir / "paper-board.png", puzzle, published.best,
                         fmt::format("paper GA after {} generations: fitness {}",
                                     published.generations, published.fitness));
  fmt::print("  strong preset: {} in {} generations, {} evaluations, {:.2f} s\n",
             solved.solved ? "solved" : "not solved", solved.generations, solved.evaluations,
             solved.seconds);
  fmt::print("  paper preset: best fitness {} after {} generations, {:.2f} s\n", published.fitness,
             published.generations, published.seconds);
  ctx.show("Sudoku GA fitness", dir / "fitness.png");
  ctx.show("Sudoku paper GA fitness", dir / "paper-fitness.png");
  ctx.show("Sudoku solved by the GA", dir / "board.png");
  ctx.show("Sudoku paper GA best board", dir / "paper-board.png");
}

}  // namespace evoplay::cli
